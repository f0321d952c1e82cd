import { type Database, firstNetWorthDate } from '@lodestar/db';
import {
  addDays,
  ASSET_CLASSES,
  type AssetClass,
  lttb,
  type PortfolioRange,
  portfolioRangeStart,
  clampFrom,
} from '@lodestar/domain';
import { createConverter, type FxReport, loadFxTable, reportingFor } from '../../fx/reporting';
import { netWorthHistory } from './history-cache';

/**
 * One day of net-worth history: integer minor units of the response's currency per class. `estimated`:
 * some amount of the day is converted at a rate of a later day (the earliest known, see fx.ts).
 */
export type PortfolioPoint = {
  date: string;
  netWorth: number;
  account_count: number;
  estimated: boolean;
} & Record<AssetClass, number>;

export type PortfolioView = {
  currency: string;
  range: PortfolioRange;
  from: string;
  to: string;
  classes: readonly AssetClass[];
  points: PortfolioPoint[];
  /** Currencies left out for want of any rate, and those estimated before their first rate. */
  fx: FxReport;
  /** The first day the plan shows (null: no window); `from` is never earlier. */
  visibleFrom: string | null;
};

/** Samples accepted by GET /portfolio (the small charts thin the series on the server). */
export const PORTFOLIO_SAMPLES = { min: 10, max: 1000 } as const;

const DAY_MS = 86_400_000;

function emptyPoint(date: string): PortfolioPoint {
  return {
    date,
    netWorth: 0,
    cash: 0,
    investment: 0,
    crypto: 0,
    real_estate: 0,
    other: 0,
    liability: 0,
    account_count: 0,
    estimated: false,
  };
}

/**
 * GET /portfolio (docs/analytics-api.md): net worth per day from net_worth_daily, summed per asset class in
 * the database (cached per user until the rollup's version changes, history-cache.ts) and converted at each
 * day's last known rates. One point per day from the range start (never before the first snapshot) to
 * today; a day without any snapshot (before the day's sync or snapshot has run) repeats the day before, so
 * the line does not drop to zero. A currency without any rate is left out (named in `fx.missing`); a day
 * before a currency's first rate is converted at its earliest rate and marked `estimated`. With `samples`,
 * the series is thinned by LTTB on net worth.
 */
export async function portfolio(
  db: Database,
  userId: string,
  range: PortfolioRange,
  samples: number | undefined,
  now: Date,
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null,
): Promise<PortfolioView> {
  const [{ currency, today }, first] = await Promise.all([
    reportingFor(db, userId, now),
    firstNetWorthDate(db, userId),
  ]);
  const from = clampFrom(portfolioRangeStart(range, today, first), visibleFrom);
  const rows = first === null ? [] : await netWorthHistory(db, userId, from, today);
  const { table } = await loadFxTable(
    db,
    userId,
    currency,
    rows.map((row) => row.currency),
    [{ from, to: today }],
  );
  const converter = createConverter(table, currency);

  const points: PortfolioPoint[] = [];
  if (first !== null) {
    let next = 0;
    let previous: PortfolioPoint | undefined;
    for (let date = from; date <= today; date = addDays(date, 1)) {
      // Rows come by date; skip any before the range (none) and take this day's, one per currency.
      while (next < rows.length && (rows[next]?.date ?? '') < date) next += 1;
      if (next >= rows.length || rows[next]?.date !== date) {
        const carried: PortfolioPoint = previous ? { ...previous, date } : emptyPoint(date);
        points.push(carried);
        previous = carried;
        continue;
      }
      const point = emptyPoint(date);
      const entries: { key: AssetClass; amountMinor: number; currency: string }[] = [];
      for (let row = rows[next]; row?.date === date; row = rows[++next]) {
        // A currency without any rate is left out of the day (named in fx.missing).
        if (converter.convert(0, row.currency, date, { track: false }) === null) continue;
        const values: Record<AssetClass, number> = {
          cash: row.cash,
          investment: row.investment,
          crypto: row.crypto,
          real_estate: row.realEstate,
          other: row.other,
          liability: row.liability,
        };
        for (const key of ASSET_CLASSES)
          entries.push({ key, amountMinor: values[key], currency: row.currency });
        point.account_count += row.accountCount;
      }
      // The one rule (fx/reporting.ts byKey): each currency's day total converted once, shared over classes.
      const converted = converter.byKey(entries, date, { track: false });
      for (const key of ASSET_CLASSES) point[key] = converted.amounts.get(key) ?? 0;
      point.netWorth = converted.total;
      point.estimated = converted.estimated;
      points.push(point);
      previous = point;
    }
  }

  const thinned =
    samples === undefined
      ? points
      : lttb(
          points,
          samples,
          (point) => Date.parse(`${point.date}T00:00:00Z`) / DAY_MS,
          (point) => point.netWorth,
        );
  const report = converter.report();
  return {
    currency,
    range,
    from,
    to: today,
    classes: ASSET_CLASSES,
    points: thinned,
    fx: { ...report, stale: [] },
    visibleFrom,
  };
}
