import { randomUUID } from 'node:crypto';
import { findConnection, insertConnection, user } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { formatUnits } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { productMinor } from '../../use-cases/holdings/decimal';
import { createCryptoPriceService } from '../../prices/crypto-prices';
import { runSync } from '../../sync/engine';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../testing/fake-coingecko';
import { startFakeEsplora, type FakeEsplora } from '../../testing/fake-esplora';
import { startFakeEvmRpc, type FakeEvmRpc } from '../../testing/fake-evm-rpc';
import { startFakeSolanaRpc, TOKEN_2022_PROGRAM, type FakeSolanaRpc } from '../../testing/fake-solana-rpc';
import { EVM_CHAINS } from './evm/chains';
import { deriveAddress, parseExtendedPublicKey } from './bitcoin/addresses';
import { blockchainConnector } from './blockchain-connector';

/** BIP84's test vector zpub (mnemonic "abandon … about"). */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const TODAY = '2026-11-20';
const at = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
const logger = createLogger('silent');

let t: TestDatabase;
let esplora: FakeEsplora;
let gecko: FakeCoinGecko;
let evm: FakeEvmRpc;
let solana: FakeSolanaRpc;
beforeAll(async () => {
  solana = await startFakeSolanaRpc();
  t = await createTestDatabase();
  esplora = await startFakeEsplora();
  gecko = await startFakeCoinGecko();
  evm = await startFakeEvmRpc();
});
afterAll(async () => {
  await solana.close();
  await evm.close();
  await esplora.close();
  await gecko.close();
  await t.drop();
});
beforeEach(() => {
  esplora.down = false;
  gecko.down = false;
  gecko.now = () => Date.parse(`${TODAY}T10:00:00Z`);
});

async function newUser() {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name: 'Wallet Owner', email: `${id}@example.test` });
  return id;
}

function crypto() {
  return {
    esploraUrl: esplora.url,
    solanaRpcUrl: solana.url,
    evmRpcUrls: { ethereum: evm.chainUrl('ethereum') },
    prices: createCryptoPriceService({
      db: t.db,
      baseUrl: gecko.url,
      logger,
      retryDelayMs: 1,
      now: () => new Date(`${TODAY}T10:00:00Z`),
    }),
  };
}

async function sync(
  userId: string,
  connectionId: string,
  outbound: { allowPrivate: false | string[] } = { allowPrivate: ['127.0.0.1/32'] },
) {
  const connection = (await findConnection(t.db, userId, connectionId))!;
  return runSync({
    db: t.db,
    connector: blockchainConnector,
    connection,
    instanceId: randomUUID(),
    logger,
    today: TODAY,
    retryDelayMs: 1,
    crypto: crypto(),
    outbound,
  });
}

