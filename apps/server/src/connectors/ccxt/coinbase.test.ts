import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange } from '../../use-cases/crypto/exchanges';
import { noon, SEALING_KEY, startExchangeTestBed, type ExchangeTestBed } from '../../testing/exchange-sync';
import { startFakeCoinbase, type CoinbaseFill, type FakeCoinbase } from '../../testing/fake-coinbase';
import { EXCHANGE_MESSAGES } from './client';

/** A CDP secret API key: its name and its EC P-256 private key in PEM, as the portal hands them out. */
function cdpKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    apiKey: 'organizations/7d5b3c9a-1111-4222-8333-444455556666/apiKeys/0f9e8d7c-aaaa-4bbb-8ccc-ddddeeeeffff',
    secret: privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
  };
}

const KEY = cdpKey();

let bed: ExchangeTestBed;
let coinbase: FakeCoinbase;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  bed.gecko.coins.set('usd-coin', { prices: { usd: 1, eur: 0.92 } });
  coinbase = await startFakeCoinbase(KEY);
  bed.apiUrls.coinbase = coinbase.url;
});
afterAll(async () => {
  await coinbase.close();
  await bed.close();
});
beforeEach(() => {
  coinbase.down = false;
  coinbase.tooManyRequests = 0;
  coinbase.requests.length = 0;
  coinbase.wallets = {};
  coinbase.fills = [];
  coinbase.transactions = [];
  coinbase.permissions = { can_view: true, can_trade: false, can_transfer: false };
});

/** `count` BTC-USD fills an hour apart from `from`. */
function fills(count: number, from: number, first = 1): CoinbaseFill[] {
  return Array.from({ length: count }, (_, index) => ({
    tradeId: `f${first + index}`,
    productId: 'BTC-USD' as const,
    side: index % 4 === 0 ? ('SELL' as const) : ('BUY' as const),
    price: '50000',
    size: '0.001',
    time: from + index * 3_600_000,
  }));
}

