import {
  budgetRollovers,
  budgetsBetween,
  firstBudgetMonth,
  firstTransactionDate,
  spendingSumsOf,
  type Database,
} from '@lodestar/db';
import {
  BUDGET_AVERAGE_WINDOWS,
  BUDGET_CATEGORIES,
  BUDGET_ROLLOVER_MONTHS,
  budgetProgress,
  categoryLabel,
  money,
  monthlyAverage,
  monthOf,
  monthRange,
  OVERALL_BUDGET,
  previousMonth,
  remainingPerDay,
  rolloverInto,
  type BudgetAverageWindow,
  type BudgetStatus,
  type BudgetThreshold,
  type Money,
} from '@lodestar/domain';
import { convertedIncomeAndSpending, ratesBetween, spendingContext } from '../spending/reporting';

/** One category's (or the whole month's) budget in a month, in the reporting currency. */
export type BudgetLine = {
  category: string;
  label: string;
  /** The amount set for the month (null = no budget). */
  budget: Money | null;
  rollover: boolean;
  /** What the months before passed on (0 without rollover); negative when they overspent. */
  carried: Money;
  /** budget + carried, null without a budget. */
  available: Money | null;
  spent: Money;
  remaining: Money | null;
  remainingPerDay: Money | null;
  percent: number | null;
  status: BudgetStatus;
  threshold: BudgetThreshold | null;
  /** Average monthly spending over the 3, 6 and 12 months before this one. */
  averages: Record<`${BudgetAverageWindow}`, Money>;
};

export type BudgetMonthView = {
  month: string;
  currency: string;
  /** Days of the month from today on, today included (0 for a past month, all for a future one). */
  daysLeft: number;
  daysInMonth: number;
  overall: BudgetLine;
  categories: BudgetLine[];
  hiddenCategories: string[];
  /** Whether the month before has any amount set ("copy last month" has something to copy). */
  previousMonthHasBudgets: boolean;
  /** Currencies without any rate, left out of the figures. */
  missingCurrencies: string[];
};

const monthStart = (month: string) => `${month}-01`;
const monthKey = (date: string) => date.slice(0, 7);

/** The consecutive months from `from` to `to` ('YYYY-MM', inclusive). */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = to; month >= from; month = previousMonth(month)) out.unshift(month);
  return out;
}

/**
 * GET /budgets (ADR 039): the month's budgets beside what was spent, from the monthly spending rollups
 * (spendingSumsOf: whole months only, never a scan of the rows). Each month's spending and amounts are
 * converted into the reporting currency at the rates of the month's last day, each currency summed first
 * and converted once (fx/reporting.ts), so a category's spending here equals the Expenses page's.
 * Hidden categories (Settings → Financial) have no line and their spending is not in the overall.
 */
