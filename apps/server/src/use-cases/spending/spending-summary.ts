import {
  dailySpending,
  payeeSpending,
  spendingSumsOf,
  type Database,
  type PayeeSpending,
} from '@lodestar/db';
import {
  categoryLabel,
  clampSpan,
  cumulativeDaily,
  monthOf,
  monthRange,
  previousMonth,
  shareOf,
  money,
  type Money,
} from '@lodestar/domain';
import {
  converterAt,
  convertedIncomeAndSpending,
  merchantKeyOfPayee,
  moneyChange,
  spendingContext,
  type Converter,
} from './reporting';

const TOP_MERCHANTS = 10;

export type SpendingSummary = {
  currency: string;
  month: string;
  previousMonth: string;
  total: Money;
  previousTotal: Money;
  change: ReturnType<typeof moneyChange>;
  income: Money;
  byCategory: {
    category: string;
    label: string;
    amount: Money;
    previousAmount: Money;
    change: ReturnType<typeof moneyChange>;
    percent: number;
    transactionCount: number;
  }[];
  byMerchant: { merchant: string; category: string; amount: Money; transactionCount: number }[];
  daily: { day: number; cumulative: number; previousCumulative: number | null }[];
  hiddenCategories: string[];
  /** The first day the plan shows (null: no window): both months count nothing before it. */
  visibleFrom: string | null;
};

/**
 * Payees folded into merchants by the domain's merchant key (so 'AMZN Mktp US*2K3' and 'Amazon' are one),
 * converted into the reporting currency; each merchant is named by its largest payee and filed under its
 * largest category. The top ten by spending, largest first.
 */
function topMerchants(rows: readonly PayeeSpending[], converter: Converter, currency: string) {
  type Merchant = {
    amount: number;
    count: number;
    payees: Map<string, number>;
    categories: Map<string, number>;
  };
  const merchants = new Map<string, Merchant>();
  for (const row of rows) {
    const amount = converter.convert(row.amountMinor, row.currency);
    if (amount === null) continue;
    const key = merchantKeyOfPayee(row.payee);
    const merchant = merchants.get(key) ?? { amount: 0, count: 0, payees: new Map(), categories: new Map() };
    merchant.amount += amount;
    merchant.count += row.count;
    merchant.payees.set(row.payee, (merchant.payees.get(row.payee) ?? 0) + amount);
    merchant.categories.set(row.category, (merchant.categories.get(row.category) ?? 0) + amount);
    merchants.set(key, merchant);
  }
  const largest = (values: Map<string, number>) =>
    [...values].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0]?.[0] ?? '';
  return [...merchants.values()]
    .filter((merchant) => merchant.amount > 0)
    .map((merchant) => ({
      merchant: largest(merchant.payees),
      category: largest(merchant.categories),
      amount: money(merchant.amount, currency),
      transactionCount: merchant.count,
    }))
    .sort(
      (a, b) =>
        b.amount.amountMinor - a.amount.amountMinor ||
        (a.merchant < b.merchant ? -1 : a.merchant > b.merchant ? 1 : 0),
    )
    .slice(0, TOP_MERCHANTS);
}

/** Spending per day of a month in reporting minor units (day 1-based), for cumulativeDaily. */
/**
 * The running spending total per day in the reporting currency: each currency's running total in its
 * own minor units, converted once per day (the one rule), so the last day equals the month's total.
 */
function convertedCumulative(
  rows: readonly { date: string; currency: string; amountMinor: number }[],
  converter: Converter,
  days: number,
): number[] {
  const byCurrency = new Map<string, { day: number; amountMinor: number }[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency) ?? [];
    list.push({ day: Number(row.date.slice(8)), amountMinor: row.amountMinor });
    byCurrency.set(row.currency, list);
  }
  const running = [...byCurrency].map(([currency, list]) => ({
    currency,
    values: cumulativeDaily(list, days),
  }));
  return Array.from({ length: days }, (_, index) =>
    running.reduce(
      (total, { currency, values }) => total + (converter.convert(values[index] ?? 0, currency) ?? 0),
      0,
    ),
  );
}

