import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

/** GET /market/news/sources: the publishers of the news a user has been shown lately (docs/markets-api.md "News"). */

type Sources = {
  sources: { name: string; headlines: number; lastPublishedAt: string }[];
  headlines: number;
  feeds: number;
  since: string;
};

let w: AuthWorld;
let yahoo: FakeYahooFinance;
let clock = new Date('2026-11-25T22:00:00Z');

beforeAll(async () => {
  yahoo = await startFakeYahooFinance('2026-11-25');
  // Only another user's symbol has this publisher.
  yahoo.news['vod.l'] = [
    {
      uuid: 'fake-vod-l-wire',
      title: 'Vodafone results in brief',
      publisher: 'Elsewhere Wire',
      link: 'https://news.example.com/vod-l-wire.html',
      providerPublishTime: Date.parse('2026-11-25T12:00:00Z') / 1000,
      type: 'STORY',
      relatedTickers: ['VOD.L'],
    },
  ];
  w = await createAuthWorld(
    { YAHOO_FINANCE_BASE_URL: yahoo.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', RATE_LIMIT_MAX: '100000' },
    { now: () => clock },
  );
}, 60_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
});

const sourcesOf = (browser: TestBrowser) => browser.json<Envelope<Sources>>('/api/v1/market/news/sources');

/** A manual brokerage holding one unit of `symbol`. */
async function hold(browser: TestBrowser, symbol: string) {
  const account = await browser.json<Envelope<{ account: { id: string } }>>('/api/v1/accounts', {
    body: { name: 'Own broker', type: 'brokerage', currency: 'USD', balance: 500 },
  });
  expect(account.status).toBe(201);
  const added = await browser.json('/api/v1/investments/holdings', {
    body: {
      accountId: account.body.data.account.id,
      symbol,
      quantity: '1',
      price: '100',
      date: '2026-11-20',
    },
  });
  expect(added.status).toBe(201);
}

describe('GET /market/news/sources', () => {
  it("lists the publishers of the user's held, watched and general news from the cache, before the preferences filter them", async () => {
    const { browser } = await signedInUser(w);
    const other = await signedInUser(w);

    const before = await sourcesOf(browser);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ sources: [], headlines: 0, feeds: 0 });

    expect((await browser.json('/api/v1/watchlist', { body: { symbol: 'AAPL' } })).status).toBe(200);
    await hold(browser, 'VTI');
    expect((await other.browser.json('/api/v1/watchlist', { body: { symbol: 'VOD.L' } })).status).toBe(200);
    // The news each one's cards show: held and watched symbols, and market news.
    expect((await browser.json('/api/v1/market/news?symbols=AAPL,VTI')).status).toBe(200);
    expect((await browser.json('/api/v1/market/news')).status).toBe(200);
    expect((await other.browser.json('/api/v1/market/news?symbols=VOD.L')).status).toBe(200);
    // Chosen publishers do not narrow what can be chosen.
    await browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { enabled_news_sources: ['Bloomberg'] },
    });

    const requests = yahoo.requests.length;
    const { status, body } = await sourcesOf(browser);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      sources: [
        { name: 'Reuters', headlines: 3, lastPublishedAt: '2026-11-25T19:00:00.000Z' },
        { name: 'Yahoo Finance Video', headlines: 3, lastPublishedAt: '2026-11-25T18:00:00.000Z' },
        { name: 'Bloomberg', headlines: 1, lastPublishedAt: '2026-11-25T17:00:00.000Z' },
      ],
      headlines: 7,
      feeds: 3,
      since: '2026-10-26T22:00:00.000Z',
    });
    // From the cache only: the feed is not asked.
    expect(yahoo.requests).toHaveLength(requests);

    // Each user's own symbols: the other user's publisher is theirs only.
    const others = await sourcesOf(other.browser);
    // One headline each: by name.
    expect(others.body.data.sources.map((source) => source.name)).toEqual([
      'Bloomberg',
      'Elsewhere Wire',
      'Reuters',
      'Yahoo Finance Video',
    ]);
    expect(body.data.sources.map((source) => source.name)).not.toContain('Elsewhere Wire');

    // News fetched more than 30 days ago is not recent.
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    expect((await sourcesOf(browser)).body.data).toMatchObject({ sources: [], headlines: 0, feeds: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await w.browser().json('/api/v1/market/news/sources')).status).toBe(401);
  });
});
