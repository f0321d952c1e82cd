import { createHmac } from 'node:crypto';
import { body, listen, send } from './fake-http';

/**
 * A stand-in for Bitstamp's HTTP API v2 (www.bitstamp.net/api) on 127.0.0.1, checking requests as
 * Bitstamp does:
 *
 * - Private requests are POSTs carrying `X-Auth` ("BITSTAMP " + key), `X-Auth-Nonce` (a UUID, never used
 *   twice), `X-Auth-Timestamp` (ms, within 150 s of the server's clock), `X-Auth-Version` v2 and
 *   `X-Auth-Signature`: hex HMAC-SHA256 with the secret of X-Auth + method + host and path with its query
 *   + content type + nonce + timestamp + "v2" + body. A refusal is HTTP 403
 *   `{ status: "error", reason, code }`: API0001 unknown key, API0004 nonce used, API0005 invalid
 *   signature, API0006 timestamp out of range. Too many requests: 429 `code` API0020 (as documented for
 *   the rate limit); an outage 503 as plain text.
 * - Public `GET /api/v2/markets/` (`market_symbol`, `base_currency`, `counter_currency`, `market_type`,
 *   `description`, `minimum_order_value`, decimals) that ccxt loads markets and currencies from.
 * - `POST /api/v2/account_balances/`: `[{ currency, total, available, reserved }]`, decimal strings,
 *   lower-case currency names.
 * - `POST /api/v2/user_transactions/`: newest first (`sort` desc by default), `offset` (default 0, at
 *   most 200,000), `limit` (default 100, at most 1,000); `type` 0 deposit, 1 withdrawal, 2 market trade,
 *   each row with a signed amount per currency (`btc`, `usd`…) and, for a trade, the price under the
 *   pair (`btc_usd`).
 *
 * Bitstamp has no call that tells what a key may do.
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests 429 first.
 */

export type BitstampKey = { apiKey: string; secret: string };

export type BitstampRow = {
  id: number;
  type: '0' | '1' | '2';
  time: number;
  /** Currency (lower case) → signed amount. */
  amounts: Record<string, string>;
  /** For a trade: the pair (`btc_usd`) and its price. */
  pair?: { id: string; price: string };
};

export type FakeBitstamp = {
  url: string;
  requests: { path: string; form: Record<string, string> }[];
  down: boolean;
  tooManyRequests: number;
  balances: Record<string, string>;
  transactions: BitstampRow[];
  close(): Promise<void>;
};

const MARKETS = [
  ['btcusd', 'BTC', 'USD', 'Bitcoin / U.S. dollar'],
  ['ethusd', 'ETH', 'USD', 'Ether / U.S. dollar'],
  ['ethbtc', 'ETH', 'BTC', 'Ether / Bitcoin'],
  ['usdtusd', 'USDT', 'USD', 'Tether / U.S. dollar'],
] as const;
const CURRENCIES = ['btc', 'eth', 'usd', 'usdt'];

const datetime = (time: number) => new Date(time).toISOString().replace('T', ' ').replace('Z', '000');

export async function startFakeBitstamp(key: BitstampKey): Promise<FakeBitstamp> {
  const fake = {} as FakeBitstamp;
  const nonces = new Set<string>();
  const served = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const text = await body(request);
    const refuse = (status: number, reason: string, code: string) =>
      send(response, status, { status: 'error', reason, code });
    if (fake.down) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      return void response.end('Service Unavailable');
    }
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return refuse(429, 'Rate limit exceeded', 'API0020');
    }
    if (method === 'GET' && path === '/api/v2/markets/')
      return send(
        response,
        200,
        MARKETS.map(([symbol, base, counter, description]) => ({
          name: `${base}/${counter}`,
          market_symbol: symbol,
          base_currency: base,
          base_decimals: 8,
          counter_currency: counter,
          counter_decimals: counter === 'BTC' ? 8 : 2,
          minimum_order_value: `10.00 ${counter}`,
          maximum_order_value: `1000000.00 ${counter}`,
          minimum_order_amount: '0.00000100',
          maximum_order_amount: '1000000',
          trading: 'Enabled',
          instant_order_counter_decimals: 2,
          instant_and_market_orders: 'Enabled',
          description,
          market_type: 'SPOT',
        })),
      );
    if (method === 'GET')
      return send(response, 404, { status: 'error', reason: 'Not found', code: 'API0000' });

    const header = (name: string) => String(request.headers[name] ?? '');
    if (header('x-auth') !== `BITSTAMP ${key.apiKey}`) return refuse(403, 'API key not found', 'API0001');
    const nonce = header('x-auth-nonce');
    const timestamp = header('x-auth-timestamp');
    if (Math.abs(Number(timestamp) - Date.now()) > 150_000)
      return refuse(403, 'Timestamp is too old', 'API0006');
    if (nonces.has(nonce)) return refuse(403, 'Nonce already used', 'API0004');
    const contentType = text ? header('content-type') : '';
    // Bitstamp's message has no scheme; against this plain-HTTP fake ccxt leaves "http://" in it.
    const message =
      header('x-auth') +
      method +
      header('host') +
      path +
      url.search +
      contentType +
      nonce +
      timestamp +
      'v2' +
      text;
    const expected = createHmac('sha256', key.secret).update(message).digest('hex');
    const withScheme = createHmac('sha256', key.secret)
      .update(message.replace(`${method}${header('host')}`, `${method}http://${header('host')}`))
      .digest('hex');
    const signature = header('x-auth-signature').toLowerCase();
    if (signature !== expected && signature !== withScheme)
      return refuse(403, 'Invalid signature', 'API0005');
    nonces.add(nonce);
    const form = Object.fromEntries(new URLSearchParams(text));
    fake.requests.push({ path, form });

    switch (path) {
      case '/api/v2/account_balances/':
        return send(
          response,
          200,
          Object.entries(fake.balances).map(([currency, total]) => ({
            currency: currency.toLowerCase(),
            total,
            available: total,
            reserved: '0.00000000',
          })),
        );
      case '/api/v2/user_transactions/': {
        const offset = Math.min(Number(form.offset ?? 0), 200_000);
        const limit = Math.min(Number(form.limit ?? 100), 1_000);
        const rows = [...fake.transactions]
          .sort((a, b) => (form.sort === 'asc' ? a.time - b.time : b.time - a.time))
          .slice(offset, offset + limit)
          .map((row) => ({
            id: row.id,
            type: row.type,
            datetime: datetime(row.time),
            fee: row.type === '2' ? '0.05' : '0.00',
            ...Object.fromEntries(CURRENCIES.map((currency) => [currency, row.amounts[currency] ?? '0.0'])),
            ...(row.pair ? { [row.pair.id]: row.pair.price, order_id: row.id + 9_000_000 } : {}),
          }));
        return send(response, 200, rows);
      }
      default:
        return send(response, 404, { status: 'error', reason: 'Not found', code: 'API0000' });
    }
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    requests: [],
    down: false,
    tooManyRequests: 0,
    balances: {},
    transactions: [],
  });
  return fake;
}
