import { addDays, addMonths } from '@lodestar/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { transactionVersion } from '../schema';
import type { Executor } from './sync';
import { COUNTS, PAYEE as PAYEE_EXPRESSION, SHOWN } from './transaction-expressions';

/**
 * Spending and income (docs/analytics-api.md "What counts as spending and income"). Every function takes
 * the user id and filters by it. A row counts when SQL transaction_counts_toward_spending() says so (the
 * domain's countsTowardSpending(), migration 0008). Reads come from the rollups of migration 0008, kept
 * exact by triggers: whole months from `spending_month`, the days of partial edge months from
 * `spending_day`, payees from `payee_month` (per user and month/day, shown category and currency), so a
 * period of any length costs a few hundred rollup rows. Only recurring detection reads the rows.
 */

/** An inclusive range of ISO dates. */
export type DayRange = { from: string; to: string };

/** Sums of the counted rows of one shown category ('' = uncategorized) and currency; minor units. */
export type CurrencyCategorySums = {
  category: string;
  currency: string;
  /** Σ of the positive amounts, ≥ 0. */
  inflowMinor: number;
  /** Σ of the negative amounts, ≤ 0. */
  outflowMinor: number;
  count: number;
};

/** A bigint read back from the driver (a string) as a safe integer. */
function safe(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return number;
}

/**
 * How a range splits into whole calendar months (read from the rollup) and partial edges (read from the
 * rows): `months` is [first month start, last month start] or null; `edges` are the day ranges left over.
 */
export function splitIntoMonths(range: DayRange): { months: DayRange | null; edges: DayRange[] } {
  const firstStart = range.from.endsWith('-01') ? range.from : addMonths(`${range.from.slice(0, 7)}-01`, 1);
  // The first day after the last whole month: the start of the month holding the day after `to`.
  const afterLast = `${addDays(range.to, 1).slice(0, 7)}-01`;
  if (firstStart >= afterLast) return { months: null, edges: [range] };
  const edges: DayRange[] = [];
  if (range.from < firstStart) edges.push({ from: range.from, to: addDays(firstStart, -1) });
  if (afterLast <= range.to) edges.push({ from: afterLast, to: range.to });
  return { months: { from: firstStart, to: addMonths(afterLast, -1) }, edges };
}

function rawSumsSql(userId: string, edge: DayRange): SQL {
  return sql`
    select ${SHOWN} as category, t.currency,
           coalesce(sum(t.amount_minor) filter (where t.amount_minor > 0), 0) as inflow,
           coalesce(sum(t.amount_minor) filter (where t.amount_minor < 0), 0) as outflow,
           count(*) as n
    from "transaction" t
    where t.user_id = ${userId} and t.date >= ${edge.from}::date and t.date <= ${edge.to}::date and ${COUNTS}
    group by 1, 2`;
}

/**
 * Per shown category and currency, the inflows, outflows and number of the rows that count toward
 * income or spending, dated within `range` (inclusive). Hidden categories are not applied here (the
 * domain's incomeAndSpending() does that); transfers, excluded rows, investment trades and failed or
 * cancelled rows never appear.
 */
export async function spendingSums(
  db: Executor,
  userId: string,
  range: DayRange,
): Promise<CurrencyCategorySums[]> {
  const [sums = []] = await spendingSumsOf(db, userId, [range]);
  return sums;
}

/** `spendingSums` of several ranges in one round trip, in the order given. */
export async function spendingSumsOf(
  db: Executor,
  userId: string,
  ranges: readonly DayRange[],
): Promise<CurrencyCategorySums[][]> {
  const parts: SQL[] = [];
  ranges.forEach((range, index) => {
    if (range.from > range.to) return;
    const { months, edges } = splitIntoMonths(range);
    for (const edge of edges) {
      parts.push(sql`
        select ${index}::int as r, category, currency, inflow_minor, outflow_minor, n
        from spending_day
        where user_id = ${userId} and day >= ${edge.from}::date and day <= ${edge.to}::date`);
    }
    if (months) {
      parts.push(sql`
        select ${index}::int as r, category, currency, inflow_minor, outflow_minor, n
        from spending_month
        where user_id = ${userId} and month >= ${months.from}::date and month <= ${months.to}::date`);
    }
  });
  const out: CurrencyCategorySums[][] = ranges.map(() => []);
  if (parts.length === 0) return out;
  const result = await db.execute<{
    r: number;
    category: string;
    currency: string;
    inflow: string;
    outflow: string;
    n: string;
  }>(
    sql`select r, category, currency, sum(inflow_minor) as inflow, sum(outflow_minor) as outflow, sum(n) as n
        from (${sql.join(parts, sql` union all `)}) p
        group by 1, 2, 3
        order by 1, 2, 3`,
  );
  for (const row of result.rows) {
    out[row.r]?.push({
      category: row.category,
      currency: row.currency,
      inflowMinor: safe(row.inflow),
      outflowMinor: safe(row.outflow),
      count: safe(row.n),
    });
  }
  return out;
}

