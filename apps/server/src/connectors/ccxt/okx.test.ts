import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange } from '../../use-cases/crypto/exchanges';
import {
  expectEarnKeptThroughFailures,
  noon,
  SEALING_KEY,
  startExchangeTestBed,
  type ExchangeTestBed,
} from '../../testing/exchange-sync';
import { startFakeOkx, type FakeOkx, type OkxFill } from '../../testing/fake-okx';
import { EXCHANGE_MESSAGES } from './client';

const OKX_KEY = { apiKey: 'okx-read-only-key', secret: 'okx-secret-value', password: 'okx-passphrase' };

let bed: ExchangeTestBed;
let okx: FakeOkx;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  okx = await startFakeOkx(OKX_KEY);
  bed.apiUrls.okx = okx.url;
});
afterAll(async () => {
  await okx.close();
  await bed.close();
});
beforeEach(() => {
  okx.down = false;
  okx.tooManyRequests = 0;
  okx.requests.length = 0;
  okx.trading = {};
  okx.funding = {};
  okx.fills = [];
  okx.deposits = [];
  okx.withdrawals = [];
  okx.perm = 'read_only';
  okx.savings = {};
  okx.earnOrders = [];
  okx.earnFailure = undefined;
});

/** `count` BTC-USDT fills an hour apart from `from`, bill ids rising with time. */
function fills(count: number, from: number, firstBill = 1): OkxFill[] {
  return Array.from({ length: count }, (_, index) => ({
    instId: 'BTC-USDT' as const,
    tradeId: String(7_000 + firstBill + index),
    billId: String(600_000_000 + firstBill + index),
    side: index % 4 === 0 ? ('sell' as const) : ('buy' as const),
    fillPx: '50000',
    fillSz: '0.001',
    ts: from + index * 3_600_000,
  }));
}