/**
 * GET /transactions/spending-summary (docs/analytics-api.md): a calendar month's spending by category and
 * merchant with the previous month beside it, and the running total per day. Each month is converted at
 * the rates of its last day. `month` is 'YYYY-MM' (validated by the route); default the current month in
 * the user's time zone.
 */
export async function spendingSummary(input: {
  db: Database;
  userId: string;
  month?: string;
  now: Date;
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null;
}): Promise<SpendingSummary> {
  const { db, userId } = input;
  const context = await spendingContext(db, userId, input.now);
  const { currency, hiddenCategories } = context;
  const month = input.month ?? monthOf(context.today);
  const before = previousMonth(month);
  const current = monthRange(month);
  const previous = monthRange(before);

  const { visibleFrom } = input;
  const shownCurrent = clampSpan(current, visibleFrom);
  const shownPrevious = clampSpan(previous, visibleFrom);
  const shownFrom = (shownPrevious ?? shownCurrent)?.from;
  const [[currentRows = [], previousRows = []], bothMonths, payees] = await Promise.all([
    // The previous month is older than the current one: shown only when the current one is.
    spendingSumsOf(
      db,
      userId,
      [shownCurrent, shownPrevious].filter((span) => span !== null),
    ),
    shownFrom ? dailySpending(db, userId, { from: shownFrom, to: current.to }, hiddenCategories) : [],
    shownCurrent ? payeeSpending(db, userId, shownCurrent, hiddenCategories) : [],
  ]);
  const currentDays = bothMonths.filter((row) => row.date >= current.from);
  const previousDays = bothMonths.filter((row) => row.date < current.from);
  const currencies = (rows: readonly { currency: string }[]) => rows.map((row) => row.currency);
  const [atCurrent, atPrevious] = await Promise.all([
    converterAt(db, userId, [...currencies(currentRows), ...currencies(payees)], currency, current.to),
    converterAt(db, userId, currencies(previousRows), currency, previous.to),
  ]);
  const now = convertedIncomeAndSpending(currentRows, atCurrent, hiddenCategories);
  const then = convertedIncomeAndSpending(previousRows, atPrevious, hiddenCategories);

  const previousByCategory = new Map(then.byCategory.map((row) => [row.category, row]));
  const seen = new Set(now.byCategory.map((row) => row.category));
  const byCategory = [
    ...now.byCategory,
    ...then.byCategory
      .filter((row) => !seen.has(row.category))
      .map((row) => ({
        category: row.category,
        label: categoryLabel(row.category),
        amountMinor: 0,
        count: 0,
      })),
  ].map((row) => {
    const previousAmount = previousByCategory.get(row.category)?.amountMinor ?? 0;
    return {
      category: row.category,
      label: row.label,
      amount: money(row.amountMinor, currency),
      previousAmount: money(previousAmount, currency),
      change: moneyChange(row.amountMinor, previousAmount, currency),
      percent: shareOf(row.amountMinor, now.spendingMinor),
      transactionCount: row.count,
    };
  });

  // The current month runs up to today; a past month to its end; a month still to come has no days yet.
  const days =
    month === monthOf(context.today)
      ? Number(context.today.slice(8))
      : month < monthOf(context.today)
        ? current.days
        : 0;
  const cumulative = convertedCumulative(currentDays, atCurrent, days);
  const previousCumulative = convertedCumulative(previousDays, atPrevious, previous.days);
  return {
    currency,
    month,
    previousMonth: before,
    total: money(now.spendingMinor, currency),
    previousTotal: money(then.spendingMinor, currency),
    change: moneyChange(now.spendingMinor, then.spendingMinor, currency),
    income: money(now.incomeMinor, currency),
    byCategory,
    byMerchant: topMerchants(payees, atCurrent, currency),
    daily: cumulative.map((value, index) => ({
      day: index + 1,
      cumulative: value,
      previousCumulative: previousCumulative[index] ?? null,
    })),
    hiddenCategories,
    visibleFrom,
  };
}
