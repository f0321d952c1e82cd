import { createHmac } from 'node:crypto';
import { body, equal, listen, send } from './fake-http';

/**
 * A stand-in for Gemini's REST API (docs.gemini.com, developer.gemini.com) on 127.0.0.1, checking
 * requests as Gemini does:
 *
 * - Private requests are POSTs carrying `X-GEMINI-APIKEY` (an account key, `account-…`),
 *   `X-GEMINI-PAYLOAD` (base64 of a JSON object with `request`, the path, a `nonce`, a timestamp within
 *   30 s of the server's clock, and the endpoint's parameters) and `X-GEMINI-SIGNATURE` (hex
 *   HMAC-SHA384 of the payload with the secret). Errors are `{ result: "error", reason, message }`:
 *   HTTP 400 InvalidSignature, InvalidApiKey, InvalidNonce; 429 RateLimit; 503 Maintenance for an outage.
 * - Public `GET /v1/symbols` (lower-case market ids) that ccxt loads markets from.
 * - `POST /v1/balances`: `[{ type: "exchange", currency, amount, available, availableForWithdrawal }]`,
 *   amounts decimal strings.
 * - `POST /v1/mytrades`: `symbol` required; `limit_trades` default 50, at most 500; `timestamp` (seconds
 *   or milliseconds): the trades on or after it, the earliest first taken, sorted newest first; without
 *   `timestamp` the most recent ones. Walking the history as Gemini documents it: from timestamp 0, the
 *   next request from the highest timestamp read plus one.
 * - `POST /v1/transfers`: `limit_transfers` default 10, at most 50, `timestamp` as for trades.
 * - `POST /v1/roles`: `isAuditor`, `isFundManager`, `isTrader`.
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests 429 first.
 */

export type GeminiKey = { apiKey: string; secret: string };

export type GeminiTrade = {
  tid: number;
  symbol: 'btcusd' | 'ethusd' | 'ethbtc';
  type: 'Buy' | 'Sell';
  price: string;
  amount: string;
  timestampms: number;
};

export type GeminiTransfer = {
  eid: number;
  type: 'Deposit' | 'Withdrawal';
  currency: string;
  amount: string;
  timestampms: number;
  status?: 'Advanced' | 'Complete';
};

export type FakeGemini = {
  url: string;
  requests: { path: string; payload: Record<string, unknown> }[];
  down: boolean;
  tooManyRequests: number;
  balances: Record<string, string>;
  trades: GeminiTrade[];
  transfers: GeminiTransfer[];
  roles: { isAuditor: boolean; isFundManager: boolean; isTrader: boolean };
  close(): Promise<void>;
};

const SYMBOLS = ['btcusd', 'ethusd', 'ethbtc'];

/** The millisecond time a Gemini timestamp parameter (seconds or milliseconds) names. */
const millis = (value: unknown) => {
  const number = Number(value);
  return number < 1e11 ? number * 1000 : number;
};

/** The earliest `limit` items on or after `timestamp` (or the most recent without), newest first. */
function walk<T extends { timestampms: number }>(items: T[], timestamp: unknown, limit: number): T[] {
  const ascending = [...items].sort((a, b) => a.timestampms - b.timestampms);
  const chosen =
    timestamp === undefined
      ? ascending.slice(-limit)
      : ascending.filter((item) => item.timestampms >= millis(timestamp)).slice(0, limit);
  return chosen.reverse();
}

export async function startFakeGemini(key: GeminiKey): Promise<FakeGemini> {
  const fake = {} as FakeGemini;
  const served = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    await body(request);
    const error = (status: number, reason: string, message: string) =>
      send(response, status, { result: 'error', reason, message });
    if (fake.down)
      return error(
        503,
        'Maintenance',
        'The Gemini Exchange is currently undergoing maintenance. Please try again in a few minutes.',
      );
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return error(429, 'RateLimit', 'Requests were made too frequently');
    }
    if (request.method === 'GET' && path === '/v1/symbols') return send(response, 200, SYMBOLS);
    if (request.method === 'GET') return error(404, 'EndpointNotFound', 'API entry point not found');

    const header = (name: string) => String(request.headers[name] ?? '');
    if (!header('x-gemini-apikey')) return error(400, 'MissingApikeyHeader', 'Missing API key header');
    if (header('x-gemini-apikey') !== key.apiKey) return error(400, 'InvalidApiKey', 'Invalid API key');
    const encoded = header('x-gemini-payload');
    const expected = createHmac('sha384', key.secret).update(encoded).digest('hex');
    if (!equal(header('x-gemini-signature'), expected))
      return error(400, 'InvalidSignature', 'InvalidSignature');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      return error(400, 'InvalidJson', 'Could not parse the payload');
    }
    if (payload.request !== path)
      return error(400, 'InvalidRequest', `Payload request ${String(payload.request)} is not ${path}`);
    if (!Number.isFinite(Number(payload.nonce)) || Math.abs(millis(payload.nonce) - Date.now()) > 30_000)
      return error(400, 'InvalidNonce', 'Nonce is not within 30 seconds of the server time');
    fake.requests.push({ path, payload });

    switch (path) {
      case '/v1/balances':
        return send(
          response,
          200,
          Object.entries(fake.balances).map(([currency, amount]) => ({
            type: 'exchange',
            currency,
            amount,
            available: amount,
            availableForWithdrawal: amount,
          })),
        );
      case '/v1/roles':
        return send(response, 200, { ...fake.roles, counterparty_id: 'GHS5ZJ7T' });
      case '/v1/mytrades': {
        const symbol = String(payload.symbol ?? '').toLowerCase();
        if (!SYMBOLS.includes(symbol)) return error(400, 'InvalidSymbol', 'Invalid symbol');
        const limit = Math.min(Number(payload.limit_trades ?? 50), 500);
        const rows = walk(
          fake.trades.filter((trade) => trade.symbol === symbol),
          payload.timestamp,
          limit,
        );
        return send(
          response,
          200,
          rows.map((trade) => ({
            price: trade.price,
            amount: trade.amount,
            timestamp: Math.floor(trade.timestampms / 1000),
            timestampms: trade.timestampms,
            type: trade.type,
            aggressor: true,
            fee_currency: 'USD',
            fee_amount: '0.01',
            tid: trade.tid,
            order_id: String(trade.tid + 1_000_000),
            exchange: 'gemini',
            is_auction_fill: false,
            is_clearing_fill: false,
            symbol: trade.symbol.toUpperCase(),
          })),
        );
      }
      case '/v1/transfers': {
        const limit = Math.min(Number(payload.limit_transfers ?? 10), 50);
        return send(
          response,
          200,
          walk(fake.transfers, payload.timestamp, limit).map((item) => ({
            type: item.type,
            status: item.status ?? 'Complete',
            timestampms: item.timestampms,
            eid: item.eid,
            currency: item.currency,
            amount: item.amount,
            method: 'CryptoCurrency',
            txHash: `0x${item.eid.toString(16)}`,
            ...(item.type === 'Withdrawal' ? { destination: 'bc1qexampleaddress', feeAmount: '0' } : {}),
          })),
        );
      }
      default:
        return error(404, 'EndpointNotFound', 'API entry point not found');
    }
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    requests: [],
    down: false,
    tooManyRequests: 0,
    balances: {},
    trades: [],
    transfers: [],
    roles: { isAuditor: true, isFundManager: false, isTrader: false },
  });
  return fake;
}
