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

/**
 * The sync cursor: the newest time read (ms) per market's trades, and of deposits and withdrawals;
 * `transfersTo`, when transfers are read in time windows, the time up to which they were read
 * (`withdrawalsBackTo`: how far back withdrawals were, where only a few windows are read a sync); `assets`,
 * on exchanges that read trades per market of every asset the account had, the assets seen so far;
 * `tradesTo`, where trades are read per market in time windows, the time up to which each market's were read.
 */
export type ExchangeCursor = {
  trades: Record<string, number>;
  /** Where trades are read by id (Binance), the last trade id read per market. */
  tradeIds?: Record<string, string>;
  deposits?: number;
  withdrawals?: number;
  transfersTo?: number;
  /** How far back withdrawals were read, where they are read a few windows a sync (Binance). */
  withdrawalsBackTo?: number;
  assets?: string[];
  /**
   * Where trades are read per market in time windows (KuCoin), the time each market's were read up to:
   * the next sync starts there (a little before), not at the market's newest trade, so a market without
   * trades is not walked over the whole history again at every sync.
   */
  tradesTo?: Record<string, number>;
};

export function parseCursor(cursor: string | null | undefined): ExchangeCursor {
  if (!cursor) return { trades: {} };
  try {
    const value = JSON.parse(cursor) as Partial<ExchangeCursor>;
    return {
      trades: value.trades && typeof value.trades === 'object' ? value.trades : {},
      ...(value.tradeIds && typeof value.tradeIds === 'object'
        ? {
            tradeIds: Object.fromEntries(
              Object.entries(value.tradeIds).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string' && /^\d+$/.test(entry[1]),
              ),
            ),
          }
        : {}),
      ...(typeof value.deposits === 'number' ? { deposits: value.deposits } : {}),
      ...(typeof value.withdrawals === 'number' ? { withdrawals: value.withdrawals } : {}),
      ...(typeof value.transfersTo === 'number' ? { transfersTo: value.transfersTo } : {}),
      ...(typeof value.withdrawalsBackTo === 'number' ? { withdrawalsBackTo: value.withdrawalsBackTo } : {}),
      ...(value.tradesTo && typeof value.tradesTo === 'object'
        ? {
            tradesTo: Object.fromEntries(
              Object.entries(value.tradesTo).filter(
                (entry): entry is [string, number] =>
                  typeof entry[1] === 'number' && Number.isFinite(entry[1]),
              ),
            ),
          }
        : {}),
      ...(Array.isArray(value.assets)
        ? { assets: value.assets.filter((asset): asset is string => typeof asset === 'string') }
        : {}),
    };
  } catch {
    return { trades: {} };
  }
}
