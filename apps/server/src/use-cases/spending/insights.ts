import {
  budgetsBetween,
  insightFigures,
  spendingSumsOf,
  transactionVersionOf,
  visibleAccountsForDashboard,
  type Database,
  type InsightFigures,
} from '@lodestar/db';
import {
  addDays,
  addMonths,
  assetClassOf,
  budgetInsights,
  buildInsights,
  fromMajor,
  isAccountType,
  monthRange,
  summarizeBalances,
  type AccountType,
  type Insight,
  type InsightInput,
  type RecurringPayment,
} from '@lodestar/domain';
import { UserCache } from '../user-cache';
import { budgetMonth } from '../budgets/budget-month';
import { recurringPayments, recurringView, type RecurringView } from './recurring';
import {
  convertedIncomeAndSpending,
  merchantKeyOfPayee,
  ratesBetween,
  spendingContext,
  type Converter,
} from './reporting';

/** Months of income and spending the insights compare (the current one included). */
const MONTHS = 13;

export type InsightsView = {
  currency: string;
  asOf: string;
  insights: Insight[];
  recurring: RecurringView[];
};

/**
 * The row-level inputs and the recurring series found in them, per user: reading ≈ 13 months of rows and
 * the detection are nearly all of the endpoint's time, and they change only when the user's transactions
 * do (checked against the transaction version, ADR 054), the day turns or the hidden categories change.
 */
type RowsEntry = {
  version: number;
  today: string;
  hidden: string;
  rows: InsightFigures;
  recurring: RecurringPayment[];
};
const rowsCache = new UserCache<RowsEntry>(64);

async function rowInputs(
  db: Database,
  userId: string,
  today: string,
  hiddenCategories: readonly string[],
): Promise<Pick<RowsEntry, 'rows' | 'recurring'>> {
  // Read before the rows: rows read after it can only be newer than the version they are kept under.
  const version = await transactionVersionOf(db, userId);
  const hidden = JSON.stringify([...hiddenCategories].sort());
  const hit = rowsCache.get(
    db,
    userId,
    (entry) => entry.version === version && entry.today === today && entry.hidden === hidden,
  );
  if (hit) return hit;
  // The series are read quicker than the figures: the detection runs while the figures are still read.
  const [rows, recurring] = await Promise.all([
    insightFigures(db, userId, insightWindows(today), hiddenCategories),
    recurringPayments(db, userId, today, hiddenCategories),
  ]);
  rowsCache.set(db, userId, { version, today, hidden, rows, recurring });
  return { rows, recurring };
}

/** The insights' statistics window (today − 394 … today − 30) and recent window (the last 30 days). */
export function insightWindows(today: string) {
  return {
    stats: { from: addDays(today, -394), to: addDays(today, -30) },
    recent: { from: addDays(today, -29), to: today },
  };
}

/** Per merchant key: outflow mean and population standard deviation in reporting minor units. */
function merchantStats(
  rows: InsightFigures['payees'],
  convert: Converter['convert'],
): InsightInput['merchantStats'] {
  const merchants = new Map<
    string,
    { name: string; top: number; category: string; rows: InsightFigures['payees'] }
  >();
  for (const row of rows) {
    const key = merchantKeyOfPayee(row.payee);
    const merchant = merchants.get(key) ?? { name: row.payee, top: 0, category: row.category, rows: [] };
    merchant.rows.push(row);
    if (row.count > merchant.top)
      Object.assign(merchant, { name: row.payee, top: row.count, category: row.category });
    merchants.set(key, merchant);
  }
  return [...merchants].flatMap(([key, merchant]) => {
    // Statistics add up within one currency; a merchant paid in several is judged in its main one.
    const currency = [...merchant.rows].sort((a, b) => b.count - a.count)[0]?.currency ?? '';
    const same = merchant.rows.filter((row) => row.currency === currency);
    const count = same.reduce((total, row) => total + row.count, 0);
    const sum = same.reduce((total, row) => total + row.totalMinor, 0);
    const squares = same.reduce((total, row) => total + row.squares, 0);
    const mean = count > 0 ? sum / count : 0;
    const deviation = Math.sqrt(Math.max(0, squares / Math.max(count, 1) - mean * mean));
    const meanMinor = convert(Math.round(mean), currency);
    const stddevMinor = convert(Math.round(deviation), currency);
    if (meanMinor === null || stddevMinor === null) return [];
    return [{ key, name: merchant.name, category: merchant.category || null, meanMinor, stddevMinor, count }];
  });
}

/** Per category, the median outflow of its main currency, in reporting minor units. */
function categoryStats(
  rows: InsightFigures['categories'],
  convert: Converter['convert'],
): InsightInput['categoryStats'] {
  const main = new Map<string, InsightFigures['categories'][number]>();
  for (const row of rows) {
    const current = main.get(row.category);
    if (!current || row.count > current.count) main.set(row.category, row);
  }
  return [...main.values()].flatMap((row) => {
    const medianMinor = convert(row.medianMinor, row.currency);
    return medianMinor === null ? [] : [{ category: row.category, medianMinor, count: row.count }];
  });
}

