import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { createMarketData } from '../market-data/service';
import { cryptoServices } from '../prices/crypto-prices';
import { NEWS_CATEGORIES } from '@lodestar/domain';
import { HISTORY_RANGES, INSTRUMENT_TYPES } from '../market-data/types';
import {
  addToWatchlist,
  type CryptoSource,
  getHistory,
  getNews,
  getNewsSources,
  getQuote,
  getQuotes,
  getTrending,
  getWatchlist,
  isSymbol,
  MARKET_MESSAGES,
  NEWS_ITEMS_MAX,
  NEWS_SOURCES_DAYS,
  NEWS_SOURCES_MAX,
  NEWS_SYMBOLS_MAX,
  normaliseSymbol,
  QUOTES_MAX,
  removeFromWatchlist,
  reorderWatchlist,
  searchSecurities,
  WATCHLIST_MAX,
} from '../use-cases/market/market';

const tags = ['Markets'];

const symbol = z
  .string({ message: MARKET_MESSAGES.symbol })
  .transform(normaliseSymbol)
  .refine(isSymbol, MARKET_MESSAGES.symbol)
  .openapi({ type: 'string', example: 'AAPL' });

const symbolList = z
  .string({ message: MARKET_MESSAGES.symbols })
  .transform((text) => [...new Set(text.split(',').map(normaliseSymbol))])
  .refine(
    (list) => list.length >= 1 && list.length <= QUOTES_MAX && list.every(isSymbol),
    MARKET_MESSAGES.symbols,
  )
  .openapi({ type: 'string', example: 'AAPL,VTI' });

const newsSymbolList = z
  .string({ message: MARKET_MESSAGES.newsSymbols })
  .transform((text) => [...new Set(text.split(',').map(normaliseSymbol))])
  .refine(
    (list) => list.length >= 1 && list.length <= NEWS_SYMBOLS_MAX && list.every(isSymbol),
    MARKET_MESSAGES.newsSymbols,
  )
  .openapi({ type: 'string', example: 'AAPL,VTI' });

const freshness = {
  provider: z
    .string()
    .openapi({
      description: 'yahoo or twelve-data; coingecko for a crypto asset (the crypto price service)',
    }),
  fetchedAt: z.string().openapi({ description: 'When the provider gave this answer (ISO 8601)' }),
  ageSeconds: z.number().int(),
  stale: z.boolean().openapi({ description: 'The provider failed: this is the last known answer' }),
};

const QuoteSchema = z
  .object({
    symbol: z.string(),
    name: z.string().nullable(),
    exchange: z.string().nullable(),
    type: z.enum(INSTRUMENT_TYPES),
    currency: z.string().openapi({ description: 'ISO 4217; GBX for prices in pence' }),
    price: z.string().openapi({ description: 'Decimal string in `currency`' }),
    previousClose: z.string().nullable().openapi({
      description:
        "Decimal string; for a crypto asset the price 24 hours earlier (the source's 24-hour change), null for a stablecoin valued at its peg",
    }),
    change: z.string().nullable().openapi({ description: 'price − previousClose, decimal string' }),
    changePercent: z.number().nullable(),
    priceTime: z.string().openapi({ description: 'When the price was set (ISO 8601)' }),
    ...freshness,
  })
  .openapi('Quote');

const QuotesSchema = z
  .object({
    quotes: z.array(QuoteSchema),
    unknown: z.array(z.string()).openapi({ description: 'Symbols the provider does not know' }),
    unavailable: z
      .array(z.string())
      .openapi({ description: 'Symbols with no answer now and none known before (the provider failed)' }),
  })
  .openapi('Quotes');

const SearchSchema = z
  .object({
    results: z.array(
      z.object({
        symbol: z.string(),
        name: z.string(),
        exchange: z.string().nullable(),
        type: z.enum(INSTRUMENT_TYPES),
        currency: z.string().nullable().openapi({ description: 'Null when the provider does not say' }),
      }),
    ),
    ...freshness,
  })
  .openapi('SecuritySearch');

const HistorySchema = z
  .object({
    symbol: z.string(),
    currency: z.string(),
    range: z.enum(HISTORY_RANGES),
    points: z.array(z.object({ date: z.string(), close: z.string() })).openapi({
      description: 'Daily closes, oldest first; `date` is the trading day',
    }),
    ...freshness,
  })
  .openapi('PriceHistory');

const TrendingSchema = z
  .object({
    available: z.boolean().openapi({ description: 'False when the provider has no trending list' }),
    symbols: z.array(z.string()),
    quotes: z.array(QuoteSchema),
    ...freshness,
  })
  .openapi('Trending');

