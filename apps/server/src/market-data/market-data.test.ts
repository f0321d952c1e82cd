import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { startFakeTwelveData, type FakeTwelveData } from '../testing/fake-twelve-data';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { createMarketData, createProvider, type MarketData } from './service';

/**
 * Both market-data providers against loopback fakes of their HTTP APIs, through the outbound guard, and
 * the PostgreSQL cache in front of them (ADR 020).
 */

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const TODAY = '2026-11-25';
let database: TestDatabase;
let yahoo: FakeYahooFinance;
let twelve: FakeTwelveData;
let clock: Date;

function configFor(provider: 'yahoo' | 'twelve-data', extra: Record<string, string> = {}) {
  return parseConfig({
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    MARKET_DATA_PROVIDER: provider,
    YAHOO_FINANCE_BASE_URL: yahoo.url,
    TWELVE_DATA_BASE_URL: twelve.url,
    TWELVE_DATA_API_KEY: twelve.apiKey,
    ...extra,
  });
}

function service(provider: 'yahoo' | 'twelve-data', extra: Record<string, string> = {}): MarketData {
  return createMarketData({ db: database.db, config: configFor(provider, extra), now: () => clock });
}

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  [database, yahoo, twelve] = await Promise.all([
    createTestDatabase(),
    startFakeYahooFinance(TODAY),
    startFakeTwelveData('td-test-key', TODAY),
  ]);
});
afterAll(async () => {
  await Promise.all([database.drop(), yahoo.close(), twelve.close()]);
});
beforeEach(async () => {
  clock = new Date(`${TODAY}T22:00:00Z`);
  yahoo.requests.length = 0;
  twelve.requests.length = 0;
  twelve.authorizations.length = 0;
  yahoo.failure = null;
  twelve.failure = null;
  await database.pool.query('delete from market_data_cache');
});

const aapl = () => yahoo.securities.find((security) => security.symbol === 'AAPL')!;

