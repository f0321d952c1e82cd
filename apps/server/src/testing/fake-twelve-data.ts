import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeFailure, fakeSecurities, type FakeSecurity } from './fake-market-securities';

/**
 * A loopback stand-in for Twelve Data's documented REST API on 127.0.0.1: `/quote?symbol=` (one quote, or
 * for comma-separated symbols an object keyed by symbol), `/symbol_search?symbol=` (`data[]` with symbol,
 * instrument_name, exchange, instrument_type, currency) and `/time_series?symbol=&interval=1day`
 * (`meta.currency`, `values[]` of datetime/close as strings). The key is read from
 * `Authorization: apikey …` or `?apikey=`; errors are `{ code, message, status: "error" }` (an unknown
 * symbol with HTTP 200, as Twelve Data answers, a wrong key 401, the credit limit 429).
 */

export type FakeTwelveData = {
  url: string;
  apiKey: string;
  securities: FakeSecurity[];
  requests: string[];
  /** The Authorization header of each request. */
  authorizations: (string | undefined)[];
  failure: FakeFailure;
  /**
   * The plan's API credits a minute, when set: each request spends one, and once they are spent the
   * next is refused with 429 until the test says a minute has passed (`credits.used = 0`).
   */
  credits: { perMinute: number; used: number } | null;
  /** Requests refused for the credit limit. */
  refused: number;
  close(): Promise<void>;
};

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const notFound = (symbol: string) => ({
  code: 404,
  message: `**symbol** not found: ${symbol}. Please specify it correctly according to API Documentation.`,
  status: 'error',
  meta: { symbol, interval: '', exchange: '' },
});

/** Twelve Data's currency for London listings is GBp as well; its quote carries it as given. */
function quoteOf(security: FakeSecurity) {
  const last = security.closes.at(-1)!;
  const previous = security.closes.at(-2) ?? last;
  const change = (Number(last.close) - Number(previous.close)).toFixed(5);
  return {
    symbol: security.symbol,
    name: security.name,
    exchange: security.exchange,
    mic_code: 'XNAS',
    currency: security.currency === 'GBp' ? 'GBX' : security.currency,
    datetime: last.date,
    timestamp: Date.parse(`${last.date}T14:30:00Z`) / 1000,
    last_quote_at: Date.parse(`${last.date}T21:00:00Z`) / 1000,
    open: previous.close,
    high: last.close,
    low: previous.close,
    close: last.close,
    volume: '52164500',
    previous_close: previous.close,
    change,
    percent_change: ((Number(change) / Number(previous.close)) * 100).toFixed(5),
    average_volume: '48000000',
    is_market_open: false,
    fifty_two_week: { low: '150.00000', high: '250.00000' },
  };
}

export async function startFakeTwelveData(
  apiKey = 'td-test-key',
  lastDay = '2026-11-25',
): Promise<FakeTwelveData> {
  const fake: Omit<FakeTwelveData, 'url' | 'close'> = {
    apiKey,
    securities: fakeSecurities(lastDay),
    requests: [],
    authorizations: [],
    failure: null,
    credits: null,
    refused: 0,
  };
  const find = (symbol: string) =>
    fake.securities.find((security) => security.symbol === symbol.toUpperCase());
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    fake.authorizations.push(request.headers.authorization);
    const outOfCredits = fake.credits !== null && fake.credits.used >= fake.credits.perMinute;
    if (fake.credits && !outOfCredits) fake.credits.used += 1;
    if (outOfCredits) fake.refused += 1;
    const failure: FakeFailure = outOfCredits ? { status: 429 } : fake.failure;
    if (failure) {
      response.writeHead(failure.status, {
        'content-type': failure.contentType ?? 'application/json',
      });
      response.end(
        failure.body ??
          JSON.stringify(
            failure.status === 429
              ? {
                  code: 429,
                  message:
                    'You have run out of API credits for the current minute. 9 API credits were used, with the current limit being 8. Wait for the next minute or consider switching to a higher tier plan at https://twelvedata.com/pricing',
                  status: 'error',
                }
              : { code: failure.status, message: 'Internal error', status: 'error' },
          ),
      );
      return;
    }
    const key =
      /^apikey (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? url.searchParams.get('apikey');
    if (key !== fake.apiKey) {
      send(response, 401, {
        code: 401,
        message:
          '**apikey** parameter is incorrect or not specified. You can get your free API key instantly.',
        status: 'error',
      });
      return;
    }
    const symbolParam = url.searchParams.get('symbol') ?? '';
    if (url.pathname === '/quote') {
      const symbols = symbolParam
        .split(',')
        .map((symbol) => symbol.trim())
        .filter(Boolean);
      if (symbols.length === 0) {
        send(response, 400, {
          code: 400,
          message: '**symbol** parameter is missing or invalid.',
          status: 'error',
        });
        return;
      }
      const answer = (symbol: string) => {
        const security = find(symbol);
        return security ? quoteOf(security) : notFound(symbol);
      };
      if (symbols.length === 1) send(response, 200, answer(symbols[0]!));
      else send(response, 200, Object.fromEntries(symbols.map((symbol) => [symbol, answer(symbol)])));
      return;
    }
    if (url.pathname === '/symbol_search') {
      const query = symbolParam.toLowerCase();
      const outputsize = Number(url.searchParams.get('outputsize') ?? 30);
      const data = fake.securities
        .filter(
          (security) =>
            security.symbol.toLowerCase().startsWith(query) || security.name.toLowerCase().includes(query),
        )
        .slice(0, outputsize)
        .map((security) => ({
          symbol: security.symbol,
          instrument_name: security.name,
          exchange: security.exchange,
          mic_code: 'XNAS',
          exchange_timezone: 'America/New_York',
          instrument_type: security.twelveDataType,
          country: 'United States',
          currency: security.currency === 'GBp' ? 'GBp' : security.currency,
        }));
      send(response, 200, { data, status: 'ok' });
      return;
    }
    if (url.pathname === '/time_series') {
      const security = find(symbolParam);
      if (!security) {
        send(response, 200, notFound(symbolParam));
        return;
      }
      const start = url.searchParams.get('start_date') ?? '0000-00-00';
      const outputsize = Number(url.searchParams.get('outputsize') ?? 30);
      const points = security.closes.filter((point) => point.date >= start).slice(-outputsize);
      const values = points.map((point) => ({
        datetime: point.date,
        open: point.close,
        high: point.close,
        low: point.close,
        close: point.close,
        volume: '1000000',
      }));
      send(response, 200, {
        meta: {
          symbol: security.symbol,
          interval: '1day',
          currency: security.currency === 'GBp' ? 'GBX' : security.currency,
          exchange_timezone: 'America/New_York',
          exchange: security.exchange,
          mic_code: 'XNAS',
          type: security.twelveDataType,
        },
        values: url.searchParams.get('order') === 'asc' ? values : values.reverse(),
        status: 'ok',
      });
      return;
    }
    send(response, 404, { code: 404, message: 'Endpoint not found', status: 'error' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
