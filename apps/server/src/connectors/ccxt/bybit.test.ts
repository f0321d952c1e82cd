import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange } from '../../use-cases/crypto/exchanges';
import {
  expectEarnKeptThroughFailures,
  SEALING_KEY,
  startExchangeTestBed,
  type ExchangeTestBed,
} from '../../testing/exchange-sync';
import { startFakeBybit, type BybitExecution, type FakeBybit } from '../../testing/fake-bybit';
import { EXCHANGE_MESSAGES } from './client';

const BYBIT_KEY = { apiKey: 'bybit-read-only-key', secret: 'bybit-secret-value' };
const DAY = 86_400_000;

let bed: ExchangeTestBed;
let bybit: FakeBybit;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  bybit = await startFakeBybit(BYBIT_KEY);
  bed.apiUrls.bybit = bybit.url;
});
afterAll(async () => {
  await bybit.close();
  await bed.close();
});
beforeEach(() => {
  bybit.down = false;
  bybit.tooManyRequests = 0;
  bybit.requests.length = 0;
  bybit.unified = {};
  bybit.fund = {};
  bybit.executions = [];
  bybit.deposits = [];
  bybit.withdrawals = [];
  bybit.readOnly = 1;
  for (const group of Object.keys(bybit.permissions)) bybit.permissions[group] = [];
  bybit.earn = [];
  bybit.earnFailure = undefined;
  bybit.earnPermission = true;
});

/** `count` BTCUSDT spot executions `stepMs` apart from `from`. */
function executions(count: number, from: number, stepMs: number, first = 1): BybitExecution[] {
  return Array.from({ length: count }, (_, index) => ({
    symbol: 'BTCUSDT' as const,
    execId: `e-${first + index}`,
    side: index % 4 === 0 ? ('Sell' as const) : ('Buy' as const),
    execPrice: '50000',
    execQty: '0.001',
    execTime: from + index * stepMs,
  }));
}

