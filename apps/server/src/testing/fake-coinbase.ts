import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { listen, send, readRequest } from './fake-http';

/**
 * A stand-in for Coinbase's Advanced Trade API (`/api/v3/brokerage/…`) and the v2 Coinbase App API
 * ccxt also calls (docs.cdp.coinbase.com) on 127.0.0.1, checking requests as Coinbase does:
 *
 * - Private requests carry `Authorization: Bearer <JWT>` signed ES256 with the CDP key's EC P-256
 *   private key: header `alg` ES256, `kid` the key name, a `nonce`; claims `sub` the key name, `iss`,
 *   `nbf`/`exp` (two minutes), and `uri` "<METHOD> <host><path>" without the query. A token that is
 *   missing, expired, for another key, another request or not signed by the key is answered
 *   HTTP 401 "Unauthorized" as plain text.
 * - Public: `GET /api/v3/brokerage/market/products` (SPOT served; FUTURE empty), `GET /v2/currencies`,
 *   `GET /v2/currencies/crypto`, `GET /v2/exchange-rates` that ccxt loads markets from.
 * - `GET /api/v3/brokerage/transaction_summary` (fee tier), `GET /api/v3/brokerage/key_permissions`
 *   (`can_view`, `can_trade`, `can_transfer`).
 * - Wallets `GET /v2/accounts` (`data[]` with `id`, `currency.code`, `balance.amount` a decimal string,
 *   `type` wallet or fiat; `limit` 25 by default and at most 100, `starting_after` an id; `pagination.next_starting_after`) and
 *   `GET /api/v3/brokerage/accounts` (`accounts[]` with `uuid`, `currency`, `available_balance`, `hold`).
 * - Fills `GET /api/v3/brokerage/orders/historical/fills`: newest first, `limit` (at most 1000 here),
 *   `cursor` from the previous page's `cursor` ("" on the last), `start_sequence_timestamp` /
 *   `end_sequence_timestamp` (RFC 3339) bounds.
 * - A wallet's transactions `GET /v2/accounts/:id/transactions`: newest first, `limit` 25 by default and
 *   at most 100, `starting_after` an id, `pagination.next_starting_after`. A received send has a positive
 *   amount, a sent one negative; trades appear there too (`advanced_trade_fill`, `buy`, `sell`).
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests 429
 * (`errors[0].id` rate_limit_exceeded) first.
 */

export type CoinbaseKey = { apiKey: string; secret: string };

export type CoinbaseFill = {
  tradeId: string;
  productId: 'BTC-USD' | 'ETH-USD' | 'ETH-BTC';
  side: 'BUY' | 'SELL';
  price: string;
  size: string;
  time: number;
};

export type CoinbaseTransaction = {
  id: string;
  currency: string;
  /** Signed: received positive, sent negative. */
  amount: string;
  type: 'send' | 'fiat_deposit' | 'fiat_withdrawal' | 'advanced_trade_fill' | 'buy' | 'sell';
  time: number;
  status?: 'completed' | 'pending' | 'failed';
};

export type FakeCoinbase = {
  url: string;
  requests: { method: string; path: string; query: Record<string, string> }[];
  down: boolean;
  tooManyRequests: number;
  /** Currency → wallet balance (v2 accounts and v3 accounts). */
  wallets: Record<string, string>;
  fills: CoinbaseFill[];
  transactions: CoinbaseTransaction[];
  permissions: { can_view: boolean; can_trade: boolean; can_transfer: boolean };
  close(): Promise<void>;
};

const PRODUCTS = [
  ['BTC-USD', 'BTC', 'USD'],
  ['ETH-USD', 'ETH', 'USD'],
  ['ETH-BTC', 'ETH', 'BTC'],
] as const;
const CRYPTO = ['BTC', 'ETH', 'USDC'];
const FIAT = ['USD', 'EUR'];
const MAX_FILLS = 1000;

const walletId = (currency: string) => `5f1c7a3e-0000-4000-8000-${currency.padStart(12, '0').toLowerCase()}`;
const iso = (time: number) => new Date(time).toISOString();

function b64url(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}

/** The JWT's claims when it is an ES256 token of `key` for this request, else undefined. */
function checkJwt(token: string, publicKey: KeyObject, apiKey: string, method: string, hostPath: string) {
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return undefined;
  let header: Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(b64url(head).toString('utf8')) as Record<string, unknown>;
    payload = JSON.parse(b64url(claims).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (header.alg !== 'ES256' || header.kid !== apiKey || typeof header.nonce !== 'string') return undefined;
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64url(signature),
  );
  if (!ok) return undefined;
  const now = Math.floor(Date.now() / 1000);
  if (payload.sub !== apiKey || typeof payload.nbf !== 'number' || typeof payload.exp !== 'number')
    return undefined;
  if (payload.nbf > now + 5 || payload.exp < now || payload.exp - payload.nbf > 120) return undefined;
  // Coinbase's uri has no scheme; against this plain-HTTP fake ccxt leaves "http://" in it.
  const uri = String(payload.uri ?? '').replace(`${method} http://`, `${method} `);
  return uri === `${method} ${hostPath}` ? payload : undefined;
}