describe('Bitcoin wallet sync', () => {
  it('values an xpub wallet at today’s price and writes its history from its transactions', async () => {
    const key = parseExtendedPublicKey(ZPUB)!;
    esplora.txs = [
      {
        txid: 'a1'.padStart(64, '0'),
        blockTime: at('2026-11-10'),
        inputs: [{ address: EXTERNAL, value: 200_000_000 }],
        outputs: [{ address: deriveAddress(key, 0, 0), value: 100_000_000 }],
      },
      {
        txid: 'b1'.padStart(64, '0'),
        blockTime: at('2026-11-18'),
        inputs: [{ address: deriveAddress(key, 0, 0), value: 100_000_000 }],
        outputs: [
          { address: EXTERNAL, value: 30_000_000 },
          { address: deriveAddress(key, 1, 0), value: 69_990_000 },
        ],
      },
    ];
    gecko.coins.set('bitcoin', {
      prices: { usd: 60_000, eur: 55_000 },
      change24h: -1.25,
      lastUpdatedAt: at(TODAY),
      history: {
        usd: Array.from({ length: 10 }, (_, index) => [
          `2026-11-${String(10 + index).padStart(2, '0')}`,
          50_000 + index * 1_000,
        ]),
      },
    });
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Cold storage',
      settings: { chain: 'bitcoin', xpub: ZPUB, label: 'Cold storage' },
    });
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });

    const account = await t.db.execute<Record<string, unknown>>(sql`
      select name, type, currency, current_balance_minor::text as balance from financial_account
      where user_id = ${userId}`);
    expect(account.rows).toEqual([
      { name: 'Cold storage', type: 'wallet', currency: 'USD', balance: '4199400' },
    ]);
    const holdings = await t.db.execute<Record<string, unknown>>(sql`
      select s.provider, s.external_id, s.ticker, h.quantity::text as quantity, h.price::text as price
      from holding h join security s on s.id = h.security_id where h.user_id = ${userId}`);
    expect(holdings.rows).toEqual([
      {
        provider: 'crypto',
        external_id: 'bitcoin',
        ticker: 'BTC',
        quantity: '0.699900000000000000',
        price: '60000.000000000000000000',
      },
    ]);
    const snapshots = await t.db.execute<{ date: string; balance: string }>(sql`
      select date::text as date, balance_minor::text as balance from balance_snapshot
      where user_id = ${userId} order by date`);
    expect(snapshots.rows[0]).toEqual({ date: '2026-11-10', balance: '5000000' }); // 1 BTC × 50,000
    expect(snapshots.rows.find((row) => row.date === '2026-11-17')?.balance).toBe('5700000'); // 1 × 57,000
    expect(snapshots.rows.find((row) => row.date === '2026-11-18')?.balance).toBe('4059420'); // 0.6999 × 58,000
    expect(snapshots.rows.at(-1)).toEqual({ date: TODAY, balance: '4199400' });
    expect(snapshots.rows).toHaveLength(11);
  });

  it('writes each transaction once, as a transfer, and the next sync reads only newer ones', async () => {
    const key = parseExtendedPublicKey(ZPUB)!;
    const receive = (index: number) => deriveAddress(key, 0, index);
    const change = (index: number) => deriveAddress(key, 1, index);
    const id = (text: string) => text.padStart(64, '0');
    gecko.coins.set('bitcoin', { prices: { usd: 60_000, eur: 55_000 }, lastUpdatedAt: at(TODAY) });
    // 30 payments in to receive 0: more than one page of 25.
    const incoming = Array.from({ length: 30 }, (_, index) => ({
      txid: id(`e${index.toString(16).padStart(2, '0')}`),
      blockTime: at('2026-10-01') + index * 86_400,
      inputs: [{ address: EXTERNAL, value: 1_000_000 }],
      outputs: [{ address: receive(0), value: 1_000_000 }],
    }));
    esplora.txs = [
      ...incoming,
      {
        txid: id('f1'),
        blockTime: at('2026-11-12'),
        inputs: [{ address: receive(0), value: 10_000_000 }],
        outputs: [
          { address: EXTERNAL, value: 4_000_000 },
          { address: change(0), value: 5_999_000 },
        ],
      },
      {
        txid: id('f2'),
        blockTime: at('2026-11-14'),
        inputs: [{ address: change(0), value: 5_999_000 }],
        outputs: [{ address: receive(1), value: 5_998_500 }],
      },
      {
        txid: id('f3'),
        inputs: [{ address: EXTERNAL, value: 300_000 }],
        outputs: [{ address: receive(2), value: 250_000 }],
      },
    ];
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Savings',
      settings: { chain: 'bitcoin', xpub: ZPUB, label: 'Savings' },
    });
    const rows = async () =>
      (
        await t.db.execute<Record<string, unknown>>(sql`
          select external_id, date::text as date, amount_minor::text as amount, currency, name,
                 description, category, status
          from transaction where user_id = ${userId} order by date desc, external_id desc`)
      ).rows;
    const quantity = async () =>
      (
        await t.db.execute<{ quantity: string }>(
          sql`select quantity::text from holding where user_id = ${userId}`,
        )
      ).rows[0]?.quantity;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    const first = await rows();
    expect(first).toHaveLength(33);
    expect(first.slice(0, 4)).toEqual([
      {
        external_id: id('f3'),
        date: TODAY,
        amount: '15000', // 0.0025 BTC × 60,000
        currency: 'USD',
        name: 'Received bitcoin from 1BvBMS…NVN2',
        description: '+0.00250000 BTC',
        category: 'TRANSFER',
        status: 'pending',
      },
      {
        external_id: id('f2'),
        date: '2026-11-14',
        amount: '-30', // the 500-sat fee
        currency: 'USD',
        name: 'Moved bitcoin between own addresses',
        description: '-0.00000500 BTC, network fee 0.00000500 BTC',
        category: 'TRANSFER',
        status: 'posted',
      },
      {
        external_id: id('f1'),
        date: '2026-11-12',
        amount: '-240060',
        currency: 'USD',
        name: 'Sent bitcoin to 1BvBMS…NVN2',
        description: '-0.04001000 BTC, network fee 0.00001000 BTC',
        category: 'TRANSFER',
        status: 'posted',
      },
      {
        external_id: id('e1d'),
        date: '2026-10-30',
        amount: '60000',
        currency: 'USD',
        name: 'Received bitcoin from 1BvBMS…NVN2',
        description: '+0.01000000 BTC',
        category: 'TRANSFER',
        status: 'posted',
      },
    ]);
    // The balance (from the address stats) is the sum of the transactions read.
    expect(await quantity()).toBe('0.262485000000000000');

    // The pending payment confirms and a new one arrives: one more row, none twice, no page beyond
    // the first of each address.
    esplora.txs = esplora.txs.map((tx) => (tx.txid === id('f3') ? { ...tx, blockTime: at(TODAY) } : tx));
    esplora.txs.push({
      txid: id('f4'),
      blockTime: at(TODAY) + 60,
      inputs: [{ address: receive(1), value: 5_998_500 }],
      outputs: [
        { address: EXTERNAL, value: 5_000_000 },
        { address: change(1), value: 998_000 },
      ],
    });
    esplora.requests.length = 0;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    const second = await rows();
    expect(second).toHaveLength(34);
    expect(new Set(second.map((row) => row.external_id)).size).toBe(34);
    expect(second.find((row) => row.external_id === id('f3'))).toMatchObject({
      status: 'posted',
      date: TODAY,
    });
    expect(second.find((row) => row.external_id === id('f4'))).toMatchObject({
      name: 'Sent bitcoin to 1BvBMS…NVN2',
      description: '-0.05000500 BTC, network fee 0.00000500 BTC',
      amount: '-300030',
    });
    expect(esplora.requests.filter((path) => path.includes('/txs/chain/'))).toEqual([]);
    expect(await quantity()).toBe('0.212480000000000000');
    const snapshots = await t.db.execute<{ date: string; balance: string }>(sql`
      select date::text as date, balance_minor::text as balance from balance_snapshot
      where user_id = ${userId} order by date`);
    // The history read in two parts still agrees with the balance: 0.3 BTC before the first payment
    // out, 0.259985 BTC before today's (valued at that day's close, which other tests may have stored).
    const balanceOn = (date: string) => snapshots.rows.find((row) => row.date === date)?.balance;
    expect(balanceOn('2026-10-01')).toBe('60000');
    expect(balanceOn('2026-11-09')).toBe('1800000');
    const close = await t.db.execute<{ close: string }>(sql`
      select p.close::text as close from security_price p join security s on s.id = p.security_id
      where s.provider = 'crypto' and s.external_id = 'bitcoin' and p.date <= '2026-11-19'
      order by p.date desc limit 1`);
    expect(balanceOn('2026-11-19')).toBe(
      String(productMinor('0.259985', close.rows[0]?.close ?? '60000', 2)),
    );
    expect(balanceOn(TODAY)).toBe('1274880');
    expect(await quantity()).toBe(
      formatUnits(
        esplora.txs.reduce(
          (sum, tx) =>
            sum +
            BigInt(tx.outputs.filter((o) => o.address !== EXTERNAL).reduce((a, o) => a + o.value, 0)) -
            BigInt(tx.inputs.filter((i) => i.address !== EXTERNAL).reduce((a, i) => a + i.value, 0)),
          0n,
        ),
        8,
      ).padEnd(20, '0'),
    );
  });

  it('removes a pending transaction the chain dropped', async () => {
    gecko.coins.set('bitcoin', { prices: { usd: 60_000, eur: 55_000 }, lastUpdatedAt: at(TODAY) });
    const address = 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el';
    esplora.txs = [
      {
        txid: 'a7'.padStart(64, '0'),
        blockTime: at('2026-11-02'),
        inputs: [{ address: EXTERNAL, value: 2_000_000 }],
        outputs: [{ address, value: 1_000_000 }],
      },
      {
        txid: 'b7'.padStart(64, '0'),
        inputs: [{ address: EXTERNAL, value: 600_000 }],
        outputs: [{ address, value: 500_000 }],
      },
    ];
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Spending',
      settings: { chain: 'bitcoin', address, label: 'Spending' },
    });
    const ids = async () =>
      (
        await t.db.execute<{ external_id: string; status: string }>(sql`
          select external_id, status from transaction where user_id = ${userId} order by external_id`)
      ).rows;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    expect(await ids()).toEqual([
      { external_id: 'a7'.padStart(64, '0'), status: 'posted' },
      { external_id: 'b7'.padStart(64, '0'), status: 'pending' },
    ]);
    // Replaced by a payment with a higher fee (another txid), which confirms.
    esplora.txs[1] = { ...esplora.txs[1]!, txid: 'c7'.padStart(64, '0'), blockTime: at(TODAY) };
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    expect(await ids()).toEqual([
      { external_id: 'a7'.padStart(64, '0'), status: 'posted' },
      { external_id: 'c7'.padStart(64, '0'), status: 'posted' },
    ]);
  });

  it('leaves balances and holdings as they were when the explorer is down', async () => {
    gecko.coins.set('bitcoin', { prices: { usd: 60_000, eur: 55_000 }, lastUpdatedAt: at(TODAY) });
    const address = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    esplora.txs = [
      {
        txid: 'c1'.padStart(64, '0'),
        blockTime: at('2026-11-19'),
        inputs: [{ address: EXTERNAL, value: 10_000_000 }],
        outputs: [{ address, value: 5_000_000 }],
      },
    ];
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Hot wallet',
      settings: { chain: 'bitcoin', address, label: 'Hot wallet' },
    });
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    esplora.down = true;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: false, status: 'error' });
    const account = await t.db.execute<{ balance: string }>(sql`
      select current_balance_minor::text as balance from financial_account where user_id = ${userId}`);
    expect(account.rows).toEqual([{ balance: '300000' }]); // 0.05 BTC × 60,000
    const holdings = await t.db.execute(sql`select quantity::text from holding where user_id = ${userId}`);
    expect(holdings.rows).toEqual([{ quantity: '0.050000000000000000' }]);
  });
});