async function connectWith(key: typeof BYBIT_KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'bybit', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

const executionPages = () => bybit.requests.filter((request) => request.path === '/v5/execution/list');
const earnCategories = () =>
  bybit.requests.filter((request) => request.path === '/v5/earn/position').map((r) => r.query.category);

describe('Bybit (X-BAPI-SIGN: hex HMAC-SHA256 of timestamp, key, receive window and query)', () => {
  it('reads Flexible Savings and On-chain Earn into an Earn account, positions of an asset summed exactly', async () => {
    bybit.unified = { BTC: '0.1' };
    bybit.earn = [
      { category: 'FlexibleSaving', coin: 'USDT', amount: '10.5' },
      { category: 'FlexibleSaving', coin: 'USDT', amount: '0' }, // fully redeemed, still listed
      { category: 'FlexibleSaving', coin: 'BTC', amount: '0.001' },
      { category: 'OnChain', coin: 'ETH', amount: '0.1' },
      { category: 'OnChain', coin: 'ETH', amount: '0.2' },
      { category: 'OnChain', coin: 'BTC', amount: '0.002' },
    ];
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true });
    expect(earnCategories()).toEqual(['FlexibleSaving', 'OnChain']);
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance])).toEqual([
      ['Bybit Earn', 'staking', '109050'], // 0.3 ETH × 3,000 + 10.5 USDT + 0.003 BTC × 60,000
      ['Bybit Unified Trading', 'exchange_spot', '600000'],
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Bybit Earn', ticker: 'BTC', quantity: '0.003' },
      { account: 'Bybit Earn', ticker: 'ETH', quantity: '0.3' },
      { account: 'Bybit Earn', ticker: 'USDT', quantity: '10.5' },
      { account: 'Bybit Unified Trading', ticker: 'BTC', quantity: '0.1' },
    ]);

    // The On-chain positions refused (403), gone (404) or down (503): the Earn account stays as it was,
    // Flexible Savings read or not, and the Unified Trading account still syncs.
    bybit.earn = [{ category: 'FlexibleSaving', coin: 'USDT', amount: '1' }];
    await expectEarnKeptThroughFailures(
      bed,
      { userId, connectionId, key: BYBIT_KEY },
      { earn: 'Bybit Earn', trading: 'Bybit Unified Trading' },
      {
        fail: (status) => {
          bybit.earnFailure = status;
        },
        trade: (btc) => {
          bybit.unified = { BTC: btc };
        },
      },
    );
  });

  it('opens no Earn account while nothing is in Earn, nor for a key without the Earn permission', async () => {
    bybit.unified = { BTC: '0.1' };
    bybit.earn = [{ category: 'FlexibleSaving', coin: 'USDT', amount: '0' }];
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true });
    expect(earnCategories()).toEqual(['FlexibleSaving', 'OnChain']);
    expect((await bed.accountsOf(userId)).map((a) => a.name)).toEqual(['Bybit Unified Trading']);

    // Refused (retCode 10005): the rest still syncs.
    bybit.earnPermission = false;
    bybit.earn = [{ category: 'FlexibleSaving', coin: 'USDT', amount: '5' }];
    bybit.unified = { BTC: '0.2' };
    bybit.requests.length = 0;
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true });
    expect(earnCategories()).toEqual(['FlexibleSaving']);
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.balance])).toEqual([
      ['Bybit Unified Trading', '1200000'],
    ]);
  });

  it('reads the Unified Trading and Funding accounts into accounts with one holding per asset', async () => {
    bybit.unified = { BTC: '0.5', USDT: '1000.25', ETH: '0', XYZ: '12' };
    bybit.fund = { USDT: '40', BTC: '0.01' };
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true });
    const accounts = await bed.accountsOf(userId);
    expect(accounts.map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['Bybit Funding', 'exchange_spot', '64000', 'USD'],
      ['Bybit Unified Trading', 'exchange_spot', '3100025', 'USD'],
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Bybit Funding', ticker: 'BTC', quantity: '0.01' },
      { account: 'Bybit Funding', ticker: 'USDT', quantity: '40' },
      { account: 'Bybit Unified Trading', ticker: 'BTC', quantity: '0.5' },
      { account: 'Bybit Unified Trading', ticker: 'USDT', quantity: '1000.25' },
      { account: 'Bybit Unified Trading', ticker: 'XYZ', quantity: '12' },
    ]);
  });

  it('reads spot executions of every 7-day window, page by page by cursor, then only newer ones', async () => {
    bybit.unified = { BTC: '1', USDT: '10' };
    // 150 executions an hour apart in the last week, and 30 more a day apart a few weeks before.
    const now = Date.now();
    bybit.executions = [
      ...executions(30, now - 60 * DAY, DAY, 1),
      ...executions(150, now - 6.5 * DAY, 3_600_000, 31),
    ];
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 180 });
    expect(executionPages().every((page) => page.query.category === 'spot')).toBe(true);
    expect(executionPages().some((page) => page.query.cursor)).toBe(true);
    const rows = await bed.transactionsOf(userId);
    expect(rows).toHaveLength(180);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      name: 'Sold 0.001 BTC at 50000 USDT',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });

    // Two more since: only those are read, from where the last sync stopped.
    bybit.executions.push(...executions(2, Date.now() - 30 * 60_000, 60_000, 181));
    bybit.requests.length = 0;
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 2 });
    expect(executionPages()).toHaveLength(1);
    expect(await bed.transactionsOf(userId)).toHaveLength(182);
  });

  it('writes a deposit and a withdrawal', async () => {
    bybit.unified = { BTC: '0.1' };
    const now = Date.now();
    // Bybit answers 30 days a request: the older deposit is in a window of its own.
    bybit.deposits = [
      { id: '80001', coin: 'USDT', amount: '20', time: now - 100 * DAY },
      { id: '81001', coin: 'BTC', amount: '0.1', time: now - 5 * DAY },
    ];
    bybit.withdrawals = [
      { id: '92001', coin: 'USDT', amount: '250.5', time: now - 2 * DAY },
      // Neither moved money: a failed deposit and a withdrawal Bybit rejected.
      { id: '92000', coin: 'USDT', amount: '99', time: now - 3 * DAY, status: 'Reject' },
    ];
    bybit.deposits.push({ id: '80002', coin: 'BTC', amount: '7', time: now - 4 * DAY, status: 4 });
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 3 });
    const rows = await bed.transactionsOf(userId);
    expect(rows.map((row) => [row.name, row.amount, row.currency])).toEqual([
      ['Deposit 20 USDT', '2000', 'USD'],
      ['Deposit 0.1 BTC', '600000', 'USD'],
      ['Withdrawal 250.5 USDT', '-25050', 'USD'],
    ]);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 0 });

    // A withdrawal more than 30 days (Bybit's span a request) after the last one read is still found.
    bybit.withdrawals = [{ id: '92001', coin: 'USDT', amount: '250.5', time: now - 90 * DAY }];
    const later = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(later.userId, later.connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 3 });
    bybit.withdrawals.push({ id: '92002', coin: 'USDT', amount: '10', time: Date.now() - 60_000 });
    expect(await bed.sync(later.userId, later.connectionId, BYBIT_KEY)).toMatchObject({ ok: true, added: 1 });
  });

  it('refuses a key that can trade or withdraw, naming what to turn off, and takes a read-only one', async () => {
    bybit.unified = { BTC: '0.1' };
    bybit.readOnly = 0;
    bybit.permissions.Spot = ['SpotTrade'];
    bybit.permissions.Wallet = ['AccountTransfer', 'Withdraw'];
    const refused = await connectWith(BYBIT_KEY).catch((error: unknown) => error);
    expect(refusal(refused)).toMatch(
      /^This Bybit key can do more than read\. Turn off “SpotTrade”, “AccountTransfer”, “Withdraw”/,
    );
    bybit.readOnly = 1;
    bybit.permissions.Spot = [];
    bybit.permissions.Wallet = [];
    expect(await connectWith(BYBIT_KEY)).toMatchObject({ provider: 'ccxt' });
  });

  it('refuses a bad signature with a clear message', async () => {
    bybit.unified = { BTC: '0.1' };
    const wrong = { ...BYBIT_KEY, secret: 'another-secret' };
    expect(refusal(await connectWith(wrong).catch((error: unknown) => error))).toBe(
      EXCHANGE_MESSAGES.badKey('Bybit'),
    );
    const { userId, connectionId } = await bed.connect('bybit', wrong);
    expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(await bed.accountsOf(userId)).toEqual([]);
  });

  it('leaves balances and holdings as they were through a persistent rate limit and an outage', async () => {
    bybit.unified = { BTC: '0.2' };
    bybit.fund = { USDT: '5' };
    const { userId, connectionId } = await bed.connect('bybit', BYBIT_KEY);
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    bybit.unified = { BTC: '0' };
    bybit.fund = {};

    bybit.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    bybit.tooManyRequests = 0;
    bybit.down = true;
    expect(await bed.sync(userId, connectionId, BYBIT_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
