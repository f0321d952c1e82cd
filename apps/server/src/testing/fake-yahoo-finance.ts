import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, type FakeFailure, fakeSecurities, type FakeSecurity } from './fake-market-securities';

/**
 * A loopback stand-in for Yahoo Finance's public JSON endpoints on 127.0.0.1, answering in their layout:
 * `/v8/finance/chart/{symbol}?range=…&interval=1d` (`chart.result[0].meta` with regularMarketPrice,
 * regularMarketTime, currency, exchangeName, instrumentType, gmtoffset; `timestamp[]`;
 * `indicators.quote[0].close[]`; an unknown symbol is a 404 with `chart.error.code: "Not Found"`),
 * `/v1/finance/search?q=` (`quotes[]` with symbol, shortname, longname, exchDisp, quoteType, and up to
 * `newsCount` items of `news[]` with uuid, title, publisher, link, providerPublishTime, type,
 * relatedTickers and thumbnail) and
 * `/v1/finance/trending/US` (`finance.result[0].quotes[].symbol`). Too many requests is a plain-text 429,
 * as Yahoo sends it.
 */

/** One item of the search answer's `news` array, in Yahoo's layout. */
export type FakeYahooNewsItem = {
  uuid: string;
  title: string;
  publisher: string;
  link: string;
  providerPublishTime: number;
  type: string;
  relatedTickers?: string[];
  thumbnail?: { resolutions: { url: string; width: number; height: number; tag: string }[] };
};

export type FakeYahooFinance = {
  /** Origin to use as YAHOO_FINANCE_BASE_URL. */
  url: string;
  securities: FakeSecurity[];
  trending: string[];
  /**
   * News by lower-cased search query, when set; otherwise a symbol the fake knows has two headlines
   * (a Reuters story and a Yahoo Finance Video video) and the query "stock market" three, one per hour
   * back from 20:00 UTC on the last day.
   */
  news: Record<string, FakeYahooNewsItem[]>;
  /** Every request's path and query, in order. */
  requests: string[];
  failure: FakeFailure;
  close(): Promise<void>;
};

const RANGE_DAYS: Record<string, number> = {
  '1d': 1,
  '5d': 7,
  '1mo': 31,
  '3mo': 92,
  '6mo': 183,
  '1y': 366,
  '5y': 1830,
  '10y': 3660,
};
/** New York in November: UTC−5. */
const GMT_OFFSET = -18_000;

