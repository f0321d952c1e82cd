import type { Config } from '../../config/env';
import { currencyCode, decimalText, getJson } from '../http';
import {
  type HistoryRange,
  type InstrumentType,
  MarketDataError,
  type MarketDataProvider,
  type PriceHistory,
  type ProviderQuote,
  type SearchResult,
} from '../types';
import { createYahooNews } from './yahoo-news';

/**
 * Yahoo Finance, keyless (ADR 020): the public JSON endpoints the finance.yahoo.com pages use, none of which
 * needs a cookie or crumb: `/v8/finance/chart/{symbol}` (price, previous close, daily closes, currency,
 * exchange, type), `/v1/finance/search` and `/v1/finance/trending/{region}`. The origin is
 * YAHOO_FINANCE_BASE_URL.
 */

const RANGES: Record<HistoryRange, string> = {
  '1m': '1mo',
  '3m': '3mo',
  '6m': '6mo',
  ytd: 'ytd',
  '1y': '1y',
  '5y': '5y',
  '10y': '10y',
  max: 'max',
};

const TYPES: Record<string, InstrumentType> = {
  EQUITY: 'equity',
  ETF: 'etf',
  MUTUALFUND: 'mutual_fund',
  INDEX: 'index',
  CURRENCY: 'currency',
  CRYPTOCURRENCY: 'crypto',
  BOND: 'bond',
};

const typeOf = (value: unknown): InstrumentType =>
  (typeof value === 'string' && TYPES[value.toUpperCase()]) || 'other';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

type ChartMeta = {
  currency?: unknown;
  symbol?: unknown;
  exchangeName?: unknown;
  fullExchangeName?: unknown;
  instrumentType?: unknown;
  regularMarketPrice?: unknown;
  regularMarketTime?: unknown;
  gmtoffset?: unknown;
  longName?: unknown;
  shortName?: unknown;
};
type ChartResult = {
  meta?: ChartMeta;
  timestamp?: unknown;
  indicators?: { quote?: { close?: unknown }[] };
};

/** The trading day of an epoch-seconds timestamp at the exchange (its UTC offset in seconds). */
function exchangeDate(epochSeconds: number, offsetSeconds: number): string {
  return new Date((epochSeconds + offsetSeconds) * 1000).toISOString().slice(0, 10);
}

function dailyCloses(result: ChartResult): { date: string; close: string }[] {
  const stamps = Array.isArray(result.timestamp) ? result.timestamp : [];
  const closes = result.indicators?.quote?.[0]?.close;
  const offset = typeof result.meta?.gmtoffset === 'number' ? result.meta.gmtoffset : 0;
  const byDate = new Map<string, string>();
  stamps.forEach((stamp, index) => {
    const close = Array.isArray(closes) ? decimalText(closes[index]) : null;
    if (typeof stamp !== 'number' || close === null) return;
    byDate.set(exchangeDate(stamp, offset), close);
  });
  return [...byDate].map(([date, close]) => ({ date, close })).sort((a, b) => a.date.localeCompare(b.date));
}