const NewsSchema = z
  .object({
    scope: z.enum(['symbols', 'general']).openapi({
      description: 'symbols: news found for the symbols asked; general: market news (no symbols asked)',
    }),
    items: z
      .array(
        z.object({
          id: z.string(),
          title: z.string(),
          source: z.string().openapi({ description: 'The publisher, as the news feed names it' }),
          publishedAt: z.string().openapi({ description: 'ISO 8601' }),
          url: z.string().openapi({ description: "The publisher's page (http or https)" }),
          symbols: z.array(z.string()).openapi({ description: 'Tickers the feed relates the item to' }),
          category: z.enum(NEWS_CATEGORIES).openapi({ description: 'video when the feed marks it so' }),
        }),
      )
      .openapi({ description: `Newest first, at most ${NEWS_ITEMS_MAX}` }),
    filtered: z.number().int().openapi({
      description: 'Headlines left out by your enabled_news_sources and news_categories preferences',
    }),
    unavailable: z
      .array(z.string())
      .openapi({ description: 'Symbols with no news now and none known before (the feed failed)' }),
    ...freshness,
  })
  .openapi('MarketNews');

const NewsSourcesSchema = z
  .object({
    sources: z
      .array(
        z.object({
          name: z.string().openapi({ description: 'The publisher, as its newest headline names it' }),
          headlines: z.number().int().openapi({ description: 'How many of the headlines are its' }),
          lastPublishedAt: z.string().openapi({ description: 'Its newest headline (ISO 8601)' }),
        }),
      )
      .openapi({
        description: `Each publisher once (without regard to case), most headlines first, at most ${NEWS_SOURCES_MAX}`,
      }),
    headlines: z.number().int().openapi({ description: 'The headlines read, each once' }),
    feeds: z.number().int().openapi({ description: 'The cached news answers they came from' }),
    since: z.string().openapi({ description: 'Only news fetched at or after this time (ISO 8601)' }),
  })
  .openapi('NewsSources');

const WatchlistSchema = z
  .object({
    symbols: z.array(z.string()).openapi({ description: `In the user's order, at most ${WATCHLIST_MAX}` }),
    items: z.array(z.object({ symbol: z.string(), quote: QuoteSchema.nullable() })),
  })
  .openapi('Watchlist');

const unavailable = { description: MARKET_MESSAGES.unavailable };

