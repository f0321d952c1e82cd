import {
  type Database,
  ecbRatesForRange,
  lastFxFetch,
  listManualRates,
  type ManualRateRow,
  visibleAccountsForDashboard,
} from '@lodestar/db';
import { createFxTable, type FxSource } from '@lodestar/domain';
import { reportingFor } from './reporting';

/** `id`: on a rate that rests on one of the user's manual rates, that rate (so it can be deleted). */
export type RateView = {
  id?: string;
  currency: string;
  rate: string;
  date: string;
  source: Exclude<FxSource, 'identity'>;
  stale: boolean;
  /** No rate on or before today: the earliest known one (dated after today) stands in. */
  estimated: boolean;
};

export type RatesView = {
  /** The quote currency: 1 unit of each listed currency is `rate` of this one. */
  currency: string;
  rates: RateView[];
  /** Listed currencies without any rate (ECB or manual) on or before today. */
  missing: string[];
  /** The currencies of the user's visible accounts, sorted (empty when `base` is given). */
  held: string[];
  lastFetchedAt: string | null;
  manualRates: ManualRateRow[];
};

/**
 * A rate as a plain decimal with six significant digits (1.0842, 162.53, 0.0061728), never in exponent
 * form. Display only: conversions use the stored decimals exactly.
 */
export function formatRate(rate: number): string {
  const decimals = Math.min(20, Math.max(0, 5 - Math.floor(Math.log10(rate))));
  const text = rate.toFixed(decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * GET /fx/rates: today's last known rate of each of the user's currencies (those of their visible accounts
 * and of their manual rates; or only `base` when given) against `quote` (default: the reporting currency),
 * with when the ECB feed was last fetched and the user's manual rates (so they can be deleted).
 */
export async function ratesView(
  db: Database,
  userId: string,
  now: Date,
  query: { base?: string | undefined; quote?: string | undefined },
): Promise<RatesView> {
  const [reporting, accounts, manual, lastFetchedAt] = await Promise.all([
    reportingFor(db, userId, now),
    query.base ? Promise.resolve([]) : visibleAccountsForDashboard(db, userId),
    listManualRates(db, userId),
    lastFxFetch(db),
  ]);
  const quote = query.quote ?? reporting.currency;
  const listed = query.base
    ? [query.base]
    : [...accounts.map((account) => account.currency), ...manual.flatMap((rate) => [rate.base, rate.quote])];
  const currencies = [...new Set(listed)].filter((code) => code !== quote).sort();
  const ecb = currencies.length
    ? await ecbRatesForRange(db, [...currencies, quote], reporting.today, reporting.today)
    : [];
  const table = createFxTable(ecb, manual);
  const rates: RateView[] = [];
  const missing: string[] = [];
  for (const currency of currencies) {
    const found = table.rate(currency, quote, reporting.today);
    if (!found || found.source === 'identity') {
      missing.push(currency);
      continue;
    }
    const manualRow =
      found.source === 'manual'
        ? manual.find(
            (rate) => rate.date === found.date && (rate.base === currency || rate.quote === currency),
          )
        : undefined;
    rates.push({
      ...(manualRow ? { id: manualRow.id } : {}),
      currency,
      rate: formatRate(found.rate),
      date: found.date,
      source: found.source,
      stale: found.stale,
      estimated: found.estimated,
    });
  }
  return {
    currency: quote,
    rates,
    missing,
    held: [...new Set(accounts.map((account) => account.currency))].sort(),
    lastFetchedAt: lastFetchedAt?.toISOString() ?? null,
    manualRates: manual,
  };
}
