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
  splitMinor,
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

/**
 * `fx` of every analytics answer: currencies left out for want of any rate, rates > 7 days old, and
 * currencies converted on some day before their first rate at the earliest known one (`from`: that
 * rate's date; the figures for earlier days are estimates).
 */
export type FxReport = {
  missing: string[];
  stale: { currency: string; asOf: string }[];
  estimated: { currency: string; from: string }[];
};

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
 * Converts amounts into the reporting currency and remembers what could not be converted (missing),
 * which rates were stale and which were estimates, for the answer's `fx`. Unknown currency codes count
 * as missing. `track: false` leaves staleness out (an old rate is expected for a past day).
 *
 * The one rounding rule of every converted total (`total`, `byKey`): amounts are summed per currency in
 * minor units, each currency's sum is converted once (rounded half away from zero), and the converted sums
 * are added. The parts of a total (classes of net worth, account groups, categories of spending) are that
 * converted sum shared out in proportion to their native amounts (largest remainder, the domain's
 * splitMinor), so they add up to it exactly. The same total therefore agrees to the minor unit wherever
 * it shows: the summary, the chart's points, the native per-currency totals of Accounts.
 */
export function createConverter(table: FxTable, reporting: string) {
  const missing = new Set<string>();
  const stale = new Map<string, string>();
  const estimated = new Map<string, string>();
  const earliest = (map: Map<string, string>, currency: string, date: string) => {
    const known = map.get(currency);
    if (known === undefined || date < known) map.set(currency, date);
  };
  const convertDetailed = (
    amountMinor: number,
    currency: string,
    date: string,
    options: { track?: boolean } = {},
  ): { amountMinor: number; estimated: boolean } | null => {
    if (currency === reporting) return { amountMinor, estimated: false };
    const result = isCurrencyCode(currency)
      ? table.convertMinor(amountMinor, currency, reporting, date)
      : null;
    if (!result) {
      missing.add(currency);
      return null;
    }
    if (result.stale && options.track !== false) earliest(stale, currency, result.rateDate);
    if (result.estimated) earliest(estimated, currency, result.rateDate);
    return result;
  };
  const convert = (
    amountMinor: number,
    currency: string,
    date: string,
    options: { track?: boolean } = {},
  ): number | null => convertDetailed(amountMinor, currency, date, options)?.amountMinor ?? null;
  return {
    /** `amountMinor` of `currency` on `date` in minor units of the reporting currency, or null. */
    convert,
    /**
     * The exact factor converting `currency` into the reporting currency on `date` (FxTable.minorFactor),
     * for a statement that converts in the database as `convert` would; null without any rate. Tracks
     * nothing: the caller converts what the statement returned to fill `missing` and `estimated`.
     */
    factor(currency: string, date: string): { num: bigint; den: bigint } | null {
      if (currency === reporting) return { num: 1n, den: 1n };
      return isCurrencyCode(currency) ? table.minorFactor(currency, reporting, date) : null;
    },
    /**
     * Σ of `amounts` on `date` in the reporting currency by the one rule (sum per currency, convert each
     * sum, add); `missing` lists the currencies left out for want of any rate (then the total is partial).
     */
    total(
      amounts: Iterable<{ amountMinor: number; currency: string }>,
      date: string,
      options: { track?: boolean } = {},
    ): { amountMinor: number; missing: string[]; estimated: boolean } {
      const sums = new Map<string, number>();
      for (const amount of amounts) {
        sums.set(amount.currency, (sums.get(amount.currency) ?? 0) + amount.amountMinor);
      }
      let amountMinor = 0;
      let isEstimate = false;
      const left: string[] = [];
      for (const [currency, sum] of sums) {
        const converted = convertDetailed(sum, currency, date, options);
        if (converted === null) {
          left.push(currency);
          continue;
        }
        amountMinor += converted.amountMinor;
        if (converted.estimated) isEstimate = true;
      }
      return { amountMinor, missing: left.sort(), estimated: isEstimate };
    },
    /**
     * Per key, Σ of `entries` on `date` in the reporting currency by the one rule: per currency the sum
     * of all its entries is converted once and split over the keys by their native amounts; the keys'
     * shares are added across currencies. `total` is their sum (= `total()` of the same amounts).
     * Currencies without any rate are left out and listed in `missing`.
     */
    byKey<K>(
      entries: Iterable<{ key: K; amountMinor: number; currency: string }>,
      date: string,
      options: { track?: boolean } = {},
    ): { amounts: Map<K, number>; total: number; missing: string[]; estimated: boolean } {
      const perCurrency = new Map<string, Map<K, number>>();
      for (const entry of entries) {
        const keys = perCurrency.get(entry.currency) ?? new Map<K, number>();
        keys.set(entry.key, (keys.get(entry.key) ?? 0) + entry.amountMinor);
        perCurrency.set(entry.currency, keys);
      }
      const amounts = new Map<K, number>();
      let total = 0;
      let isEstimate = false;
      const left: string[] = [];
      for (const [currency, keys] of perCurrency) {
        const natives = [...keys.values()];
        const sum = natives.reduce((a, b) => a + b, 0);
        const converted = convertDetailed(sum, currency, date, options);
        if (converted === null) {
          left.push(currency);
          continue;
        }
        if (converted.estimated) isEstimate = true;
        total += converted.amountMinor;
        // A sum of 0 over non-zero parts (an asset offsetting a debt) cannot be shared out: each part
        // is converted on its own then (equal and opposite parts still cancel out).
        const shares =
          sum === 0
            ? natives.map((native) => convertDetailed(native, currency, date, options)?.amountMinor ?? 0)
            : splitMinor(converted.amountMinor, natives);
        [...keys.keys()].forEach((key, index) => {
          amounts.set(key, (amounts.get(key) ?? 0) + (shares[index] ?? 0));
        });
      }
      return { amounts, total, missing: left.sort(), estimated: isEstimate };
    },
    report(): FxReport {
      const list = (map: Map<string, string>) => [...map].sort(([a], [b]) => a.localeCompare(b));
      return {
        missing: [...missing].sort(),
        stale: list(stale).map(([currency, asOf]) => ({ currency, asOf })),
        estimated: list(estimated).map(([currency, from]) => ({ currency, from })),
      };
    },
  };
}

export type Converter = ReturnType<typeof createConverter>;
