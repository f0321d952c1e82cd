import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import {
  startFakeBinance,
  startFakeKraken,
  type FakeBinance,
  type FakeKraken,
} from '../testing/fake-exchanges';
import { signedInUser } from '../use-cases/transactions/test-fixtures';
import { createTestApp } from '../testing/test-app';

const BINANCE_KEY = { apiKey: 'route-binance-key', secret: 'route-binance-secret-value' };
const KRAKEN_KEY = {
  apiKey: 'route-kraken-key',
  secret: Buffer.from('route-kraken-secret').toString('base64'),
};

let w: AuthWorld;
let binance: FakeBinance;
let kraken: FakeKraken;
let gecko: FakeCoinGecko;
let browser: TestBrowser;

beforeAll(async () => {
  binance = await startFakeBinance(BINANCE_KEY);
  kraken = await startFakeKraken(KRAKEN_KEY);
  gecko = await startFakeCoinGecko();
  gecko.coins.set('bitcoin', {
    prices: { usd: 60_000, eur: 55_000 },
    lastUpdatedAt: Math.floor(Date.now() / 1000),
  });
  gecko.coins.set('tether', { prices: { usd: 1, eur: 0.92 }, lastUpdatedAt: Math.floor(Date.now() / 1000) });
  w = await createAuthWorld({
    CRYPTO_PRICES_URL: gecko.url,
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
    CCXT_API_URLS: JSON.stringify({ binance: binance.url, kraken: kraken.url }),
  });
  ({ browser } = await signedInUser(w));
}, 60_000);
afterAll(async () => {
  await w.close();
  await binance.close();
  await kraken.close();
  await gecko.close();
});

type Listed = {
  id: string;
  exchange: string;
  label: string;
  status: string;
  syncing: boolean;
  totalConverted: { amountMinor: number; currency: string } | null;
  holdings: {
    account: string;
    accountType: string;
    symbol: string;
    quantity: string;
    quantityDecimals: number;
    value: { amountMinor: number } | null;
  }[];
};

async function listed(): Promise<Listed[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const list = await browser.json<{ data: { exchanges: Listed[] } }>('/api/v1/connections/exchanges');
    expect(list.status).toBe(200);
    if (list.body.data.exchanges.every((item) => !item.syncing)) return list.body.data.exchanges;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('exchange sync did not finish');
}

const connect = (body: unknown) =>
  browser.json<{
    data: { connection: Listed };
    error?: string;
    items?: { field: string; message: string; code: string }[];
  }>('/api/v1/connections/exchanges', { method: 'POST', body });

describe('exchange connections API', () => {
  it('lists the supported exchanges with only the credential fields each needs', async () => {
    const answer = await browser.json<{
      data: { advice: string; exchanges: { id: string; fields: { name: string; label: string }[] }[] };
    }>('/api/v1/connections/exchanges/supported');
    expect(answer.status).toBe(200);
    const fields = Object.fromEntries(
      answer.body.data.exchanges.map((item) => [item.id, item.fields.map((f) => f.name)]),
    );
    expect(fields).toEqual({
      binance: ['apiKey', 'secret'],
      coinbase: ['apiKey', 'secret'],
      kraken: ['apiKey', 'secret'],
      okx: ['apiKey', 'secret', 'password'],
      bybit: ['apiKey', 'secret'],
      kucoin: ['apiKey', 'secret', 'password'],
      bitstamp: ['apiKey', 'secret'],
      gemini: ['apiKey', 'secret'],
    });
    expect(answer.body.data.advice).toContain('read-only API key');
  });

  it('asks for the fields the exchange needs', async () => {
    const missing = await connect({ exchange: 'okx', apiKey: 'k', secret: 's' });
    expect(missing.status).toBe(400);
    expect(missing.body.items).toEqual([
      { field: 'password', message: 'Enter the Passphrase', code: 'required' },
    ]);
  });

  it('refuses a key that can withdraw, naming the permission, and writes nothing', async () => {
    binance.restrictions = { ...binance.restrictions, enableWithdrawals: true };
    const refused = await connect({ exchange: 'binance', ...BINANCE_KEY });
    binance.restrictions = { ...binance.restrictions, enableWithdrawals: false };
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]).toMatchObject({ field: 'apiKey', code: 'key_not_read_only' });
    expect(refused.body.items?.[0]?.message).toContain('“Enable Withdrawals”');
    expect(await listed()).toEqual([]);
  });

  it('refuses a key the exchange does not accept', async () => {
    const refused = await connect({
      exchange: 'kraken',
      apiKey: KRAKEN_KEY.apiKey,
      secret: Buffer.from('nope').toString('base64'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]).toMatchObject({ field: 'apiKey', code: 'invalid_key' });
  });

  it('connects a read-only key, syncs it and lists holdings; the secret is stored sealed', async () => {
    binance.spot = { BTC: '0.12345678', USDT: '100.00000000' };
    binance.futures = { USDT: '50.00000000' };
    const added = await connect({ exchange: 'binance', ...BINANCE_KEY, label: 'My Binance' });
    expect(added.status).toBe(201);
    const [item] = await listed();
    expect(item).toMatchObject({ exchange: 'binance', label: 'My Binance', status: 'active' });
    expect(
      item?.holdings.map((h) => [
        h.account,
        h.accountType,
        h.symbol,
        h.quantity,
        h.quantityDecimals,
        h.value?.amountMinor,
      ]),
    ).toEqual([
      ['My Binance Spot', 'exchange_spot', 'BTC', '0.12345678', 8, 740741],
      ['My Binance Spot', 'exchange_spot', 'USDT', '100', 8, 10000],
      ['My Binance USD-M Futures', 'exchange_futures', 'USDT', '50', 8, 5000],
    ]);
    const again = await connect({ exchange: 'binance', ...BINANCE_KEY });
    expect(again.status).toBe(409);
    const stored = await w.t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from connection where settings::text like ${`%${BINANCE_KEY.secret}%`}
        or secret_ciphertext like ${`%${BINANCE_KEY.secret}%`}`);
    expect(stored.rows[0]?.n).toBe(0);
    expect(JSON.stringify(w.t.logLines)).not.toContain(BINANCE_KEY.secret);

    const synced = await browser.json<{ data: { started: number } }>('/api/v1/crypto/sync', {
      method: 'POST',
    });
    expect(synced.status).toBe(200);
    expect(synced.body.data.started).toBe(1);
    await listed();
  });
});

describe('FEATURE_CRYPTO=false', () => {
  it('hides the exchange endpoints', async () => {
    const t = await createTestApp({ env: { FEATURE_CRYPTO: 'false' } });
    try {
      const doc = await t.app.request('/api/v1/openapi.json');
      const paths = Object.keys(((await doc.json()) as { paths: Record<string, unknown> }).paths);
      expect(paths.some((path) => path.includes('exchanges') || path.includes('crypto/sync'))).toBe(false);
      const refused = await t.app.request('/api/v1/crypto/sync', { method: 'POST' });
      expect(refused.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
