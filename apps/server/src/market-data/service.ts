import {
  type Database,
  readMarketDataCache,
  readMarketDataCacheMany,
  writeMarketDataCache,
} from '@lodestar/db';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { decimalSubtract, percentChange } from './decimal';
import { createTwelveDataProvider } from './twelve-data/twelve-data-provider';
import {
  type HistoryRange,
  MarketDataError,
  type MarketDataProvider,
  type NewsItem,
  type PriceHistory,
  type ProviderQuote,
  type SearchResult,
} from './types';
import { createYahooProvider } from './yahoo/yahoo-provider';

/**
 * The market-data service (ADR 020): the configured provider behind a cache in PostgreSQL that every
 * instance shares. Fresh for a minute (quotes), ten minutes (news), an hour (searches, trending) or 12
 * hours (price history);
 * when the provider fails, the last answer of any age is served with `stale: true` and its age. A value
 * the provider never gave is never served.
 */

export const CACHE_TTL_MS = {
  quote: 60_000,
  // Headlines change more slowly than prices, and one news request is one per symbol: ten minutes.
  news: 10 * 60_000,
  search: 60 * 60_000,
  trending: 60 * 60_000,
  history: 12 * 60 * 60_000,
} as const;

/** How old the answer is: when the provider gave it, its age in seconds, and whether it is stale. */
export type Freshness = { fetchedAt: string; ageSeconds: number; stale: boolean };

export type Quote = ProviderQuote & {
  change: string | null;
  changePercent: number | null;
  provider: string;
} & Freshness;

export type QuotesResult = {
  quotes: Quote[];
  /** Symbols the provider does not know. */
  unknown: string[];
  /** Symbols with no answer now and none cached (the provider failed). */
  unavailable: string[];
};

/** Headlines for some symbols (or the markets in general), newest first, each once. */
export type NewsResult = {
  items: NewsItem[];
  /** Symbols with no news now and none cached (the feed failed). */
  unavailable: string[];
  /** The news feed (always yahoo: see MarketDataProvider.news). */
  provider: string;
} & Freshness;

export type Fetched<T> = { value: T; provider: string } & Freshness;

export type MarketData = {
  readonly providerId: string;
  quotes(symbols: readonly string[]): Promise<QuotesResult>;
  search(query: string): Promise<Fetched<SearchResult[]>>;
  /** Null when the symbol is unknown. */
  history(symbol: string, range: HistoryRange, today: string): Promise<Fetched<PriceHistory> | null>;
  /** Null value when the provider has no trending list. */
  trending(): Promise<Fetched<string[] | null>>;
  /**
   * News about the symbols (general market news for none): each symbol is its own cached request; the
   * answer is as old as its oldest part, and stale when any part is. MarketDataError when no part has
   * an answer, not even a stale one.
   */
  news(symbols: readonly string[]): Promise<NewsResult>;
  /**
   * The headlines the news feed has already given for the symbols and for the markets in general,
   * from the cache only (no feed request): the answers fetched at or after `since`, each item once.
   * `feeds` is how many cached answers were read.
   */
  cachedNews(symbols: readonly string[], since: Date): Promise<{ items: NewsItem[]; feeds: number }>;
};

/** The cache key of general market news (a symbol cannot start with `*`). */
const GENERAL_NEWS_KEY = '*general';

export function createProvider(config: Pick<Config, 'marketData' | 'outbound'>): MarketDataProvider {
  return config.marketData.provider === 'twelve-data'
    ? createTwelveDataProvider(config)
    : createYahooProvider(config);
}

type Deps = {
  db: Database;
  config: Pick<Config, 'marketData' | 'outbound'>;
  now: () => Date;
  logger?: Logger;
  provider?: MarketDataProvider;
};

/** A cached "no such symbol": remembered for the kind's time to live like any answer. */
type Stored<T> = { found: true; value: T } | { found: false };

/** Several news answers as one list: each item once (its symbols joined), newest first. */
function mergeNews(parts: readonly Stored<NewsItem[]>[]): NewsItem[] {
  const byId = new Map<string, NewsItem>();
  for (const part of parts) {
    for (const item of part.found ? part.value : []) {
      const seen = byId.get(item.id);
      byId.set(item.id, seen ? { ...seen, symbols: [...new Set([...seen.symbols, ...item.symbols])] } : item);
    }
  }
  return [...byId.values()].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id),
  );
}

function withChange(quote: ProviderQuote): Omit<Quote, keyof Freshness | 'provider'> {
  return {
    ...quote,
    change: quote.previousClose === null ? null : decimalSubtract(quote.price, quote.previousClose),
    changePercent: quote.previousClose === null ? null : percentChange(quote.price, quote.previousClose),
  };
}

