import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange } from '../../use-cases/crypto/exchanges';
import {
  expectEarnKeptThroughFailures,
  SEALING_KEY,
  startExchangeTestBed,
  type ExchangeTestBed,
} from '../../testing/exchange-sync';
import { startFakeKucoin, type FakeKucoin, type KucoinFill } from '../../testing/fake-kucoin';
import { EXCHANGE_MESSAGES } from './client';

const KUCOIN_KEY = {
  apiKey: 'kucoin-read-only-key',
  secret: 'kucoin-secret-value',
  password: 'kucoin-passphrase',
};
const DAY = 86_400_000;

let bed: ExchangeTestBed;
let kucoin: FakeKucoin;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  kucoin = await startFakeKucoin(KUCOIN_KEY);
  bed.apiUrls.kucoin = kucoin.url;
});
afterAll(async () => {
  await kucoin.close();
  await bed.close();
});
beforeEach(() => {
  kucoin.down = false;
  kucoin.tooManyRequests = 0;
  kucoin.requests.length = 0;
  kucoin.hf = true;
  kucoin.main = {};
  kucoin.trade = {};
  kucoin.margin = {};
  kucoin.fills = [];
  kucoin.deposits = [];
  kucoin.withdrawals = [];
  kucoin.permission = 'General';
  kucoin.earn = [];
  kucoin.earnFailure = undefined;
});

/** `count` BTC-USDT fills `stepMs` apart from `from`, ids rising with time. */
function fills(count: number, from: number, stepMs: number, firstId = 1): KucoinFill[] {
  return Array.from({ length: count }, (_, index) => ({
    symbol: 'BTC-USDT' as const,
    id: firstId + index,
    side: index % 4 === 0 ? ('sell' as const) : ('buy' as const),
    price: '50000',
    size: '0.001',
    createdAt: from + index * stepMs,
  }));
}

