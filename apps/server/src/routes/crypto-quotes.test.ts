import { ensureCryptoSecurities, replaceHoldings } from '@lodestar/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import type { InvestmentHolding, InvestmentTotals } from '../use-cases/holdings/investments';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

/**
 * Crypto symbols on /market/quote, /market/quotes and crypto holdings on /investments, answered from the
 * crypto price service against the CoinGecko fake (docs/markets-api.md "Crypto symbols", ADR 082).
 */

type Quote = {
  symbol: string;
  name: string | null;
  type: string;
  currency: string;
  price: string;
  previousClose: string | null;
  change: string | null;
  changePercent: number | null;
  priceTime: string;
  provider: string;
  fetchedAt: string;
  ageSeconds: number;
  stale: boolean;
};
type Quotes = { quotes: Quote[]; unknown: string[]; unavailable: string[] };
type Investments = { holdings: InvestmentHolding[]; totals: InvestmentTotals };

let w: AuthWorld;
let yahoo: FakeYahooFinance;
let gecko: FakeCoinGecko;
const clock = new Date('2026-11-25T22:00:00Z');
const start = clock.getTime();
/** The source last updated its prices five minutes before the tests start. */
const updatedAt = Math.floor(start / 1000) - 300;

beforeAll(async () => {
  yahoo = await startFakeYahooFinance('2026-11-25');
  gecko = await startFakeCoinGecko();
  w = await createAuthWorld(
    {
      YAHOO_FINANCE_BASE_URL: yahoo.url,
      CRYPTO_PRICES_URL: gecko.url,
      OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
      RATE_LIMIT_MAX: '100000',
    },
    { now: () => clock },
  );
}, 60_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
  await gecko.close();
});
beforeEach(() => {
  clock.setTime(start);
  gecko.down = false;
  gecko.coins.clear();
  gecko.coins.set('bitcoin', {
    prices: { usd: 60_000, eur: 55_000 },
    change24h: 20,
    lastUpdatedAt: updatedAt,
  });
  gecko.coins.set('usd-coin', {
    prices: { usd: 1.0004, eur: 0.92 },
    change24h: 0.05,
    lastUpdatedAt: updatedAt,
  });
  gecko.coins.set('solana', { prices: { usd: 150, eur: 138 }, change24h: -25, lastUpdatedAt: updatedAt });
  gecko.coins.set('tether', {
    prices: { usd: 0.9995, eur: 0.92 },
    change24h: -0.02,
    lastUpdatedAt: updatedAt,
  });
  gecko.coins.set('bonk', {
    prices: { usd: 0.00002, eur: 0.000018 },
    change24h: -20,
    lastUpdatedAt: updatedAt,
  });
});

const get = <T>(browser: TestBrowser, path: string) => browser.json<Envelope<T>>(`/api/v1${path}`);

/** Crypto positions in a wallet account, as a wallet sync writes them (security provider `crypto`, USD). */
async function holdCrypto(
  userId: string,
  positions: { symbol: string; name: string; priceId: string; quantity: string; price: string }[],
) {
  const wallet = await addAccount(w.t.database.db, userId, {
    name: 'Cold wallet',
    type: 'wallet',
    provider: 'blockchain',
  });
  const ids = await ensureCryptoSecurities(
    w.t.database.db,
    positions.map((position) => ({ ...position, currency: 'USD' })),
  );
  await replaceHoldings(
    w.t.database.db,
    { userId, accountId: wallet.id },
    positions.map((position) => ({
      securityId: ids.get(position.priceId)!,
      quantity: position.quantity,
      price: position.price,
      costBasis: null,
      currency: 'USD',
      asOf: '2026-11-19',
    })),
  );
  return wallet;
}

