import { decimalFromJsonNumber, HTTP_TIMEOUT_MS } from '@lodestar/domain';
import { ProviderError } from '../connectors/provider-error';

/**
 * A CoinGecko-compatible price API (CRYPTO_PRICES_URL, CoinGecko's public API by default): coins are
 * named by their API id (`bitcoin`, `usd-coin`), never by symbol. Two endpoints:
 * - GET /simple/price?ids=…&vs_currencies=…&include_24hr_change=true&include_last_updated_at=true
 *   → `{ "<id>": { "usd": 67187.33, "usd_24h_change": 3.63, "last_updated_at": 1711356300 } }`;
 * - GET /coins/{id}/market_chart?vs_currency=usd&days=N&interval=daily → `{ "prices": [[ms, price], …] }`.
 * Tokens known only by their contract (a Solana mint) are found through two more:
 * - GET /simple/token_price/{platform}?contract_addresses=…&vs_currencies=usd → `{ "<address>": { "usd": … } }`
 *   (addresses the source does not know are left out);
 * - GET /coins/{platform}/contract/{address} → the coin's `id`, `symbol` and `name` (404 when unknown).
 * Messages carry no URL and no answer body.
 */

export const PRICE_MESSAGES = {
  unavailable: 'The crypto price source did not answer',
  rateLimited: 'The crypto price source asked us to slow down',
  badAnswer: 'The crypto price source answered with something that is not a price list',
} as const;

export type SimplePrice = {
  /** Price per currency asked for (lower-case code → decimal string). */
  prices: Record<string, string>;
  /** Percent change over 24 hours in the first currency asked for, as a decimal string. */
  change24hPercent: string | null;
  lastUpdatedAt: Date | null;
};

async function getJson(
  url: URL,
  fetchImpl: typeof fetch,
  options: { notFound?: 'undefined' } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderError(timedOut ? 'timeout' : 'unavailable', PRICE_MESSAGES.unavailable);
  }
  if (response.status === 429) throw new ProviderError('rate_limited', PRICE_MESSAGES.rateLimited);
  if (response.status >= 500) throw new ProviderError('unavailable', PRICE_MESSAGES.unavailable);
  if (response.status === 404 && options.notFound === 'undefined') return undefined;
  if (!response.ok) throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
  try {
    return await response.json();
  } catch {
    throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
  }
}

function price(value: unknown): string | undefined {
  if (typeof value !== 'number') return undefined;
  try {
    return decimalFromJsonNumber(value);
  } catch {
    return undefined;
  }
}

function endpoint(baseUrl: string, path: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
}

/** Current prices of coins by id in each of `vsCurrencies` (lower-case), with the 24-hour change. */
export async function fetchSimplePrices(
  baseUrl: string,
  ids: readonly string[],
  vsCurrencies: readonly string[],
  fetchImpl: typeof fetch = fetch,
): Promise<Map<string, SimplePrice>> {
  const found = new Map<string, SimplePrice>();
  if (ids.length === 0) return found;
  const url = endpoint(baseUrl, '/simple/price');
  url.searchParams.set('ids', ids.join(','));
  url.searchParams.set('vs_currencies', vsCurrencies.join(','));
  url.searchParams.set('include_24hr_change', 'true');
  url.searchParams.set('include_last_updated_at', 'true');
  url.searchParams.set('precision', 'full');
  const body = await getJson(url, fetchImpl);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
  for (const id of ids) {
    const entry = (body as Record<string, unknown>)[id];
    if (typeof entry !== 'object' || entry === null) continue;
    const fields = entry as Record<string, unknown>;
    const prices: Record<string, string> = {};
    for (const vs of vsCurrencies) {
      const value = price(fields[vs]);
      if (value !== undefined) prices[vs] = value;
    }
    if (Object.keys(prices).length === 0) continue;
    const first = vsCurrencies[0] ?? 'usd';
    const change = fields[`${first}_24h_change`];
    const updated = fields.last_updated_at;
    found.set(id, {
      prices,
      change24hPercent: typeof change === 'number' && Number.isFinite(change) ? change.toFixed(8) : null,
      lastUpdatedAt:
        typeof updated === 'number' && Number.isFinite(updated) ? new Date(updated * 1000) : null,
    });
  }
  return found;
}

