import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange } from '../../use-cases/crypto/exchanges';
import { noon, SEALING_KEY, startExchangeTestBed, type ExchangeTestBed } from '../../testing/exchange-sync';
import { startFakeGemini, type FakeGemini, type GeminiTrade } from '../../testing/fake-gemini';
import { EXCHANGE_MESSAGES } from './client';

const KEY = { apiKey: 'account-Gm7xQ2pL9vR4sT1u', secret: 'gemini-secret-3kd8Wq2Lx9' };

let bed: ExchangeTestBed;
let gemini: FakeGemini;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  gemini = await startFakeGemini(KEY);
  bed.apiUrls.gemini = gemini.url;
});
afterAll(async () => {
  await gemini.close();
  await bed.close();
});
beforeEach(() => {
  gemini.down = false;
  gemini.tooManyRequests = 0;
  gemini.requests.length = 0;
  gemini.balances = {};
  gemini.trades = [];
  gemini.transfers = [];
  gemini.roles = { isAuditor: true, isFundManager: false, isTrader: false };
});

/** `count` btcusd trades an hour apart from `from`. */
function trades(count: number, from: number, first = 1): GeminiTrade[] {
  return Array.from({ length: count }, (_, index) => ({
    tid: 50_000 + first + index,
    symbol: 'btcusd' as const,
    type: index % 4 === 0 ? ('Sell' as const) : ('Buy' as const),
    price: '50000',
    amount: '0.001',
    timestampms: from + index * 3_600_000,
  }));
}

async function connectWith(key: typeof KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'gemini', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

describe('Gemini (X-GEMINI-SIGNATURE: hex HMAC-SHA384 of the base64 payload)', () => {
  it('reads the balances into one spot account with one holding per asset', async () => {
    gemini.balances = { BTC: '0.5', USD: '1000.25', ETH: '0', USDT: '40' };
    const { userId, connectionId } = await bed.connect('gemini', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['Gemini Spot', 'exchange_spot', '3104025', 'USD'], // 0.5 × 60,000 + 1,000.25 + 40
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Gemini Spot', ticker: 'BTC', quantity: '0.5' },
      { account: 'Gemini Spot', ticker: 'USD', quantity: '1000.25' },
      { account: 'Gemini Spot', ticker: 'USDT', quantity: '40' },
    ]);
  });

  it('reads every trade from the first, 500 a page, then only newer ones', async () => {
    gemini.balances = { BTC: '1', USD: '10' };
    gemini.trades = trades(1_200, noon('2025-09-01'));
    const { userId, connectionId } = await bed.connect('gemini', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1_200 });
    const pages = gemini.requests.filter((r) => r.path === '/v1/mytrades');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const rows = await bed.transactionsOf(userId);
    expect(rows).toHaveLength(1_200);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      date: '2025-09-01',
      name: 'Sold 0.001 BTC at 50000 USD',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });

    gemini.trades.push(...trades(2, noon('2026-11-18'), 1_201));
    gemini.requests.length = 0;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
    expect(gemini.requests.filter((r) => r.path === '/v1/mytrades')).toHaveLength(1);
    expect(await bed.transactionsOf(userId)).toHaveLength(1_202);
  });

  it('writes a deposit and a withdrawal, every transfer from the first, then only newer ones', async () => {
    gemini.balances = { BTC: '0.1' };
    const start = noon('2026-01-05');
    gemini.transfers = [
      ...Array.from({ length: 118 }, (_, index) => ({
        eid: 700 + index,
        type: 'Deposit' as const,
        currency: 'USDT',
        amount: '1',
        timestampms: start + index * 3_600_000,
      })),
      { eid: 900, type: 'Deposit', currency: 'BTC', amount: '0.1', timestampms: noon('2026-11-10') },
      { eid: 901, type: 'Withdrawal', currency: 'USDT', amount: '250.5', timestampms: noon('2026-11-12') },
    ];
    const { userId, connectionId } = await bed.connect('gemini', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 120 });
    expect((await bed.transactionsOf(userId)).slice(-2)).toEqual([
      { date: '2026-11-10', name: 'Deposit 0.1 BTC', amount: '600000', currency: 'USD' },
      { date: '2026-11-12', name: 'Withdrawal 250.5 USDT', amount: '-25050', currency: 'USD' },
    ]);
    gemini.transfers.push({
      eid: 902,
      type: 'Deposit',
      currency: 'BTC',
      amount: '0.2',
      timestampms: noon('2026-11-19'),
    });
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1 });
  });

  it('refuses a key with the Trader or Fund Manager role, naming it, and takes an Auditor one', async () => {
    gemini.balances = { BTC: '0.1' };
    gemini.roles = { isAuditor: false, isFundManager: true, isTrader: true };
    expect(refusal(await connectWith(KEY).catch((error: unknown) => error))).toMatch(
      /^This Gemini key can do more than read\. Turn off “Trader”, “Fund Manager” for the key/,
    );
    gemini.roles = { isAuditor: false, isFundManager: false, isTrader: true };
    expect(refusal(await connectWith(KEY).catch((error: unknown) => error))).toMatch(/Turn off “Trader” for/);
    gemini.roles = { isAuditor: true, isFundManager: false, isTrader: false };
    expect(await connectWith(KEY)).toMatchObject({ provider: 'ccxt' });
    expect(gemini.requests.some((r) => r.path === '/v1/roles')).toBe(true);
  });

  it('refuses a bad signature with a clear message', async () => {
    gemini.balances = { BTC: '0.1' };
    const wrong = { ...KEY, secret: 'another-secret' };
    expect(refusal(await connectWith(wrong).catch((error: unknown) => error))).toBe(
      EXCHANGE_MESSAGES.badKey('Gemini'),
    );
    const { userId, connectionId } = await bed.connect('gemini', wrong);
    expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(await bed.accountsOf(userId)).toEqual([]);
  });

  it('leaves balances and holdings as they were through a persistent 429 and an outage', async () => {
    gemini.balances = { BTC: '0.2', USDT: '5' };
    const { userId, connectionId } = await bed.connect('gemini', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    gemini.balances = { BTC: '0' };

    gemini.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    gemini.tooManyRequests = 0;
    gemini.down = true;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
