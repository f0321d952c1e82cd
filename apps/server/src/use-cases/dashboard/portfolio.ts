import { type Database, firstNetWorthDate } from '@lodestar/db';
import {
  addDays,
  ASSET_CLASSES,
  type AssetClass,
  lttb,
  type PortfolioRange,
  portfolioRangeStart,
} from '@lodestar/domain';
import { createConverter, loadFxTable, reportingFor } from '../../fx/reporting';
import { netWorthHistory } from './history-cache';

/** One day of net-worth history: integer minor units of the response's currency per class. */
export type PortfolioPoint = { date: string; netWorth: number; account_count: number } & Record<
  AssetClass,
  number
>;

export type PortfolioView = {
  currency: string;
  range: PortfolioRange;
  from: string;
  to: string;
  classes: readonly AssetClass[];
  points: PortfolioPoint[];
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
  };
}

/**
 * GET /portfolio (docs/analytics-api.md): net worth per day from net_worth_daily, summed per asset class in
 * the database (cached per user until the rollup's version changes, history-cache.ts) and converted at each
 * day's last known rates. One point per day from the range start (never before the first snapshot) to
 * today; a day without any snapshot (before the day's sync or snapshot has run) repeats the day before, so
 * the line does not drop to zero. A currency without any rate is left out. With `samples`, the series is
 * thinned by LTTB on net worth.
 */
export async function portfolio(
  db: Database,
  userId: string,
  range: PortfolioRange,
  samples: number | undefined,
  now: Date,
): Promise<PortfolioView> {
  const [{ currency, today }, first] = await Promise.all([
    reportingFor(db, userId, now),
    firstNetWorthDate(db, userId),
  ]);
  const from = portfolioRangeStart(range, today, first);
  const rows = first === null ? [] : await netWorthHistory(db, userId, from, today);
  const { table } = await loadFxTable(
    db,
    userId,
    currency,
    rows.map((row) => row.currency),
    [{ from, to: today }],
  );
  const converter = createConverter(table, currency);
  const convert = (amountMinor: number, from: string, date: string) =>
    amountMinor === 0 ? 0 : (converter.convert(amountMinor, from, date, { track: false }) ?? 0);

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
      for (let row = rows[next]; row?.date === date; row = rows[++next]) {
        // A currency without any rate is left out of the day (it is listed by the dashboard's fx.missing).
        if (converter.convert(0, row.currency, date, { track: false }) === null) continue;
        point.cash += convert(row.cash, row.currency, date);
        point.investment += convert(row.investment, row.currency, date);
        point.crypto += convert(row.crypto, row.currency, date);
        point.real_estate += convert(row.realEstate, row.currency, date);
        point.other += convert(row.other, row.currency, date);
        point.liability += convert(row.liability, row.currency, date);
        point.account_count += row.accountCount;
      }
      point.netWorth =
        point.cash + point.investment + point.crypto + point.real_estate + point.other + point.liability;
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
  return { currency, range, from, to: today, classes: ASSET_CLASSES, points: thinned };
}
