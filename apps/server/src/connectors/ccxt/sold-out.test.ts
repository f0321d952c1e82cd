import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connection } from '@lodestar/db';
import { startFakeBinance, type FakeBinance } from '../../testing/fake-exchanges';
import { startFakeGemini, type FakeGemini } from '../../testing/fake-gemini';
import { startFakeKucoin, type FakeKucoin, type KucoinFill } from '../../testing/fake-kucoin';
import { startExchangeTestBed, type ExchangeTestBed } from '../../testing/exchange-sync';

/**
 * Exchanges that read trades one market at a time (Binance, Gemini, KuCoin): the trades of a coin no longer
 * held, bought and sold or withdrawn before the exchange was connected, are still read.
 */

const BINANCE_KEY = { apiKey: 'binance-sold-out-key', secret: 'binance-sold-out-secret' };
const GEMINI_KEY = { apiKey: 'account-SoLdOuT7xQ2pL9vR', secret: 'gemini-sold-out-secret' };
const KUCOIN_KEY = {
  apiKey: 'kucoin-sold-out-key',
  secret: 'kucoin-sold-out-secret',
  password: 'kucoin-sold-out-passphrase',
};
const DAY = 86_400_000;
/** Days before now (the fakes answer Binance's default 90 days from the real clock). */
const daysAgo = (days: number) => Date.now() - days * DAY;

let bed: ExchangeTestBed;
let binance: FakeBinance;
let gemini: FakeGemini;
let kucoin: FakeKucoin;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  binance = await startFakeBinance(BINANCE_KEY);
  gemini = await startFakeGemini(GEMINI_KEY);
  kucoin = await startFakeKucoin(KUCOIN_KEY);
  bed.apiUrls.binance = binance.url;
  bed.apiUrls.gemini = gemini.url;
  bed.apiUrls.kucoin = kucoin.url;
});
afterAll(async () => {
  await binance.close();
  await gemini.close();
  await kucoin.close();
  await bed.close();
});
beforeEach(() => {
  binance.requests.length = 0;
  binance.tradeSymbols.length = 0;
  binance.spot = {};
  binance.trades = [];
  binance.deposits = [];
  binance.withdrawals = [];
  gemini.requests.length = 0;
  gemini.balances = {};
  gemini.trades = [];
  gemini.transfers = [];
  kucoin.requests.length = 0;
  kucoin.trade = {};
  kucoin.main = {};
  kucoin.fills = [];
  kucoin.deposits = [];
  kucoin.withdrawals = [];
});

const withdrawalRequests = () =>
  binance.requests.filter((request) => request.path === '/sapi/v1/capital/withdraw/history').length;
const depositRequests = () =>
  binance.requests.filter((request) => request.path === '/sapi/v1/capital/deposit/hisrec').length;

