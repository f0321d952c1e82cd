import { mergePreferences, newsFilter, seenNewsSources } from '@lodestar/domain';
import { heldTickers, readWatchlist, storedPreferences, updateWatchlist, type Database } from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { SYMBOL_PATTERN } from '../../market-data/http';
import type { MarketData, Quote, QuotesResult } from '../../market-data/service';
import { type HistoryRange, MarketDataError } from '../../market-data/types';
import type { CryptoPriceService } from '../../prices/crypto-prices';
import { cryptoQuotes } from './crypto-quotes';

/**
 * Market endpoints over the market-data service (docs/markets-api.md): symbols checked and upper-cased,
 * an unknown symbol a 404 that names it, a provider with nothing to give (not even a stale answer) a 503.
 * The watchlist is the `watchlist_symbols` preference: one ordered list per user, at most 100 symbols.
 */

export const WATCHLIST_MAX = 100;
export const QUOTES_MAX = 50;
export const NEWS_SYMBOLS_MAX = 20;
/** Headlines in one answer, newest first. */
export const NEWS_ITEMS_MAX = 30;
/** The publishers Settings offers are those of the news fetched in the last this many days. */
export const NEWS_SOURCES_DAYS = 30;
/** At most this many publishers in one answer (the most headlines first). */
export const NEWS_SOURCES_MAX = 100;

export const MARKET_MESSAGES = {
  symbol: 'Symbol must be 1 to 20 characters: letters, digits and . - = ^ /',
  symbols: `Symbols must be a comma-separated list of 1 to ${QUOTES_MAX} symbols`,
  newsSymbols: `Symbols must be a comma-separated list of 1 to ${NEWS_SYMBOLS_MAX} symbols`,
  newsUnavailable: 'Market news is unavailable right now',
  query: 'Search text must be 1 to 50 characters',
  range: 'Range must be one of 1m, 3m, 6m, ytd, 1y, 5y, 10y, max',
  order: 'Symbols must name every watchlist symbol exactly once, in the new order',
  full: `The watchlist holds at most ${WATCHLIST_MAX} symbols: remove one first`,
  unavailable: 'Market data is unavailable right now',
  notFound: (symbol: string) => `No security found for symbol ${symbol}`,
  notWatched: (symbol: string) => `${symbol} is not on your watchlist`,
} as const;

/** A symbol as the API takes it: trimmed and upper-cased, then checked against the pattern. */
export const normaliseSymbol = (value: string) => value.trim().toUpperCase();
export const isSymbol = (value: string) => SYMBOL_PATTERN.test(value);

function unavailable(error?: unknown, message: string = MARKET_MESSAGES.unavailable): AppError {
  const details =
    error instanceof MarketDataError && error.kind === 'rate_limited'
      ? 'The market-data provider asked us to slow down; try again in a minute.'
      : 'The market-data provider could not be reached; try again later.';
  return new AppError('SERVICE_UNAVAILABLE', message, { details }, { cause: error });
}

/** Runs a provider call, turning a failure with nothing cached into the 503. */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MarketDataError) throw unavailable(error);
    throw error;
  }
}

/**
 * Where crypto symbols are quoted (ADR 082): the crypto price service, for the symbols that name a crypto
 * asset for this user. Absent when crypto is switched off (FEATURE_CRYPTO=false).
 */
export type CryptoSource = { db: Database; prices: CryptoPriceService; userId: string; now: Date };

/**
 * Quotes of the symbols in the order asked: crypto symbols (`crypto`) from the crypto price service, the
 * others from the market-data provider.
 */
export async function quotesOf(
  market: MarketData,
  symbols: readonly string[],
  crypto?: CryptoSource,
): Promise<QuotesResult> {
  const coins = crypto
    ? await cryptoQuotes(crypto.db, crypto.prices, crypto.userId, symbols, crypto.now)
    : undefined;
  const others = symbols.filter((symbol) => !coins?.symbols.has(symbol));
  const quoted = others.length ? await market.quotes(others) : { quotes: [], unknown: [], unavailable: [] };
  if (!coins?.symbols.size) return quoted;
  const bySymbol = new Map(quoted.quotes.map((quote) => [quote.symbol, quote]));
  for (const [symbol, quote] of coins.quotes) bySymbol.set(symbol, quote);
  return {
    quotes: symbols.flatMap((symbol) => {
      const quote = bySymbol.get(symbol);
      return quote ? [quote] : [];
    }),
    unknown: quoted.unknown,
    unavailable: symbols.filter(
      (symbol) => quoted.unavailable.includes(symbol) || coins.unavailable.includes(symbol),
    ),
  };
}

export async function getQuote(market: MarketData, symbol: string, crypto?: CryptoSource): Promise<Quote> {
  const result = await quotesOf(market, [symbol], crypto);
  const quote = result.quotes[0];
  if (quote) return quote;
  if (result.unknown.length) throw new AppError('NOT_FOUND', MARKET_MESSAGES.notFound(symbol));
  throw unavailable();
}

export function getQuotes(market: MarketData, symbols: string[], crypto?: CryptoSource) {
  return quotesOf(market, [...new Set(symbols)], crypto);
}

export async function searchSecurities(market: MarketData, query: string) {
  const { value, ...freshness } = await orUnavailable(() => market.search(query));
  return { results: value, ...freshness };
}

export async function getHistory(market: MarketData, symbol: string, range: HistoryRange, today: string) {
  const history = await orUnavailable(() => market.history(symbol, range, today));
  if (!history) throw new AppError('NOT_FOUND', MARKET_MESSAGES.notFound(symbol));
  const { value, ...freshness } = history;
  return { ...value, range, ...freshness };
}

