import { z } from 'zod';
import { OutboundRefusedError, outboundRequest, type OutboundPolicy } from '../../outbound/guard';
import { ProviderError } from '../types';

/**
 * The SimpleFIN protocol (simplefin.org/protocol.html), client side: a setup token is base64 of a
 * one-time claim URL; a POST to it answers with the access URL (Basic credentials inside it); GET
 * {access}/accounts answers with an Account Set. Every request goes through the outbound guard (the
 * URLs come from what a user pasted): https only, public addresses unless OUTBOUND_ALLOW_PRIVATE.
 */

/** Requests wait this long at most (the Bridge gathers data from banks while it answers). */
const TIMEOUT_MS = 60_000;
/** An Account Set of a few years of several accounts stays well under this. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

export const SIMPLEFIN_MESSAGES = {
  notAToken:
    'This is not a SimpleFIN setup token. Copy the whole token from SimpleFIN Bridge (a long run of letters and digits) and paste it again.',
  claimRefused:
    'SimpleFIN refused this setup token: it was already used or does not exist. A token works once; if you did not use it yourself, someone else may have, so disable it in SimpleFIN Bridge and create a new one.',
  claimFailed: 'SimpleFIN did not answer the claim of the setup token. Try again in a few minutes.',
  refusedAddress: 'The setup token points to an address this server may not reach.',
  accessRevoked:
    'SimpleFIN refused the access: it was revoked or has changed. Create a new setup token in SimpleFIN Bridge and reconnect with it.',
  paymentRequired: 'SimpleFIN Bridge says the subscription needs payment before it shares data again.',
  unavailable: 'SimpleFIN Bridge did not answer. The next sync tries again.',
  rateLimited: 'SimpleFIN Bridge asked us to slow down. The next sync tries again.',
  badAnswer: 'SimpleFIN Bridge answered with something that is not an account set.',
} as const;

/** The claim URL inside a setup token, or a ProviderError('invalid') saying what is wrong. */
export function decodeSetupToken(token: string): URL {
  const compact = token.replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact))
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.notAToken);
  const text = Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.notAToken);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.notAToken);
  return url;
}

/** Splits `https://user:pass@host/path` into the URL without credentials and its Basic header. */
export function splitAccessUrl(accessUrl: string): { base: URL; authorization: string } {
  let url: URL;
  try {
    url = new URL(accessUrl.trim());
  } catch {
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.badAnswer);
  }
  if (!url.username || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.badAnswer);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return {
    base: url,
    authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`,
  };
}

function networkError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OutboundRefusedError)
    return new ProviderError('invalid', SIMPLEFIN_MESSAGES.refusedAddress, { cause: error });
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new ProviderError('timeout', SIMPLEFIN_MESSAGES.unavailable, { cause: error });
  return new ProviderError('unavailable', SIMPLEFIN_MESSAGES.unavailable, { cause: error });
}

/** Claims the setup token once; returns the access URL (a credential: store it sealed, never log it). */
export async function claimAccessUrl(setupToken: string, policy: OutboundPolicy): Promise<string> {
  const claimUrl = decodeSetupToken(setupToken);
  let response;
  try {
    response = await outboundRequest(
      claimUrl,
      { method: 'POST', body: new Uint8Array(0), timeoutMs: TIMEOUT_MS, maxRedirects: 0 },
      policy,
    );
  } catch (error) {
    const failure = networkError(error);
    throw failure.kind === 'invalid'
      ? failure
      : new ProviderError(failure.kind, SIMPLEFIN_MESSAGES.claimFailed, { cause: error });
  }
  if (response.status === 403) throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.claimRefused);
  if (response.status !== 200)
    throw new ProviderError(
      response.status === 429 ? 'rate_limited' : 'unavailable',
      SIMPLEFIN_MESSAGES.claimFailed,
    );
  const accessUrl = response.body.toString('utf8').trim();
  splitAccessUrl(accessUrl);
  return accessUrl;
}

const numeric = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const timestamp = z.coerce.number().int().nonnegative();

const TransactionSchema = z.object({
  id: z.string().min(1).max(500),
  posted: timestamp,
  amount: numeric,
  description: z.string().max(5_000).default(''),
  payee: z.string().max(1_000).nullish(),
  memo: z.string().max(5_000).nullish(),
  transacted_at: timestamp.nullish(),
  pending: z.boolean().nullish(),
});

const AccountSchema = z.object({
  org: z.object({
    domain: z.string().max(500).nullish(),
    name: z.string().max(500).nullish(),
    'sfin-url': z.string().max(2_000).nullish(),
    url: z.string().max(2_000).nullish(),
    id: z.string().max(500).nullish(),
  }),
  id: z.string().min(1).max(500),
  name: z.string().max(500),
  currency: z.string().min(1).max(2_000),
  balance: numeric,
  'available-balance': numeric.nullish(),
  'balance-date': timestamp,
  transactions: z.array(TransactionSchema).default([]),
});

const AccountSetSchema = z.object({
  errors: z.array(z.unknown()).default([]),
  accounts: z.array(AccountSchema),
});

export type SimplefinAccount = z.infer<typeof AccountSchema>;
export type SimplefinTransaction = z.infer<typeof TransactionSchema>;
export type AccountSet = { errors: string[]; accounts: SimplefinAccount[] };

/**
 * GET {access}/accounts?start-date=…&pending=1. A 403 is a revoked access (needs_reauth), 402 an
 * unpaid subscription; 429 and 5xx are retried by the engine.
 */
export async function fetchAccountSet(
  accessUrl: string,
  query: { startDate: number; pending: boolean },
  policy: OutboundPolicy,
): Promise<AccountSet> {
  const { base, authorization } = splitAccessUrl(accessUrl);
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/accounts`, base);
  url.searchParams.set('start-date', String(query.startDate));
  if (query.pending) url.searchParams.set('pending', '1');
  let response;
  try {
    response = await outboundRequest(
      url,
      {
        headers: { authorization, accept: 'application/json' },
        timeoutMs: TIMEOUT_MS,
        maxResponseBytes: MAX_ANSWER_BYTES,
      },
      policy,
    );
  } catch (error) {
    throw networkError(error);
  }
  if (response.status === 403) throw new ProviderError('needs_reauth', SIMPLEFIN_MESSAGES.accessRevoked);
  if (response.status === 401) throw new ProviderError('needs_reauth', SIMPLEFIN_MESSAGES.accessRevoked);
  if (response.status === 402) throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.paymentRequired);
  if (response.status === 429) throw new ProviderError('rate_limited', SIMPLEFIN_MESSAGES.rateLimited);
  if (response.status >= 500) throw new ProviderError('unavailable', SIMPLEFIN_MESSAGES.unavailable);
  if (response.status !== 200) throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.badAnswer);
  let parsed;
  try {
    parsed = AccountSetSchema.safeParse(JSON.parse(response.body.toString('utf8')));
  } catch {
    throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.badAnswer);
  }
  if (!parsed.success) throw new ProviderError('invalid', SIMPLEFIN_MESSAGES.badAnswer);
  return {
    errors: parsed.data.errors.flatMap((item) => {
      const text = sanitizeNotice(item);
      return text ? [text] : [];
    }),
    accounts: parsed.data.accounts,
  };
}

/**
 * The protocol asks apps to sanitise the Bridge's messages before showing them: plain text only
 * (React escapes it; control characters and markup-looking angle brackets go), one line, bounded.
 */
export function sanitizeNotice(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
