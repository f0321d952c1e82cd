import type { Config } from '../../config/env';
import { currencyCode, decimalText, getJson } from '../http';
import {
  type HistoryRange,
  type InstrumentType,
  MarketDataError,
  type MarketDataProvider,
  type ProviderQuote,
  type SearchResult,
} from '../types';
import { createYahooNews } from '../yahoo/yahoo-news';

/**
 * Twelve Data, keyed (ADR 020): its documented REST API at TWELVE_DATA_BASE_URL — `/quote` (a batch of
 * comma-separated symbols in one request), `/symbol_search` and `/time_series` (interval 1day). The key
 * goes in the `Authorization: apikey …` header, never in a URL. Errors come as
 * `{ code, message, status: "error" }`, with or without the same HTTP status.
 */

type ErrorBody = { code?: unknown; message?: unknown; status?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

function typeOf(value: unknown): InstrumentType {
  const name = typeof value === 'string' ? value.toLowerCase() : '';
  if (name.includes('etf')) return 'etf';
  if (name.includes('mutual fund')) return 'mutual_fund';
  if (name.includes('index')) return 'index';
  if (name.includes('bond')) return 'bond';
  if (name.includes('digital currency')) return 'crypto';
  if (name.includes('physical currency')) return 'currency';
  if (name.includes('stock') || name.includes('reit') || name.includes('depositary receipt')) return 'equity';
  return 'other';
}

/** The error code of an error body (Twelve Data's `status: "error"`), or the HTTP status. */
function errorCode(status: number, body: unknown): number | null {
  const error = body as ErrorBody | undefined;
  if (error && error.status === 'error') return typeof error.code === 'number' ? error.code : status;
  return status === 200 ? null : status;
}

/** Throws for a provider-wide failure; answers whether the code means "no such symbol". */
function isUnknownSymbol(code: number | null): boolean {
  if (code === null) return false;
  if (code === 429) throw new MarketDataError('rate_limited', 'Twelve Data refused: too many requests');
  if (code === 401 || code === 403)
    throw new MarketDataError('unauthorized', 'Twelve Data refused the API key');
  if (code === 400 || code === 404) return true;
  if (code >= 500) throw new MarketDataError('unavailable', `Twelve Data answered ${code}`);
  throw new MarketDataError('bad_response', `Twelve Data answered ${code}`);
}

const RANGE_START: Record<Exclude<HistoryRange, 'max' | 'ytd'>, { months: number }> = {
  '1m': { months: 1 },
  '3m': { months: 3 },
  '6m': { months: 6 },
  '1y': { months: 12 },
  '5y': { months: 60 },
  '10y': { months: 120 },
};

function rangeStart(range: HistoryRange, today: string): string | null {
  if (range === 'max') return null;
  if (range === 'ytd') return `${today.slice(0, 4)}-01-01`;
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - RANGE_START[range].months);
  return date.toISOString().slice(0, 10);
}

function quoteOf(symbol: string, item: Record<string, unknown>): ProviderQuote | null {
  const price = decimalText(item.close);
  const currency = text(item.currency);
  const stamp = typeof item.last_quote_at === 'number' ? item.last_quote_at : item.timestamp;
  if (price === null || !currency || typeof stamp !== 'number') return null;
  return {
    symbol: text(item.symbol)?.toUpperCase() ?? symbol,
    name: text(item.name),
    exchange: text(item.exchange),
    type: 'other',
    currency: currencyCode(currency),
    price,
    previousClose: decimalText(item.previous_close),
    priceTime: new Date(stamp * 1000).toISOString(),
  };
}

export function createTwelveDataProvider(
  config: Pick<Config, 'marketData' | 'outbound'>,
): MarketDataProvider {
  const base = config.marketData.twelveDataBaseUrl;
  const headers = { authorization: `apikey ${config.marketData.twelveDataApiKey ?? ''}` };
  const get = (path: string, params: Record<string, string>) => {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return getJson(url, headers, config.outbound);
  };

  return {
    id: 'twelve-data',
    requestsPerMinute: config.marketData.twelveDataCreditsPerMinute,
    // Twelve Data has no news feed: headlines come from Yahoo Finance's keyless search, as documented.
    newsSource: 'yahoo',
    news: createYahooNews(config),
    async quotes(symbols) {
      const found = new Map<string, ProviderQuote>();
      if (symbols.length === 0) return found;
      const answer = await get('/quote', { symbol: symbols.join(',') });
      if (isUnknownSymbol(errorCode(answer.status, answer.body))) return found;
      const body = answer.body as Record<string, unknown>;
      // One symbol: the quote itself; several: an object keyed by symbol, each a quote or an error.
      const entries: [string, unknown][] =
        symbols.length === 1
          ? [[symbols[0] as string, body]]
          : symbols.map((symbol) => [symbol, body?.[symbol]]);
      for (const [symbol, item] of entries) {
        if (!item || typeof item !== 'object') continue;
        if (isUnknownSymbol(errorCode(200, item))) continue;
        const quote = quoteOf(symbol, item as Record<string, unknown>);
        if (quote) found.set(symbol, quote);
      }
      return found;
    },
    async search(query) {
      const answer = await get('/symbol_search', { symbol: query, outputsize: '10' });
      const code = errorCode(answer.status, answer.body);
      if (isUnknownSymbol(code)) return [];
      const data = (answer.body as { data?: unknown })?.data;
      if (!Array.isArray(data))
        throw new MarketDataError('bad_response', 'Twelve Data gave an answer that could not be read');
      const results: SearchResult[] = [];
      for (const item of data as Record<string, unknown>[]) {
        const symbol = text(item?.symbol);
        const name = text(item?.instrument_name);
        if (!symbol || !name) continue;
        results.push({
          symbol: symbol.toUpperCase(),
          name,
          exchange: text(item.exchange),
          type: typeOf(item.instrument_type),
          currency: text(item.currency) ? currencyCode(text(item.currency) as string) : null,
        });
      }
      return results;
    },
    async history(symbol, range, today) {
      const start = rangeStart(range, today);
      const answer = await get('/time_series', {
        symbol,
        interval: '1day',
        outputsize: '5000',
        order: 'asc',
        ...(start && { start_date: start }),
      });
      if (isUnknownSymbol(errorCode(answer.status, answer.body))) return null;
      const body = answer.body as { meta?: { currency?: unknown }; values?: unknown };
      const currency = text(body?.meta?.currency);
      if (!currency || !Array.isArray(body.values)) {
        throw new MarketDataError('bad_response', 'Twelve Data gave an answer that could not be read');
      }
      const points = (body.values as Record<string, unknown>[])
        .map((value) => ({
          date: text(value?.datetime)?.slice(0, 10) ?? '',
          close: decimalText(value?.close),
        }))
        .filter(
          (point): point is { date: string; close: string } =>
            /^\d{4}-\d{2}-\d{2}$/.test(point.date) && point.close !== null,
        )
        .sort((a, b) => a.date.localeCompare(b.date));
      return { symbol, currency: currencyCode(currency), points };
    },
    async trending() {
      // Twelve Data's market movers need a paid plan beyond the one key this server is given.
      return null;
    },
  };
}
