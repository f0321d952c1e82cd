import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ADDRESS_ONLY } from '@lodestar/domain';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import { startFakeEsplora, type FakeEsplora } from '../testing/fake-esplora';
import { startFakeSolanaRpc, type FakeSolanaRpc } from '../testing/fake-solana-rpc';
import { startFakeEvmRpc, type FakeEvmRpc } from '../testing/fake-evm-rpc';
import { EVM_CHAIN_IDS, EVM_CHAINS } from '../connectors/blockchain/evm/chains';
import { HDKey } from '@scure/bip32';
import { deriveAddress, parseExtendedPublicKey } from '../connectors/blockchain/bitcoin/addresses';
import { signedInUser } from '../use-cases/transactions/test-fixtures';

/** BIP84's test vector zpub (mnemonic "abandon … about"). */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/** Secrets a user might paste by mistake; none may be stored or logged. */
const SECRETS = {
  'a BIP32 xprv':
    'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
  'a WIF private key': '5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ',
  'a hex private key': '0xe9873d79c6d87dc0fb6a5778633389f4453213303da61f20bd67fc233aa33262',
  'a 12-word phrase': 'legal winner thank year wave sausage worth useful legal winner thank yellow',
  'a 24-word phrase':
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic bless',
};

let w: AuthWorld;
let esplora: FakeEsplora;
let gecko: FakeCoinGecko;
let solana: FakeSolanaRpc;
let evm: FakeEvmRpc;
let browser: TestBrowser;
let userId: string;