async function connectWith(key: typeof KUCOIN_KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'kucoin', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

const fillPages = () => kucoin.requests.filter((request) => request.path === '/api/v1/hf/fills');
const earnPages = () =>
  kucoin.requests
    .filter((request) => request.path === '/api/v1/earn/hold-assets')
    .map((request) => [request.query.currentPage, request.query.pageSize]);

describe('KuCoin (KC-API-SIGN: base64 HMAC-SHA256; key version 2 signs the passphrase)', () => {
  it('reads the trading, funding and margin accounts into accounts with one holding per asset', async () => {
    kucoin.trade = { BTC: '0.5', USDT: '1000.25', XYZ: '12' };
    kucoin.main = { USDT: '40', BTC: '0.01' };
    kucoin.margin = { ETH: '2' };
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true });
    const accounts = await bed.accountsOf(userId);
    expect(accounts.map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['KuCoin Funding', 'exchange_spot', '64000', 'USD'],
      ['KuCoin Margin', 'exchange_margin', '600000', 'USD'],
      ['KuCoin Trading', 'exchange_spot', '3100025', 'USD'],
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'KuCoin Funding', ticker: 'BTC', quantity: '0.01' },
      { account: 'KuCoin Funding', ticker: 'USDT', quantity: '40' },
      { account: 'KuCoin Margin', ticker: 'ETH', quantity: '2' },
      { account: 'KuCoin Trading', ticker: 'BTC', quantity: '0.5' },
      { account: 'KuCoin Trading', ticker: 'USDT', quantity: '1000.25' },
      { account: 'KuCoin Trading', ticker: 'XYZ', quantity: '12' },
    ]);
    // The high-frequency trading account, as every account migrated since 2023.
    expect(kucoin.requests).toContainEqual(
      expect.objectContaining({ path: '/api/v1/accounts', query: { type: 'trade_hf' } }),
    );
  });

  it('reads KuCoin Earn holdings page by page into an Earn account, those of an asset summed exactly', async () => {
    kucoin.trade = { BTC: '0.1' };
    // 500 savings holdings of 0.1 USDT fill the first page; the second has the rest.
    kucoin.earn = [
      ...Array.from({ length: 500 }, () => ({
        currency: 'USDT',
        productCategory: 'DEMAND' as const,
        holdAmount: '0.1',
      })),
      { currency: 'ETH', productCategory: 'ETH2', holdAmount: '1.1' },
      { currency: 'ETH', productCategory: 'STAKING', holdAmount: '2.2' },
      { currency: 'BTC', productCategory: 'ACTIVITY', holdAmount: '0.001' },
      { currency: 'KCS', productCategory: 'KCS_STAKING', holdAmount: '12' },
      { currency: 'USDT', productCategory: 'DEMAND', holdAmount: '0.000000000000000001' },
    ];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true });
    expect(earnPages()).toEqual([
      ['1', '500'],
      ['2', '500'],
    ]);
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance])).toEqual([
      ['KuCoin Earn', 'staking', '1001000'], // 3.3 ETH × 3,000 + 50 USDT + 0.001 BTC × 60,000; KCS unpriced
      ['KuCoin Trading', 'exchange_spot', '600000'],
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'KuCoin Earn', ticker: 'BTC', quantity: '0.001' },
      { account: 'KuCoin Earn', ticker: 'ETH', quantity: '3.3' },
      { account: 'KuCoin Earn', ticker: 'KCS', quantity: '12' },
      { account: 'KuCoin Earn', ticker: 'USDT', quantity: '50.000000000000000001' },
      { account: 'KuCoin Trading', ticker: 'BTC', quantity: '0.1' },
    ]);

    // The second page refused (403), gone (404) or down (503): the Earn account stays as it was, the
    // first page read or not, and the trading account still syncs.
    kucoin.earn = kucoin.earn.map((holding) => ({ ...holding, holdAmount: '1' }));
    await expectEarnKeptThroughFailures(
      bed,
      { userId, connectionId, key: KUCOIN_KEY },
      { earn: 'KuCoin Earn', trading: 'KuCoin Trading' },
      {
        fail: (status) => {
          kucoin.earnFailure = status;
        },
        trade: (btc) => {
          kucoin.trade = { BTC: btc };
        },
      },
    );
  });

  it('opens no Earn account while nothing is held in KuCoin Earn', async () => {
    kucoin.trade = { BTC: '0.1' };
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true });
    expect(earnPages()).toEqual([['1', '500']]);
    expect((await bed.accountsOf(userId)).map((a) => a.name)).toEqual(['KuCoin Trading']);
  });

  it('reads the fills of every 7-day window per market, page by page by lastId, then only newer ones', async () => {
    kucoin.trade = { BTC: '1', USDT: '10' };
    const now = Date.now();
    kucoin.fills = [...fills(20, now - 50 * DAY, DAY, 1), ...fills(150, now - 6.5 * DAY, 3_600_000, 21)];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 170 });
    expect(fillPages().some((page) => page.query.lastId)).toBe(true);
    const rows = await bed.transactionsOf(userId);
    expect(rows).toHaveLength(170);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      name: 'Sold 0.001 BTC at 50000 USDT',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });

    kucoin.fills.push(...fills(2, Date.now() - 30 * 60_000, 60_000, 171));
    kucoin.requests.length = 0;
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 2 });
    // One window of each market read before (BTC-USDT); ETH-USDT is not held.
    expect(fillPages().map((page) => page.query.symbol)).toEqual(['BTC-USDT']);
    expect(await bed.transactionsOf(userId)).toHaveLength(172);
  });

  it('writes a deposit and a withdrawal, and not a failed one', async () => {
    kucoin.trade = { BTC: '0.1' };
    const now = Date.now();
    kucoin.deposits = [
      { id: 'd1', currency: 'BTC', amount: '0.1', createdAt: now - 5 * DAY },
      { id: 'd0', currency: 'BTC', amount: '3', createdAt: now - 6 * DAY, status: 'FAILURE' },
    ];
    kucoin.withdrawals = [{ id: 'w1', currency: 'USDT', amount: '250.5', createdAt: now - 2 * DAY }];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => [row.name, row.amount, row.currency])).toEqual([
      ['Deposit 0.1 BTC', '600000', 'USD'],
      ['Withdrawal 250.5 USDT', '-25050', 'USD'],
    ]);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 0 });
  });

  it('reads every page of deposits and withdrawals, then only newer ones', async () => {
    kucoin.trade = { USDT: '1' };
    const now = Date.now();
    kucoin.deposits = Array.from({ length: 520 }, (_, index) => ({
      id: `many-${index}`,
      currency: 'USDT',
      amount: '1',
      createdAt: now - (index + 1) * 600_000,
    }));
    kucoin.withdrawals = [{ id: 'w-many', currency: 'USDT', amount: '2', createdAt: now - DAY }];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 521 });
    const depositPages = kucoin.requests.filter((request) => request.path === '/api/v1/deposits');
    expect(depositPages.map((request) => [request.query.currentPage, request.query.pageSize])).toEqual([
      ['1', '500'],
      ['2', '500'],
    ]);

    kucoin.deposits.push({ id: 'late', currency: 'USDT', amount: '3', createdAt: Date.now() - 1000 });
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 1 });
    expect(await bed.transactionsOf(userId)).toHaveLength(522);
  });

  it('refuses a key that can trade or withdraw, naming what to turn off, and takes a read-only one', async () => {
    kucoin.trade = { BTC: '0.1' };
    kucoin.permission = 'General,Spot,Withdrawal';
    const refused = await connectWith(KUCOIN_KEY).catch((error: unknown) => error);
    expect(refusal(refused)).toMatch(
      /^This KuCoin key can do more than read\. Turn off “Spot”, “Withdrawal”/,
    );
    kucoin.permission = 'General';
    expect(await connectWith(KUCOIN_KEY)).toMatchObject({ provider: 'ccxt' });
  });

  it('refuses a bad signature or passphrase with a clear message', async () => {
    kucoin.trade = { BTC: '0.1' };
    for (const wrong of [
      { ...KUCOIN_KEY, secret: 'another-secret' },
      { ...KUCOIN_KEY, password: 'another-passphrase' },
    ]) {
      expect(refusal(await connectWith(wrong).catch((error: unknown) => error))).toBe(
        EXCHANGE_MESSAGES.badKey('KuCoin'),
      );
      const { userId, connectionId } = await bed.connect('kucoin', wrong);
      expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({
        ok: false,
        status: 'needs_reauth',
      });
      expect(await bed.accountsOf(userId)).toEqual([]);
    }
  });

  it('leaves balances and holdings as they were through a persistent 429 and an outage', async () => {
    kucoin.trade = { BTC: '0.2' };
    kucoin.main = { USDT: '5' };
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    kucoin.trade = { BTC: '0' };
    kucoin.main = {};

    kucoin.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    kucoin.tooManyRequests = 0;
    kucoin.down = true;
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
