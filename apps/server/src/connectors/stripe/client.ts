import { createRequire } from 'node:module';
import type StripeSdk from 'stripe';
import type { Config } from '../../config/env';
import { AppError } from '../../http/app-error';
import { outboundRequest } from '../../outbound/guard';

/**
 * The official Stripe SDK (docs/billing.md), loaded on first use so a self-hosted server (no
 * STRIPE_SECRET_KEY, the default) never carries it. Requests go through the outbound-request guard
 * (a fetch function given to the SDK's fetch client); STRIPE_API_URL points the SDK at another origin
 * through its `host`/`port`/`protocol` options (proxies, and tests against a fake).
 */

export type StripeSettings = Pick<Config, 'stripe' | 'outbound'>;
export type Stripe = StripeSdk;
type StripeConstructor = typeof StripeSdk;

const requireModule = createRequire(import.meta.url);
let loadedSdk: StripeConstructor | undefined;
function stripeSdk(): StripeConstructor {
  loadedSdk ??= requireModule('stripe') as StripeConstructor;
  return loadedSdk;
}

const TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Stripe's webhook signature tolerance: a signed timestamp older than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Billing is on when the server has a Stripe secret key (the configuration check requires the rest). */
export function billingEnabled(config: Pick<Config, 'stripe'>): boolean {
  return Boolean(config.stripe.secretKey);
}

/** A fetch function for the SDK whose requests pass the outbound-request guard. */
function guardedFetch(config: StripeSettings): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? Buffer.from(init.body, 'utf8') : undefined;
    const response = await outboundRequest(
      String(input instanceof Request ? input.url : input),
      {
        method: init?.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
        timeoutMs: TIMEOUT_MS,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        maxRedirects: 0,
      },
      { allowPrivate: config.outbound.allowPrivate },
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') responseHeaders.set(name, value);
      else if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    }
    return new Response(new Uint8Array(response.body), { status: response.status, headers: responseHeaders });
  };
}

function originOptions(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

const clients = new WeakMap<StripeSettings['stripe'], Stripe>();

/** One SDK client per configuration; throws when billing is off (callers check billingEnabled first). */
export function stripeFor(config: StripeSettings): Stripe {
  const secretKey = config.stripe.secretKey;
  if (!secretKey) throw new Error('Stripe is not configured');
  let client = clients.get(config.stripe);
  if (!client) {
    const Sdk = stripeSdk();
    client = new Sdk(secretKey, {
      ...originOptions(config.stripe.apiUrl),
      httpClient: Sdk.createFetchHttpClient(guardedFetch(config)),
      maxNetworkRetries: 1,
      timeout: TIMEOUT_MS,
      appInfo: { name: 'Lodestar' },
    });
    clients.set(config.stripe, client);
  }
  return client;
}

export const STRIPE_MESSAGES = {
  unavailable: 'The payment provider did not answer. Please try again in a moment.',
  refused: 'The payment provider refused the request. Please try again later or contact support.',
} as const;

/** A failed Stripe call as the API's 502, in plain words (Stripe's own message is logged, never shown). */
export function toBillingError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const type = (error as { type?: string } | null)?.type;
  const refused =
    type === 'StripeInvalidRequestError' ||
    type === 'StripeAuthenticationError' ||
    type === 'StripePermissionError';
  return new AppError(
    'EXTERNAL_SERVICE',
    refused ? STRIPE_MESSAGES.refused : STRIPE_MESSAGES.unavailable,
    {},
    {
      cause: error,
    },
  );
}