const routes = {
  quote: createRoute({
    method: 'get',
    path: '/market/quote',
    tags,
    security: COOKIE_AUTH,
    summary: 'The latest price of a security, with its previous close, currency and age',
    description:
      "A crypto asset you hold, or one of the coins Lodestar knows, is quoted by the crypto price service in USD: previousClose is the price 24 hours earlier that the source's 24-hour change implies (docs/markets-api.md).",
    request: { query: z.object({ symbol }) },
    responses: {
      200: jsonResponse(QuoteSchema, 'The quote'),
      400: { description: 'Validation failed' },
      404: { description: 'No security found for the symbol' },
      503: unavailable,
    },
  }),
  quotes: createRoute({
    method: 'get',
    path: '/market/quotes',
    tags,
    security: COOKIE_AUTH,
    summary: `Quotes of up to ${QUOTES_MAX} securities`,
    description: 'Crypto symbols are quoted by the crypto price service, as on /market/quote.',
    request: { query: z.object({ symbols: symbolList }) },
    responses: { 200: jsonResponse(QuotesSchema, 'The quotes'), 400: { description: 'Validation failed' } },
  }),
  search: createRoute({
    method: 'get',
    path: '/market/search',
    tags,
    security: COOKIE_AUTH,
    summary: 'Securities whose symbol or name matches',
    request: {
      query: z.object({
        q: z
          .string({ message: MARKET_MESSAGES.query })
          .trim()
          .min(1, MARKET_MESSAGES.query)
          .max(50, MARKET_MESSAGES.query),
      }),
    },
    responses: {
      200: jsonResponse(SearchSchema, 'Matching securities'),
      400: { description: 'Validation failed' },
      503: unavailable,
    },
  }),
  trending: createRoute({
    method: 'get',
    path: '/market/trending',
    tags,
    security: COOKIE_AUTH,
    summary: 'Symbols the provider says are trending, with their quotes',
    responses: { 200: jsonResponse(TrendingSchema, 'Trending symbols'), 503: unavailable },
  }),
  news: createRoute({
    method: 'get',
    path: '/market/news',
    tags,
    security: COOKIE_AUTH,
    summary: `Headlines about up to ${NEWS_SYMBOLS_MAX} securities, or market news without symbols`,
    description:
      "Filtered by your enabled_news_sources (publishers) and news_categories (article, video) preferences; an empty list allows all. News always comes from Yahoo Finance's keyless feed, whichever provider gives prices.",
    request: { query: z.object({ symbols: newsSymbolList.optional() }) },
    responses: {
      200: jsonResponse(NewsSchema, 'Headlines, newest first'),
      400: { description: 'Validation failed' },
      503: { description: MARKET_MESSAGES.newsUnavailable },
    },
  }),
  newsSources: createRoute({
    method: 'get',
    path: '/market/news/sources',
    tags,
    security: COOKIE_AUTH,
    summary: 'The publishers of the news you have been shown lately, to choose enabled_news_sources from',
    description: `From the cached headlines (no feed request) of your held and watched symbols and of general market news, fetched in the last ${NEWS_SOURCES_DAYS} days, before your news preferences filter them.`,
    responses: { 200: jsonResponse(NewsSourcesSchema, 'Publishers, most headlines first') },
  }),
  history: createRoute({
    method: 'get',
    path: '/market/history',
    tags,
    security: COOKIE_AUTH,
    summary: "A security's daily closes over a range, for charts",
    request: {
      query: z.object({
        symbol,
        range: z.enum(HISTORY_RANGES, { message: MARKET_MESSAGES.range }).default('1y'),
      }),
    },
    responses: {
      200: jsonResponse(HistorySchema, 'Daily closes'),
      400: { description: 'Validation failed' },
      404: { description: 'No security found for the symbol' },
      503: unavailable,
    },
  }),
  watchlist: createRoute({
    method: 'get',
    path: '/watchlist',
    tags,
    security: COOKIE_AUTH,
    summary: 'Your watchlist (the watchlist_symbols preference) with a quote for each symbol',
    responses: { 200: jsonResponse(WatchlistSchema, 'The watchlist') },
  }),
  add: createRoute({
    method: 'post',
    path: '/watchlist',
    tags,
    security: COOKIE_AUTH,
    summary: 'Add a symbol to your watchlist (at the end, or at a position)',
    description: 'Adding a symbol already on the list changes nothing.',
    request: {
      body: jsonBody(
        z.object({
          symbol,
          position: z
            .number({ message: 'Position must be a whole number from 0' })
            .int('Position must be a whole number from 0')
            .min(0, 'Position must be a whole number from 0')
            .max(WATCHLIST_MAX, 'Position must be a whole number from 0')
            .optional(),
        }),
      ),
    },
    responses: {
      200: jsonResponse(WatchlistSchema, 'The watchlist'),
      400: { description: 'Validation failed' },
      404: { description: 'No security found for the symbol' },
      409: { description: MARKET_MESSAGES.full },
      503: unavailable,
    },
  }),
  reorder: createRoute({
    method: 'put',
    path: '/watchlist',
    tags,
    security: COOKIE_AUTH,
    summary: 'Put your watchlist in a new order',
    request: {
      body: jsonBody(
        z.object({
          symbols: z
            .array(symbol, { message: MARKET_MESSAGES.order })
            .max(WATCHLIST_MAX, MARKET_MESSAGES.order),
        }),
      ),
    },
    responses: {
      200: jsonResponse(WatchlistSchema, 'The watchlist'),
      400: { description: 'Validation failed' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/watchlist',
    tags,
    security: COOKIE_AUTH,
    summary: 'Remove a symbol from your watchlist',
    request: { query: z.object({ symbol }) },
    responses: {
      200: jsonResponse(WatchlistSchema, 'The watchlist'),
      400: { description: 'Validation failed' },
      404: { description: 'The symbol is not on your watchlist' },
    },
  }),
};

/** docs/markets-api.md */
export function marketRoutes(deps: RouteDeps) {
  const market = createMarketData({ db: deps.db, config: deps.config, now: deps.now, logger: deps.logger });
  const today = () => deps.now().toISOString().slice(0, 10);
  // Crypto symbols are quoted by the crypto price service (ADR 082), unless crypto is switched off.
  const prices = deps.config.features.crypto
    ? cryptoServices({ db: deps.db, config: deps.config, logger: deps.logger, now: deps.now }).prices
    : undefined;
  const crypto = (userId: string): CryptoSource | undefined =>
    prices && { db: deps.db, prices, userId, now: deps.now() };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.quote, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await getQuote(market, c.req.valid('query').symbol, crypto(userId)));
    })
    .openapi(routes.quotes, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await getQuotes(market, c.req.valid('query').symbols, crypto(userId)));
    })
    .openapi(routes.search, async (c) => {
      await requireUser(c, deps.auth);
      return ok(c, await searchSecurities(market, c.req.valid('query').q));
    })
    .openapi(routes.trending, async (c) => {
      await requireUser(c, deps.auth);
      return ok(c, await getTrending(market));
    })
    .openapi(routes.news, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await getNews(deps.db, market, userId, c.req.valid('query').symbols ?? []));
    })
    .openapi(routes.newsSources, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await getNewsSources(deps.db, market, userId, deps.now()));
    })
    .openapi(routes.history, async (c) => {
      await requireUser(c, deps.auth);
      const { symbol: wanted, range } = c.req.valid('query');
      return ok(c, await getHistory(market, wanted, range, today()));
    })
    .openapi(routes.watchlist, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await getWatchlist(deps.db, market, userId, crypto(userId)));
    })
    .openapi(routes.add, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      const body = c.req.valid('json');
      return ok(c, await addToWatchlist(deps.db, market, userId, body.symbol, body.position, crypto(userId)));
    })
    .openapi(routes.reorder, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(
        c,
        await reorderWatchlist(deps.db, market, userId, c.req.valid('json').symbols, crypto(userId)),
      );
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(
        c,
        await removeFromWatchlist(deps.db, market, userId, c.req.valid('query').symbol, crypto(userId)),
      );
    });
}