export async function getTrending(market: MarketData) {
  const { value, ...freshness } = await orUnavailable(() => market.trending());
  if (value === null) {
    return { available: false, symbols: [], quotes: [], ...freshness };
  }
  const quotes = value.length ? await market.quotes(value) : { quotes: [] };
  return { available: true, symbols: value, quotes: quotes.quotes, ...freshness };
}

/**
 * Headlines for the symbols (general market news for none), filtered by the user's
 * `enabled_news_sources` and `news_categories`, newest first, at most NEWS_ITEMS_MAX. `filtered` says
 * how many the preferences left out, so an empty card can say why.
 */
export async function getNews(db: Database, market: MarketData, userId: string, symbols: string[]) {
  const [news, stored] = await Promise.all([
    (async () => {
      try {
        return await market.news(symbols);
      } catch (error) {
        if (error instanceof MarketDataError) throw unavailable(error, MARKET_MESSAGES.newsUnavailable);
        throw error;
      }
    })(),
    storedPreferences(db, userId),
  ]);
  const passes = newsFilter(mergePreferences(stored));
  const { items, ...rest } = news;
  const kept = items.filter(passes);
  return {
    scope: symbols.length ? ('symbols' as const) : ('general' as const),
    items: kept.slice(0, NEWS_ITEMS_MAX),
    filtered: items.length - kept.length,
    ...rest,
  };
}

/**
 * The publishers the news feed has given headlines from lately, for Settings → Financial → Market News to
 * offer: the cached headlines (no feed request) of the user's own held and watched symbols and of general
 * market news — the news the user's cards show — fetched in the last NEWS_SOURCES_DAYS days, before the
 * user's preferences filter them (so a publisher left out can be chosen again).
 */
export async function getNewsSources(db: Database, market: MarketData, userId: string, now: Date) {
  const [held, watched] = await Promise.all([heldTickers(db, userId), readWatchlist(db, userId)]);
  // Both lists are written by others (connections, files, the preferences API): symbols only.
  const symbols = [...new Set([...watched, ...held].map(normaliseSymbol).filter(isSymbol))];
  const since = new Date(now.getTime() - NEWS_SOURCES_DAYS * 86_400_000);
  const { items, feeds } = await market.cachedNews(symbols, since);
  return {
    sources: seenNewsSources(items).slice(0, NEWS_SOURCES_MAX),
    headlines: items.length,
    feeds,
    since: since.toISOString(),
  };
}

export type WatchlistView = { symbols: string[]; items: { symbol: string; quote: Quote | null }[] };

/**
 * The stored list as the watchlist shows it: the preference can also be written whole through the
 * preferences API, so entries that are not symbols, repeats and entries past the 100th are left out.
 */
function clean(stored: string[]): string[] {
  return [...new Set(stored.map(normaliseSymbol).filter(isSymbol))].slice(0, WATCHLIST_MAX);
}

async function watchlistView(
  market: MarketData,
  symbols: string[],
  crypto?: CryptoSource,
): Promise<WatchlistView> {
  const quotes = symbols.length ? (await quotesOf(market, symbols, crypto)).quotes : [];
  const bySymbol = new Map(quotes.map((quote) => [quote.symbol, quote]));
  return { symbols, items: symbols.map((symbol) => ({ symbol, quote: bySymbol.get(symbol) ?? null })) };
}

export async function getWatchlist(
  db: Database,
  market: MarketData,
  userId: string,
  crypto?: CryptoSource,
): Promise<WatchlistView> {
  return watchlistView(market, clean(await readWatchlist(db, userId)), crypto);
}

/** Adds a symbol the provider knows at the end (or at `position`, 0-based); adding one already there moves nothing. */
export async function addToWatchlist(
  db: Database,
  market: MarketData,
  userId: string,
  symbol: string,
  position: number | undefined,
  crypto?: CryptoSource,
): Promise<WatchlistView> {
  await getQuote(market, symbol, crypto);
  const symbols = await updateWatchlist(db, userId, (stored) => {
    const current = clean(stored);
    if (current.includes(symbol)) return current;
    if (current.length >= WATCHLIST_MAX) throw new AppError('CONFLICT', MARKET_MESSAGES.full);
    const next = [...current];
    next.splice(position === undefined ? next.length : Math.min(position, next.length), 0, symbol);
    return next;
  });
  return watchlistView(market, symbols, crypto);
}

export async function removeFromWatchlist(
  db: Database,
  market: MarketData,
  userId: string,
  symbol: string,
  crypto?: CryptoSource,
): Promise<WatchlistView> {
  const symbols = await updateWatchlist(db, userId, (stored) => {
    const current = clean(stored);
    if (!current.includes(symbol)) throw new AppError('NOT_FOUND', MARKET_MESSAGES.notWatched(symbol));
    return current.filter((entry) => entry !== symbol);
  });
  return watchlistView(market, symbols, crypto);
}

/** Puts the watchlist in a new order: the same symbols, each once. */
export async function reorderWatchlist(
  db: Database,
  market: MarketData,
  userId: string,
  order: string[],
  crypto?: CryptoSource,
): Promise<WatchlistView> {
  const symbols = await updateWatchlist(db, userId, (stored) => {
    const current = clean(stored);
    const same =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((symbol) => current.includes(symbol));
    if (!same)
      throw AppError.validation([{ field: 'symbols', message: MARKET_MESSAGES.order, code: 'invalid' }]);
    return order;
  });
  return watchlistView(market, symbols, crypto);
}
