import { z } from 'zod';
import type { Config } from '../../config/env';
import { getJson, SYMBOL_PATTERN } from '../http';
import { MarketDataError, type NewsFeed, type NewsItem } from '../types';

/**
 * News from Yahoo Finance's keyless search endpoint, the one the finance.yahoo.com pages use:
 * `/v1/finance/search?q=<symbol>&newsCount=N&quotesCount=0` answers a `news` array of
 * { uuid, title, publisher, link, providerPublishTime (Unix seconds), type, relatedTickers, thumbnail }.
 * General market news is the same request for a broad query. Each item is checked on its own: one
 * without an id, a title, a publisher, a time or an http(s) link is left out, never filled in.
 */

export const NEWS_PER_REQUEST = 10;
/** The query whose headlines stand for the markets in general. */
export const GENERAL_NEWS_QUERY = 'stock market';

const nonEmpty = z.string().trim().min(1);

const YahooNewsItem = z.object({
  uuid: nonEmpty,
  title: nonEmpty.max(500),
  publisher: nonEmpty.max(200),
  link: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }),
  providerPublishTime: z
    .number()
    .int()
    .positive()
    .refine((seconds) => Number.isFinite(new Date(seconds * 1000).getTime())),
  type: z.string().optional(),
  relatedTickers: z.array(z.unknown()).optional(),
});

const YahooSearchNews = z.object({ news: z.array(z.unknown()) });

function toItem(raw: unknown): NewsItem | null {
  const parsed = YahooNewsItem.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const symbols = (item.relatedTickers ?? [])
    .filter((ticker): ticker is string => typeof ticker === 'string')
    .map((ticker) => ticker.trim().toUpperCase())
    .filter((ticker) => SYMBOL_PATTERN.test(ticker));
  return {
    id: item.uuid,
    title: item.title,
    source: item.publisher,
    publishedAt: new Date(item.providerPublishTime * 1000).toISOString(),
    url: item.link,
    symbols: [...new Set(symbols)],
    category: item.type?.toUpperCase() === 'VIDEO' ? 'video' : 'article',
  };
}

export function createYahooNews(config: Pick<Config, 'marketData' | 'outbound'>): NewsFeed {
  return async (symbol) => {
    const url = new URL(`${config.marketData.yahooBaseUrl}/v1/finance/search`);
    url.searchParams.set('q', symbol ?? GENERAL_NEWS_QUERY);
    url.searchParams.set('newsCount', String(NEWS_PER_REQUEST));
    url.searchParams.set('quotesCount', '0');
    const answer = await getJson(url, {}, config.outbound);
    if (answer.status >= 500)
      throw new MarketDataError('unavailable', `Yahoo Finance answered ${answer.status}`);
    if (answer.status === 401 || answer.status === 403) {
      throw new MarketDataError('unauthorized', 'Yahoo Finance refused the request');
    }
    const body = YahooSearchNews.safeParse(answer.body);
    if (answer.status !== 200 || !body.success) {
      throw new MarketDataError('bad_response', 'Yahoo Finance gave news that could not be read');
    }
    const items = body.data.news.map(toItem).filter((item): item is NewsItem => item !== null);
    return [...new Map(items.map((item) => [item.id, item])).values()];
  };
}
