import { EXCHANGES, isExchangeId, type ExchangeId } from './exchanges';
import type { ExchangeCredentials } from './client';

/** What an exchange connection keeps in its settings (nothing secret) and in its sealed secret. */

export const CCXT_PROVIDER = 'ccxt';

export type ExchangeSettings = { exchange: ExchangeId; label: string };

export function parseExchangeSettings(value: unknown): ExchangeSettings | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { exchange, label } = value as Record<string, unknown>;
  if (!isExchangeId(exchange)) return undefined;
  return { exchange, label: typeof label === 'string' && label ? label : EXCHANGES[exchange].name };
}

/** The sealed secret is the credentials as JSON; only the fields the exchange asks for are kept. */
export function serializeCredentials(credentials: ExchangeCredentials): string {
  return JSON.stringify({
    apiKey: credentials.apiKey,
    secret: credentials.secret,
    ...(credentials.password ? { password: credentials.password } : {}),
    ...(credentials.uid ? { uid: credentials.uid } : {}),
  });
}

export function parseCredentials(secret: string | undefined): ExchangeCredentials | undefined {
  if (!secret) return undefined;
  try {
    const value = JSON.parse(secret) as Record<string, unknown>;
    if (typeof value.apiKey !== 'string' || typeof value.secret !== 'string') return undefined;
    return {
      apiKey: value.apiKey,
      secret: value.secret,
      ...(typeof value.password === 'string' ? { password: value.password } : {}),
      ...(typeof value.uid === 'string' ? { uid: value.uid } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The sync cursor: the newest time read (ms) per market's trades, and of deposits and withdrawals. */
export type ExchangeCursor = { trades: Record<string, number>; deposits?: number; withdrawals?: number };

export function parseCursor(cursor: string | null | undefined): ExchangeCursor {
  if (!cursor) return { trades: {} };
  try {
    const value = JSON.parse(cursor) as Partial<ExchangeCursor>;
    return {
      trades: value.trades && typeof value.trades === 'object' ? value.trades : {},
      ...(typeof value.deposits === 'number' ? { deposits: value.deposits } : {}),
      ...(typeof value.withdrawals === 'number' ? { withdrawals: value.withdrawals } : {}),
    };
  } catch {
    return { trades: {} };
  }
}
