import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for CoinGecko's public API v3 on 127.0.0.1, answering the two documented endpoints
 * Lodestar reads with CoinGecko's shapes: GET /simple/price (unknown ids are left out of the answer, as
 * CoinGecko does) and GET /coins/{id}/market_chart (`prices` as [ms, price] pairs; 404 for an unknown
 * coin). Tokens known by contract (`contracts`: `platform:address` → coin id) are answered by
 * GET /simple/token_price/{platform}?contract_addresses=…&vs_currencies=… (`{ "<address>": { "usd": … } }`,
 * unknown addresses left out) and GET /coins/{platform}/contract/{address} (the coin's `id`, `symbol`,
 * `name`, `asset_platform_id`, `platforms`, `detail_platforms`; 404 `{ "error": "coin not found" }`).
 * `down` makes every request answer 503; `rateLimited` makes them answer 429.
 */

export type FakeCoin = {
  symbol?: string;
  name?: string;
  /** Decimals of its contracts (detail_platforms), when it is known by contract. */
  decimals?: number;
  /** Current price per lower-case vs currency (JSON numbers, as CoinGecko sends them). */
  prices: Record<string, number>;
  change24h?: number;
  lastUpdatedAt?: number;
  /** Daily history per vs currency: [YYYY-MM-DD, price]. */
  history?: Record<string, [string, number][]>;
};

export type FakeCoinGecko = {
  /** Base URL to use as CRYPTO_PRICES_URL (ends with /api/v3). */
  url: string;
  coins: Map<string, FakeCoin>;
  /** `platform:address` → coin id, for tokens known by contract. */
  contracts: Map<string, string>;
  requests: string[];
  down: boolean;
  rateLimited: boolean;
  /** The fake's clock (market_chart's `days` counts back from it). */
  now: () => number;
  close(): Promise<void>;
};

export async function startFakeCoinGecko(): Promise<FakeCoinGecko> {
  const coins = new Map<string, FakeCoin>();
  const contracts = new Map<string, string>();
  const requests: string[] = [];
  const state = { down: false, rateLimited: false, now: () => Date.now() };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (state.down) return send(503, { error: 'Service Unavailable' });
    if (state.rateLimited)
      return send(429, { status: { error_code: 429, error_message: "You've exceeded the Rate Limit" } });
    if (url.pathname === '/api/v3/simple/price') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const vs = (url.searchParams.get('vs_currencies') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || vs.length === 0)
        return send(400, { error: 'Missing parameter ids or vs_currencies' });
      const body: Record<string, Record<string, number>> = {};
      for (const id of ids) {
        const coin = coins.get(id);
        if (!coin) continue;
        const entry: Record<string, number> = {};
        for (const currency of vs) {
          const price = coin.prices[currency];
          if (price === undefined) continue;
          entry[currency] = price;
          if (url.searchParams.get('include_24hr_change') === 'true' && coin.change24h !== undefined)
            entry[`${currency}_24h_change`] = coin.change24h;
        }
        if (url.searchParams.get('include_last_updated_at') === 'true' && coin.lastUpdatedAt !== undefined)
          entry.last_updated_at = coin.lastUpdatedAt;
        body[id] = entry;
      }
      return send(200, body);
    }
    const tokenPrice = /^\/api\/v3\/simple\/token_price\/([^/]+)$/.exec(url.pathname);
    if (tokenPrice) {
      const platform = decodeURIComponent(tokenPrice[1] ?? '');
      const addresses = (url.searchParams.get('contract_addresses') ?? '').split(',').filter(Boolean);
      const vs = (url.searchParams.get('vs_currencies') ?? '').split(',').filter(Boolean);
      if (addresses.length === 0 || vs.length === 0)
        return send(400, { error: 'Missing parameter contract_addresses or vs_currencies' });
      const body: Record<string, Record<string, number>> = {};
      for (const address of addresses) {
        const coin = coins.get(contracts.get(`${platform}:${address}`) ?? '');
        if (!coin) continue;
        const entry: Record<string, number> = {};
        for (const currency of vs)
          if (coin.prices[currency] !== undefined) entry[currency] = coin.prices[currency];
        body[address] = entry;
      }
      return send(200, body);
    }
    const contract = /^\/api\/v3\/coins\/([^/]+)\/contract\/([^/]+)$/.exec(url.pathname);
    if (contract) {
      const platform = decodeURIComponent(contract[1] ?? '');
      const address = decodeURIComponent(contract[2] ?? '');
      const id = contracts.get(`${platform}:${address}`);
      const coin = id === undefined ? undefined : coins.get(id);
      if (!id || !coin) return send(404, { error: 'coin not found' });
      return send(200, {
        id,
        symbol: coin.symbol ?? id,
        name: coin.name ?? id,
        asset_platform_id: platform,
        platforms: { [platform]: address },
        detail_platforms: { [platform]: { decimal_place: coin.decimals ?? null, contract_address: address } },
        market_data: { current_price: coin.prices },
      });
    }
    const chart = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(url.pathname);
    if (chart) {
      const coin = coins.get(decodeURIComponent(chart[1] ?? ''));
      if (!coin) return send(404, { error: 'coin not found' });
      const vs = url.searchParams.get('vs_currency') ?? '';
      const days = Number(url.searchParams.get('days'));
      if (!vs || !Number.isFinite(days) || days <= 0) return send(400, { error: 'invalid parameters' });
      const cutoff = state.now() - days * 86_400_000;
      const prices = (coin.history?.[vs] ?? [])
        .map(([date, price]) => [Date.parse(`${date}T00:00:00Z`), price] as const)
        .filter(([ms]) => ms >= cutoff - 86_400_000);
      return send(200, { prices, market_caps: [], total_volumes: [] });
    }
    return send(404, { error: 'Incorrect path. Please check https://www.coingecko.com/api/' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  return {
    url,
    coins,
    contracts,
    requests,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get rateLimited() {
      return state.rateLimited;
    },
    set rateLimited(value: boolean) {
      state.rateLimited = value;
    },
    get now() {
      return state.now;
    },
    set now(value: () => number) {
      state.now = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