describe('outbound guard', () => {
  it('reaches an explorer on a loopback address only when the server allows it', async () => {
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Cold wallet',
      settings: {
        chain: 'bitcoin',
        address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
        label: 'Cold wallet',
      },
    });
    esplora.requests.length = 0;
    expect(await sync(userId, connection.id, { allowPrivate: false })).toMatchObject({ ok: false });
    expect(esplora.requests).toEqual([]);
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    expect(esplora.requests.length).toBeGreaterThan(0);
  });
});

describe('EVM wallet sync', () => {
  const OWNER = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55's example
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

  async function state(userId: string) {
    const account = await t.db.execute<Record<string, unknown>>(sql`
      select name, type, subtype, currency, current_balance_minor::text as balance from financial_account
      where user_id = ${userId}`);
    const holdings = await t.db.execute<Record<string, unknown>>(sql`
      select s.external_id, s.ticker, h.quantity::text as quantity from holding h
      join security s on s.id = h.security_id where h.user_id = ${userId} order by s.ticker`);
    const snapshots = await t.db.execute<Record<string, unknown>>(sql`
      select date::text as date, balance_minor::text as balance from balance_snapshot
      where user_id = ${userId} order by date`);
    return { account: account.rows, holdings: holdings.rows, snapshots: snapshots.rows };
  }

  it('stores the native coin and tokens exactly, and a 429 or an RPC error changes nothing', async () => {
    evm.reset();
    for (const token of EVM_CHAINS.ethereum.tokens)
      evm.chain('ethereum').tokens.set(token.address.toLowerCase(), {
        symbol: token.symbol,
        decimals: token.decimals,
        balances: new Map(),
      });
    const owner = OWNER.toLowerCase();
    // 18 decimals in full: 0.000000000000000001 more than 2 ETH.
    evm.chain('ethereum').balances.set(owner, 2n * 10n ** 18n + 1n);
    evm.chain('ethereum').tokens.get(USDC)!.balances.set(owner, 1_500_250_000n);
    gecko.coins.set('ethereum', { prices: { usd: 3_000, eur: 2_800 }, lastUpdatedAt: at(TODAY) });
    gecko.coins.set('usd-coin', { prices: { usd: 1, eur: 0.93 }, lastUpdatedAt: at(TODAY) });
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'MetaMask',
      settings: { chain: 'ethereum', address: OWNER, label: 'MetaMask' },
    });
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    const before = await state(userId);
    expect(before.account).toEqual([
      { name: 'MetaMask', type: 'wallet', subtype: 'ethereum', currency: 'USD', balance: '750025' },
    ]); // 2 × 3,000 + 1,500.25
    expect(before.holdings).toEqual([
      { external_id: 'ethereum', ticker: 'ETH', quantity: '2.000000000000000001' },
      { external_id: 'usd-coin', ticker: 'USDC', quantity: '1500.250000000000000000' },
    ]);

    // The balance moves on chain, but the node answers 429, then a JSON-RPC error: nothing changes.
    evm.chain('ethereum').balances.set(owner, 0n);
    evm.rateLimited = true;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: false });
    expect(await state(userId)).toEqual(before);
    evm.rateLimited = false;
    evm.failing = true;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: false, status: 'error' });
    expect(await state(userId)).toEqual(before);

    // Back up: the ether is gone, so only the USDC is held.
    evm.failing = false;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });
    expect((await state(userId)).holdings).toEqual([
      { external_id: 'usd-coin', ticker: 'USDC', quantity: '1500.250000000000000000' },
    ]);
  });
});

