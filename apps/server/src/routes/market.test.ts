import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

/** The market and watchlist endpoints against the Yahoo Finance fake (docs/markets-api.md). */

type Quote = { symbol: string; price: string; currency: string; stale: boolean; ageSeconds: number };
type Watchlist = { symbols: string[]; items: { symbol: string; quote: Quote | null }[] };

let w: AuthWorld;
let yahoo: FakeYahooFinance;
let browser: TestBrowser;
let userId: string;
let clock = new Date('2026-11-25T22:00:00Z');

beforeAll(async () => {
  yahoo = await startFakeYahooFinance('2026-11-25');
  w = await createAuthWorld(
    { YAHOO_FINANCE_BASE_URL: yahoo.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', RATE_LIMIT_MAX: '100000' },
    { now: () => clock },
  );
  ({ browser, userId } = await signedInUser(w));
}, 60_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
});
beforeEach(() => {
  yahoo.failure = null;
});

const get = <T>(path: string) => browser.json<Envelope<T>>(`/api/v1${path}`);
const send = <T>(method: string, path: string, body?: unknown) =>
  browser.json<Envelope<T>>(`/api/v1${path}`, { method, ...(body !== undefined && { body }) });

describe('quotes', () => {
  it('quotes a symbol, whatever its case, with currency, price time and freshness', async () => {
    const { status, body } = await get<Quote & Record<string, unknown>>('/market/quote?symbol=aapl');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      currency: 'USD',
      type: 'equity',
      priceTime: '2026-11-25T21:00:00.000Z',
      provider: 'yahoo',
      stale: false,
    });
    expect(body.data.price).toMatch(/^\d+(\.\d+)?$/);
  });

  it('answers 404 naming an unknown symbol and 400 for something that is not a symbol', async () => {
    const unknown = await get('/market/quote?symbol=NOPE1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No security found for symbol NOPE1');
    const invalid = await get('/market/quote?symbol=A%20B');
    expect(invalid.status).toBe(400);
    expect(invalid.body.items?.[0]?.message).toBe(
      'Symbol must be 1 to 20 characters: letters, digits and . - = ^ /',
    );
  });

  it('quotes up to 50 symbols at once and lists the unknown ones', async () => {
    const { body } = await get<{ quotes: Quote[]; unknown: string[] }>(
      '/market/quotes?symbols=AAPL,vti,NOPE1,AAPL',
    );
    expect(body.data.quotes.map((quote) => quote.symbol)).toEqual(['AAPL', 'VTI']);
    expect(body.data.unknown).toEqual(['NOPE1']);
    const many = Array.from({ length: 51 }, (_, index) => `S${index}`).join(',');
    const tooMany = await get(`/market/quotes?symbols=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.items?.[0]?.message).toBe(
      'Symbols must be a comma-separated list of 1 to 50 symbols',
    );
  });

  it('serves the last known quote, marked stale with its age, when the provider is down', async () => {
    await get('/market/quote?symbol=VOD.L');
    clock = new Date(clock.getTime() + 10 * 60_000);
    yahoo.failure = { status: 502 };
    const { status, body } = await get<Quote>('/market/quote?symbol=VOD.L');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ symbol: 'VOD.L', currency: 'GBX', stale: true, ageSeconds: 600 });
  });

  it('answers 503 when the provider is down and nothing is known', async () => {
    yahoo.failure = { status: 429 };
    const { status, body } = await get('/market/quote?symbol=VFIAX');
    expect(status).toBe(503);
    expect(body.error).toBe('Market data is unavailable right now');
  });
});

describe('search, trending and history', () => {
  it('searches by name or symbol', async () => {
    const { body } = await get<{ results: { symbol: string; type: string; currency: string | null }[] }>(
      '/market/search?q=Vanguard',
    );
    expect(body.data.results.map((result) => [result.symbol, result.type])).toEqual([
      ['VTI', 'etf'],
      ['VFIAX', 'mutual_fund'],
    ]);
    expect((await get('/market/search?q=')).status).toBe(400);
  });

  it('lists trending symbols with their quotes', async () => {
    const { body } = await get<{ available: boolean; symbols: string[]; quotes: Quote[] }>(
      '/market/trending',
    );
    expect(body.data).toMatchObject({ available: true, symbols: ['AAPL', 'VTI'] });
    expect(body.data.quotes.map((quote) => quote.symbol)).toEqual(['AAPL', 'VTI']);
  });

  it("gives a security's daily closes over a range", async () => {
    const { status, body } = await get<{ currency: string; range: string; points: { date: string }[] }>(
      '/market/history?symbol=AAPL&range=3m',
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ currency: 'USD', range: '3m' });
    expect(body.data.points.length).toBeGreaterThan(55);
    expect(body.data.points.at(-1)?.date).toBe('2026-11-25');
    expect((await get('/market/history?symbol=AAPL&range=2w')).body.items?.[0]?.message).toBe(
      'Range must be one of 1m, 3m, 6m, ytd, 1y, 5y, 10y, max',
    );
    expect((await get('/market/history?symbol=NOPE1')).status).toBe(404);
  });
});

describe('the watchlist', () => {
  it('adds, places, reorders and removes symbols, kept as the watchlist_symbols preference', async () => {
    expect((await get<Watchlist>('/watchlist')).body.data).toEqual({ symbols: [], items: [] });
    await send('POST', '/watchlist', { symbol: 'aapl' });
    await send('POST', '/watchlist', { symbol: 'VTI' });
    const placed = await send<Watchlist>('POST', '/watchlist', { symbol: 'VFIAX', position: 0 });
    expect(placed.status).toBe(200);
    expect(placed.body.data.symbols).toEqual(['VFIAX', 'AAPL', 'VTI']);
    expect(placed.body.data.items[1]?.quote).toMatchObject({ symbol: 'AAPL', currency: 'USD' });
    // Adding one already there changes nothing.
    expect((await send<Watchlist>('POST', '/watchlist', { symbol: 'VTI' })).body.data.symbols).toEqual([
      'VFIAX',
      'AAPL',
      'VTI',
    ]);
    const reordered = await send<Watchlist>('PUT', '/watchlist', { symbols: ['VTI', 'VFIAX', 'AAPL'] });
    expect(reordered.body.data.symbols).toEqual(['VTI', 'VFIAX', 'AAPL']);
    const preferences = await get<Record<string, unknown>>('/user/preferences');
    expect(preferences.body.data.watchlist_symbols).toEqual(['VTI', 'VFIAX', 'AAPL']);
    const removed = await send<Watchlist>('DELETE', '/watchlist?symbol=vfiax');
    expect(removed.body.data.symbols).toEqual(['VTI', 'AAPL']);
  });

  it('refuses an unknown symbol, a reorder that is not the same symbols, and removing one not there', async () => {
    const before = (await get<Watchlist>('/watchlist')).body.data.symbols;
    const unknown = await send('POST', '/watchlist', { symbol: 'NOPE1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No security found for symbol NOPE1');
    const wrongOrder = await send('PUT', '/watchlist', { symbols: [before[0], before[0]] });
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.body.items?.[0]?.message).toBe(
      'Symbols must name every watchlist symbol exactly once, in the new order',
    );
    const missing = await send('DELETE', '/watchlist?symbol=MSFT');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('MSFT is not on your watchlist');
    expect((await get<Watchlist>('/watchlist')).body.data.symbols).toEqual(before);
  });

  it('holds at most 100 symbols', async () => {
    const { browser: other } = await signedInUser(w);
    const hundred = Array.from({ length: 100 }, (_, index) => `S${index}`);
    await other.json('/api/v1/user/preferences', { method: 'PATCH', body: { watchlist_symbols: hundred } });
    const full = await other.json<Envelope<unknown>>('/api/v1/watchlist', { body: { symbol: 'AAPL' } });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('The watchlist holds at most 100 symbols: remove one first');
  });

  it('is each user’s own', async () => {
    const { browser: other } = await signedInUser(w);
    expect((await other.json<Envelope<Watchlist>>('/api/v1/watchlist')).body.data.symbols).toEqual([]);
    const rows = await w.t.database.pool.query(
      `select preferences -> 'watchlist_symbols' as symbols from user_preferences where user_id = $1`,
      [userId],
    );
    expect(rows.rows[0]?.symbols).toEqual(['VTI', 'AAPL']);
  });
});

type News = {
  scope: string;
  items: {
    id: string;
    title: string;
    source: string;
    publishedAt: string;
    url: string;
    symbols: string[];
    category: string;
  }[];
  filtered: number;
  unavailable: string[];
  provider: string;
  stale: boolean;
  ageSeconds: number;
};

describe('news', () => {
  beforeEach(async () => {
    await send('PATCH', '/user/preferences', { enabled_news_sources: [], news_categories: [] });
  });

  it('gives headlines for symbols, newest first, each with source, time, link and symbols', async () => {
    const { status, body } = await get<News>('/market/news?symbols=aapl,VTI');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ scope: 'symbols', filtered: 0, unavailable: [], provider: 'yahoo' });
    expect(body.data.items.map((item) => item.id)).toEqual([
      'fake-aapl-story',
      'fake-vti-story',
      'fake-aapl-video',
      'fake-vti-video',
    ]);
    expect(body.data.items[0]).toEqual({
      id: 'fake-aapl-story',
      title: 'Apple Inc. shares move after analyst update',
      source: 'Reuters',
      publishedAt: '2026-11-25T16:00:00.000Z',
      url: 'https://news.example.com/aapl-story.html',
      symbols: ['AAPL'],
      category: 'article',
    });
    expect(yahoo.requests.filter((path) => path.includes('newsCount=10'))).toContain(
      '/v1/finance/search?q=AAPL&newsCount=10&quotesCount=0',
    );
  });

  it('gives general market news when no symbol is asked', async () => {
    const { body } = await get<News>('/market/news');
    expect(body.data.scope).toBe('general');
    expect(body.data.items.map((item) => item.source)).toEqual([
      'Reuters',
      'Yahoo Finance Video',
      'Bloomberg',
    ]);
  });

  it("keeps only the user's enabled sources and categories, and says how many it left out", async () => {
    await send('PATCH', '/user/preferences', { enabled_news_sources: [' reuters ', 'Bloomberg'] });
    const bySource = (await get<News>('/market/news')).body.data;
    expect(bySource.items.map((item) => item.source)).toEqual(['Reuters', 'Bloomberg']);
    expect(bySource.filtered).toBe(1);
    await send('PATCH', '/user/preferences', { enabled_news_sources: [], news_categories: ['video'] });
    const videos = (await get<News>('/market/news?symbols=AAPL')).body.data;
    expect(videos.items.map((item) => [item.id, item.category])).toEqual([['fake-aapl-video', 'video']]);
    // A list naming no known category lets everything through.
    await send('PATCH', '/user/preferences', { news_categories: ['markets'] });
    expect((await get<News>('/market/news?symbols=AAPL')).body.data.items).toHaveLength(2);
  });

  it('refuses more than 20 symbols or something that is not a symbol', async () => {
    const many = Array.from({ length: 21 }, (_, index) => `S${index}`).join(',');
    const tooMany = await get(`/market/news?symbols=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.items?.[0]?.message).toBe(
      'Symbols must be a comma-separated list of 1 to 20 symbols',
    );
    expect((await get('/market/news?symbols=A%20B')).status).toBe(400);
  });

  it('serves the last known news marked stale when the feed is down, and 503 when none is known', async () => {
    await get('/market/news?symbols=VOD.L');
    clock = new Date(clock.getTime() + 30 * 60_000);
    yahoo.failure = { status: 502 };
    const stale = await get<News>('/market/news?symbols=VOD.L');
    expect(stale.status).toBe(200);
    expect(stale.body.data).toMatchObject({ stale: true, ageSeconds: 1800 });
    expect(stale.body.data.items.map((item) => item.id)).toEqual(['fake-vod-l-story', 'fake-vod-l-video']);
    const partly = await get<News>('/market/news?symbols=VOD.L,VFIAX');
    expect(partly.body.data.unavailable).toEqual(['VFIAX']);
    const none = await get('/market/news?symbols=VFIAX');
    expect(none.status).toBe(503);
    expect(none.body.error).toBe('Market news is unavailable right now');
  });
});
