import { firstTransactionDate, spendingSumsOf, type CurrencyCategorySums, type Database } from '@lodestar/db';
import {
  clampSpan,
  percentChange,
  spanClamped,
  periodRange,
  previousRange,
  shareOf,
  type DateSpan,
  type IncomeAndSpending,
  type TimePeriod,
  money,
  type Money,
} from '@lodestar/domain';
import { converterAt, convertedIncomeAndSpending, moneyChange, spendingContext } from './reporting';

/** The five largest spending categories are listed for the current period. */
const TOP_CATEGORIES = 5;

type PeriodFigures = {
  from: string;
  to: string;
  income: Money;
  spending: Money;
  net: Money;
  transactionCount: number;
};

export type ActivitySummary = {
  currency: string;
  period: TimePeriod;
  current: PeriodFigures & {
    topCategories: {
      category: string;
      label: string;
      amount: Money;
      percent: number;
      transactionCount: number;
    }[];
  };
  previous: PeriodFigures | null;
  change: {
    income: ReturnType<typeof moneyChange>;
    spending: ReturnType<typeof moneyChange>;
    net: ReturnType<typeof moneyChange>;
    transactionCount: { amount: number; percent: number | null };
  } | null;
  /**
   * The first day the plan shows (null: no window): a period reaching further back starts there, and a
   * previous period wholly before it is left out (null, no comparison).
   */
  visibleFrom: string | null;
};

async function figuresOf(
  db: Database,
  userId: string,
  rows: readonly CurrencyCategorySums[],
  range: DateSpan,
  currency: string,
  hidden: readonly string[],
): Promise<IncomeAndSpending> {
  const converter = await converterAt(
    db,
    userId,
    rows.map((row) => row.currency),
    currency,
    range.to,
  );
  return convertedIncomeAndSpending(rows, converter, hidden);
}

function periodFigures(range: DateSpan, figures: IncomeAndSpending, currency: string): PeriodFigures {
  return {
    from: range.from,
    to: range.to,
    income: money(figures.incomeMinor, currency),
    spending: money(figures.spendingMinor, currency),
    net: money(figures.incomeMinor - figures.spendingMinor, currency),
    transactionCount: figures.count,
  };
}

/**
 * GET /dashboard/activity-summary (docs/analytics-api.md): income, spending, net and counted rows of the
 * period ending today in the user's time zone and of the same-length period before it (none for
 * all-time), converted into the reporting currency at each period's last day.
 */
export async function activitySummary(input: {
  db: Database;
  userId: string;
  period: TimePeriod;
  now: Date;
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null;
}): Promise<ActivitySummary> {
  const { db, userId, period } = input;
  const context = await spendingContext(db, userId, input.now);
  const { currency, hiddenCategories } = context;
  const first = period === 'all-time' ? await firstTransactionDate(db, userId) : null;
  const { visibleFrom } = input;
  const whole = periodRange(period, context.today, first ?? undefined);
  const range = clampSpan(whole, visibleFrom) ?? { from: whole.to, to: whole.to };
  // A comparison period reaching back before the window would compare against a shorter one: none then.
  const previousWhole = period === 'all-time' ? null : previousRange(whole);
  const previousSpan = previousWhole && !spanClamped(previousWhole, visibleFrom) ? previousWhole : null;
  const [currentRows = [], previousRows = []] = await spendingSumsOf(
    db,
    userId,
    previousSpan ? [range, previousSpan] : [range],
  );
  const [current, previous] = await Promise.all([
    figuresOf(db, userId, currentRows, range, currency, hiddenCategories),
    previousSpan ? figuresOf(db, userId, previousRows, previousSpan, currency, hiddenCategories) : null,
  ]);

  const topCategories = current.byCategory
    .filter((row) => row.amountMinor > 0)
    .slice(0, TOP_CATEGORIES)
    .map((row) => ({
      category: row.category,
      label: row.label,
      amount: money(row.amountMinor, currency),
      percent: shareOf(row.amountMinor, current.spendingMinor),
      transactionCount: row.count,
    }));
  const currentNet = current.incomeMinor - current.spendingMinor;
  return {
    currency,
    period,
    current: { ...periodFigures(range, current, currency), topCategories },
    previous: previous && previousSpan ? periodFigures(previousSpan, previous, currency) : null,
    change: previous
      ? {
          income: moneyChange(current.incomeMinor, previous.incomeMinor, currency),
          spending: moneyChange(current.spendingMinor, previous.spendingMinor, currency),
          net: moneyChange(currentNet, previous.incomeMinor - previous.spendingMinor, currency),
          transactionCount: {
            amount: current.count - previous.count,
            percent: percentChange(current.count, previous.count),
          },
        }
      : null,
    visibleFrom,
  };
}