describe('Solana wallet sync', () => {
  const OWNER = '4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99F';
  const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
  /** PayPal USD's mint, a Token-2022 token. */
  const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
  const UNKNOWN = '2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR';
  const TWIN = 'A9mUU4qviSctJVPJdBJWkb28deg915LYJKrzQ19ji3FM';

  it('values SOL, USDC, a priced SPL token and a Token-2022 token, and keeps an unknown one at no value', async () => {
    solana.balances.set(OWNER, '2500000000'); // 2.5 SOL
    solana.tokenAccounts.set(OWNER, [
      { pubkey: 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA', mint: USDC, amount: '10000000', decimals: 6 },
      // Two accounts of one mint: 100 + 0.000000001 JUP.
      {
        pubkey: 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3',
        mint: JUP,
        amount: '100000000000',
        decimals: 9,
      },
      { pubkey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', mint: JUP, amount: '1', decimals: 9 },
      {
        pubkey: '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh',
        mint: PYUSD,
        amount: '20000001',
        decimals: 6,
        program: TOKEN_2022_PROGRAM,
      },
      { pubkey: '7dHbWXmci3dT8UFYWYZweBLXgycu7Y3iL6trKn1Y7ARj', mint: UNKNOWN, amount: '5', decimals: 0 },
      // A second mint the source knows as USD Coin (a bridged twin): one USDC holding.
      { pubkey: 'CKxTHwM9fPMRRvZmFnFoqKNd9pQR21c5Aq9bh5h9oghX', mint: TWIN, amount: '500000', decimals: 6 },
    ]);
    gecko.coins.set('solana', { prices: { usd: 200, eur: 185 }, lastUpdatedAt: at(TODAY) });
    gecko.coins.set('usd-coin', { prices: { usd: 1, eur: 0.92 }, lastUpdatedAt: at(TODAY) });
    gecko.coins.set('jupiter-exchange-solana', {
      symbol: 'jup',
      name: 'Jupiter',
      decimals: 6,
      prices: { usd: 0.5, eur: 0.46 },
      lastUpdatedAt: at(TODAY),
    });
    gecko.coins.set('paypal-usd', {
      symbol: 'pyusd',
      name: 'PayPal USD',
      decimals: 6,
      prices: { usd: 1, eur: 0.92 },
      lastUpdatedAt: at(TODAY),
    });
    gecko.contracts.set(`solana:${JUP}`, 'jupiter-exchange-solana');
    gecko.contracts.set(`solana:${PYUSD}`, 'paypal-usd');
    gecko.contracts.set(`solana:${TWIN}`, 'usd-coin');
    gecko.requests.length = 0;
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Phantom',
      settings: { chain: 'solana', address: OWNER, label: 'Phantom' },
    });
    expect(await sync(userId, connection.id)).toMatchObject({ ok: true });

    const holdings = await t.db.execute<Record<string, unknown>>(sql`
      select s.provider, s.external_id, s.ticker, s.name, h.quantity::text as quantity, h.price::text as price
      from holding h join security s on s.id = h.security_id where h.user_id = ${userId}
      order by s.external_id collate "C"`);
    expect(holdings.rows).toEqual([
      {
        provider: 'crypto',
        external_id: 'jupiter-exchange-solana',
        ticker: 'JUP',
        name: 'Jupiter',
        quantity: '100.000000001000000000',
        price: '0.500000000000000000',
      },
      {
        provider: 'crypto',
        external_id: 'paypal-usd',
        ticker: 'PYUSD',
        name: 'PayPal USD',
        quantity: '20.000001000000000000',
        price: '1.000000000000000000',
      },
      {
        provider: 'crypto',
        external_id: 'solana',
        ticker: 'SOL',
        name: 'Solana',
        quantity: '2.500000000000000000',
        price: '200.000000000000000000',
      },
      {
        provider: 'blockchain',
        external_id: `solana:${UNKNOWN}`,
        ticker: '2cHr7Q…HzXR',
        name: 'Unknown token 2cHr7Q…HzXR',
        quantity: '5.000000000000000000',
        price: '0.000000000000000000',
      },
      {
        provider: 'crypto',
        external_id: 'usd-coin',
        ticker: 'USDC',
        name: 'USD Coin',
        quantity: '10.500000000000000000',
        price: '1.000000000000000000',
      },
    ]);
    const account = await t.db.execute<{ balance: string }>(sql`
      select current_balance_minor::text as balance from financial_account where user_id = ${userId}`);
    // 2.5 × 200 + 10.5 + 100.000000001 × 0.5 + 20.000001 × 1 = 580.50 USD; the unknown token counts nothing.
    expect(account.rows).toEqual([{ balance: '58050' }]);
    // One batched request tells which mints are known; each known one is named once.
    const tokenPriceRequests = gecko.requests.filter((path) => path.includes('/simple/token_price/solana'));
    expect(tokenPriceRequests).toHaveLength(1);
    const asked = new URL(tokenPriceRequests[0]!, 'http://x').searchParams.get('contract_addresses')!;
    expect(asked.split(',').sort()).toEqual([JUP, PYUSD, UNKNOWN, TWIN].sort());
    expect(gecko.requests.filter((path) => path.includes('/contract/')).sort()).toEqual(
      [JUP, PYUSD, TWIN].map((mint) => `/api/v3/coins/solana/contract/${mint}`).sort(),
    );
    expect(gecko.requests.some((path) => path.includes(UNKNOWN) && path.includes('market_chart'))).toBe(
      false,
    );

    // The price source goes down: the sync fails and changes nothing.
    solana.tokenAccounts.set(OWNER, [
      { pubkey: 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3', mint: JUP, amount: '1', decimals: 9 },
    ]);
    gecko.down = true;
    expect(await sync(userId, connection.id)).toMatchObject({ ok: false, status: 'error' });
    expect(
      (
        await t.db.execute<{ balance: string }>(sql`
          select current_balance_minor::text as balance from financial_account where user_id = ${userId}`)
      ).rows,
    ).toEqual([{ balance: '58050' }]);
    const after = await t.db.execute<{ external_id: string; quantity: string }>(sql`
      select s.external_id, h.quantity::text as quantity from holding h join security s on s.id = h.security_id
      where h.user_id = ${userId} order by s.external_id collate "C"`);
    expect(after.rows).toEqual(
      holdings.rows.map((row) => ({ external_id: row.external_id, quantity: row.quantity })),
    );
  });
});