/**
 * Daily prices of a coin over the last `days` days (the public API serves up to 365), one per UTC day:
 * the last point of a day is its close.
 */
export async function fetchDailyCloses(
  baseUrl: string,
  id: string,
  vsCurrency: string,
  days: number,
  fetchImpl: typeof fetch = fetch,
): Promise<{ date: string; close: string }[]> {
  const url = endpoint(baseUrl, `/coins/${encodeURIComponent(id)}/market_chart`);
  url.searchParams.set('vs_currency', vsCurrency);
  url.searchParams.set('days', String(days));
  url.searchParams.set('interval', 'daily');
  url.searchParams.set('precision', 'full');
  const body = (await getJson(url, fetchImpl)) as { prices?: unknown };
  if (!Array.isArray(body?.prices)) throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
  const byDay = new Map<string, string>();
  for (const point of body.prices) {
    if (!Array.isArray(point) || typeof point[0] !== 'number') continue;
    const value = price(point[1]);
    if (value === undefined) continue;
    byDay.set(new Date(point[0]).toISOString().slice(0, 10), value);
  }
  return [...byDay].map(([date, close]) => ({ date, close }));
}

/**
 * How many contract addresses go in one /simple/token_price request: CoinGecko takes up to 515; 100
 * Solana mints keep the URL under 5 kB, which every proxy passes.
 */
export const TOKEN_PRICE_BATCH = 100;

/**
 * Which of `addresses` (contracts on `platform`, e.g. `solana`) the source prices in US dollars: one
 * request per TOKEN_PRICE_BATCH addresses. Answers address → price; unknown addresses are left out.
 */
export async function fetchTokenPrices(
  baseUrl: string,
  platform: string,
  addresses: readonly string[],
  fetchImpl: typeof fetch = fetch,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let start = 0; start < addresses.length; start += TOKEN_PRICE_BATCH) {
    const batch = addresses.slice(start, start + TOKEN_PRICE_BATCH);
    const url = endpoint(baseUrl, `/simple/token_price/${encodeURIComponent(platform)}`);
    url.searchParams.set('contract_addresses', batch.join(','));
    url.searchParams.set('vs_currencies', 'usd');
    url.searchParams.set('precision', 'full');
    const body = await getJson(url, fetchImpl);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
    // EVM addresses come back in lower case; a Solana mint is matched exactly first, then without case.
    const entries = Object.entries(body as Record<string, unknown>);
    const lower = new Map(entries.map(([key, entry]) => [key.toLowerCase(), entry]));
    for (const address of batch) {
      const entry = (body as Record<string, unknown>)[address] ?? lower.get(address.toLowerCase());
      if (typeof entry !== 'object' || entry === null) continue;
      const usd = price((entry as Record<string, unknown>).usd);
      if (usd !== undefined) found.set(address, usd);
    }
  }
  return found;
}

/** The coin behind a contract on `platform` (its id, symbol and name), or undefined when unknown. */
export async function fetchContractCoin(
  baseUrl: string,
  platform: string,
  address: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ id: string; symbol: string; name: string } | undefined> {
  const url = endpoint(
    baseUrl,
    `/coins/${encodeURIComponent(platform)}/contract/${encodeURIComponent(address)}`,
  );
  const body = (await getJson(url, fetchImpl, { notFound: 'undefined' })) as
    { id?: unknown; symbol?: unknown; name?: unknown } | undefined;
  if (body === undefined) return undefined;
  if (typeof body?.id !== 'string' || !body.id) throw new ProviderError('invalid', PRICE_MESSAGES.badAnswer);
  const symbol = typeof body.symbol === 'string' && body.symbol ? body.symbol : body.id;
  const name = typeof body.name === 'string' && body.name ? body.name : symbol;
  return { id: body.id, symbol, name };
}
