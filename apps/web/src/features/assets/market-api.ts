import { CACHE } from '@lodestar/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiSchema } from '@/lib/api-client';

/** The markets endpoints of docs/markets-api.md: quotes, search, price history and the watchlist. */

export type Quote = ApiSchema<'Quote'>;
export type Watchlist = ApiSchema<'Watchlist'>;
export type SecuritySearch = ApiSchema<'SecuritySearch'>;
export type PriceHistory = ApiSchema<'PriceHistory'>;
export type HistoryRange = PriceHistory['range'];
export type Trending = ApiSchema<'Trending'>;
export type MarketNews = ApiSchema<'MarketNews'>;
export type NewsItem = MarketNews['items'][number];

/** At most this many symbols in one news request (the API's limit). */
export const NEWS_SYMBOLS_MAX = 20;

export const HISTORY_RANGE_OPTIONS: readonly { value: HistoryRange; label: string }[] = [
  { value: '1m', label: '1M' },
  { value: '3m', label: '3M' },
  { value: '6m', label: '6M' },
  { value: 'ytd', label: 'YTD' },
  { value: '1y', label: '1Y' },
  { value: '5y', label: '5Y' },
  { value: 'max', label: 'Max' },
];

export const INSTRUMENT_LABELS: Record<Quote['type'], string> = {
  equity: 'Stock',
  etf: 'ETF',
  mutual_fund: 'Fund',
  index: 'Index',
  bond: 'Bond',
  currency: 'Currency',
  crypto: 'Crypto',
  other: 'Security',
};

export const marketKeys = {
  watchlist: ['market', 'watchlist'] as const,
  search: (query: string) => ['market', 'search', query] as const,
  trending: ['market', 'trending'] as const,
  quote: (symbol: string) => ['market', 'quote', symbol] as const,
  history: (symbol: string, range: HistoryRange) => ['market', 'history', symbol, range] as const,
  news: (symbols: readonly string[], filter: string) =>
    ['market', 'news', symbols.join(','), filter] as const,
};

const params = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** Quotes are fresh for a minute on the server; the browser asks again after that. */
const QUOTE_CACHE = { staleTime: 60_000, gcTime: CACHE.dashboard.gcMs };

export function watchlistQuery() {
  return queryOptions({
    queryKey: marketKeys.watchlist,
    queryFn: ({ signal }) => apiFetch<Watchlist>('/watchlist', { signal }),
    ...QUOTE_CACHE,
  });
}

export function trendingQuery() {
  return queryOptions({
    queryKey: marketKeys.trending,
    queryFn: ({ signal }) => apiFetch<Trending>('/market/trending', { signal }),
    ...QUOTE_CACHE,
  });
}

export function searchQuery(query: string) {
  return queryOptions({
    queryKey: marketKeys.search(query),
    queryFn: ({ signal }) => apiFetch<SecuritySearch>(`/market/search?${params({ q: query })}`, { signal }),
    enabled: query.length > 0,
    staleTime: 60 * 60_000,
  });
}

export function quoteQuery(symbol: string) {
  return queryOptions({
    queryKey: marketKeys.quote(symbol),
    queryFn: ({ signal }) => apiFetch<Quote>(`/market/quote?${params({ symbol })}`, { signal }),
    ...QUOTE_CACHE,
  });
}

export function historyQuery(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: marketKeys.history(symbol, range),
    queryFn: ({ signal }) =>
      apiFetch<PriceHistory>(`/market/history?${params({ symbol, range })}`, { signal }),
    staleTime: 60 * 60_000,
  });
}

/**
 * Headlines for the symbols, or general market news for none. The server filters them by the news
 * preferences: `filter` (those preferences) is part of the key, so a change in Settings asks again.
 */
export function newsQuery(symbols: readonly string[], filter: string) {
  const query = symbols.length ? `?${params({ symbols: symbols.join(',') })}` : '';
  return queryOptions({
    queryKey: marketKeys.news(symbols, filter),
    queryFn: ({ signal }) => apiFetch<MarketNews>(`/market/news${query}`, { signal }),
    // Fresh for ten minutes on the server.
    staleTime: 5 * 60_000,
    gcTime: CACHE.dashboard.gcMs,
  });
}

export const watchlistApi = {
  add: (symbol: string) => apiFetch<Watchlist>('/watchlist', { method: 'POST', body: { symbol } }),
  remove: (symbol: string) => apiFetch<Watchlist>(`/watchlist?${params({ symbol })}`, { method: 'DELETE' }),
  reorder: (symbols: string[]) => apiFetch<Watchlist>('/watchlist', { method: 'PUT', body: { symbols } }),
};

/** A security's page. */
export const securityHref = (symbol: string) => `/assets/securities/${encodeURIComponent(symbol)}`;