async function connectWith(key: typeof OKX_KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'okx', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

describe('OKX (OK-ACCESS-SIGN: base64 HMAC-SHA256 of timestamp, method, path and body)', () => {
  it('reads the trading and funding accounts into accounts with one holding per asset', async () => {
    okx.trading = { BTC: '0.5', USDT: '1000.25', ETH: '0', XYZ: '12' };
    okx.funding = { USDT: '40', BTC: '0.01' };
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true });
    const accounts = await bed.accountsOf(userId);
    expect(accounts.map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['OKX Funding', 'exchange_spot', '64000', 'USD'], // 0.01 × 60,000 + 40 at the peg
      ['OKX Trading', 'exchange_spot', '3100025', 'USD'], // 0.5 × 60,000 + 1,000.25; XYZ unpriced
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'OKX Funding', ticker: 'BTC', quantity: '0.01' },
      { account: 'OKX Funding', ticker: 'USDT', quantity: '40' },
      { account: 'OKX Trading', ticker: 'BTC', quantity: '0.5' },
      { account: 'OKX Trading', ticker: 'USDT', quantity: '1000.25' },
      { account: 'OKX Trading', ticker: 'XYZ', quantity: '12' },
    ]);
    const paths = okx.requests.map((request) => request.path);
    expect(paths).toContain('/api/v5/account/balance');
    expect(paths).toContain('/api/v5/asset/balances');
  });

  it('reads Simple Earn and On-chain Earn into an Earn account, positions of an asset summed exactly', async () => {
    okx.trading = { BTC: '0.1' };
    okx.savings = { USDT: '100.123456789012345678', BTC: '0.00000001' };
    okx.earnOrders = [
      { ccy: 'ETH', invest: [{ ccy: 'ETH', amt: '1.1' }] },
      { ccy: 'ETH', invest: [{ ccy: 'ETH', amt: '2.2' }] },
      { ccy: 'USDT', invest: [{ ccy: 'USDT', amt: '0.000000000000000001' }] },
    ];
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true });
    const earnPaths = okx.requests
      .map((request) => request.path)
      .filter((path) => path.startsWith('/api/v5/finance/'));
    expect(earnPaths).toEqual([
      '/api/v5/finance/savings/balance',
      '/api/v5/finance/staking-defi/orders-active',
    ]);
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance])).toEqual([
      ['OKX Earn', 'staking', '1000012'], // 3.3 ETH × 3,000 + 100.12… USDT + 0.00000001 BTC × 60,000
      ['OKX Trading', 'exchange_spot', '600000'],
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'OKX Earn', ticker: 'BTC', quantity: '0.00000001' },
      { account: 'OKX Earn', ticker: 'ETH', quantity: '3.3' },
      { account: 'OKX Earn', ticker: 'USDT', quantity: '100.123456789012345679' },
      { account: 'OKX Trading', ticker: 'BTC', quantity: '0.1' },
    ]);

    // The On-chain Earn orders refused (403), gone (404) or down (503): the Earn account stays as it
    // was, savings read or not, and the trading account still syncs.
    okx.savings = { USDT: '5' };
    await expectEarnKeptThroughFailures(
      bed,
      { userId, connectionId, key: OKX_KEY },
      { earn: 'OKX Earn', trading: 'OKX Trading' },
      {
        fail: (status) => {
          okx.earnFailure = status;
        },
        trade: (btc) => {
          okx.trading = { BTC: btc };
        },
      },
    );

    // Everything redeemed: the account comes to zero.
    okx.earnFailure = undefined;
    okx.savings = {};
    okx.earnOrders = [];
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true });
    expect((await bed.accountsOf(userId)).find((a) => a.name === 'OKX Earn')).toMatchObject({
      balance: '0',
    });
  });

  it('opens no Earn account while nothing is in Simple Earn or On-chain Earn', async () => {
    okx.trading = { BTC: '0.1' };
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true });
    const paths = okx.requests.map((request) => request.path);
    expect(paths).toContain('/api/v5/finance/savings/balance');
    expect(paths).toContain('/api/v5/finance/staking-defi/orders-active');
    expect((await bed.accountsOf(userId)).map((a) => a.name)).toEqual(['OKX Trading']);
  });

  it('reads every fill of the last three months page by page, then only newer ones', async () => {
    okx.trading = { BTC: '1', USDT: '10' };
    okx.fills = fills(250, noon('2026-10-01'));
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true, added: 250 });
    const pages = okx.requests.filter((request) => request.path === '/api/v5/trade/fills-history');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((page) => page.query.instType === 'SPOT')).toBe(true);
    const rows = await bed.transactionsOf(userId);
    expect(rows).toHaveLength(250);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      date: '2026-10-01',
      name: 'Sold 0.001 BTC at 50000 USDT',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });

    okx.fills.push(...fills(2, noon('2026-11-15'), 251));
    okx.requests.length = 0;
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true, added: 2 });
    const again = okx.requests.filter((request) => request.path === '/api/v5/trade/fills-history');
    expect(again).toHaveLength(1);
    expect(await bed.transactionsOf(userId)).toHaveLength(252);
  });

  it('writes a deposit and a withdrawal on the trading account', async () => {
    okx.trading = { BTC: '0.1' };
    okx.deposits = [{ id: '81001', ccy: 'BTC', amt: '0.1', ts: noon('2026-11-10'), state: '2' }];
    okx.withdrawals = [{ id: '92001', ccy: 'USDT', amt: '250.5', ts: noon('2026-11-12'), state: '2' }];
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true, added: 2 });
    expect(await bed.transactionsOf(userId)).toEqual([
      { date: '2026-11-10', name: 'Deposit 0.1 BTC', amount: '600000', currency: 'USD' },
      { date: '2026-11-12', name: 'Withdrawal 250.5 USDT', amount: '-25050', currency: 'USD' },
    ]);
    // The next sync asks only for what came after them and writes nothing again.
    okx.requests.length = 0;
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true, added: 0 });
    const deposits = okx.requests.find((request) => request.path === '/api/v5/asset/deposit-history');
    expect(Number(deposits?.query.before)).toBeGreaterThanOrEqual(noon('2026-11-10'));
  });

  it('reads more deposits than a page holds, newest first, page by page', async () => {
    okx.trading = { USDT: '1' };
    const start = noon('2026-09-01');
    okx.deposits = Array.from({ length: 230 }, (_, index) => ({
      id: String(70_000 + index),
      ccy: 'USDT',
      amt: '1',
      // Two deposits at each time: a page may end between them.
      ts: start + Math.floor(index / 2) * 3_600_000,
      state: '2',
    }));
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true, added: 230 });
    const pages = okx.requests.filter((request) => request.path === '/api/v5/asset/deposit-history');
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a key that can trade or withdraw, naming what to turn off, and takes a read-only one', async () => {
    okx.trading = { BTC: '0.1' };
    okx.perm = 'read_only,trade,withdraw';
    const refused = await connectWith(OKX_KEY).catch((error: unknown) => error);
    expect(refusal(refused)).toMatch(/^This OKX key can do more than read\. Turn off “Trade”, “Withdraw”/);
    okx.perm = 'read_only,trade';
    expect(refusal(await connectWith(OKX_KEY).catch((error: unknown) => error))).toMatch(
      /Turn off “Trade” for the key/,
    );
    okx.perm = 'read_only';
    expect(await connectWith(OKX_KEY)).toMatchObject({ provider: 'ccxt' });
    expect(okx.requests.some((request) => request.path === '/api/v5/account/config')).toBe(true);
  });

  it('refuses a bad signature or passphrase with a clear message', async () => {
    okx.trading = { BTC: '0.1' };
    for (const wrong of [
      { ...OKX_KEY, secret: 'another-secret' },
      { ...OKX_KEY, password: 'another-passphrase' },
    ]) {
      const error = await connectWith(wrong).catch((caught: unknown) => caught);
      expect(refusal(error)).toBe(EXCHANGE_MESSAGES.badKey('OKX'));
      const { userId, connectionId } = await bed.connect('okx', wrong);
      expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({
        ok: false,
        status: 'needs_reauth',
      });
      expect(await bed.accountsOf(userId)).toEqual([]);
    }
  });

  it('leaves balances and holdings as they were through a persistent 429 and an outage', async () => {
    okx.trading = { BTC: '0.2' };
    okx.funding = { USDT: '5' };
    const { userId, connectionId } = await bed.connect('okx', OKX_KEY);
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    okx.trading = { BTC: '0' };
    okx.funding = {};

    okx.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    okx.tooManyRequests = 0;
    okx.down = true;
    expect(await bed.sync(userId, connectionId, OKX_KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