beforeAll(async () => {
  esplora = await startFakeEsplora();
  gecko = await startFakeCoinGecko();
  solana = await startFakeSolanaRpc();
  evm = await startFakeEvmRpc();
  w = await createAuthWorld({
    CRYPTO_PRICES_URL: gecko.url,
    BTC_ESPLORA_URL: esplora.url,
    SOLANA_RPC_URL: solana.url,
    EVM_RPC_URLS: JSON.stringify(
      Object.fromEntries(EVM_CHAIN_IDS.map((chain) => [chain, evm.chainUrl(chain)])),
    ),
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
  ({ browser, userId } = await signedInUser(w));
  const key = parseExtendedPublicKey(ZPUB)!;
  esplora.txs = [
    {
      txid: 'a1'.padStart(64, '0'),
      blockTime: Math.floor(Date.now() / 1000) - 3 * 86_400,
      inputs: [{ address: EXTERNAL, value: 200_000_000 }],
      outputs: [{ address: deriveAddress(key, 0, 2), value: 12_345_678 }],
    },
  ];
  gecko.coins.set('bitcoin', {
    prices: { usd: 60_000.5, eur: 55_000 },
    change24h: -1.5,
    lastUpdatedAt: Math.floor(Date.now() / 1000),
  });
}, 60_000);
afterAll(async () => {
  await w.close();
  await esplora.close();
  await gecko.close();
  await solana.close();
  await evm.close();
});

type Wallet = {
  id: string;
  chain: string;
  label: string;
  xpub: string | null;
  total: { amountMinor: number; currency: string };
  status: string;
  syncing: boolean;
  lastSyncedAt: string | null;
  holdings: {
    symbol: string;
    quantity: string;
    quantityDecimals: number;
    price: { amount: string; currency: string } | null;
    change24hPercent: number | null;
    depegged: boolean;
    value: { amountMinor: number; currency: string } | null;
  }[];
};

async function wallets(): Promise<Wallet[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const list = await browser.json<{ data: { wallets: Wallet[] } }>('/api/v1/blockchain/wallets');
    expect(list.status).toBe(200);
    if (list.body.data.wallets.every((wallet) => !wallet.syncing)) return list.body.data.wallets;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('wallet sync did not finish');
}

const post = (body: unknown) =>
  browser.json<{
    data: { wallet: Wallet; wallets: Wallet[] };
    error?: string;
    items?: { field: string; message: string }[];
  }>('/api/v1/blockchain/wallets', { method: 'POST', body });

describe('blockchain wallets API', () => {
  it('adds an xpub wallet, syncs it and lists its holdings with their value', async () => {
    const added = await post({ chain: 'bitcoin', xpub: ZPUB, label: 'Cold storage' });
    expect(added.status).toBe(201);
    const [wallet] = await wallets();
    expect(wallet).toMatchObject({ chain: 'bitcoin', label: 'Cold storage', xpub: ZPUB, status: 'active' });
    expect(wallet?.holdings).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        quantity: '0.12345678',
        quantityDecimals: 8,
        price: { amount: '60000.5', currency: 'USD' },
        change24hPercent: -1.5,
        depegged: false,
        value: { amountMinor: 740747, currency: 'USD' }, // 0.12345678 × 60,000.50 = 7,407.4686
      }),
    ]);
    expect(wallet?.total).toEqual({ amountMinor: 740747, currency: 'USD' });
    const again = await post({ chain: 'bitcoin', xpub: ` ${ZPUB} `, label: 'Same one' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This wallet is already added');
  });

  it('adds a Solana wallet: SOL and its USDC (at the peg), quantities exact', async () => {
    const owner = '4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99F';
    solana.balances.set(owner, '2500000001');
    solana.tokenAccounts.set(owner, [
      {
        pubkey: 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA',
        mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        amount: '1234567891',
        decimals: 6,
      },
    ]);
    gecko.coins.set('solana', {
      prices: { usd: 150, eur: 140 },
      lastUpdatedAt: Math.floor(Date.now() / 1000),
    });
    gecko.coins.set('usd-coin', {
      prices: { usd: 0.999, eur: 0.93 },
      lastUpdatedAt: Math.floor(Date.now() / 1000),
    });
    const invalid = await post({ chain: 'solana', address: `${owner}x` });
    expect(invalid.status).toBe(400);
    expect(invalid.body.items?.[0]?.message).toContain('not a Solana address');
    const added = await post({ chain: 'solana', address: owner, label: 'Phantom' });
    expect(added.status).toBe(201);
    const wallet = (await wallets()).find((item) => item.label === 'Phantom');
    expect(
      wallet?.holdings.map((holding) => [
        holding.symbol,
        holding.quantity,
        holding.price?.amount,
        holding.value?.amountMinor,
      ]),
    ).toEqual([
      ['SOL', '2.500000001', '150', 37500],
      ['USDC', '1234.567891', '1', 123457],
    ]);
    const removed = await browser.json(`/api/v1/blockchain/wallets/${wallet!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
  });

  it('follows an EVM address on every EVM chain: native coins and tokens, exact to 18 decimals', async () => {
    const owner = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'; // EIP-55's example
    for (const chain of EVM_CHAIN_IDS)
      for (const token of EVM_CHAINS[chain].tokens)
        evm.chain(chain).tokens.set(token.address.toLowerCase(), {
          symbol: token.symbol,
          decimals: token.decimals,
          balances: new Map(),
        });
    evm.chain('ethereum').balances.set(owner.toLowerCase(), 1_234_567_890_123_456_789n);
    evm
      .chain('ethereum')
      .tokens.get('0x6b175474e89094c44da98b954eedeac495271d0f')!
      .balances.set(owner.toLowerCase(), 10n ** 18n * 250n + 1n);
    evm.chain('polygon').balances.set(owner.toLowerCase(), 10n ** 18n * 3n);
    const now = Math.floor(Date.now() / 1000);
    gecko.coins.set('ethereum', { prices: { usd: 3000, eur: 2800 }, lastUpdatedAt: now });
    gecko.coins.set('dai', { prices: { usd: 1.001, eur: 0.93 }, lastUpdatedAt: now });
    gecko.coins.set('polygon-ecosystem-token', { prices: { usd: 0.5, eur: 0.45 }, lastUpdatedAt: now });

    const checksum = await post({ chain: 'ethereum', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d35A' });
    expect(checksum.status).toBe(400);
    expect(checksum.body.items).toEqual([
      expect.objectContaining({ field: 'address', message: expect.stringContaining('checksum (EIP-55)') }),
    ]);
    const ens = await post({ chain: 'base', address: 'vitalik.eth' });
    expect(ens.body.items?.[0]?.message).toBe(
      'ENS names are looked up on Ethereum: choose Ethereum or all EVM chains, or paste the wallet’s 0x address.',
    );
    const xpub = await post({ chain: 'base', xpub: ZPUB });
    expect(xpub.status).toBe(400);

    // Lower case is accepted and stored in its checksummed form.
    const added = await post({ chain: 'evm', address: owner.toLowerCase(), label: 'Ledger' });
    expect(added.status).toBe(201);
    expect(added.body.data.wallets.map((wallet) => [wallet.chain, wallet.label])).toEqual([
      ['ethereum', 'Ledger (Ethereum)'],
      ['polygon', 'Ledger (Polygon)'],
      ['arbitrum', 'Ledger (Arbitrum)'],
      ['optimism', 'Ledger (Optimism)'],
      ['base', 'Ledger (Base)'],
      ['bsc', 'Ledger (BNB Chain)'],
    ]);
    expect(added.body.data.wallet.label).toBe('Ledger (Ethereum)');
    const list = (await wallets()).filter((wallet) => wallet.label.startsWith('Ledger'));
    expect(list).toHaveLength(6);
    const byChain = (chain: string) => list.find((wallet) => wallet.chain === chain)!;
    expect(byChain('ethereum')).toMatchObject({ address: owner, status: 'active' });
    expect(
      byChain('ethereum').holdings.map((holding) => [
        holding.symbol,
        holding.quantity,
        holding.value?.amountMinor,
      ]),
    ).toEqual([
      ['DAI', '250.000000000000000001', 25000], // at the peg
      ['ETH', '1.234567890123456789', 370370], // × 3,000 = 3,703.70
    ]);
    expect(byChain('polygon').holdings.map((holding) => [holding.symbol, holding.quantity])).toEqual([
      ['POL', '3'],
    ]);
    expect(byChain('base').holdings).toEqual([]);
    expect(byChain('bsc')).toMatchObject({ status: 'active', holdings: [] });

    // The same address again, in another case: nothing left to add.
    const again = await post({ chain: 'evm', address: owner.toUpperCase().replace('0X', '0x') });
    expect(again.status).toBe(409);
    const single = await post({ chain: 'polygon', address: owner });
    expect(single.status).toBe(409);
    for (const wallet of list)
      expect(
        (await browser.json(`/api/v1/blockchain/wallets/${wallet.id}`, { method: 'DELETE' })).status,
      ).toBe(200);
  });

  it('resolves an ENS name on Ethereum and follows the address it points to', async () => {
    const owner = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'; // EIP-55's example
    evm.chain('ethereum').balances.set(owner.toLowerCase(), 10n ** 18n);
    evm.ensNames.set('lodestar-test.eth', owner);
    const missing = await post({ chain: 'ethereum', address: 'nobody-here.eth' });
    expect(missing.status).toBe(400);
    expect(missing.body.items?.[0]).toMatchObject({
      field: 'address',
      message: 'This ENS name has no Ethereum address set: paste the wallet’s 0x address instead.',
    });
    const elsewhere = await post({ chain: 'polygon', address: 'lodestar-test.eth' });
    expect(elsewhere.body.items?.[0]?.message).toContain('ENS names are looked up on Ethereum');
    const added = await post({ chain: 'ethereum', address: 'Lodestar-Test.eth' });
    expect(added.status).toBe(201);
    expect(added.body.data.wallet).toMatchObject({
      chain: 'ethereum',
      label: 'lodestar-test.eth',
      address: owner,
    });
    const again = await post({ chain: 'ethereum', address: owner });
    expect(again.status).toBe(409);
    const wallet = (await wallets()).find((item) => item.label === 'lodestar-test.eth');
    expect(wallet?.holdings.map((holding) => [holding.symbol, holding.quantity])).toEqual([['ETH', '1']]);
    expect(
      (await browser.json(`/api/v1/blockchain/wallets/${wallet!.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
  });

  it('refuses an EVM private key on an EVM chain without storing or logging it', async () => {
    const key = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
    for (const field of ['address', 'label']) {
      const refused = await post({
        chain: 'evm',
        address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
        [field]: key,
      });
      expect(refused.status, field).toBe(400);
      expect(refused.body.items).toEqual([{ field, message: PUBLIC_ADDRESS_ONLY, code: 'secret_refused' }]);
    }
    expect(JSON.stringify(w.t.logLines)).not.toContain(key);
    const stored = await w.t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from connection where settings::text like ${`%${key}%`}`,
    );
    expect(stored.rows[0]?.count).toBe(0);
  });

  it('checks an address by its checksum, with a clear message', async () => {
    const bad = await post({ chain: 'bitcoin', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv' });
    expect(bad.status).toBe(400);
    expect(bad.body.items).toEqual([
      expect.objectContaining({
        field: 'address',
        message: expect.stringContaining('not a Bitcoin address'),
      }),
    ]);
    const unknownChain = await post({ chain: 'dogecoin', address: 'D7Y55' });
    expect(unknownChain.status).toBe(400);
  });

  it('follows a Taproot wallet by its descriptor, takes a long multisig one and refuses a wrong checksum', async () => {
    const bip86 =
      'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ';
    const taproot = `tr([73c5da0a/86'/0'/0']${bip86}/<0;1>/*)`;
    const before = esplora.txs;
    esplora.txs = [
      ...before,
      {
        txid: 'b86'.padStart(64, '0'),
        blockTime: Math.floor(Date.now() / 1000) - 2 * 86_400,
        inputs: [{ address: EXTERNAL, value: 30_000_000 }],
        // BIP86's first change address (m/86'/0'/0'/1/0).
        outputs: [
          { address: 'bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7', value: 2_000_000 },
        ],
      },
    ];
    try {
      const wrong = await post({ chain: 'bitcoin', xpub: `${taproot}#qqqqqqqq` });
      expect(wrong.status).toBe(400);
      expect(wrong.body.items).toEqual([
        expect.objectContaining({
          field: 'xpub',
          message: expect.stringContaining('checksum does not match'),
        }),
      ]);
      const added = await post({ chain: 'bitcoin', xpub: taproot, label: 'Taproot' });
      expect(added.status).toBe(201);
      const wallet = (await wallets()).find((item) => item.label === 'Taproot');
      expect(wallet?.holdings.map((holding) => [holding.symbol, holding.quantity])).toEqual([
        ['BTC', '0.02'],
      ]);
      // Fifteen keys with their origins: over 2,000 characters, as a wallet exports them.
      const keys = Array.from(
        { length: 15 },
        (_, i) =>
          `[73c5da0a/48'/0'/${i}'/2']${HDKey.fromExtendedKey(bip86).deriveChild(i).publicExtendedKey}/<0;1>/*`,
      );
      const multisig = await post({
        chain: 'bitcoin',
        xpub: `wsh(sortedmulti(2,${keys.join(',')}))`,
        label: 'Vault',
      });
      expect(multisig.status).toBe(201);
      expect((await wallets()).find((item) => item.label === 'Vault')?.status).toBe('active');
      for (const label of ['Taproot', 'Vault']) {
        const id = (await wallets()).find((item) => item.label === label)?.id;
        expect((await browser.json(`/api/v1/blockchain/wallets/${id}`, { method: 'DELETE' })).status).toBe(
          200,
        );
      }
    } finally {
      esplora.txs = before;
    }
  });

  it.each(Object.entries(SECRETS))(
    'refuses %s in every field, and stores and logs none of it',
    async (_name, secret) => {
      for (const field of ['address', 'xpub', 'label']) {
        const refused = await post({ chain: 'bitcoin', address: EXTERNAL, [field]: secret });
        expect(refused.status, field).toBe(400);
        expect(refused.body.items).toEqual([{ field, message: PUBLIC_ADDRESS_ONLY, code: 'secret_refused' }]);
      }
      const logged = JSON.stringify(w.t.logLines);
      for (const part of secret.split(' ').length > 1 ? [secret] : [secret, secret.replace(/^0x/, '')])
        expect(logged).not.toContain(part);
      const tables = await w.t.database.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
      for (const { table_name } of tables.rows) {
        const found = await w.t.database.db.execute<{ count: number }>(
          sql`select count(*)::int as count from ${sql.identifier(table_name)} t where t::text like ${`%${secret.replace(/^0x/, '')}%`}`,
        );
        expect(found.rows[0]?.count, table_name).toBe(0);
      }
    },
  );

  it('syncs every wallet on request and removes one', async () => {
    const synced = await browser.json<{ data: { started: number } }>('/api/v1/blockchain/sync', {
      method: 'POST',
    });
    expect(synced.body.data.started).toBe(1);
    const [wallet] = await wallets();
    const removed = await browser.json(`/api/v1/blockchain/wallets/${wallet!.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await wallets()).toEqual([]);
    const gone = await w.t.database.db.execute(
      sql`select 1 from financial_account where user_id = ${userId} and provider = 'blockchain'`,
    );
    expect(gone.rows).toEqual([]);
  });
});

describe('FEATURE_CRYPTO=false', () => {
  it('hides the wallet endpoints from the API document and refuses them', async () => {
    const off = await createAuthWorld({ FEATURE_CRYPTO: 'false' });
    try {
      const { browser: other } = await signedInUser(off);
      expect((await other.json('/api/v1/blockchain/wallets')).status).toBe(404);
      const document = await other.json<{ paths: Record<string, unknown> }>('/api/v1/openapi.json');
      expect(Object.keys(document.body.paths).filter((path) => path.includes('blockchain'))).toEqual([]);
      // The web app reads it here, to say so instead of failing to load.
      expect((await other.json<{ data: { crypto: boolean } }>('/api/v1/config')).body.data.crypto).toBe(
        false,
      );
    } finally {
      await off.close();
    }
  });
});
