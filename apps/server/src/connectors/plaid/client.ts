import { createRequire } from 'node:module';
import type * as PlaidSdkModule from 'plaid';
import type { PlaidApi } from 'plaid';
import type { Config } from '../../config/env';
import { outboundRequest, OutboundRefusedError } from '../../outbound/guard';
import { ProviderError } from '../types';

/**
 * The official Plaid SDK, with every request sent through the outbound-request guard (an axios adapter
 * in the SDK's base options) and every failure turned into a ProviderError in plain words. The API
 * origin is the environment's, or PLAID_BASE_URL when set (proxies, and tests against a fake).
 */

export type PlaidSettings = Pick<Config, 'plaid' | 'outbound'>;

/** Plaid's error object (every non-2xx answer carries one). */
export type PlaidErrorBody = {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
  request_id?: string;
};

/** A non-2xx answer from Plaid, kept whole for the caller to map (never shown to a user as it is). */
export class PlaidApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PlaidErrorBody,
  ) {
    super(`Plaid answered ${status} ${body.error_type ?? ''} ${body.error_code ?? ''}`.trim());
    this.name = 'PlaidApiError';
  }
}

/**
 * The SDK, loaded on first use: it holds about 80 MB once imported, which a server that never talks to
 * Plaid (the default) should not carry (docs/performance.md, idle memory).
 */
export type PlaidSdk = typeof PlaidSdkModule;
const requireModule = createRequire(import.meta.url);
let loadedSdk: PlaidSdk | undefined;
export function plaidSdk(): PlaidSdk {
  loadedSdk ??= requireModule('plaid') as PlaidSdk;
  return loadedSdk;
}

/** Plaid's API origins per environment (its documented hosts; the SDK's PlaidEnvironments). */
const PLAID_ORIGINS: Record<string, string> = {
  sandbox: 'https://sandbox.plaid.com',
  production: 'https://production.plaid.com',
};

const TIMEOUT_MS = 60_000;
/** A /transactions/sync page of 500 transactions is about 1 MB; holdings of a large item more. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export function plaidConfigured(config: PlaidSettings): boolean {
  return Boolean(config.plaid.clientId && config.plaid.secret);
}

export function plaidBaseUrl(config: PlaidSettings): string {
  return config.plaid.baseUrl ?? PLAID_ORIGINS[config.plaid.environment] ?? PLAID_ORIGINS.sandbox!;
}

type AdapterConfig = {
  url?: string;
  method?: string;
  data?: unknown;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
};

function adapterFor(config: PlaidSettings) {
  return async (request: AdapterConfig) => {
    const headerSource = request.headers?.toJSON ? request.headers.toJSON() : (request.headers ?? {});
    const headers = Object.fromEntries(
      Object.entries(headerSource).flatMap(([name, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
      ),
    );
    const body =
      typeof request.data === 'string'
        ? Buffer.from(request.data, 'utf8')
        : request.data === undefined
          ? undefined
          : Buffer.from(JSON.stringify(request.data), 'utf8');
    const response = await outboundRequest(
      request.url ?? '',
      {
        method: (request.method ?? 'post').toUpperCase(),
        headers,
        ...(body ? { body } : {}),
        timeoutMs: TIMEOUT_MS,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        maxRedirects: 0,
      },
      { allowPrivate: config.outbound.allowPrivate },
    );
    let data: unknown;
    try {
      data = JSON.parse(response.body.toString('utf8'));
    } catch {
      data = {};
    }
    if (response.status < 200 || response.status >= 300) {
      throw new PlaidApiError(response.status, (data ?? {}) as PlaidErrorBody);
    }
    return { data, status: response.status, statusText: '', headers: response.headers, config: request };
  };
}

const apis = new WeakMap<PlaidSettings['plaid'], PlaidApi>();

/** One SDK client per configuration (the app's routes share it). */
export function plaidApiFor(config: PlaidSettings): PlaidApi {
  let api = apis.get(config.plaid);
  if (!api) {
    api = createPlaidApi(config);
    apis.set(config.plaid, api);
  }
  return api;
}