export function createYahooProvider(config: Pick<Config, 'marketData' | 'outbound'>): MarketDataProvider {
  const base = config.marketData.yahooBaseUrl;

  /** The chart answer for a symbol; null when Yahoo knows no such symbol. */
  async function chart(symbol: string, params: Record<string, string>): Promise<ChartResult | null> {
    const url = new URL(`${base}/v8/finance/chart/${encodeURIComponent(symbol)}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const answer = await getJson(url, {}, config.outbound);
    const body = answer.body as {
      chart?: { result?: ChartResult[] | null; error?: { code?: unknown } | null };
    };
    if (answer.status === 404 || body?.chart?.error?.code === 'Not Found') return null;
    if (answer.status >= 500)
      throw new MarketDataError('unavailable', `Yahoo Finance answered ${answer.status}`);
    if (answer.status === 401 || answer.status === 403) {
      throw new MarketDataError('unauthorized', 'Yahoo Finance refused the request');
    }
    const result = body?.chart?.result?.[0];
    if (answer.status !== 200 || !result?.meta) {
      throw new MarketDataError('bad_response', 'Yahoo Finance gave an answer that could not be read');
    }
    return result;
  }

  async function quote(symbol: string): Promise<ProviderQuote | null> {
    const result = await chart(symbol, { range: '5d', interval: '1d' });
    if (!result) return null;
    const meta = result.meta as ChartMeta;
    const price = decimalText(meta.regularMarketPrice);
    const currency = text(meta.currency);
    if (price === null || !currency || typeof meta.regularMarketTime !== 'number') return null;
    const offset = typeof meta.gmtoffset === 'number' ? meta.gmtoffset : 0;
    const priceDay = exchangeDate(meta.regularMarketTime, offset);
    const before = dailyCloses(result).filter((point) => point.date < priceDay);
    return {
      symbol: text(meta.symbol)?.toUpperCase() ?? symbol,
      name: text(meta.longName) ?? text(meta.shortName),
      exchange: text(meta.fullExchangeName) ?? text(meta.exchangeName),
      type: typeOf(meta.instrumentType),
      currency: currencyCode(currency),
      price,
      previousClose: before.at(-1)?.close ?? null,
      priceTime: new Date(meta.regularMarketTime * 1000).toISOString(),
    };
  }

  return {
    id: 'yahoo',
    // Yahoo Finance documents no limit for these endpoints.
    requestsPerMinute: null,
    newsSource: 'yahoo',
    news: createYahooNews(config),
    async quotes(symbols) {
      const found = new Map<string, ProviderQuote>();
      const queue = [...symbols];
      // Four at a time: one chart request per symbol, without flooding the provider.
      await Promise.all(
        Array.from({ length: Math.min(4, queue.length) }, async () => {
          for (let symbol = queue.shift(); symbol !== undefined; symbol = queue.shift()) {
            const answer = await quote(symbol);
            if (answer) found.set(symbol, answer);
          }
        }),
      );
      return found;
    },
    async search(query) {
      const url = new URL(`${base}/v1/finance/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('quotesCount', '10');
      url.searchParams.set('newsCount', '0');
      const answer = await getJson(url, {}, config.outbound);
      if (answer.status >= 500)
        throw new MarketDataError('unavailable', `Yahoo Finance answered ${answer.status}`);
      const quotes = (answer.body as { quotes?: unknown })?.quotes;
      if (answer.status !== 200 || !Array.isArray(quotes)) {
        throw new MarketDataError('bad_response', 'Yahoo Finance gave an answer that could not be read');
      }
      const results: SearchResult[] = [];
      for (const item of quotes as Record<string, unknown>[]) {
        const symbol = text(item?.symbol);
        const name = text(item?.longname) ?? text(item?.shortname);
        if (!symbol || !name) continue;
        results.push({
          symbol: symbol.toUpperCase(),
          name,
          exchange: text(item.exchDisp) ?? text(item.exchange),
          type: typeOf(item.quoteType),
          currency: null,
        });
      }
      return results;
    },
    async history(symbol, range) {
      const result = await chart(symbol, { range: RANGES[range], interval: '1d' });
      if (!result) return null;
      const currency = text(result.meta?.currency);
      if (!currency) throw new MarketDataError('bad_response', 'Yahoo Finance gave no currency');
      const history: PriceHistory = { symbol, currency: currencyCode(currency), points: dailyCloses(result) };
      return history;
    },
    async trending() {
      const url = new URL(`${base}/v1/finance/trending/US`);
      url.searchParams.set('count', '10');
      const answer = await getJson(url, {}, config.outbound);
      if (answer.status >= 500)
        throw new MarketDataError('unavailable', `Yahoo Finance answered ${answer.status}`);
      const result = (answer.body as { finance?: { result?: { quotes?: { symbol?: unknown }[] }[] } })
        ?.finance?.result?.[0];
      if (answer.status !== 200 || !Array.isArray(result?.quotes)) {
        throw new MarketDataError('bad_response', 'Yahoo Finance gave an answer that could not be read');
      }
      return result.quotes.map((item) => text(item?.symbol)?.toUpperCase()).filter((s): s is string => !!s);
    },
  };
}
