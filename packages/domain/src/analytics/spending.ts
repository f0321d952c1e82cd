import { categoryLabel, isInvestmentCategory } from '../categories';
import { percentOf } from './net-worth';

/**
 * Sums of one shown category over a period, as the server's SQL returns them (integer minor units of
 * one currency). `category` is the shown category code, '' for uncategorized rows.
 */
export type CategorySums = {
  category: string;
  /** Σ of the positive amounts (money in), ≥ 0. */
  inflowMinor: number;
  /** Σ of the negative amounts (money out), ≤ 0. */
  outflowMinor: number;
  /** Rows summed. */
  count: number;
};

export type CategorySpending = { category: string; label: string; amountMinor: number; count: number };

export type IncomeAndSpending = {
  /** Money in: the net of INCOME rows plus the inflows of uncategorized rows. */
  incomeMinor: number;
  /** Σ of `byCategory` amounts (positive = money spent). */
  spendingMinor: number;
  /** Rows that count toward income or (visible) spending. */
  count: number;
  /** Spending per category, largest first (ties by code); positive = spent, negative = net refunds. */
  byCategory: CategorySpending[];
};

const INCOME = 'INCOME';
const TRANSFER = 'TRANSFER';
const UNCATEGORIZED = '';

/**
 * Income and spending of a period from per-category sums (docs/analytics-api.md "What counts"):
 * - income = Σ amount of INCOME rows (inflow + outflow, so a clawback lowers it) + Σ inflows of
 *   uncategorized rows;
 * - spending of a category = −(inflow + outflow) for every category except INCOME and '' (refunds net
 *   off, so a category may come out negative); uncategorized outflows are spending under '' with the
 *   label 'Uncategorized';
 * - TRANSFER rows are ignored (the server leaves them out already).
 * `hiddenCategories` (the user's preference) are left out of spending, its total and the row count;
 * hiding INCOME does not change income (hiding is about spending categories), and hiding '' hides
 * uncategorized spending while its inflows still count as income and its rows still count. Several rows for one category are
 * added together first.
 */
export function incomeAndSpending(
  sums: readonly CategorySums[],
  hiddenCategories: readonly string[] = [],
): IncomeAndSpending {
  const merged = new Map<string, CategorySums>();
  for (const row of sums) {
    for (const value of [row.inflowMinor, row.outflowMinor, row.count]) {
      if (!Number.isSafeInteger(value)) throw new RangeError(`Sums must be safe integers, got ${value}`);
    }
    if (row.category === TRANSFER) continue;
    const previous = merged.get(row.category);
    merged.set(row.category, {
      category: row.category,
      inflowMinor: (previous?.inflowMinor ?? 0) + row.inflowMinor,
      outflowMinor: (previous?.outflowMinor ?? 0) + row.outflowMinor,
      count: (previous?.count ?? 0) + row.count,
    });
  }

  const hidden = new Set(hiddenCategories);
  let incomeMinor = 0;
  let count = 0;
  const byCategory: CategorySpending[] = [];
  for (const row of merged.values()) {
    if (row.category === INCOME) {
      incomeMinor += row.inflowMinor + row.outflowMinor;
      count += row.count;
      continue;
    }
    if (row.category === UNCATEGORIZED) {
      incomeMinor += row.inflowMinor;
      // The row count cannot be split between money in and out, so uncategorized rows always count.
      count += row.count;
      if (!hidden.has(UNCATEGORIZED)) {
        byCategory.push({
          category: UNCATEGORIZED,
          label: categoryLabel(UNCATEGORIZED),
          amountMinor: zero(-row.outflowMinor),
          count: row.count,
        });
      }
      continue;
    }
    if (hidden.has(row.category)) continue;
    count += row.count;
    byCategory.push({
      category: row.category,
      label: categoryLabel(row.category),
      amountMinor: zero(-(row.inflowMinor + row.outflowMinor)),
      count: row.count,
    });
  }

  byCategory.sort(
    (a, b) =>
      b.amountMinor - a.amountMinor || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
  );
  const spendingMinor = byCategory.reduce((total, row) => total + row.amountMinor, 0);
  return { incomeMinor: zero(incomeMinor), spendingMinor: zero(spendingMinor), count, byCategory };
}

/** Normalises −0 to 0 so results compare and serialise cleanly. */
function zero(value: number): number {
  return value === 0 ? 0 : value;
}

export type SpendingCandidate = {
  status: string;
  excluded: boolean;
  transferPairId: string | null;
  /** The shown category code ('' = uncategorized), as SQL transaction_category_shown() gives it. */
  categoryShown: string;
  providerCategory?: string | null;
  detailedCategory?: string | null;
};

/**
 * Whether a transaction counts toward income or spending (docs/domain.md; the SQL repeats this rule):
 * status posted or pending (failed and cancelled never moved money); not excluded by the user; not a leg
 * of a transfer pair; not shown as TRANSFER; not an investment trade (provider or detailed category
 * INVESTMENT…, BUY, SELL, TRADE), since buying a security moves money without spending it.
 */
export function countsTowardSpending(row: SpendingCandidate): boolean {
  if (row.status !== 'posted' && row.status !== 'pending') return false;
  if (row.excluded || row.transferPairId !== null) return false;
  if (row.categoryShown.trim().toUpperCase() === TRANSFER) return false;
  return ![row.providerCategory, row.detailedCategory].some((code) => code && isInvestmentCategory(code));
}

/**
 * A refund: money back (amount > 0) on a spending category, counted in spending and income, so the
 * category's spending nets it off. Income, Uncategorized, transfers and excluded rows are no refunds.
 * The transaction listing's `refunds` filter is the same rule in SQL.
 */
export function isRefund(row: SpendingCandidate & { amountMinor: number }): boolean {
  if (row.amountMinor <= 0 || !countsTowardSpending(row)) return false;
  const shown = row.categoryShown.trim().toUpperCase();
  return shown !== '' && shown !== 'INCOME';
}

/** `part` as a percent of `total`, 2 decimals, half away from zero; 0 when `total` ≤ 0. */
export function shareOf(part: number, total: number): number {
  return total > 0 ? percentOf(part, total) : 0;
}

/**
 * Running totals for days 1..`days` of a month from per-day sums (`day` 1-based): entry i is the Σ of
 * the amounts of days 1..i+1. Days missing from `daily` add nothing; days outside 1..`days` are ignored
 * (the current month stops at today).
 */
export function cumulativeDaily(
  daily: readonly { day: number; amountMinor: number }[],
  days: number,
): number[] {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`Days must be a non-negative integer, got ${days}`);
  const perDay = new Array<number>(days).fill(0);
  for (const { day, amountMinor } of daily) {
    if (Number.isInteger(day) && day >= 1 && day <= days)
      perDay[day - 1] = (perDay[day - 1] ?? 0) + amountMinor;
  }
  let running = 0;
  return perDay.map((amount) => (running += amount));
}