export async function startFakeCoinbase(key: CoinbaseKey): Promise<FakeCoinbase> {
  const publicKey = createPublicKey(key.secret);
  const fake = {} as FakeCoinbase;
  const served = await listen(async (request, response) => {
    const { path, method, query } = await readRequest(request);
    fake.requests.push({ method, path, query });
    if (fake.down) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      return void response.end('Service Unavailable');
    }
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return send(response, 429, { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] });
    }
    const products = (type: string | undefined) =>
      type && type !== 'SPOT'
        ? []
        : PRODUCTS.map(([id, base, quote]) => ({
            product_id: id,
            price: '0',
            base_increment: '0.00000001',
            quote_increment: '0.01',
            quote_min_size: '1',
            quote_max_size: '150000000',
            base_min_size: '0.00000001',
            base_max_size: '3400',
            base_name: base,
            quote_name: quote,
            status: 'online',
            is_disabled: false,
            trading_disabled: false,
            cancel_only: false,
            limit_only: false,
            post_only: false,
            auction_mode: false,
            product_type: 'SPOT',
            quote_currency_id: quote,
            base_currency_id: base,
            base_display_symbol: base,
            quote_display_symbol: quote,
            price_increment: '0.01',
            display_name: id,
            product_venue: 'CBE',
          }));
    if (path === '/api/v3/brokerage/market/products') {
      const list = products(query.product_type);
      return send(response, 200, { products: list, num_products: list.length });
    }
    if (path === '/v2/currencies')
      return send(response, 200, {
        data: FIAT.map((id) => ({ id, name: id === 'USD' ? 'US Dollar' : 'Euro', min_size: '0.01' })),
      });
    if (path === '/v2/currencies/crypto')
      return send(response, 200, {
        data: CRYPTO.map((code, index) => ({
          asset_id: `a0000000-0000-4000-8000-00000000000${index}`,
          code,
          name: code === 'BTC' ? 'Bitcoin' : code === 'ETH' ? 'Ethereum' : 'USDC',
          color: '#000000',
          sort_index: index,
          exponent: 8,
          type: 'crypto',
        })),
      });
    if (path === '/v2/exchange-rates')
      return send(response, 200, { data: { currency: 'USD', rates: { BTC: '0.0000166', ETH: '0.00033' } } });

    // Signed: a fresh ES256 JWT of this key for this very request.
    const authorization = String(request.headers.authorization ?? '');
    const host = String(request.headers.host ?? '');
    if (
      !authorization.startsWith('Bearer ') ||
      !checkJwt(authorization.slice(7), publicKey, key.apiKey, method, `${host}${path}`)
    ) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      return void response.end('Unauthorized\n');
    }

    if (path === '/api/v3/brokerage/transaction_summary')
      return send(response, 200, {
        total_volume: 0,
        total_fees: 0,
        fee_tier: {
          pricing_tier: 'Advanced 1',
          usd_from: '0',
          usd_to: '1000',
          taker_fee_rate: '0.012',
          maker_fee_rate: '0.006',
        },
      });
    if (path === '/api/v3/brokerage/key_permissions')
      return send(response, 200, {
        ...fake.permissions,
        portfolio_uuid: '11111111-2222-4333-8444-555555555555',
        portfolio_type: 'DEFAULT',
      });
    if (path === '/api/v3/brokerage/accounts')
      return send(response, 200, {
        accounts: Object.entries(fake.wallets).map(([currency, value]) => ({
          uuid: walletId(currency),
          name: `${currency} Wallet`,
          currency,
          available_balance: { value, currency },
          default: true,
          active: true,
          created_at: '2024-01-04T06:20:06.456Z',
          updated_at: '2024-01-04T06:20:07.181Z',
          deleted_at: null,
          type: FIAT.includes(currency) ? 'ACCOUNT_TYPE_FIAT' : 'ACCOUNT_TYPE_CRYPTO',
          ready: true,
          hold: { value: '0', currency },
        })),
        has_next: false,
        cursor: '',
        size: Object.keys(fake.wallets).length,
      });
    if (path === '/v2/accounts') {
      const all = Object.entries(fake.wallets).map(([currency, amount]) => ({
        id: walletId(currency),
        name: `${currency} Wallet`,
        primary: currency === 'BTC',
        type: FIAT.includes(currency) ? 'fiat' : 'wallet',
        currency: { code: currency, name: currency },
        balance: { amount, currency },
        // A wallet never used has no creation time (as Coinbase lists them).
        created_at:
          /[1-9]/.test(amount) || fake.transactions.some((item) => item.currency === currency)
            ? '2024-01-04T06:20:06Z'
            : null,
        updated_at: '2024-01-04T06:20:07Z',
        resource: 'account',
        resource_path: `/v2/accounts/${walletId(currency)}`,
      }));
      return send(response, 200, v2Page(all, query, 25, 100));
    }
    const wallet = /^\/v2\/accounts\/([^/]+)\/transactions$/.exec(path)?.[1];
    if (wallet) {
      const currency = Object.keys(fake.wallets).find((code) => walletId(code) === wallet);
      if (!currency) return send(response, 404, { errors: [{ id: 'not_found', message: 'Not found' }] });
      const rows = fake.transactions
        .filter((item) => item.currency === currency)
        .sort((a, b) => b.time - a.time)
        .map((item) => ({
          id: item.id,
          type: item.type,
          status: item.status ?? 'completed',
          amount: { amount: item.amount, currency },
          native_amount: { amount: item.amount, currency: 'USD' },
          description: null,
          created_at: iso(item.time),
          updated_at: iso(item.time),
          resource: 'transaction',
          resource_path: `/v2/accounts/${wallet}/transactions/${item.id}`,
          // A send's network part gives the amount that went on chain, unsigned and after the fee.
          ...(item.type === 'send'
            ? {
                network: {
                  status: 'confirmed',
                  hash: `0x${item.id}`,
                  network_name: currency.toLowerCase(),
                  transaction_fee: { amount: item.amount.startsWith('-') ? '0.5' : '0', currency },
                  transaction_amount: {
                    amount: item.amount.startsWith('-')
                      ? (Number(item.amount.slice(1)) - 0.5).toString()
                      : item.amount,
                    currency,
                  },
                },
              }
            : {}),
        }));
      return send(response, 200, v2Page(rows, query, 25, 100));
    }
    if (path === '/api/v3/brokerage/orders/historical/fills') {
      const limit = Math.min(Number(query.limit ?? 100), MAX_FILLS);
      const start = query.start_sequence_timestamp ? Date.parse(query.start_sequence_timestamp) : undefined;
      const end = query.end_sequence_timestamp ? Date.parse(query.end_sequence_timestamp) : undefined;
      const offset = query.cursor ? Number(query.cursor) : 0;
      const matching = fake.fills
        .filter(
          (fill) =>
            (!query.product_id || fill.productId === query.product_id) &&
            (start === undefined || fill.time >= start) &&
            (end === undefined || fill.time <= end),
        )
        .sort((a, b) => b.time - a.time);
      const page = matching.slice(offset, offset + limit);
      return send(response, 200, {
        fills: page.map((fill) => ({
          entry_id: `e${fill.tradeId}`,
          trade_id: fill.tradeId,
          order_id: `o${fill.tradeId}`,
          trade_time: iso(fill.time),
          trade_type: 'FILL',
          price: fill.price,
          size: fill.size,
          commission: '0.05',
          product_id: fill.productId,
          sequence_timestamp: iso(fill.time),
          liquidity_indicator: 'TAKER',
          size_in_quote: false,
          user_id: '3a7c1d2e-0000-4000-8000-000000000001',
          side: fill.side,
        })),
        cursor: offset + limit < matching.length ? String(offset + limit) : '',
      });
    }
    return send(response, 404, { errors: [{ id: 'not_found', message: 'Not found' }] });
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    requests: [],
    down: false,
    tooManyRequests: 0,
    wallets: {},
    fills: [],
    transactions: [],
    permissions: { can_view: true, can_trade: false, can_transfer: false },
  });
  return fake;
}

/** A v2 list page: `limit` (default, most), `starting_after` the id after which the page starts. */
function v2Page<T extends { id: string }>(
  all: T[],
  query: Record<string, string>,
  byDefault: number,
  most: number,
) {
  const limit = Math.min(Number(query.limit ?? byDefault), most);
  const from = query.starting_after ? all.findIndex((item) => item.id === query.starting_after) + 1 : 0;
  const data = all.slice(from, from + limit);
  const next = from + limit < all.length ? data[data.length - 1]?.id : undefined;
  return {
    pagination: {
      ending_before: null,
      starting_after: query.starting_after ?? null,
      next_starting_after: next ?? null,
      limit,
      order: 'desc',
      next_uri: next ? `/v2/accounts?starting_after=${next}` : null,
    },
    data,
  };
}