describe('Binance: trades of coins no longer held', () => {
  it('reads the sale of a coin deposited and sold entirely, then only newer trades', async () => {
    binance.spot = { USDT: '150.00000000' };
    binance.deposits = [{ id: 'dep-link', coin: 'LINK', amount: '10', insertTime: daysAgo(200), status: 1 }];
    binance.trades = [
      {
        symbol: 'LINKUSDT',
        id: 7001,
        price: '15.00',
        qty: '10.00000000',
        quoteQty: '150.00000000',
        time: daysAgo(150),
        isBuyer: false,
      },
    ];
    const { userId, connectionId } = await bed.connect('binance', BINANCE_KEY);
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Deposit 10 LINK',
      'Sold 10 LINK at 15 USDT',
    ]);
    // Only the markets of LINK and USDT: never those of coins the account never had.
    expect([...new Set(binance.tradeSymbols)].sort()).toEqual(['LINKBTC', 'LINKUSDT']);

    binance.trades.push({
      symbol: 'LINKUSDT',
      id: 7002,
      price: '16.00',
      qty: '1.00000000',
      quoteQty: '16.00000000',
      time: daysAgo(1),
      isBuyer: true,
    });
    binance.spot = { USDT: '134.00000000', LINK: '1.00000000' };
    binance.requests.length = 0;
    binance.tradeSymbols.length = 0;
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1 });
    expect(await bed.transactionsOf(userId)).toHaveLength(3);
    expect([...binance.tradeSymbols].sort()).toEqual(['LINKBTC', 'LINKUSDT']);
    // The deposit history already read is not walked again: only the days since the last sync.
    expect(depositRequests()).toBe(1);
  });

  it('reads the purchase of a coin bought with USDT and withdrawn entirely', async () => {
    binance.spot = { USDT: '50.00000000' };
    binance.trades = [
      {
        symbol: 'SOLUSDT',
        id: 8001,
        price: '100.00',
        qty: '2.00000000',
        quoteQty: '200.00000000',
        time: daysAgo(320),
        isBuyer: true,
      },
    ];
    binance.withdrawals = [{ id: 'wd-sol', coin: 'SOL', amount: '2', applyTime: daysAgo(300), status: 6 }];
    const { userId, connectionId } = await bed.connect('binance', BINANCE_KEY);
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Bought 2 SOL at 100 USDT',
      'Withdrawal 2 SOL',
    ]);
    // SOL against USDT and ETH (a common quote) — nothing else is asked for.
    expect([...binance.tradeSymbols].sort()).toEqual(['SOLETH', 'SOLUSDT']);
  });

  it('reads withdrawal history a few windows a sync, and a coin withdrawn long ago at a later sync', async () => {
    binance.spot = { USDT: '50.00000000' };
    binance.trades = [
      {
        symbol: 'SOLUSDT',
        id: 8101,
        price: '20.00',
        qty: '5.00000000',
        quoteQty: '100.00000000',
        time: daysAgo(1_100),
        isBuyer: true,
      },
    ];
    binance.withdrawals = [
      { id: 'wd-old-sol', coin: 'SOL', amount: '5', applyTime: daysAgo(1_000), status: 6 },
    ];
    const { userId, connectionId } = await bed.connect('binance', BINANCE_KEY);
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 0 });
    // 18,000 of Binance's 180,000 a minute each: nine 90-day windows, the newest.
    expect(withdrawalRequests()).toBe(9);
    expect(depositRequests()).toBeGreaterThan(30);

    binance.requests.length = 0;
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 2 });
    expect(withdrawalRequests()).toBeLessThanOrEqual(9);
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Bought 5 SOL at 20 USDT',
      'Withdrawal 5 SOL',
    ]);
  });

  it('walks the deposit history once for a connection synced before it was read', async () => {
    binance.spot = { USDT: '150.00000000' };
    binance.deposits = [
      { id: 'dep-link-old', coin: 'LINK', amount: '10', insertTime: daysAgo(400), status: 1 },
      { id: 'dep-usdt-new', coin: 'USDT', amount: '5', insertTime: daysAgo(10), status: 1 },
    ];
    binance.trades = [
      {
        symbol: 'LINKUSDT',
        id: 7101,
        price: '14.00',
        qty: '10.00000000',
        quoteQty: '140.00000000',
        time: daysAgo(350),
        isBuyer: false,
      },
    ];
    const { userId, connectionId } = await bed.connect('binance', BINANCE_KEY);
    // The cursor an earlier sync left: only the newest deposit's time.
    await bed.t.db
      .update(connection)
      .set({ cursor: JSON.stringify({ trades: {}, deposits: daysAgo(10) }) })
      .where(eq(connection.id, connectionId));
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toContain('Sold 10 LINK at 14 USDT');
  });

  it('remembers a coin seen in an earlier sync and reads its sale once it is gone', async () => {
    binance.spot = { ETH: '1.00000000' };
    binance.deposits = [{ id: 'dep-eth', coin: 'ETH', amount: '1', insertTime: daysAgo(100), status: 1 }];
    const { userId, connectionId } = await bed.connect('binance', BINANCE_KEY);
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1 });

    // Sold after that sync: ETH is neither held nor in the deposits read since.
    binance.spot = { USDT: '3000.00000000' };
    binance.trades = [
      {
        symbol: 'ETHUSDT',
        id: 9001,
        price: '3000.00',
        qty: '1.00000000',
        quoteQty: '3000.00000000',
        time: daysAgo(1),
        isBuyer: false,
      },
    ];
    binance.tradeSymbols.length = 0;
    expect(await bed.sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toContain('Sold 1 ETH at 3000 USDT');
    expect([...binance.tradeSymbols].sort()).toEqual(['ETHBTC', 'ETHUSDT']);
  });
});

