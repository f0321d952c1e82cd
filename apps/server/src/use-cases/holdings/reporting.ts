import { ecbRatesForRange, listManualRates, storedPreferences, type Database } from '@lodestar/db';
import { createFxTable, mergePreferences } from '@lodestar/domain';
import { dateIn } from '../accounts/today';

/** The user's reporting currency (default_currency preference) and today in their time zone. */
export type ReportingBasis = { currency: string; today: string };

/**
 * A converter into the reporting currency at today's last known rate (docs/analytics-api.md
 * "Reporting currency", "Exchange rates": ECB rates plus the user's manual rates).
 */
export type Reporting = ReportingBasis & {
  /**
   * `amountMinor` (minor units of `from`) in minor units of the reporting currency, rounded half away
   * from zero; null when no rate exists for `from` (its code is then listed by `missing()`).
   */
  convert(amountMinor: number, from: string): number | null;
  /** Currencies that could not be converted so far, sorted. */
  missing(): string[];
};

export async function reportingBasis(db: Database, userId: string, now: Date): Promise<ReportingBasis> {
  const preferences = mergePreferences(await storedPreferences(db, userId));
  return { currency: preferences.default_currency, today: dateIn(preferences.time_zone, now) };
}

/** Loads the rates `currencies` need today (at most two ECB rows each, and the user's manual rates). */
export async function reportingFor(
  db: Database,
  userId: string,
  basis: ReportingBasis,
  currencies: readonly string[],
): Promise<Reporting> {
  const foreign = [...new Set(currencies)].filter((code) => code !== basis.currency);
  const table =
    foreign.length === 0
      ? null
      : createFxTable(
          await ecbRatesForRange(db, [...foreign, basis.currency], basis.today, basis.today),
          (await listManualRates(db, userId)).map(({ date, base, quote, rate }) => ({
            date,
            base,
            quote,
            rate,
          })),
        );
  const missing = new Set<string>();
  return {
    ...basis,
    convert(amountMinor, from) {
      if (from === basis.currency) return amountMinor;
      const converted = table?.convertMinor(amountMinor, from, basis.currency, basis.today) ?? null;
      if (converted === null) missing.add(from);
      return converted?.amountMinor ?? null;
    },
    missing: () => [...missing].sort(),
  };
}
