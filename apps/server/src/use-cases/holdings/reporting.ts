import type { Database } from '@lodestar/db';
import { createConverter, loadFxTable, type Reporting as UserReporting } from '../../fx/reporting';

/** The user's reporting currency (default_currency preference) and today in their time zone. */
export type ReportingBasis = Pick<UserReporting, 'currency' | 'today'>;

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
  /**
   * Σ of `amounts` in the reporting currency by the one rule (sum per currency, convert each sum, add);
   * `missing` lists the currencies left out for want of a rate.
   */
  total(amounts: Iterable<{ amountMinor: number; currency: string }>): {
    amountMinor: number;
    missing: string[];
  };
  /** Currencies that could not be converted so far, sorted. */
  missing(): string[];
};

/** Today's converter for `currencies` (the shared rate loading of fx/reporting.ts, one day's span). */
export async function todaysReporting(
  db: Database,
  userId: string,
  basis: ReportingBasis,
  currencies: readonly string[],
): Promise<Reporting> {
  const { table } = await loadFxTable(db, userId, basis.currency, currencies, [
    { from: basis.today, to: basis.today },
  ]);
  const converter = createConverter(table, basis.currency);
  return {
    currency: basis.currency,
    today: basis.today,
    convert: (amountMinor, from) => converter.convert(amountMinor, from, basis.today, { track: false }),
    total: (amounts) => converter.total(amounts, basis.today, { track: false }),
    missing: () => converter.report().missing,
  };
}