function fakeNews(query: string, securities: FakeSecurity[], lastDay: string): FakeYahooNewsItem[] {
  const at = (hoursBack: number) => Date.parse(`${lastDay}T20:00:00Z`) / 1000 - hoursBack * 3600;
  const item = (
    id: string,
    title: string,
    publisher: string,
    type: string,
    hoursBack: number,
    tickers: string[],
  ) => ({
    uuid: `fake-${id}`,
    title,
    publisher,
    link: `https://news.example.com/${id}.html`,
    providerPublishTime: at(hoursBack),
    type,
    relatedTickers: tickers,
    thumbnail: {
      resolutions: [{ url: `https://news.example.com/${id}.jpg`, width: 140, height: 140, tag: '140x140' }],
    },
  });
  if (query === 'stock market') {
    return [
      item('market-close', 'Stocks close higher as investors weigh rate outlook', 'Reuters', 'STORY', 1, []),
      item('market-video', 'Market wrap: what moved today', 'Yahoo Finance Video', 'VIDEO', 2, ['^GSPC']),
      item('market-bonds', 'Treasury yields ease ahead of jobs data', 'Bloomberg', 'STORY', 3, []),
    ];
  }
  const security = securities.find((candidate) => candidate.symbol.toLowerCase() === query);
  if (!security) return [];
  const slug = security.symbol.toLowerCase().replace(/[^a-z0-9]/g, '-');
  return [
    item(`${slug}-story`, `${security.name} shares move after analyst update`, 'Reuters', 'STORY', 4, [
      security.symbol,
    ]),
    item(
      `${slug}-video`,
      `Why ${security.symbol} is on investors' radar`,
      'Yahoo Finance Video',
      'VIDEO',
      6,
      [security.symbol],
    ),
  ];
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeYahooFinance(lastDay = '2026-11-25'): Promise<FakeYahooFinance> {
  const fake: Omit<FakeYahooFinance, 'url' | 'close'> = {
    securities: fakeSecurities(lastDay),
    trending: ['AAPL', 'VTI'],
    news: {},
    requests: [],
    failure: null,
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    if (fake.failure) {
      response.writeHead(fake.failure.status, { 'content-type': fake.failure.contentType ?? 'text/plain' });
      response.end(fake.failure.body ?? (fake.failure.status === 429 ? 'Too Many Requests\r\n' : 'Error'));
      return;
    }
    const chart = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    if (chart) {
      const symbol = decodeURIComponent(chart[1] ?? '').toUpperCase();
      const security = fake.securities.find((candidate) => candidate.symbol === symbol);
      if (!security) {
        json(response, 404, {
          chart: {
            result: null,
            error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
          },
        });
        return;
      }
      const range = url.searchParams.get('range') ?? '1mo';
      const last = security.closes.at(-1)!;
      const from =
        range === 'max'
          ? '0000'
          : range === 'ytd'
            ? `${last.date.slice(0, 4)}-01-01`
            : addDays(last.date, -(RANGE_DAYS[range] ?? 31));
      const points = security.closes.filter((point) => point.date >= from);
      // Yahoo stamps a daily bar at the session's open (09:30 New York = 14:30 UTC).
      const stamp = (date: string) => Date.parse(`${date}T14:30:00Z`) / 1000;
      json(response, 200, {
        chart: {
          result: [
            {
              meta: {
                currency: security.currency,
                symbol: security.symbol,
                exchangeName: security.exchange.slice(0, 3).toUpperCase(),
                fullExchangeName: security.exchange,
                instrumentType: security.yahooType,
                firstTradeDate: stamp(security.closes[0]!.date),
                regularMarketTime: Date.parse(`${last.date}T21:00:00Z`) / 1000,
                gmtoffset: GMT_OFFSET,
                timezone: 'EST',
                exchangeTimezoneName: 'America/New_York',
                regularMarketPrice: Number(last.close),
                longName: security.name,
                shortName: security.name.slice(0, 24),
                chartPreviousClose: Number(
                  security.closes[security.closes.indexOf(points[0]!) - 1]?.close ?? last.close,
                ),
                priceHint: 2,
                dataGranularity: '1d',
                range,
              },
              timestamp: points.map((point) => stamp(point.date)),
              indicators: {
                quote: [{ close: points.map((point) => Number(point.close)) }],
                adjclose: [{ adjclose: points.map((point) => Number(point.close)) }],
              },
            },
          ],
          error: null,
        },
      });
      return;
    }
    if (url.pathname === '/v1/finance/search') {
      const query = (url.searchParams.get('q') ?? '').toLowerCase();
      const count = Number(url.searchParams.get('quotesCount') ?? 6);
      const newsCount = Number(url.searchParams.get('newsCount') ?? 8);
      // Own keys only: a search for "constructor" is a search, not Object.prototype's.
      const set = Object.hasOwn(fake.news, query) ? fake.news[query] : undefined;
      const news = (set ?? fakeNews(query, fake.securities, lastDay)).slice(0, newsCount);
      const matches = fake.securities
        .filter(
          (security) =>
            security.symbol.toLowerCase().startsWith(query) || security.name.toLowerCase().includes(query),
        )
        .slice(0, count);
      json(response, 200, {
        explains: [],
        count: matches.length + news.length,
        quotes: matches.map((security) => ({
          exchange: security.exchange.slice(0, 3).toUpperCase(),
          shortname: security.name.slice(0, 24),
          quoteType: security.yahooType,
          symbol: security.symbol,
          index: 'quotes',
          score: 100_000,
          typeDisp: security.yahooType === 'MUTUALFUND' ? 'Fund' : security.yahooType,
          longname: security.name,
          exchDisp: security.exchange,
          isYahooFinance: true,
        })),
        news,
        nav: [],
      });
      return;
    }
    if (/^\/v1\/finance\/trending\/[A-Z]{2}$/.test(url.pathname)) {
      json(response, 200, {
        finance: {
          result: [
            {
              count: fake.trending.length,
              quotes: fake.trending.map((symbol) => ({ symbol })),
              jobTimestamp: Date.now(),
              startInterval: 202611250000,
            },
          ],
          error: null,
        },
      });
      return;
    }
    json(response, 404, {
      finance: { result: null, error: { code: 'Not Found', description: 'HTTP 404 Not Found' } },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