/**
 * GET /insights (docs/analytics-api.md): fills the domain's InsightInput from SQL and runs its rules.
 * Income and spending per month come from the rollups (13 months, each converted at its last day's
 * rates, the current month at today's); the row-level inputs (merchant and category statistics over
 * today − 394 … today − 30, the rows of the last 30 days, recurring series over 13 months) from the
 * payee rollup and the rows read side by side (ADR 087), kept per user until their transactions change;
 * balances from the accounts. Hidden categories are left out.
 */
export async function insights(input: { db: Database; userId: string; now: Date }): Promise<InsightsView> {
  const { db, userId } = input;
  const context = await spendingContext(db, userId, input.now);
  const { currency, today, hiddenCategories } = context;
  const currentMonth = today.slice(0, 7);
  const months = Array.from({ length: MONTHS }, (_, index) =>
    addMonths(`${currentMonth}-01`, index - (MONTHS - 1)).slice(0, 7),
  );
  const ranges = months.map((month) => {
    const range = monthRange(month);
    return month === currentMonth ? { from: range.from, to: today } : { from: range.from, to: range.to };
  });
  const [monthlyRows, { rows, recurring }, accounts] = await Promise.all([
    spendingSumsOf(db, userId, ranges),
    rowInputs(db, userId, today, hiddenCategories),
    visibleAccountsForDashboard(db, userId),
  ]);
  const currencies = [
    ...monthlyRows.flat().map((row) => row.currency),
    ...rows.payees.map((row) => row.currency),
    ...rows.categories.map((row) => row.currency),
    ...rows.recent.map((row) => row.currency),
    ...accounts.map((row) => row.currency),
  ];
  const rates = await ratesBetween(db, userId, currencies, currency, ranges[0]?.from ?? today, today);
  const now = rates.at(today);

  const monthly = months.map((month, index) => {
    const range = ranges[index] ?? { from: today, to: today };
    const figures = convertedIncomeAndSpending(
      monthlyRows[index] ?? [],
      rates.at(range.to),
      hiddenCategories,
    );
    return {
      month,
      incomeMinor: figures.incomeMinor,
      spendingMinor: figures.spendingMinor,
      byCategory: figures.byCategory,
    };
  });
  // The average runs over the complete months since the first one with any income or spending.
  const firstActive = monthly.findIndex((row) => row.incomeMinor !== 0 || row.spendingMinor !== 0);
  const complete = firstActive === -1 ? [] : monthly.slice(firstActive, -1);
  const averageMonthlySpendingMinor =
    complete.length > 0
      ? Math.round(complete.reduce((total, row) => total + row.spendingMinor, 0) / complete.length)
      : 0;

  const balances = accounts.flatMap((account) => {
    const amountMinor = now.convert(account.balanceMinor, account.currency);
    return amountMinor === null || !isAccountType(account.type)
      ? []
      : [{ id: account.id, type: account.type as AccountType, amountMinor }];
  });
  const cash = balances.filter((account) => assetClassOf(account.type) === 'cash');

  const insightInput: InsightInput = {
    today,
    locale: context.locale,
    dateFormat: context.dateFormat,
    currency,
    monthly: monthly.map(({ month, incomeMinor, spendingMinor }) => ({ month, incomeMinor, spendingMinor })),
    categoriesLastMonth: monthly.at(-2)?.byCategory ?? [],
    categoriesPreviousMonth: monthly.at(-3)?.byCategory ?? [],
    merchantStats: merchantStats(rows.payees, now.convert),
    categoryStats: categoryStats(rows.categories, now.convert),
    recentTransactions: rows.recent.flatMap((row) => {
      const amountMinor = now.convert(row.amountMinor, row.currency);
      if (amountMinor === null) return [];
      const merchantKey = merchantKeyOfPayee(row.payee);
      return [
        {
          id: row.id,
          date: row.date,
          name: row.name,
          merchantKey,
          category: row.category || null,
          amountMinor,
        },
      ];
    }),
    recurring,
    cashMinor: cash.reduce((total, account) => total + account.amountMinor, 0),
    cashAccountIds: cash.map((account) => account.id),
    averageMonthlySpendingMinor,
    cryptoSharePercent: summarizeBalances(balances).cryptoSharePercent,
    ...(context.lowBalanceThreshold === null
      ? {}
      : { lowBalanceThresholdMinor: fromMajor(context.lowBalanceThreshold, currency).amountMinor }),
  };
  // This month's budgets at 80 % or more (ADR 039), read only when the month has any.
  const budgetStart = `${currentMonth}-01`;
  const budgets =
    (await budgetsBetween(db, userId, budgetStart, budgetStart)).length > 0
      ? await budgetMonth({ db, userId, month: currentMonth, now: input.now })
      : null;
  const budgetFindings = budgets
    ? budgetInsights(
        [budgets.overall, ...budgets.categories].flatMap((line) =>
          line.available
            ? [
                {
                  category: line.category,
                  label: line.label,
                  availableMinor: line.available.amountMinor,
                  spentMinor: line.spent.amountMinor,
                  percent: line.percent,
                  threshold: line.threshold,
                },
              ]
            : [],
        ),
        currentMonth,
        currency,
        context.locale,
      )
    : [];
  return {
    currency,
    asOf: today,
    insights: [...budgetFindings, ...buildInsights(insightInput)],
    recurring: recurring.map(recurringView),
  };
}
