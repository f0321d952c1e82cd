import {
  type Database,
  ecbRatesForRange,
  listManualRates,
  type ManualRateRow,
  storedPreferences,
} from '@lodestar/db';
import {
  createFxTable,
  type FxTable,
  isCurrencyCode,
  mergePreferences,
  type Preferences,
} from '@lodestar/domain';
import { dateIn } from '../use-cases/accounts/today';

/**
 * What the user reports in and which day it is for them (spec §3 default_currency, time_zone), with the
 * preferences they came from (hidden categories, thresholds) so callers read them once.
 */
export type Reporting = { currency: string; today: string; preferences: Preferences };

export async function reportingFor(db: Database, userId: string, now: Date): Promise<Reporting> {
  const preferences = mergePreferences(await storedPreferences(db, userId));
  return {
    currency: preferences.default_currency,
    today: dateIn(preferences.time_zone, now),
    preferences,
  };
}

/** `fx` of every analytics answer: currencies left out for want of a rate, and rates > 7 days old. */
export type FxReport = { missing: string[]; stale: { currency: string; asOf: string }[] };

/**
 * Loads the rates converting `currencies` into `reporting` on the days of `spans` (each the latest rate on
 * or before its day, docs/analytics-api.md), plus the user's manual rates. Nothing is read when every
 * currency already is the reporting one.
 */
export async function loadFxTable(
  db: Database,
  userId: string,
  reporting: string,
  currencies: Iterable<string>,
  spans: readonly { from: string; to: string }[],
): Promise<{ table: FxTable; manual: ManualRateRow[] }> {
  const foreign = [...new Set(currencies)].filter((code) => code !== reporting && isCurrencyCode(code));
  if (foreign.length === 0) return { table: createFxTable([], []), manual: [] };
  const codes = [...foreign, reporting];
  const [manual, ...ranges] = await Promise.all([
    listManualRates(db, userId),
    ...spans.map((span) => ecbRatesForRange(db, codes, span.from, span.to)),
  ]);
  return { table: createFxTable(ranges.flat(), manual), manual };
}

/**
 * Converts amounts into the reporting currency and remembers what could not be converted (missing) and
 * which rates were stale, for the answer's `fx`. Unknown currency codes count as missing.
 */
export function createConverter(table: FxTable, reporting: string) {
  const missing = new Set<string>();
  const stale = new Map<string, string>();
  return {
    /** `amountMinor` of `currency` on `date` in minor units of the reporting currency, or null. */
    convert(amountMinor: number, currency: string, date: string, options: { track?: boolean } = {}) {
      if (currency === reporting) return amountMinor;
      const result = isCurrencyCode(currency)
        ? table.convertMinor(amountMinor, currency, reporting, date)
        : null;
      if (!result) {
        missing.add(currency);
        return null;
      }
      if (result.stale && options.track !== false) {
        const known = stale.get(currency);
        if (known === undefined || result.rateDate < known) stale.set(currency, result.rateDate);
      }
      return result.amountMinor;
    },
    report(): FxReport {
      return {
        missing: [...missing].sort(),
        stale: [...stale]
          .map(([currency, asOf]) => ({ currency, asOf }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
      };
    },
  };
}

export type Converter = ReturnType<typeof createConverter>;