describe('Gemini: trades of coins no longer held', () => {
  it('reads the sale of a coin deposited and sold entirely', async () => {
    gemini.balances = { USD: '3000' };
    gemini.transfers = [
      { eid: 501, type: 'Deposit', currency: 'ETH', amount: '1', timestampms: daysAgo(60) },
    ];
    gemini.trades = [
      {
        tid: 60_001,
        symbol: 'ethusd',
        type: 'Sell',
        price: '3000',
        amount: '1',
        timestampms: daysAgo(30),
      },
    ];
    const { userId, connectionId } = await bed.connect('gemini', GEMINI_KEY);
    expect(await bed.sync(userId, connectionId, GEMINI_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Deposit 1 ETH',
      'Sold 1 ETH at 3000 USD',
    ]);
    const asked = gemini.requests
      .filter((request) => request.path === '/v1/mytrades')
      .map((request) => String(request.payload.symbol).toLowerCase());
    expect([...new Set(asked)].sort()).toEqual(['ethbtc', 'ethusd']);
  });
});

/** A KuCoin fill of `size` at `price`, `days` ago. */
function kucoinFill(
  symbol: KucoinFill['symbol'],
  id: number,
  side: KucoinFill['side'],
  size: string,
  price: string,
  days: number,
): KucoinFill {
  return { symbol, id, side, size, price, createdAt: daysAgo(days) };
}

/** The markets whose fills KuCoin was asked for, one entry a request. */
const kucoinFillRequests = () =>
  kucoin.requests
    .filter((request) => request.path === '/api/v1/hf/fills')
    .map((request) => request.query.symbol);

describe('KuCoin: trades of coins no longer held', () => {
  it('reads the sale of a coin deposited and sold entirely, then only newer fills', async () => {
    kucoin.trade = { USDT: '3000' };
    kucoin.deposits = [{ id: 'eth-in', currency: 'ETH', amount: '1', createdAt: daysAgo(200) }];
    kucoin.fills = [kucoinFill('ETH-USDT', 501, 'sell', '1', '3000', 150)];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Deposit 1 ETH',
      'Sold 1 ETH at 3000 USDT',
    ]);
    // The markets of ETH (against USDT and BTC, a common quote), each 7 days a request over the year
    // KuCoin keeps; never BTC-USDT (the account never had bitcoin).
    const first = kucoinFillRequests();
    expect([...new Set(first)].sort()).toEqual(['ETH-BTC', 'ETH-USDT']);
    expect(first.filter((symbol) => symbol === 'ETH-BTC').length).toBeGreaterThanOrEqual(52);

    kucoin.fills.push(kucoinFill('ETH-USDT', 502, 'buy', '0.5', '3100', 1));
    kucoin.trade = { USDT: '1450', ETH: '0.5' };
    kucoin.requests.length = 0;
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 1 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Deposit 1 ETH',
      'Sold 1 ETH at 3000 USDT',
      'Bought 0.5 ETH at 3100 USDT',
    ]);
    // Each market from where the previous sync read up to, a market without fills too: not the year again.
    const next = kucoinFillRequests();
    expect([...new Set(next)].sort()).toEqual(['ETH-BTC', 'ETH-USDT']);
    expect(next.length).toBeLessThanOrEqual(4);

    kucoin.requests.length = 0;
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 0 });
    expect(await bed.transactionsOf(userId)).toHaveLength(3);
  });

  it('reads the purchase of a coin bought with USDT and withdrawn entirely', async () => {
    kucoin.trade = { USDT: '10' };
    kucoin.fills = [kucoinFill('BTC-USDT', 601, 'buy', '0.1', '50000', 90)];
    kucoin.withdrawals = [{ id: 'btc-out', currency: 'BTC', amount: '0.1', createdAt: daysAgo(60) }];
    const { userId, connectionId } = await bed.connect('kucoin', KUCOIN_KEY);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 2 });
    expect((await bed.transactionsOf(userId)).map((row) => row.name)).toEqual([
      'Bought 0.1 BTC at 50000 USDT',
      'Withdrawal 0.1 BTC',
    ]);
    expect([...new Set(kucoinFillRequests())]).toEqual(['BTC-USDT']);
    expect(await bed.sync(userId, connectionId, KUCOIN_KEY)).toMatchObject({ ok: true, added: 0 });
  });
});
