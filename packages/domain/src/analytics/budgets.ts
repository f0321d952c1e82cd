import { TRANSACTION_CATEGORY_VALUES, type TransactionCategory } from '../categories';
import { DEFAULT_LOCALE } from '../constants';
import { formatMoney, formatNumber } from '../formatting';
import { money } from '../money';
import type { Insight } from './insights';

/**
 * Monthly budgets (ADR 039): which categories take one, the bounds of an amount, rollover from one month
 * into the next, and when a budget is nearly or fully used. Amounts are integer minor units of the
 * reporting currency; spending is positive (money spent, refunds netted off).
 */

/** The whole month's budget, beside the per-category ones. */
export const OVERALL_BUDGET = 'overall';

/** Income and transfers are not spending (docs/analytics-api.md "What counts"), so they take no budget. */
export const BUDGET_CATEGORIES = TRANSACTION_CATEGORY_VALUES.filter(
  (category) => category !== 'INCOME' && category !== 'TRANSFER',
) as Exclude<TransactionCategory, 'INCOME' | 'TRANSFER'>[];

export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number] | typeof OVERALL_BUDGET;

/** A budget category of the spec's list, or 'overall'. */
export function isBudgetCategory(value: string): value is BudgetCategory {
  return value === OVERALL_BUDGET || (BUDGET_CATEGORIES as readonly string[]).includes(value);
}

/** The largest monthly amount, in major units. */
export const BUDGET_MAX_AMOUNT = 1_000_000;

/** The shares of a budget at which an alert fires (percent of what is available). */
export const BUDGET_THRESHOLDS = [80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/** How far back the rollover chain is followed (months); older months never carry into today's. */
export const BUDGET_ROLLOVER_MONTHS = 120;

/** One month of one category, oldest first: its amount (null = no budget that month) and spending. */
export type BudgetMonth = { month: string; amountMinor: number | null; spentMinor: number };

/**
 * What carries into the last month of `months` (consecutive months, oldest first, the last being the
 * month asked about): with rollover on, each budgeted month passes on what it had available minus what
 * was spent (negative when overspent); a month without a budget breaks the chain (nothing carries over
 * it). With rollover off nothing carries.
 */
export function rolloverInto(months: readonly BudgetMonth[], rollover: boolean): number {
  if (!rollover) return 0;
  let carry = 0;
  for (let index = 0; index < months.length - 1; index += 1) {
    const month = months[index] as BudgetMonth;
    if (month.amountMinor === null) {
      carry = 0;
      continue;
    }
    carry = month.amountMinor + carry - month.spentMinor;
  }
  return carry;
}

export type BudgetStatus = 'none' | 'under' | 'near' | 'over';

/**
 * Where spending stands against what is available: 'none' without a budget, 'over' once spending reaches
 * 100 % (or anything is spent from nothing available), 'near' from 80 %, else 'under'. `percent` is
 * spending as a share of what is available (null when nothing is).
 */
export function budgetProgress(
  availableMinor: number | null,
  spentMinor: number,
): { status: BudgetStatus; percent: number | null; threshold: BudgetThreshold | null } {
  if (availableMinor === null) return { status: 'none', percent: null, threshold: null };
  if (availableMinor <= 0) {
    const over = spentMinor > 0;
    return { status: over ? 'over' : 'under', percent: null, threshold: over ? 100 : null };
  }
  const percent = Math.round((spentMinor / availableMinor) * 1000) / 10;
  if (spentMinor >= availableMinor) return { status: 'over', percent, threshold: 100 };
  if (spentMinor * 100 >= availableMinor * 80) return { status: 'near', percent, threshold: 80 };
  return { status: 'under', percent, threshold: null };
}

/**
 * What may still be spent per day for the rest of the month (`daysLeft` counting today), or null when
 * no day is left or nothing is; rounded down so the days together never exceed what is left.
 */
export function remainingPerDay(remainingMinor: number, daysLeft: number): number | null {
  if (daysLeft <= 0 || remainingMinor <= 0) return remainingMinor <= 0 && daysLeft > 0 ? 0 : null;
  return Math.floor(remainingMinor / daysLeft);
}

/** The average of monthly spending over `months` months (rounded half up to the minor unit). */
export function monthlyAverage(totalMinor: number, months: number): number {
  if (months <= 0) return 0;
  const value = Math.round(totalMinor / months);
  return value === 0 ? 0 : value;
}

/** The averaging windows of the Budgets page, in months. */
export const BUDGET_AVERAGE_WINDOWS = [3, 6, 12] as const;
export type BudgetAverageWindow = (typeof BUDGET_AVERAGE_WINDOWS)[number];

/**
 * A budget suggested from an average: rounded up to a whole major unit (`unit` minor units) and
 * capped at BUDGET_MAX_AMOUNT, nothing for
 * an average of nothing or a net refund.
 */
export function budgetFromAverage(averageMinor: number, unit: number): number | null {
  if (averageMinor <= 0) return null;
  return Math.min(Math.ceil(averageMinor / unit), BUDGET_MAX_AMOUNT) * unit;
}

/** One budget line as the insight reads it (reporting minor units). */
export type BudgetInsightLine = {
  category: string;
  label: string;
  availableMinor: number;
  spentMinor: number;
  percent: number | null;
  threshold: BudgetThreshold | null;
};

/**
 * The insights of this month's budgets: one per budget that reached 80 % (info) or 100 % (warning) of
 * what is available, the most used first, each linking to the Budgets page.
 */
export function budgetInsights(
  lines: readonly BudgetInsightLine[],
  month: string,
  currency: string,
  locale: string = DEFAULT_LOCALE,
): Insight[] {
  const show = (amountMinor: number) => formatMoney({ amountMinor, currency }, locale);
  return lines
    .filter((line) => line.threshold !== null)
    .sort((a, b) => (b.percent ?? Infinity) - (a.percent ?? Infinity) || a.category.localeCompare(b.category))
    .map((line): Insight => {
      const over = line.threshold === 100;
      const left = line.availableMinor - line.spentMinor;
      const name = line.category === OVERALL_BUDGET ? 'Your overall budget' : `Your ${line.label} budget`;
      return {
        id: `budget:${month}:${line.category}`,
        kind: 'budget',
        severity: over ? 'warning' : 'info',
        title: over
          ? `${name} is used up`
          : `${name} is ${formatNumber(Math.floor(line.percent ?? 0), locale)} % used`,
        explanation:
          `${show(line.spentMinor)} spent of ${show(line.availableMinor)} this month` +
          (left >= 0 ? `; ${show(left)} left.` : `; ${show(-left)} over.`),
        figures: [
          { label: 'Spent', value: money(line.spentMinor, currency), format: 'money' },
          { label: 'Budget', value: money(line.availableMinor, currency), format: 'money' },
          ...(line.percent === null
            ? []
            : [{ label: 'Used', value: line.percent, format: 'percent' as const }]),
        ],
        links: [{ label: 'See budgets', href: `/expenses/budgets?month=${month}` }],
      };
    });
}