export async function budgetMonth(input: {
  db: Database;
  userId: string;
  month?: string;
  now: Date;
}): Promise<BudgetMonthView> {
  const { db, userId } = input;
  const context = await spendingContext(db, userId, input.now);
  const { currency, hiddenCategories } = context;
  const month = input.month ?? monthOf(context.today);
  const [first, firstTransaction, rollovers] = await Promise.all([
    firstBudgetMonth(db, userId),
    firstTransactionDate(db, userId),
    budgetRollovers(db, userId),
  ]);
  const longest = Math.max(...BUDGET_AVERAGE_WINDOWS);
  let from = month;
  for (let index = 0; index < longest; index += 1) from = previousMonth(from);
  let chainFrom = month;
  for (let index = 0; index < BUDGET_ROLLOVER_MONTHS && first && monthKey(first) < chainFrom; index += 1)
    chainFrom = previousMonth(chainFrom);
  if (rollovers.length > 0 && chainFrom < from) from = chainFrom;
  const months = monthsBetween(from, month);

  const [rows, sums] = await Promise.all([
    budgetsBetween(db, userId, monthStart(from), monthStart(month)),
    spendingSumsOf(
      db,
      userId,
      months.map((m) => monthRange(m)),
    ),
  ]);
  const currencies = [...sums.flat().map((row) => row.currency), ...rows.map((row) => row.currency)];
  const rates = await ratesBetween(
    db,
    userId,
    currencies,
    currency,
    monthRange(from).to,
    monthRange(month).to,
  );
  const missing = new Set<string>();

  // Per month: spending per category (converted) and the total, and the amounts set (converted).
  const spentByMonth = new Map<string, Map<string, number>>();
  const amountsByMonth = new Map<string, Map<string, number>>();
  months.forEach((m, index) => {
    const converter = rates.at(monthRange(m).to);
    const spending = convertedIncomeAndSpending(sums[index] ?? [], converter, hiddenCategories);
    const spent = new Map(spending.byCategory.map((row) => [row.category, row.amountMinor]));
    spent.set(OVERALL_BUDGET, spending.spendingMinor);
    spentByMonth.set(m, spent);
    const amounts = new Map<string, number>();
    for (const row of rows.filter((r) => monthKey(r.month) === m)) {
      const converted = converter.convert(row.amountMinor, row.currency);
      if (converted === null) missing.add(row.currency);
      else amounts.set(row.category, converted);
    }
    amountsByMonth.set(m, amounts);
    for (const code of converter.missing()) missing.add(code);
  });

  const range = monthRange(month);
  const today = context.today;
  const daysLeft =
    monthOf(today) === month
      ? range.days - Number(today.slice(8)) + 1
      : month > monthOf(today)
        ? range.days
        : 0;
  // Months before the first transaction do not count toward an average (a new user's first month is not
  // averaged with empty ones).
  const firstMonth = firstTransaction ? monthOf(firstTransaction) : month;
  const before = months.slice(0, -1).reverse();

  const line = (category: string): BudgetLine => {
    const rollover = rollovers.includes(category);
    const chain = monthsBetween(chainFrom < from ? from : chainFrom, month).map((m) => ({
      month: m,
      amountMinor: amountsByMonth.get(m)?.get(category) ?? null,
      spentMinor: spentByMonth.get(m)?.get(category) ?? 0,
    }));
    const amount = amountsByMonth.get(month)?.get(category) ?? null;
    const spent = spentByMonth.get(month)?.get(category) ?? 0;
    const carried = amount === null ? 0 : rolloverInto(chain, rollover);
    const available = amount === null ? null : amount + carried;
    const progress = budgetProgress(available, spent);
    const remaining = available === null ? null : available - spent;
    const perDay = remaining === null ? null : remainingPerDay(remaining, daysLeft);
    const averages = Object.fromEntries(
      BUDGET_AVERAGE_WINDOWS.map((window) => {
        const counted = before.slice(0, window).filter((m) => m >= firstMonth);
        const total = counted.reduce((sum, m) => sum + (spentByMonth.get(m)?.get(category) ?? 0), 0);
        return [String(window), money(monthlyAverage(total, counted.length), currency)];
      }),
    ) as Record<`${BudgetAverageWindow}`, Money>;
    return {
      category,
      label: category === OVERALL_BUDGET ? 'All spending' : categoryLabel(category),
      budget: amount === null ? null : money(amount, currency),
      rollover,
      carried: money(carried, currency),
      available: available === null ? null : money(available, currency),
      spent: money(spent, currency),
      remaining: remaining === null ? null : money(remaining, currency),
      remainingPerDay: perDay === null ? null : money(perDay, currency),
      percent: progress.percent,
      status: progress.status,
      threshold: progress.threshold,
      averages,
    };
  };

  const previous = previousMonth(month);
  // `months` always reaches back 12 months, so the month before is among the rows read.
  const previousMonthHasBudgets = rows.some((row) => monthKey(row.month) === previous);
  return {
    month,
    currency,
    daysLeft,
    daysInMonth: range.days,
    overall: line(OVERALL_BUDGET),
    categories: BUDGET_CATEGORIES.filter((category) => !hiddenCategories.includes(category)).map(line),
    hiddenCategories,
    previousMonthHasBudgets,
    missingCurrencies: [...missing].sort(),
  };
}