export function createMarketData(deps: Deps): MarketData {
  const provider = deps.provider ?? createProvider(deps.config);
  const freshness = (fetchedAt: Date, stale: boolean): Freshness => ({
    fetchedAt: fetchedAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((deps.now().getTime() - fetchedAt.getTime()) / 1000)),
    stale,
  });
  const isFresh = (fetchedAt: Date, ttl: number) => deps.now().getTime() - fetchedAt.getTime() < ttl;
  const warn = (error: MarketDataError, what: string) =>
    deps.logger?.warn({ provider: provider.id, kind: error.kind, what }, error.message);

  /** One cached request: fresh cache, else the provider, else the stale cache; MarketDataError when none. */
  async function cached<T>(
    kind: keyof typeof CACHE_TTL_MS,
    key: string,
    load: () => Promise<Stored<T>>,
    source: string = provider.id,
  ): Promise<{ stored: Stored<T> } & Freshness> {
    const id = { provider: source, kind, key };
    const row = await readMarketDataCache(deps.db, id);
    if (row && isFresh(row.fetchedAt, CACHE_TTL_MS[kind])) {
      return { stored: row.payload as Stored<T>, ...freshness(row.fetchedAt, false) };
    }
    try {
      const stored = await load();
      const fetchedAt = deps.now();
      await writeMarketDataCache(deps.db, id, stored, fetchedAt);
      return { stored, ...freshness(fetchedAt, false) };
    } catch (error) {
      if (!(error instanceof MarketDataError)) throw error;
      warn(error, kind);
      if (row) return { stored: row.payload as Stored<T>, ...freshness(row.fetchedAt, true) };
      throw error;
    }
  }

  return {
    providerId: provider.id,

    async quotes(symbols) {
      const wanted = [...new Set(symbols)];
      const rows = await readMarketDataCacheMany(deps.db, provider.id, 'quote', wanted);
      const answers = new Map<string, { stored: Stored<ProviderQuote> } & Freshness>();
      const missing: string[] = [];
      for (const symbol of wanted) {
        const row = rows.get(symbol);
        if (row && isFresh(row.fetchedAt, CACHE_TTL_MS.quote)) {
          answers.set(symbol, {
            stored: row.payload as Stored<ProviderQuote>,
            ...freshness(row.fetchedAt, false),
          });
        } else missing.push(symbol);
      }
      if (missing.length) {
        try {
          const found = await provider.quotes(missing);
          const fetchedAt = deps.now();
          for (const symbol of missing) {
            const quote = found.get(symbol);
            const stored: Stored<ProviderQuote> = quote ? { found: true, value: quote } : { found: false };
            await writeMarketDataCache(
              deps.db,
              { provider: provider.id, kind: 'quote', key: symbol },
              stored,
              fetchedAt,
            );
            answers.set(symbol, { stored, ...freshness(fetchedAt, false) });
          }
        } catch (error) {
          if (!(error instanceof MarketDataError)) throw error;
          warn(error, 'quote');
          for (const symbol of missing) {
            const row = rows.get(symbol);
            if (row)
              answers.set(symbol, {
                stored: row.payload as Stored<ProviderQuote>,
                ...freshness(row.fetchedAt, true),
              });
          }
        }
      }
      const result: QuotesResult = { quotes: [], unknown: [], unavailable: [] };
      for (const symbol of wanted) {
        const answer = answers.get(symbol);
        if (!answer) result.unavailable.push(symbol);
        else if (!answer.stored.found) result.unknown.push(symbol);
        else {
          const { stored, ...fresh } = answer;
          // Under the symbol asked for, whatever spelling the provider echoes.
          result.quotes.push({ ...withChange(stored.value), symbol, provider: provider.id, ...fresh });
        }
      }
      return result;
    },

    async search(query) {
      const key = query.trim().toLowerCase();
      const { stored, ...fresh } = await cached<SearchResult[]>('search', key, async () => ({
        found: true,
        value: await provider.search(query.trim()),
      }));
      return { value: stored.found ? stored.value : [], provider: provider.id, ...fresh };
    },

    async history(symbol, range, today) {
      const { stored, ...fresh } = await cached<PriceHistory>('history', `${symbol}:${range}`, async () => {
        const history = await provider.history(symbol, range, today);
        return history ? { found: true, value: history } : { found: false };
      });
      return stored.found ? { value: stored.value, provider: provider.id, ...fresh } : null;
    },

    async trending() {
      const { stored, ...fresh } = await cached<string[] | null>('trending', 'default', async () => ({
        found: true,
        value: await provider.trending(),
      }));
      return { value: stored.found ? stored.value : null, provider: provider.id, ...fresh };
    },

    async news(symbols) {
      const wanted: (string | null)[] = symbols.length ? [...new Set(symbols)] : [null];
      const answers = new Map<string | null, { stored: Stored<NewsItem[]> } & Freshness>();
      const failures: MarketDataError[] = [];
      const queue = [...wanted];
      // Four at a time, like quotes: one feed request per symbol.
      await Promise.all(
        Array.from({ length: Math.min(4, queue.length) }, async () => {
          while (queue.length) {
            const symbol = queue.shift() as string | null;
            try {
              const answer = await cached<NewsItem[]>(
                'news',
                symbol ?? GENERAL_NEWS_KEY,
                async () => ({ found: true, value: await provider.news(symbol) }),
                provider.newsSource,
              );
              answers.set(symbol, answer);
            } catch (error) {
              if (!(error instanceof MarketDataError)) throw error;
              failures.push(error);
            }
          }
        }),
      );
      if (answers.size === 0) throw failures[0] ?? new MarketDataError('unavailable', 'No news');
      const parts = [...answers.values()];
      const oldest = parts.reduce((a, b) => (a.ageSeconds >= b.ageSeconds ? a : b));
      return {
        items: mergeNews(parts.map((part) => part.stored)),
        unavailable: wanted.filter((symbol): symbol is string => symbol !== null && !answers.has(symbol)),
        provider: provider.newsSource,
        fetchedAt: oldest.fetchedAt,
        ageSeconds: oldest.ageSeconds,
        stale: parts.some((part) => part.stale),
      };
    },

    async cachedNews(symbols, since) {
      const keys = [...new Set(symbols), GENERAL_NEWS_KEY];
      const rows = await readMarketDataCacheMany(deps.db, provider.newsSource, 'news', keys);
      const recent = [...rows.values()].filter((row) => row.fetchedAt.getTime() >= since.getTime());
      return {
        items: mergeNews(recent.map((row) => row.payload as Stored<NewsItem[]>)),
        feeds: recent.length,
      };
    },
  };
}