describe('crypto quotes', () => {
  it('quotes a known coin from the crypto price service, in USD, with its 24-hour change', async () => {
    const { browser } = await signedInUser(w);
    const { status, body } = await get<Quote>(browser, '/market/quote?symbol=btc');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      exchange: null,
      type: 'crypto',
      currency: 'USD',
      price: '60000',
      previousClose: '50000',
      change: '10000',
      changePercent: 20,
      priceTime: new Date(updatedAt * 1000).toISOString(),
      provider: 'coingecko',
      fetchedAt: clock.toISOString(),
      ageSeconds: 0,
      stale: false,
    });
    expect(yahoo.requests.some((request) => request.includes('BTC'))).toBe(false);
  });

  it('reuses the stored quote for a minute, then serves it marked stale with its age when the source is down', async () => {
    const { browser } = await signedInUser(w);
    await get<Quote>(browser, '/market/quote?symbol=BTC');
    const asked = gecko.requests.length;
    clock.setTime(start + 30_000);
    expect((await get<Quote>(browser, '/market/quote?symbol=BTC')).body.data).toMatchObject({
      stale: false,
      ageSeconds: 30,
    });
    expect(gecko.requests.length).toBe(asked);

    gecko.down = true;
    clock.setTime(start + 120_000);
    const stale = await get<Quote>(browser, '/market/quote?symbol=BTC');
    expect(stale.status).toBe(200);
    expect(stale.body.data).toMatchObject({ price: '60000', stale: true, ageSeconds: 120 });
  });

  it('answers 503 for a known coin never priced while the source is down, and lists it unavailable in a batch', async () => {
    const { browser } = await signedInUser(w);
    gecko.down = true;
    const one = await get<Quote>(browser, '/market/quote?symbol=ETH');
    expect(one.status).toBe(503);
    const batch = await get<Quotes>(browser, '/market/quotes?symbols=ETH,AAPL');
    expect(batch.body.data.quotes.map((quote) => quote.symbol)).toEqual(['AAPL']);
    expect(batch.body.data.unavailable).toEqual(['ETH']);
  });

  it('mixes crypto and market quotes in one batch, in the order asked; a stablecoin at its peg has no change', async () => {
    const { browser } = await signedInUser(w);
    const { status, body } = await get<Quotes>(browser, '/market/quotes?symbols=AAPL,usdc,BTC,NOPE1');
    expect(status).toBe(200);
    expect(body.data.quotes.map((quote) => [quote.symbol, quote.provider])).toEqual([
      ['AAPL', 'yahoo'],
      ['USDC', 'coingecko'],
      ['BTC', 'coingecko'],
    ]);
    expect(body.data.quotes[1]).toMatchObject({
      price: '1',
      currency: 'USD',
      previousClose: null,
      change: null,
      changePercent: null,
    });
    expect(body.data.unknown).toEqual(['NOPE1']);
    expect(body.data.unavailable).toEqual([]);
  });

  it('quotes a crypto asset the user holds under its ticker; for another user the symbol stays unknown', async () => {
    const holder = await signedInUser(w);
    await holdCrypto(holder.userId, [
      { symbol: 'BONK', name: 'Bonk', priceId: 'bonk', quantity: '1000000', price: '0.00002' },
    ]);
    const held = await get<Quote>(holder.browser, '/market/quote?symbol=BONK');
    expect(held.status).toBe(200);
    expect(held.body.data).toMatchObject({
      symbol: 'BONK',
      name: 'Bonk',
      price: '0.00002',
      previousClose: '0.000025',
      change: '-0.000005',
      changePercent: -20,
      provider: 'coingecko',
    });

    const other = await signedInUser(w);
    const unknown = await get(other.browser, '/market/quote?symbol=BONK');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No security found for symbol BONK');
  });
});

describe('GET /investments with crypto holdings', () => {
  it("values a crypto holding at the price service's quote, with its 24-hour change as the day change", async () => {
    const { browser, userId } = await signedInUser(w);
    await holdCrypto(userId, [
      { symbol: 'SOL', name: 'Solana', priceId: 'solana', quantity: '2', price: '120' },
      { symbol: 'USDT', name: 'Tether', priceId: 'tether', quantity: '1000', price: '1' },
    ]);
    // Never priced: valued at the holding's own price, no day change (never a made-up one).
    const before = await get<Investments>(browser, '/investments');
    expect(before.body.data.holdings.map((holding) => holding.dayChangeUnavailable)).toEqual([
      'not_quoted',
      'not_quoted',
    ]);

    // The price service prices them (here through the quote endpoint; a wallet sync does the same).
    await get<Quotes>(browser, '/market/quotes?symbols=SOL,USDT');
    const after = await get<Investments>(browser, '/investments');
    expect(after.status).toBe(200);
    const bySymbol = new Map(after.body.data.holdings.map((holding) => [holding.symbol, holding]));
    expect(bySymbol.get('SOL')).toMatchObject({
      type: 'crypto',
      price: { amount: '150', currency: 'USD', date: '2026-11-25' },
      marketValue: { amountMinor: 30_000, currency: 'USD' },
      dayChange: {
        amount: { amountMinor: -10_000, currency: 'USD' },
        converted: { amountMinor: -10_000, currency: 'USD' },
        percent: -25,
        priceDate: '2026-11-25',
        previousClose: '200',
        stale: false,
      },
      dayChangeUnavailable: null,
    });
    expect(bySymbol.get('USDT')).toMatchObject({
      price: { amount: '1', currency: 'USD' },
      dayChange: null,
      dayChangeUnavailable: 'pegged',
    });
    expect(after.body.data.totals).toMatchObject({
      marketValue: { amountMinor: 130_000, currency: 'USD' },
      dayChange: { amountMinor: -10_000, currency: 'USD' },
      dayChangeCount: 1,
    });

    // Three hours later without a new price: the same figures, marked stale.
    clock.setTime(start + 3 * 60 * 60_000);
    const later = await get<Investments>(browser, '/investments');
    const sol = later.body.data.holdings.find((holding) => holding.symbol === 'SOL');
    expect(sol?.dayChange).toMatchObject({ stale: true, priceDate: '2026-11-25' });
  });
});