export function createPlaidApi(config: PlaidSettings): PlaidApi {
  const { Configuration, PlaidApi } = plaidSdk();
  return new PlaidApi(
    new Configuration({
      basePath: plaidBaseUrl(config),
      baseOptions: {
        adapter: adapterFor(config),
        headers: {
          'PLAID-CLIENT-ID': config.plaid.clientId ?? '',
          'PLAID-SECRET': config.plaid.secret ?? '',
          'Plaid-Version': '2020-09-14',
        },
      },
    }),
  );
}

/** Item errors that only the user can fix by signing in to the bank again (update-mode Link). */
const REAUTH_CODES = new Set([
  'ITEM_LOGIN_REQUIRED',
  'PENDING_EXPIRATION',
  'PENDING_DISCONNECT',
  'ACCESS_NOT_GRANTED',
  'INVALID_UPDATED_USERNAME',
  'INSUFFICIENT_CREDENTIALS',
  'ITEM_LOCKED',
  'USER_SETUP_REQUIRED',
  'MFA_NOT_SUPPORTED',
  'NO_ACCOUNTS',
]);

export const PLAID_MESSAGES = {
  notConfigured:
    'Plaid is not configured on this server: set PLAID_CLIENT_ID and PLAID_SECRET (and PLAID_ENV) and restart.',
  reauth: 'The bank needs you to sign in again. Reconnect to continue syncing.',
  rateLimited:
    'Plaid is limiting how often this server may ask for data. The sync will be tried again later.',
  unavailable: 'The bank or Plaid is not answering right now. The sync will be tried again later.',
  timeout: 'Plaid did not answer in time. The sync will be tried again later.',
  refused:
    'Plaid refused the request. Try reconnecting the bank; if that fails, remove it and link it again.',
  revoked: 'Access to this bank was withdrawn. Link it again to continue syncing.',
} as const;

/** Whether the error is Plaid's "data changed while you paged; start this loop again". */
export function isMutationDuringPagination(error: unknown): boolean {
  return (
    error instanceof PlaidApiError && error.body.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION'
  );
}

/** A failed Plaid call as a ProviderError the sync engine knows how to treat (retry, reauth, error). */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof PlaidApiError) {
    const { status, body } = error;
    const code = body.error_code ?? '';
    const type = body.error_type ?? '';
    if (REAUTH_CODES.has(code))
      return new ProviderError('needs_reauth', PLAID_MESSAGES.reauth, { cause: error });
    if (code === 'USER_PERMISSION_REVOKED' || code === 'ITEM_NOT_FOUND')
      return new ProviderError('needs_reauth', PLAID_MESSAGES.revoked, { cause: error });
    if (status === 429 || type === 'RATE_LIMIT_EXCEEDED')
      return new ProviderError('rate_limited', PLAID_MESSAGES.rateLimited, { cause: error });
    if (status >= 500 || type === 'INSTITUTION_ERROR' || type === 'API_ERROR')
      return new ProviderError('unavailable', PLAID_MESSAGES.unavailable, { cause: error });
    return new ProviderError('invalid', PLAID_MESSAGES.refused, { cause: error });
  }
  if (error instanceof OutboundRefusedError) {
    return new ProviderError('invalid', PLAID_MESSAGES.refused, { cause: error });
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new ProviderError('timeout', PLAID_MESSAGES.timeout, { cause: error });
  }
  // Connection refused, reset, DNS failure: the service is unreachable for now.
  return new ProviderError('unavailable', PLAID_MESSAGES.unavailable, { cause: error });
}

/** Runs a Plaid call, giving back its data or a ProviderError. */
export async function plaidCall<T>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (error) {
    throw toProviderError(error);
  }
}
