import {
  type Database,
  type EcbRateRow,
  lastFxFetch,
  newestEcbRateDate,
  recordFxFetch,
  upsertEcbRates,
} from '@lodestar/db';
import { HTTP_TIMEOUT_MS, isIsoDate, parseRate, retry, RETRY } from '@lodestar/domain';
import { XMLParser } from 'fast-xml-parser';
import { OutboundRefusedError, type OutboundPolicy } from '../outbound/guard';
import { guardedFetch } from '../outbound/guarded-fetch';

/**
 * The ECB's euro foreign exchange reference rates (docs/analytics-api.md "Exchange rates"): the XML time
 * series under FX_RATES_URL, `eurofxref-hist-90d.xml` normally and `eurofxref-hist.xml` (since 1999) when
 * the table is empty or has fallen more than the 90-day window behind. Rates are units per 1 EUR. Requests go
 * through the outbound-request guard: https to a public address, or a private one (a mirror on the
 * operator's network, a test fake) only under OUTBOUND_ALLOW_PRIVATE.
 */

export const FX_UNAVAILABLE = 'Exchange rates are unavailable right now';

/** A failed fetch; `retryable` for network errors, timeouts, 429 and 5xx. Messages carry no URL. */
export class FxFeedError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FxFeedError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

type CubeNode = { time?: unknown; currency?: unknown; rate?: unknown; Cube?: CubeNode[] };

/**
 * Reads an ECB eurofxref XML document (gesmes:Envelope › Cube › Cube time=… › Cube currency=… rate=…)
 * into rows. A day or rate that is malformed is skipped; a document without a single rate is refused
 * with FxFeedError('Invalid response format') (an HTML error page must never count as "no rates").
 */
export function parseEcbXml(xml: string): EcbRateRow[] {
  let document: { Envelope?: { Cube?: CubeNode[] } };
  try {
    document = parser.parse(xml) as typeof document;
  } catch {
    throw new FxFeedError('Invalid response format', false);
  }
  const rows: EcbRateRow[] = [];
  for (const outer of document.Envelope?.Cube ?? []) {
    for (const day of outer.Cube ?? []) {
      const date = typeof day.time === 'string' ? day.time.trim() : '';
      if (!isIsoDate(date)) continue;
      for (const entry of day.Cube ?? []) {
        const currency = typeof entry.currency === 'string' ? entry.currency.trim() : '';
        const rate = typeof entry.rate === 'string' ? entry.rate.trim() : '';
        if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR' || !isPositiveDecimal(rate)) continue;
        rows.push({ date, currency, perEur: rate });
      }
    }
  }
  if (rows.length === 0) throw new FxFeedError('Invalid response format', false);
  return rows;
}

function isPositiveDecimal(value: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(value)) return false;
  try {
    return parseRate(value) > 0;
  } catch {
    return false;
  }
}

/**
 * The largest answer read: the full history since 1999 is roughly 9 MB of XML (some 6,700 days of up to 41
 * currencies, estimated from the shipped history) and grows by about 300 KB a year; the 90-day feed is
 * under 100 KB. No redirect is followed: a 3xx fails like any other answer that is not 200.
 */
const MAX_FULL_FEED_BYTES = 32 * 1024 * 1024;
const MAX_NINETY_DAY_FEED_BYTES = 2 * 1024 * 1024;

export type FetchEcbOptions = {
  /** FX_RATES_URL, without a trailing slash. */
  baseUrl: string;
  /** OUTBOUND_ALLOW_PRIVATE: which non-public addresses the feed may be on (none, all, or these ranges). */
  allowPrivate: OutboundPolicy['allowPrivate'];
  /** The whole history since 1999 instead of the last 90 days. */
  full: boolean;
  timeoutMs?: number;
  /** Wait before the second try (spec: 1000 ms, doubling). */
  retryDelayMs?: number;
};

/** Downloads and parses one feed, retrying per spec §9 (3 tries, 1 s doubling) on transient failures. */
export async function fetchEcbRates(options: FetchEcbOptions): Promise<EcbRateRow[]> {
  const url = `${options.baseUrl}/${options.full ? 'eurofxref-hist.xml' : 'eurofxref-hist-90d.xml'}`;
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const fetchFeed = guardedFetch(
    { allowPrivate: options.allowPrivate },
    { timeoutMs, maxResponseBytes: options.full ? MAX_FULL_FEED_BYTES : MAX_NINETY_DAY_FEED_BYTES },
  );
  const xml = await retry(
    async () => {
      let response: Response;
      try {
        response = await fetchFeed(url, { headers: { accept: 'application/xml, text/xml' } });
      } catch (error) {
        // A refused address or an oversized answer would be refused again: not retried.
        if (error instanceof OutboundRefusedError) throw new FxFeedError(error.message, false);
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new FxFeedError(timedOut ? `Request timed out after ${timeoutMs}ms` : 'Network error', true);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FxFeedError(
          `HTTP ${response.status}`,
          response.status === 429 || response.status >= 500,
          response.status,
        );
      }
      return response.text();
    },
    {
      attempts: RETRY.attempts,
      delayMs: options.retryDelayMs ?? RETRY.delayMs,
      backoff: RETRY.backoff,
      shouldRetry: (error) => error instanceof FxFeedError && error.retryable,
    },
  );
  return parseEcbXml(xml);
}

/** The 90-day feed covers the last ~64 working days; further behind than this, fetch the full history. */
const NINETY_DAY_FEED_REACH_DAYS = 80;

export type RefreshResult = { fetched: number; lastFetchedAt: Date };

/**
 * Fetches the ECB feed and stores it: the full history when the table is empty or its newest rate is
 * older than the 90-day feed reaches, else the 90-day feed. `fetched` is how many rates the feed held.
 * Throws FxFeedError (or a database error) and leaves the stored rates as they were.
 */
export async function refreshFxRates(options: {
  db: Database;
  baseUrl: string;
  allowPrivate: OutboundPolicy['allowPrivate'];
  now: Date;
  retryDelayMs?: number;
}): Promise<RefreshResult> {
  const newest = await newestEcbRateDate(options.db);
  const behindDays =
    newest === null ? Infinity : (options.now.getTime() - Date.parse(`${newest}T00:00:00Z`)) / 86_400_000;
  const rates = await fetchEcbRates({
    baseUrl: options.baseUrl,
    allowPrivate: options.allowPrivate,
    full: behindDays > NINETY_DAY_FEED_REACH_DAYS,
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  });
  await options.db.transaction(async (tx) => {
    await upsertEcbRates(tx, rates);
    await recordFxFetch(tx, options.now, rates.length);
  });
  return { fetched: rates.length, lastFetchedAt: options.now };
}

/** Whether the last successful fetch is missing or older than `maxAgeMs`. */
export async function fxRatesDue(db: Database, now: Date, maxAgeMs: number): Promise<boolean> {
  const last = await lastFxFetch(db);
  return last === null || now.getTime() - last.getTime() >= maxAgeMs;
}
