import { randomUUID } from 'node:crypto';
import { findConnection, insertConnection, user } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createCryptoPriceService } from '../../prices/crypto-prices';
import { runSync } from '../../sync/engine';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../testing/fake-coingecko';
import { startFakeEsplora, type FakeEsplora } from '../../testing/fake-esplora';
import { startFakeEvmRpc, type FakeEvmRpc } from '../../testing/fake-evm-rpc';
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
beforeAll(async () => {
  t = await createTestDatabase();
  esplora = await startFakeEsplora();
  gecko = await startFakeCoinGecko();
  evm = await startFakeEvmRpc();
});
afterAll(async () => {
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
    solanaRpcUrl: 'http://127.0.0.1:9',
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
