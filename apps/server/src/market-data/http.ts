import type { Config } from '../config/env';
import { outboundRequest } from '../outbound/guard';
import { MarketDataError } from './types';

export type JsonAnswer = { status: number; body: unknown; retryAfter: string | undefined };

/**
 * GET a provider's JSON through the outbound-request guard (https to public addresses; a private address,
 * such as a proxy or a test fake, only under OUTBOUND_ALLOW_PRIVATE). Network failures and answers that
 * are not JSON become MarketDataError without the URL (it may carry a key).
 */
export async function getJson(
  url: URL,
  headers: Record<string, string>,
  outbound: Config['outbound'],
): Promise<JsonAnswer> {
  let response;
  try {
    response = await outboundRequest(
      url,
      {
        headers: { accept: 'application/json', 'user-agent': 'Lodestar', ...headers },
        timeoutMs: 10_000,
        maxResponseBytes: 8 * 1024 * 1024,
      },
      { allowPrivate: outbound.allowPrivate },
    );
  } catch (error) {
    throw new MarketDataError('unavailable', 'The market-data provider could not be reached', {
      cause: error,
    });
  }
  const retryAfter = response.headers['retry-after'];
  if (response.status === 429) {
    throw new MarketDataError('rate_limited', 'The market-data provider refused: too many requests');
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    if (response.status >= 500) {
      throw new MarketDataError('unavailable', `The market-data provider answered ${response.status}`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new MarketDataError('unauthorized', 'The market-data provider refused the request');
    }
    body = undefined;
  }
  return {
    status: response.status,
    body,
    retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
  };
}

/** A provider number (or numeric string) as a plain decimal string; null when it is not a finite number. */
export function decimalText(value: unknown): string | null {
  // Canonical form: "214.20" and 214.2 are both "214.2".
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    return value
      .trim()
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(12).replace(/\.?0+$/, '');
}

export const SYMBOL_PATTERN = /^[A-Z0-9^][A-Z0-9.\-=^/]{0,19}$/;

/** London prices in pence (`GBp`) are kept apart from pounds as GBX, never upper-cased to GBP. */
export const currencyCode = (currency: string): string =>
  currency === 'GBp' || currency === 'GBX' ? 'GBX' : currency.toUpperCase();