async function connectWith(key: typeof KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'coinbase', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

describe('Coinbase Advanced (CDP key: an ES256 JWT per request)', () => {
  it('reads the wallets into one spot account with one holding per asset', async () => {
    coinbase.wallets = { BTC: '0.5', USD: '1000.25', ETH: '0', USDC: '40' };
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['Coinbase Advanced Spot', 'exchange_spot', '3104025', 'USD'], // 0.5 × 60,000 + 1,000.25 + 40
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Coinbase Advanced Spot', ticker: 'BTC', quantity: '0.5' },
      { account: 'Coinbase Advanced Spot', ticker: 'USD', quantity: '1000.25' },
      { account: 'Coinbase Advanced Spot', ticker: 'USDC', quantity: '40' },
    ]);
  });

  it('reads every wallet when there are more than a page of them (100)', async () => {
    // Coinbase lists a wallet for every asset the user ever touched, empty ones included.
    for (let index = 0; index < 150; index += 1) coinbase.wallets[`Z${String(index).padStart(3, '0')}`] = '0';
    coinbase.wallets.BTC = '0.25';
    coinbase.wallets.ETH = '2';
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Coinbase Advanced Spot', ticker: 'BTC', quantity: '0.25' },
      { account: 'Coinbase Advanced Spot', ticker: 'ETH', quantity: '2' },
    ]);
    expect((await bed.accountsOf(userId))[0]?.balance).toBe('2100000'); // 0.25 × 60,000 + 2 × 3,000
  });

  it('reads every fill page by page through the cursor, then only newer ones', async () => {
    coinbase.wallets = { BTC: '1', USD: '10' };
    coinbase.fills = fills(2_300, noon('2026-08-01'));
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2_300 });
    const pages = coinbase.requests.filter((r) => r.path === '/api/v3/brokerage/orders/historical/fills');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const rows = await bed.transactionsOf(userId);
    expect(rows).toHaveLength(2_300);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      date: '2026-08-01',
      name: 'Sold 0.001 BTC at 50000 USD',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });

    coinbase.fills.push(...fills(2, noon('2026-11-18'), 2_301));
    coinbase.requests.length = 0;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
    const again = coinbase.requests.filter((r) => r.path === '/api/v3/brokerage/orders/historical/fills');
    expect(again).toHaveLength(1);
    expect(await bed.transactionsOf(userId)).toHaveLength(2_302);
  });

  it('writes a deposit and a withdrawal, not the trades the wallet also lists, then only newer ones', async () => {
    coinbase.wallets = { BTC: '0.1', USDC: '10' };
    coinbase.transactions = [
      { id: 'd-1', currency: 'BTC', amount: '0.1', type: 'send', time: noon('2026-11-10') },
      { id: 'w-1', currency: 'USDC', amount: '-250.5', type: 'send', time: noon('2026-11-12') },
      { id: 't-1', currency: 'BTC', amount: '0.02', type: 'advanced_trade_fill', time: noon('2026-11-11') },
      {
        id: 'x-1',
        currency: 'BTC',
        amount: '-0.3',
        type: 'send',
        time: noon('2026-11-13'),
        status: 'failed',
      },
    ];
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
    expect(await bed.transactionsOf(userId)).toEqual([
      { date: '2026-11-10', name: 'Deposit 0.1 BTC', amount: '600000', currency: 'USD' },
      { date: '2026-11-12', name: 'Withdrawal 250.5 USDC', amount: '-25050', currency: 'USD' },
    ]);
    coinbase.transactions.push({
      id: 'd-2',
      currency: 'BTC',
      amount: '0.2',
      type: 'send',
      time: noon('2026-11-19'),
    });
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1 });
    expect(await bed.transactionsOf(userId)).toHaveLength(3);
  });

  it('writes a withdrawal that emptied a wallet since the last sync', async () => {
    coinbase.wallets = { BTC: '0.3' };
    coinbase.transactions = [
      { id: 'd-9', currency: 'BTC', amount: '0.3', type: 'send', time: noon('2026-11-02') },
    ];
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1 });
    coinbase.wallets = { BTC: '0' };
    coinbase.transactions.push({
      id: 'w-9',
      currency: 'BTC',
      amount: '-0.3',
      type: 'send',
      time: noon('2026-11-19'),
    });
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Deposit 0.3 BTC',
      'Withdrawal 0.3 BTC',
    ]);
  });

  it('reads more of a wallet’s transactions than a page holds', async () => {
    coinbase.wallets = { USDC: '1' };
    const start = noon('2026-06-01');
    coinbase.transactions = Array.from({ length: 230 }, (_, index) => ({
      id: `d-${index}`,
      currency: 'USDC',
      amount: '1',
      type: 'send' as const,
      time: start + index * 3_600_000,
    }));
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 230 });
    const pages = coinbase.requests.filter((r) => r.path.endsWith('/transactions'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a key that can trade or transfer, naming the permission, and takes a view-only one', async () => {
    coinbase.wallets = { BTC: '0.1' };
    coinbase.permissions = { can_view: true, can_trade: true, can_transfer: true };
    expect(refusal(await connectWith(KEY).catch((error: unknown) => error))).toMatch(
      /^This Coinbase Advanced key can do more than read\. Turn off “Trade”, “Transfer” for the key/,
    );
    coinbase.permissions = { can_view: true, can_trade: false, can_transfer: true };
    expect(refusal(await connectWith(KEY).catch((error: unknown) => error))).toMatch(
      /Turn off “Transfer” for/,
    );
    coinbase.permissions = { can_view: true, can_trade: false, can_transfer: false };
    expect(await connectWith(KEY)).toMatchObject({ provider: 'ccxt' });
    expect(coinbase.requests.some((r) => r.path === '/api/v3/brokerage/key_permissions')).toBe(true);
  });

  it('refuses a key whose signature Coinbase cannot verify with a clear message', async () => {
    coinbase.wallets = { BTC: '0.1' };
    const wrong = { ...KEY, secret: cdpKey().secret };
    expect(refusal(await connectWith(wrong).catch((error: unknown) => error))).toBe(
      EXCHANGE_MESSAGES.badKey('Coinbase Advanced'),
    );
    const { userId, connectionId } = await bed.connect('coinbase', wrong);
    expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(await bed.accountsOf(userId)).toEqual([]);
  });

  it('leaves balances and holdings as they were through a persistent 429 and an outage', async () => {
    coinbase.wallets = { BTC: '0.2', USDC: '5' };
    const { userId, connectionId } = await bed.connect('coinbase', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    coinbase.wallets = { BTC: '0' };

    coinbase.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    coinbase.tooManyRequests = 0;
    coinbase.down = true;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