/**
 * The same sums computed from the rows alone, ignoring the rollup: the reference the rollup is checked
 * against (tests, repair checks). Costs a scan of the whole range.
 */
export async function spendingSumsFromRows(
  db: Executor,
  userId: string,
  range: DayRange,
): Promise<CurrencyCategorySums[]> {
  const result = await db.execute<{
    category: string;
    currency: string;
    inflow: string;
    outflow: string;
    n: string;
  }>(sql`select * from (${rawSumsSql(userId, range)}) p order by 1, 2`);
  return result.rows.map((row) => ({
    category: row.category,
    currency: row.currency,
    inflowMinor: safe(row.inflow),
    outflowMinor: safe(row.outflow),
    count: safe(row.n),
  }));
}

/** Recomputes one user's spending rollups from their transactions (repair after a bulk load). */
export async function rebuildSpendingRollup(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select spending_rollup_rebuild(${userId})`);
}

/** The date of the user's first transaction, or null without any. */
export async function firstTransactionDate(db: Executor, userId: string): Promise<string | null> {
  const result = await db.execute<{ first: string | null }>(sql`
    select min(date)::text as first from "transaction" where user_id = ${userId}`);
  return result.rows[0]?.first ?? null;
}

/** Spending of one day in one currency (positive = money spent, refunds net off). */
export type DailySpending = { date: string; currency: string; amountMinor: number };

/** Spending of rollup rows: every category but INCOME, and of uncategorized rows only the money out. */
const ROLLUP_SPENT = sql.raw(
  "case when category = '' then -outflow_minor else -(inflow_minor + outflow_minor) end",
);
/** Income of rollup rows: INCOME net, and the money in of uncategorized rows. */
const ROLLUP_INCOME = sql.raw(
  "case when category = '' then inflow_minor else inflow_minor + outflow_minor end",
);

/**
 * Spending per day and currency within `range`: every counted row except income (INCOME rows and
 * uncategorized money in), negated so money spent is positive; `hiddenCategories` ('' = uncategorized)
 * are left out. Days without spending are absent.
 */
export async function dailySpending(
  db: Executor,
  userId: string,
  range: DayRange,
  hiddenCategories: readonly string[],
): Promise<DailySpending[]> {
  const result = await db.execute<{ date: string; currency: string; amount: string }>(sql`
    select day::text as date, currency, sum(${ROLLUP_SPENT}) as amount
    from spending_day
    where user_id = ${userId} and day >= ${range.from}::date and day <= ${range.to}::date
      and category <> 'INCOME' and not (category = any(${toTextArray(hiddenCategories)}))
    group by 1, 2
    having sum(${ROLLUP_SPENT}) <> 0
    order by 1, 2`);
  return result.rows.map((row) => ({
    date: row.date,
    currency: row.currency,
    amountMinor: safe(row.amount),
  }));
}

/** Spending at one payee as the rows name it (merchant name when the provider sent one, else the name). */
export type PayeeSpending = {
  payee: string;
  category: string;
  currency: string;
  /** Positive = money spent (refunds net off). */
  amountMinor: number;
  count: number;
};

/** The first days of the first and last months touching `range`, for the per-month payee rollup. */
/**
 * Rows of the payee rollup's shape (payee, category, currency, inflow_minor, outflow_minor, n) for
 * `range`: `payee_month` for its whole calendar months, the counted rows themselves for the days of a
 * partial month at either end (a plan's data-retention window starts on any day).
 */
function payeeSources(userId: string, range: DayRange): SQL {
  const { months, edges } = splitIntoMonths(range);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`
      select payee, category, currency, inflow_minor, outflow_minor, n from payee_month
      where user_id = ${userId} and month >= ${months.from}::date and month <= ${months.to}::date`);
  }
  for (const edge of edges) {
    parts.push(sql`
      select ${PAYEE_EXPRESSION} as payee, ${SHOWN} as category, t.currency,
             coalesce(sum(t.amount_minor) filter (where t.amount_minor > 0), 0) as inflow_minor,
             coalesce(sum(t.amount_minor) filter (where t.amount_minor < 0), 0) as outflow_minor,
             count(*) as n
      from "transaction" t
      where t.user_id = ${userId} and t.date >= ${edge.from}::date and t.date <= ${edge.to}::date and ${COUNTS}
      group by 1, 2, 3`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Spending per payee, shown category and currency within `range` (whole months from the rollup, the
 * days of a partial month from the rows), for the top merchants: the caller folds payees into merchants with the domain's merchant
 * keys. Income rows are left out, as are `hiddenCategories`.
 */
export async function payeeSpending(
  db: Executor,
  userId: string,
  range: DayRange,
  hiddenCategories: readonly string[],
): Promise<PayeeSpending[]> {
  const result = await db.execute<{
    payee: string;
    category: string;
    currency: string;
    amount: string;
    n: string;
  }>(sql`
    select payee, category, currency, sum(${ROLLUP_SPENT}) as amount, sum(n) as n
    from (${payeeSources(userId, range)}) p
    where category <> 'INCOME' and not (category = any(${toTextArray(hiddenCategories)}))
    group by 1, 2, 3
    having sum(${ROLLUP_SPENT}) <> 0
    order by 1, 2, 3`);
  return result.rows.map((row) => ({
    payee: row.payee,
    category: row.category,
    currency: row.currency,
    amountMinor: safe(row.amount),
    count: safe(row.n),
  }));
}

/** Income from one payer as the rows name it, in one currency (positive = money in). */
export type PayerIncome = { payer: string; currency: string; amountMinor: number };

/**
 * Income per payer and currency within `range` (whole months from the rollup, partial ones from the rows):
 * INCOME rows (net, so a clawback lowers it) and uncategorized money in, the same income as
 * `spendingSums` gives, split by who paid.
 */
export async function payerIncome(db: Executor, userId: string, range: DayRange): Promise<PayerIncome[]> {
  const result = await db.execute<{ payer: string; currency: string; amount: string }>(sql`
    select payee as payer, currency, sum(${ROLLUP_INCOME}) as amount
    from (${payeeSources(userId, range)}) p
    where category in ('INCOME', '')
    group by 1, 2
    having sum(${ROLLUP_INCOME}) <> 0
    order by 1, 2`);
  return result.rows.map((row) => ({
    payer: row.payer,
    currency: row.currency,
    amountMinor: safe(row.amount),
  }));
}

function toTextArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
}

/** One payee's counted rows at one account in one currency, oldest first (for recurring detection). */
export type PayeeSeries = {
  accountId: string;
  payee: string;
  /** The shown category of the latest row ('' = uncategorized). */
  category: string;
  currency: string;
  transactions: { id: string; date: string; amountMinor: number }[];
};

/** What GET /insights reads from the rows (see `insightRows`). Amounts in row currency. */
export type InsightRows = {
  /** Outflows per payee and currency in the stats window: count, Σ sizes, Σ sizes². */
  payees: {
    payee: string;
    category: string;
    currency: string;
    count: number;
    totalMinor: number;
    squares: number;
  }[];
  /** Median outflow size per shown category and currency in the stats window. */
  categories: { category: string; currency: string; count: number; medianMinor: number }[];
  /** The counted outflows of the recent window (the insight rules judge only money out). */
  recent: {
    id: string;
    date: string;
    name: string;
    payee: string;
    category: string;
    currency: string;
    amountMinor: number;
  }[];
  /** Payee series for recurring detection over the series window. */
  series: PayeeSeries[];
};

/**
 * The user's transaction version (migration 0028): it changes with every statement that inserts, updates
 * or deletes any of their transactions. 0 before the first.
 */
export async function transactionVersionOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: transactionVersion.version })
    .from(transactionVersion)
    .where(eq(transactionVersion.userId, userId));
  return row?.version ?? 0;
}

/** The payee of the insights, compared byte by byte. */
const PAYEE = sql`${PAYEE_EXPRESSION} collate "C"`;

/**
 * The row-level inputs of the insights from the user's counted rows (at most 13 months), aggregated in
 * SQL four ways: per-payee outflow statistics (the payee's category: the greatest code seen) and
 * per-category median outflows over `stats`, the outflows of `recent`, and the payee series from
 * `seriesFrom` (per account, payee and currency, 2..`maxSeriesRows` rows each: a weekly payment has at
 * most 57 rows in 13 months, so a payee seen far more often is everyday shopping, and shipping its rows
 * would cost more than the whole detection). Hidden categories are left out of all four.
 *
 * Two statements run side by side (ADR 083), each reading only the rows and columns it uses: the
 * outflows of `stats` and of `recent` for the figures, every row since `seriesFrom` for the series.
 */
export async function insightRows(
  db: Database,
  userId: string,
  windows: { stats: DayRange; recent: DayRange; seriesFrom: string; maxSeriesRows: number },
  hiddenCategories: readonly string[],
): Promise<InsightRows> {
  const { stats, recent, seriesFrom, maxSeriesRows } = windows;
  const notHidden = sql`not (${SHOWN} = any(${toTextArray(hiddenCategories)}))`;
  const [figures, series] = await Promise.all([
    db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      const result = await tx.execute<{
        payees: {
          payee: string;
          category: string;
          currency: string;
          n: number;
          total: number;
          squares: number;
        }[];
        categories: { category: string; currency: string; n: number; median: number }[];
        recent: {
          id: string;
          date: string;
          name: string;
          payee: string;
          category: string;
          currency: string;
          amount: number;
        }[];
      }>(sql`
        with stats as materialized (
          select ${PAYEE} as payee, t.currency, t.amount_minor, ${SHOWN} as category
          from "transaction" t
          where t.user_id = ${userId} and t.date >= ${stats.from}::date and t.date <= ${stats.to}::date
            and ${COUNTS} and t.amount_minor < 0 and ${notHidden}
        )
        select
          (select coalesce(json_agg(p), '[]') from (
            select payee, max(category) as category, currency,
                   count(*) as n, sum(-amount_minor) as total, sum((amount_minor::float8) ^ 2) as squares
            from stats group by payee, currency) p) as payees,
          (select coalesce(json_agg(c), '[]') from (
            select category, currency, count(*) as n,
                   percentile_disc(0.5) within group (order by -amount_minor) as median
            from stats group by category, currency) c) as categories,
          (select coalesce(json_agg(x order by x.date desc, x.id), '[]') from (
            select t.id, t.date, t.name, ${PAYEE} as payee, ${SHOWN} as category, t.currency,
                   t.amount_minor as amount
            from "transaction" t
            where t.user_id = ${userId} and t.date >= ${recent.from}::date and t.date <= ${recent.to}::date
              and ${COUNTS} and t.amount_minor < 0 and ${notHidden}) x) as recent`);
      return result.rows[0];
    }),
    payeeSeriesOf(db, userId, { from: seriesFrom, to: recent.to, maxSeriesRows }, hiddenCategories),
  ]);
  if (!figures) throw new Error('insight query returned no row');
  return {
    payees: figures.payees.map((p) => ({
      payee: p.payee,
      category: p.category,
      currency: p.currency,
      count: safe(p.n),
      totalMinor: safe(p.total),
      squares: Number(p.squares),
    })),
    categories: figures.categories.map((c) => ({
      category: c.category,
      currency: c.currency,
      count: safe(c.n),
      medianMinor: safe(c.median),
    })),
    recent: figures.recent.map((x) => ({
      id: x.id,
      date: x.date,
      name: x.name,
      payee: x.payee,
      category: x.category,
      currency: x.currency,
      amountMinor: safe(x.amount),
    })),
    series,
  };
}

type SeriesRow = {
  account_id: string;
  payee: string;
  category: string;
  currency: string;
  rows: [string, string, number][];
};

function seriesOf(rows: readonly SeriesRow[]): PayeeSeries[] {
  return rows.map((s) => ({
    accountId: s.account_id,
    payee: s.payee,
    category: s.category,
    currency: s.currency,
    transactions: s.rows.map(([id, date, amount]) => ({ id, date, amountMinor: safe(amount) })),
  }));
}

/**
 * The payee series alone (as `insightRows` gives them): the user's counted rows from `from` to `to` per
 * account, payee and currency, 2..`maxSeriesRows` rows each, hidden categories left out. For the
 * transaction listing's recurring filter, which needs the same detection as GET /insights.
 */
export async function payeeSeriesOf(
  db: Database,
  userId: string,
  window: { from: string; to: string; maxSeriesRows: number },
  hiddenCategories: readonly string[],
): Promise<PayeeSeries[]> {
  // Up to 13 months of rows, read once: the groups of 2..max rows are found by counting alone (a hash
  // of a few hundred groups), and only their rows (a tenth of all at the bench seed) are sorted into
  // series. work_mem: the default spills the rows to disk.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    const result = await tx.execute<SeriesRow>(sql`
      with r as materialized (
        select t.id, t.date, t.account_id, ${PAYEE} as payee, t.currency, t.amount_minor, ${SHOWN} as category
        from "transaction" t
        where t.user_id = ${userId} and t.date >= ${window.from}::date and t.date <= ${window.to}::date
          and ${COUNTS} and t.amount_minor <> 0 and not (${SHOWN} = any(${toTextArray(hiddenCategories)}))
      ),
      k as (
        select account_id, payee, currency from r
        group by 1, 2, 3 having count(*) between 2 and ${window.maxSeriesRows}
      )
      select r.account_id, r.payee, r.currency,
             (array_agg(r.category order by r.date desc, r.id desc))[1] as category,
             json_agg(json_build_array(r.id, r.date, r.amount_minor) order by r.date, r.id) as rows
      from r join k on k.account_id = r.account_id and k.payee = r.payee and k.currency = r.currency
      group by 1, 2, 3`);
    return result.rows;
  });
  return seriesOf(rows);
}
