import { type Database, type PayeeSeries, payeeSeriesOf } from '@lodestar/db';
import {
  activityHref,
  addMonths,
  detectRecurringReusing,
  type Cadence,
  type RecurringInput,
  type RecurringMemo,
  type RecurringPayment,
  money,
  type Money,
} from '@lodestar/domain';
import { UserCache } from '../user-cache';
import { merchantKeyOfPayee, spendingContext } from './reporting';

/** Recurring payments are looked for in the last 13 months (a yearly one shows twice). */
export const RECURRING_MONTHS = 13;
/** More rows than this per payee and account in 13 months is everyday shopping, not a schedule. */
export const MAX_SERIES_ROWS = 60;

export type RecurringView = {
  key: string;
  name: string;
  category: string | null;
  accountId: string;
  cadence: Cadence;
  averageAmount: Money;
  lastAmount: Money;
  lastDate: string;
  nextDate: string;
  nextAmount: Money;
  occurrences: number;
  priceIncrease: { from: Money; to: Money; date: string } | null;
  href: string;
};

/**
 * The payee series folded per merchant key, account and currency: payees that share a merchant key
 * ('NETFLIX.COM' and 'Netflix') are one series, named by the payee with the most rows.
 */
export function recurringInputs(rows: readonly PayeeSeries[]): RecurringInput[] {
  const series = new Map<string, RecurringInput & { names: Map<string, number> }>();
  for (const row of rows) {
    const key = merchantKeyOfPayee(row.payee);
    const id = `${row.accountId}\u0000${key}\u0000${row.currency}`;
    const entry = series.get(id) ?? {
      key,
      name: row.payee,
      category: row.category || null,
      accountId: row.accountId,
      currency: row.currency,
      transactions: [],
      names: new Map<string, number>(),
    };
    entry.names.set(row.payee, (entry.names.get(row.payee) ?? 0) + row.transactions.length);
    entry.transactions = [...entry.transactions, ...row.transactions];
    series.set(id, entry);
  }
  return [...series.values()].map(({ names, ...entry }) => ({
    ...entry,
    name: [...names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? entry.name,
    transactions: [...entry.transactions].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1,
    ),
  }));
}

/**
 * A detected payment as the API shows it: amounts in the series' own currency with the ledger's sign
 * (a charge is negative), and a link to its transactions.
 */
export function recurringView(payment: RecurringPayment): RecurringView {
  const { currency } = payment;
  return {
    key: payment.key,
    name: payment.name,
    category: payment.category,
    accountId: payment.accountId,
    cadence: payment.cadence,
    averageAmount: money(payment.averageAmountMinor, currency),
    lastAmount: money(payment.lastAmountMinor, currency),
    lastDate: payment.lastDate,
    nextDate: payment.nextDate,
    nextAmount: money(payment.nextAmountMinor, currency),
    occurrences: payment.occurrences,
    priceIncrease: payment.priceIncrease
      ? {
          from: money(payment.priceIncrease.fromMinor, currency),
          to: money(payment.priceIncrease.toMinor, currency),
          date: payment.priceIncrease.date,
        }
      : null,
    // Its rows: the name, on its account, from its first to its last occurrence.
    href: activityHref({
      search: payment.name,
      accounts: payment.accountId,
      date: payment.firstDate,
      to: payment.lastDate,
    }),
  };
}

/**
 * The ids of every occurrence of the recurring payments Insights lists today (the same series window,
 * hidden categories and detection), for the transaction listing's `recurring` filter.
 */
export async function recurringTransactionIds(db: Database, userId: string, now: Date): Promise<string[]> {
  const { today, hiddenCategories } = await spendingContext(db, userId, now);
  const payments = await recurringPayments(db, userId, today, hiddenCategories);
  return payments.flatMap((payment) => payment.transactionIds);
}

/**
 * Per user, the detection's last answer per series: after a change, only the series it touched are
 * searched again (ADR 087). Valid whatever wrote since: a series is reused only when its rows are the same.
 */
const detections = new UserCache<RecurringMemo>(64);

/** The payee series' window ending `today`: 13 months, at most MAX_SERIES_ROWS rows per series. */
export function seriesWindow(today: string) {
  return { from: addMonths(today, -RECURRING_MONTHS), to: today, maxSeriesRows: MAX_SERIES_ROWS };
}

/** The recurring payments of the series window ending `today` (GET /insights and the listing's filter). */
export async function recurringPayments(
  db: Database,
  userId: string,
  today: string,
  hiddenCategories: readonly string[],
): Promise<RecurringPayment[]> {
  const series = await payeeSeriesOf(db, userId, seriesWindow(today), hiddenCategories);
  const previous = detections.get(db, userId, () => true) ?? null;
  const { payments, memo } = detectRecurringReusing(recurringInputs(series), today, previous);
  detections.set(db, userId, memo);
  return payments;
}
