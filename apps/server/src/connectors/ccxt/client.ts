import { createRequire } from 'node:module';
import type * as CcxtModule from 'ccxt';
import type { Exchange } from 'ccxt';
import { OutboundRefusedError, type OutboundPolicy } from '../../outbound/guard';
import { guardedFetch } from '../../outbound/guarded-fetch';
import { ProviderError } from '../types';
import { EXCHANGES, type ExchangeId } from './exchanges';

/**
 * ccxt, loaded on first use (it holds over 100 MB once imported, which a server that never talks to an
 * exchange should not carry: docs/performance.md, idle memory). Every request goes through the
 * outbound-request guard; every exchange's API origin can be replaced (CCXT_API_URLS) for a proxy or a
 * test fake, and every failure becomes a ProviderError in plain words.
 */

type Ccxt = typeof CcxtModule;
const requireModule = createRequire(import.meta.url);
let loaded: Ccxt | undefined;
export function ccxtLibrary(): Ccxt {
  loaded ??= requireModule('ccxt') as Ccxt;
  return loaded;
}

/** Whether ccxt is in memory (tests of the lazy load). */
export function ccxtLoaded(): boolean {
  return loaded !== undefined;
}

export type ExchangeCredentials = { apiKey: string; secret: string; password?: string; uid?: string };

export type ExchangeAccess = {
  outbound: OutboundPolicy;
  /** Exchange id → base URL that replaces the origin of each of its API URLs. */
  apiUrls: Record<string, string>;
  /** Milliseconds between requests instead of the exchange's own `rateLimit` (tests against a fake). */
  rateLimitMs?: number;
};

const TIMEOUT_MS = 30_000;
/** A page of 1,000 trades is about 500 kB; market lists of the large exchanges a few MB. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Every URL string in ccxt's `urls.api` (nested objects included) with its origin replaced by `base`. */
export function overrideApiUrls(api: unknown, base: string): unknown {
  const root = base.replace(/\/+$/, '');
  if (typeof api === 'string') {
    try {
      const url = new URL(api);
      return `${root}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
    } catch {
      return api;
    }
  }
  if (api && typeof api === 'object') {
    return Object.fromEntries(Object.entries(api).map(([key, value]) => [key, overrideApiUrls(value, base)]));
  }
  return api;
}

/**
 * ccxt's `fetchImplementation`: its headers may hold undefined values and its body is a string (or, for
 * a few exchanges, an object to send as JSON); the request goes through the shared guarded fetch.
 */
function ccxtFetch(policy: OutboundPolicy) {
  const fetch = guardedFetch(policy, { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES });
  return (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }) => {
    const headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).flatMap(([name, value]) =>
        value === undefined || value === null ? [] : [[name, String(value)]],
      ),
    );
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body);
    return fetch(url, { method: init.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
  };
}

/**
 * One ccxt instance per exchange and key, kept while a sync or a connect check runs, so ccxt's
 * throttler spaces the requests by the exchange's `rateLimit`.
 */
export function createExchange(
  id: ExchangeId,
  credentials: ExchangeCredentials,
  access: ExchangeAccess,
): Exchange {
  const library = ccxtLibrary() as unknown as Record<string, new (config: object) => Exchange>;
  const ExchangeClass = library[id];
  if (!ExchangeClass) throw new ProviderError('invalid', 'This exchange is not supported.');
  const exchange = new ExchangeClass({
    apiKey: credentials.apiKey,
    secret: credentials.secret,
    ...(credentials.password ? { password: credentials.password } : {}),
    ...(credentials.uid ? { uid: credentials.uid } : {}),
    enableRateLimit: true,
    ...(access.rateLimitMs === undefined ? {} : { rateLimit: access.rateLimitMs }),
    timeout: TIMEOUT_MS,
    fetchImplementation: ccxtFetch(access.outbound),
  });
  const base = access.apiUrls[id];
  if (base) exchange.urls = { ...exchange.urls, api: overrideApiUrls(exchange.urls.api, base) as never };
  return exchange;
}

export const EXCHANGE_MESSAGES = {
  badKey: (name: string) =>
    `${name} did not accept this API key. Check the key and secret (and passphrase, where asked) and try again.`,
  rateLimited: (name: string) =>
    `${name} is limiting how often Lodestar may ask for data. The sync will be tried again later.`,
  unavailable: (name: string) =>
    `${name} is not answering right now. Your balances were left as they were; the sync will be tried again later.`,
  timeout: (name: string) => `${name} did not answer in time. The sync will be tried again later.`,
  refused: (name: string) => `${name} refused the request. Try again later, or connect the exchange again.`,
} as const;

/** A failed ccxt call as a ProviderError the sync engine knows how to treat (retry, reauth, error). */
export function toProviderError(id: ExchangeId, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = EXCHANGES[id].name;
  const errors = ccxtLibrary();
  const cause = { cause: error };
  // Kraken answers a bad signature with EAPI:Invalid signature, which ccxt leaves a plain ExchangeError.
  const badKey =
    error instanceof errors.BaseError &&
    /invalid (api[- ]?)?(key|signature)|signature .*not valid/i.test(error.message);
  if (error instanceof errors.AuthenticationError || error instanceof errors.PermissionDenied || badKey)
    return new ProviderError('needs_reauth', EXCHANGE_MESSAGES.badKey(name), cause);
  if (error instanceof errors.RateLimitExceeded || error instanceof errors.DDoSProtection)
    return new ProviderError('rate_limited', EXCHANGE_MESSAGES.rateLimited(name), cause);
  if (error instanceof errors.RequestTimeout)
    return new ProviderError('timeout', EXCHANGE_MESSAGES.timeout(name), cause);
  if (
    error instanceof errors.ExchangeNotAvailable ||
    error instanceof errors.OnMaintenance ||
    error instanceof errors.NetworkError
  )
    return new ProviderError('unavailable', EXCHANGE_MESSAGES.unavailable(name), cause);
  if (error instanceof OutboundRefusedError)
    return new ProviderError('invalid', EXCHANGE_MESSAGES.refused(name), cause);
  if (error instanceof errors.BaseError)
    return new ProviderError('invalid', EXCHANGE_MESSAGES.refused(name), cause);
  // Connection refused, reset, DNS failure: the exchange is unreachable for now.
  return new ProviderError('unavailable', EXCHANGE_MESSAGES.unavailable(name), cause);
}

/** Runs a ccxt call, giving back its result or a ProviderError. */
export async function exchangeCall<T>(id: ExchangeId, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toProviderError(id, error);
  }
}