describe.each(['yahoo', 'twelve-data'] as const)('the %s provider', (id) => {
  it('quotes a stock with its previous close, currency, exchange and the time of the price', async () => {
    const provider = createProvider(configFor(id));
    const quotes = await provider.quotes(['AAPL', 'NOPE1']);
    const last = aapl().closes.at(-1)!;
    const previous = aapl().closes.at(-2)!;
    expect(quotes.get('AAPL')).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      currency: 'USD',
      price: String(Number(last.close)),
      previousClose: String(Number(previous.close)),
      priceTime: `${TODAY}T21:00:00.000Z`,
    });
    expect(quotes.has('NOPE1')).toBe(false);
  });

  it('keeps London prices in pence (GBX), never pounds', async () => {
    const quotes = await createProvider(configFor(id)).quotes(['VOD.L']);
    expect(quotes.get('VOD.L')?.currency).toBe('GBX');
  });

  it('searches by symbol or name with the type of each instrument', async () => {
    const results = await createProvider(configFor(id)).search('vanguard');
    expect(results.map((result) => [result.symbol, result.type])).toEqual([
      ['VTI', 'etf'],
      ['VFIAX', 'mutual_fund'],
    ]);
    expect(results[0]).toMatchObject({
      name: expect.stringContaining('Vanguard Total'),
      exchange: expect.any(String),
    });
  });

  it('gives daily closes oldest first for a range, and null for an unknown symbol', async () => {
    const provider = createProvider(configFor(id));
    const history = await provider.history('AAPL', '1m', TODAY);
    expect(history?.currency).toBe('USD');
    const points = history?.points ?? [];
    expect(points.length).toBeGreaterThan(18);
    expect(points.at(-1)).toEqual({ date: TODAY, close: String(Number(aapl().closes.at(-1)!.close)) });
    expect(points.map((point) => point.date)).toEqual([...points.map((point) => point.date)].sort());
    expect(points[0]!.date >= '2026-10-25').toBe(true);
    expect(await provider.history('NOPE1', '1y', TODAY)).toBeNull();
  });

  it('turns a rate limit into a rate_limited error and a server error into unavailable', async () => {
    const provider = createProvider(configFor(id));
    const fake = id === 'yahoo' ? yahoo : twelve;
    fake.failure = { status: 429 };
    await expect(provider.quotes(['AAPL'])).rejects.toMatchObject({ kind: 'rate_limited' });
    fake.failure = { status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' };
    await expect(provider.search('apple')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('Yahoo Finance specifics', () => {
  it('lists trending symbols', async () => {
    expect(await createProvider(configFor('yahoo')).trending()).toEqual(['AAPL', 'VTI']);
  });

  it('is refused by the outbound guard when private addresses are not allowed', async () => {
    const provider = createProvider(configFor('yahoo', { OUTBOUND_ALLOW_PRIVATE: 'false' }));
    await expect(provider.quotes(['AAPL'])).rejects.toMatchObject({ kind: 'unavailable' });
    expect(yahoo.requests).toEqual([]);
  });
});

describe('Twelve Data specifics', () => {
  it('asks for a batch of quotes in one request and sends the key in a header, never in the URL', async () => {
    const quotes = await createProvider(configFor('twelve-data')).quotes(['AAPL', 'VTI', 'NOPE1']);
    expect([...quotes.keys()].sort()).toEqual(['AAPL', 'VTI']);
    expect(twelve.requests).toEqual(['/quote?symbol=AAPL%2CVTI%2CNOPE1']);
    expect(twelve.authorizations).toEqual(['apikey td-test-key']);
  });

  it('reports a refused key as unauthorized, without the key in the message', async () => {
    const provider = createProvider(configFor('twelve-data', { TWELVE_DATA_API_KEY: 'wrong-key-123' }));
    const error = await provider.quotes(['AAPL']).catch((caught: unknown) => caught as Error);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(String((error as Error).message)).not.toContain('wrong-key-123');
  });

  it('has no trending list', async () => {
    expect(await createProvider(configFor('twelve-data')).trending()).toBeNull();
  });

  it('is required to have a key', () => {
    expect(() => configFor('twelve-data', { TWELVE_DATA_API_KEY: '' })).toThrow(/TWELVE_DATA_API_KEY/);
  });
});

describe('the cache in PostgreSQL', () => {
  it('answers a second quote request within a minute without calling the provider, and asks again after', async () => {
    const market = service('yahoo');
    const first = await market.quotes(['AAPL']);
    expect(first.quotes[0]).toMatchObject({ symbol: 'AAPL', stale: false, ageSeconds: 0, provider: 'yahoo' });
    expect(yahoo.requests).toHaveLength(1);
    later(59_000);
    const second = await service('yahoo').quotes(['AAPL']);
    expect(second.quotes[0]).toMatchObject({ price: first.quotes[0]!.price, stale: false, ageSeconds: 59 });
    expect(yahoo.requests).toHaveLength(1);
    later(2_000);
    await market.quotes(['AAPL']);
    expect(yahoo.requests).toHaveLength(2);
  });

  it('computes the day change exactly from the price and the previous close', async () => {
    const [quote] = (await service('twelve-data').quotes(['AAPL'])).quotes;
    const last = aapl().closes.at(-1)!.close;
    const previous = aapl().closes.at(-2)!.close;
    const cents = Math.round(Number(last) * 100) - Math.round(Number(previous) * 100);
    expect(quote?.change).toBe((cents / 100).toString());
    expect(quote?.changePercent).toBeCloseTo((cents / Math.round(Number(previous) * 100)) * 100, 2);
  });

  it('serves the last known quote with stale: true and its age when the provider fails', async () => {
    const market = service('yahoo');
    const fresh = await market.quotes(['AAPL', 'VTI']);
    later(5 * 60_000);
    yahoo.failure = { status: 500 };
    const stale = await market.quotes(['AAPL', 'VTI', 'VFIAX']);
    expect(stale.quotes.map((quote) => [quote.symbol, quote.price, quote.stale, quote.ageSeconds])).toEqual([
      ['AAPL', fresh.quotes[0]!.price, true, 300],
      ['VTI', fresh.quotes[1]!.price, true, 300],
    ]);
    // Never cached: no made-up price, the symbol is reported unavailable.
    expect(stale.unavailable).toEqual(['VFIAX']);
    expect(stale.unknown).toEqual([]);
  });

  it('remembers unknown symbols for the time to live', async () => {
    const market = service('twelve-data');
    expect((await market.quotes(['NOPE1'])).unknown).toEqual(['NOPE1']);
    expect((await market.quotes(['NOPE1'])).unknown).toEqual(['NOPE1']);
    expect(twelve.requests).toHaveLength(1);
  });

  it('keeps searches for an hour and histories for 12 hours', async () => {
    const market = service('yahoo');
    await market.search('Apple');
    await market.history('AAPL', '1y', TODAY);
    later(59 * 60_000);
    await market.search('apple');
    expect(yahoo.requests).toHaveLength(2);
    later(2 * 60_000);
    await market.search('apple');
    expect(yahoo.requests).toHaveLength(3);
    later(10 * 60 * 60_000);
    await market.history('AAPL', '1y', TODAY);
    expect(yahoo.requests).toHaveLength(3);
    later(2 * 60 * 60_000);
    yahoo.failure = { status: 429 };
    const stale = await market.history('AAPL', '1y', TODAY);
    expect(stale).toMatchObject({ stale: true, ageSeconds: (59 + 2 + 10 * 60 + 2 * 60) * 60 });
    expect(stale?.value.points.length).toBeGreaterThan(200);
  });

  it('keeps each provider’s answers apart', async () => {
    await service('yahoo').quotes(['AAPL']);
    await service('twelve-data').quotes(['AAPL']);
    expect(yahoo.requests).toHaveLength(1);
    expect(twelve.requests).toHaveLength(1);
  });

  it('fails with the provider error when nothing is cached', async () => {
    yahoo.failure = { status: 503 };
    await expect(service('yahoo').search('apple')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('news', () => {
  it.each(['yahoo', 'twelve-data'] as const)(
    'comes from Yahoo Finance’s keyless search feed when the provider is %s',
    async (id) => {
      const provider = createProvider(configFor(id));
      expect(provider.newsSource).toBe('yahoo');
      const items = await provider.news('AAPL');
      expect(items).toEqual([
        {
          id: 'fake-aapl-story',
          title: 'Apple Inc. shares move after analyst update',
          source: 'Reuters',
          publishedAt: `${TODAY}T16:00:00.000Z`,
          url: 'https://news.example.com/aapl-story.html',
          symbols: ['AAPL'],
          category: 'article',
        },
        expect.objectContaining({ id: 'fake-aapl-video', category: 'video', source: 'Yahoo Finance Video' }),
      ]);
      expect(yahoo.requests).toEqual(['/v1/finance/search?q=AAPL&newsCount=10&quotesCount=0']);
      expect(twelve.requests).toEqual([]);
      expect((await provider.news(null)).map((item) => item.id)).toEqual([
        'fake-market-close',
        'fake-market-video',
        'fake-market-bonds',
      ]);
      expect(yahoo.requests[1]).toBe('/v1/finance/search?q=stock+market&newsCount=10&quotesCount=0');
    },
  );

  it('drops items without a title, publisher, time or http(s) link, and never fills one in', async () => {
    const good = {
      uuid: 'ok-1',
      title: 'A headline',
      publisher: 'Reuters',
      link: 'https://news.example.com/ok-1.html',
      providerPublishTime: 1_764_000_000,
      type: 'STORY',
      relatedTickers: ['aapl', 'not a ticker', 7],
    };
    yahoo.news['aapl'] = [
      good,
      { ...good, uuid: 'no-title', title: '  ' },
      { ...good, uuid: 'no-link', link: undefined },
      { ...good, uuid: 'script-link', link: 'javascript:alert(1)' },
      { ...good, uuid: 'no-publisher', publisher: undefined },
      { ...good, uuid: 'no-time', providerPublishTime: '2026-11-25' },
      { ...good, uuid: 'ok-2', type: undefined, relatedTickers: undefined },
      good,
    ] as never;
    const items = await createProvider(configFor('yahoo')).news('AAPL');
    expect(items.map((item) => [item.id, item.symbols, item.category])).toEqual([
      ['ok-1', ['AAPL'], 'article'],
      ['ok-2', [], 'article'],
    ]);
    delete yahoo.news['aapl'];
  });

  it('reports an answer without a news list as bad_response', async () => {
    yahoo.failure = { status: 200, body: '{"quotes":[]}', contentType: 'application/json' };
    await expect(createProvider(configFor('yahoo')).news('AAPL')).rejects.toMatchObject({
      kind: 'bad_response',
    });
  });

  it('is cached ten minutes per symbol, shared by both providers, and served stale when the feed fails', async () => {
    const market = service('yahoo');
    const first = await market.news(['AAPL', 'VTI']);
    expect(first).toMatchObject({ stale: false, ageSeconds: 0, provider: 'yahoo', unavailable: [] });
    expect(first.items).toHaveLength(4);
    expect(yahoo.requests).toHaveLength(2);
    later(9 * 60_000);
    // The other provider reads the same news cache; AAPL is cached, VFIAX is asked for.
    const second = await service('twelve-data').news(['AAPL', 'VFIAX']);
    expect(yahoo.requests).toHaveLength(3);
    expect(second.ageSeconds).toBe(9 * 60);
    later(2 * 60_000);
    yahoo.failure = { status: 500 };
    const stale = await market.news(['AAPL', 'VOD.L']);
    expect(stale).toMatchObject({ stale: true, ageSeconds: 11 * 60, unavailable: ['VOD.L'] });
    expect(stale.items.map((item) => item.id)).toEqual(['fake-aapl-story', 'fake-aapl-video']);
    await expect(market.news(['VOD.L'])).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
