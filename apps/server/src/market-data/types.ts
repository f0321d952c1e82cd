import type { NewsCategory } from '@lodestar/domain';
import type { MarketDataProviderId } from '../config/env';

/**
 * One provider interface for market data (ADR 020): quotes, symbol search, daily price history and, when
 * the provider has one, a trending list. Each provider lives in its own folder and talks to its own
 * documented HTTP API through the outbound-request guard; the service (`service.ts`) caches its answers.
 */

export const INSTRUMENT_TYPES = [
  'equity',
  'etf',
  'mutual_fund',
  'index',
  'bond',
  'currency',
  'crypto',
  'other',
] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

export type ProviderQuote = {
  symbol: string;
  name: string | null;
  exchange: string | null;
  type: InstrumentType;
  currency: string;
  /** Decimal string in `currency`, as the provider gave it. */
  price: string;
  previousClose: string | null;
  /** When the price was set (ISO 8601, UTC). */
  priceTime: string;
};

export type SearchResult = {
  symbol: string;
  name: string;
  exchange: string | null;
  type: InstrumentType;
  /** Null when the provider's search does not say (Yahoo's does not). */
  currency: string | null;
};

export const HISTORY_RANGES = ['1m', '3m', '6m', 'ytd', '1y', '5y', '10y', 'max'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** Daily closes, oldest first; `date` is the trading day at the exchange (YYYY-MM-DD). */
export type PriceHistory = { symbol: string; currency: string; points: { date: string; close: string }[] };

/** One headline as the news feed gave it; items without a title, publisher, time or http(s) link are dropped. */
export type NewsItem = {
  id: string;
  title: string;
  /** The publisher, as the feed names it. */
  source: string;
  /** ISO 8601, UTC. */
  publishedAt: string;
  url: string;
  /** The tickers the feed relates the item to (possibly none). */
  symbols: string[];
  /** From the feed's own item type: Yahoo marks videos `VIDEO`; anything else is an article. */
  category: NewsCategory;
};

/** Headlines about one symbol, or general market news when `symbol` is null. */
export type NewsFeed = (symbol: string | null) => Promise<NewsItem[]>;

export type MarketDataErrorKind = 'unavailable' | 'rate_limited' | 'unauthorized' | 'bad_response';

/** The provider could not answer. Messages name no URL and no key. */
export class MarketDataError extends Error {
  constructor(
    readonly kind: MarketDataErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MarketDataError';
  }
}

export type MarketDataProvider = {
  readonly id: MarketDataProviderId;
  /**
   * Requests a minute the provider documents for the key in use (Twelve Data: its plan's API credits, one
   * per symbol asked), which a batch of requests such as the daily-closes job keeps within; null when the
   * provider documents none (Yahoo Finance).
   */
  readonly requestsPerMinute: number | null;
  /** Quotes of known symbols (at most 50 asked at once); an unknown symbol is simply absent. */
  quotes(symbols: readonly string[]): Promise<Map<string, ProviderQuote>>;
  search(query: string): Promise<SearchResult[]>;
  /** Null for an unknown symbol. `today` is the last day the range covers. */
  history(symbol: string, range: HistoryRange, today: string): Promise<PriceHistory | null>;
  /** Symbols the provider says are trending now; null when it has no such list. */
  trending(): Promise<string[] | null>;
  /**
   * Headlines about a symbol, or general market news (null). Always Yahoo Finance's keyless search feed,
   * whichever provider gives prices: Twelve Data has no news feed.
   */
  readonly newsSource: 'yahoo';
  news: NewsFeed;
};
