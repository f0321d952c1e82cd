import { addDays, addMonths, monthRange } from '@lodestar/domain';
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
 * `spending_day`, payees from `payee_account_month` (per user, month, account, shown category and
 * currency), so a period of any length costs a few hundred rollup rows. Only recurring detection reads
 * the rows.
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
export const ROLLUP_SPENT = sql.raw(
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

/**
 * Rows of the payee rollup's shape (payee, category, currency, inflow_minor, outflow_minor, n) for
 * `range`: `payee_account_month` (summed over accounts by the callers) for its whole calendar months,
 * the counted rows themselves for the days of a partial month at either end (a plan's data-retention
 * window starts on any day).
 */
function payeeSources(userId: string, range: DayRange): SQL {
  const { months, edges } = splitIntoMonths(range);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`
      select payee, category, currency, inflow_minor, outflow_minor, n from payee_account_month
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

/** What GET /insights reads from the rows (`insightFigures` and `payeeSeriesOf`). Amounts in row currency. */
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

/** The insights' figures: all of `InsightRows` but the series. */
export type InsightFigures = Omit<InsightRows, 'series'>;

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
 * A range as a monthly rollup and the rows can give it exactly: whole months from the rollup; a partial
 * month's days from its rows (`sign` 1), or, when fewer of that month's days lie outside the range than
 * inside it and those days are at one end, the rollup's month less the rows of the days outside (`sign`
 * -1). Counts and sums add up either way; a window ending today usually has no row dated after it, so
 * its month costs one rollup read and an empty index range.
 */
export function monthPieces(range: DayRange): {
  months: string[];
  rows: { range: DayRange; sign: 1 | -1 }[];
} {
  const months: string[] = [];
  const rows: { range: DayRange; sign: 1 | -1 }[] = [];
  for (let start = `${range.from.slice(0, 7)}-01`; start <= range.to; start = addMonths(start, 1)) {
    const month = monthRange(start.slice(0, 7));
    const from = range.from > month.from ? range.from : month.from;
    const to = range.to < month.to ? range.to : month.to;
    const inside = Number(to.slice(8)) - Number(from.slice(8)) + 1;
    if (inside === month.days) {
      months.push(month.from);
    } else if (from === month.from && month.days - inside < inside) {
      months.push(month.from);
      rows.push({ range: { from: addDays(to, 1), to: month.to }, sign: -1 });
    } else if (to === month.to && month.days - inside < inside) {
      months.push(month.from);
      rows.push({ range: { from: month.from, to: addDays(from, -1) }, sign: -1 });
    } else {
      rows.push({ range: { from, to }, sign: 1 });
    }
  }
  return { months, rows };
}

function toDateArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(',')}}`}::date[]`;
}

/**
 * The figures of the insights from the user's counted rows, three ways: per-payee outflow statistics (the
 * payee's category: the greatest code seen) and per-category median outflows over `stats`, and the
 * outflows of `recent`. Hidden categories are left out. The series come from `payeeSeriesOf`, read beside
 * these (ADR 087).
 *
 * Two statements side by side: the payee statistics from `payee_account_month` (migration 0041) with the
 * recent outflows; the medians from the outflows of `stats` (a median is not a sum: it needs the rows).
 */
export async function insightFigures(
  db: Database,
  userId: string,
  windows: { stats: DayRange; recent: DayRange },
  hiddenCategories: readonly string[],
): Promise<InsightFigures> {
  const { stats, recent } = windows;
  const hidden = toTextArray(hiddenCategories);
  const notHidden = sql`not (${SHOWN} = any(${hidden}))`;
  const pieces = monthPieces(stats);
  const sources: SQL[] = [
    sql`
      select payee, category, currency, n_outflow as n, -outflow_minor as total, outflow_squares as squares
      from payee_account_month
      where user_id = ${userId} and month = any(${toDateArray(pieces.months)}) and n_outflow <> 0
        and not (category = any(${hidden}))`,
    ...pieces.rows.map(
      ({ range, sign }) => sql`
        select ${PAYEE_EXPRESSION} as payee, ${SHOWN} as category, t.currency, ${sign}::int * count(*) as n,
               ${sign}::int * sum(-t.amount_minor) as total,
               ${sign}::int * sum(t.amount_minor::numeric * t.amount_minor) as squares
        from "transaction" t
        where t.user_id = ${userId} and t.date >= ${range.from}::date and t.date <= ${range.to}::date
          and ${COUNTS} and t.amount_minor < 0 and ${notHidden}
        group by 1, 2, 3`,
    ),
  ];
  const [figures, medians] = await Promise.all([
    db.execute<{
      payees: {
        payee: string;
        category: string;
        currency: string;
        n: number;
        total: number;
        squares: number;
      }[];
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
      select
        (select coalesce(json_agg(p), '[]') from (
          select payee, max(category) as category, currency, sum(n) as n, sum(total) as total,
                 sum(squares)::float8 as squares
          from (
            select payee collate "C" as payee, category, currency, sum(n) as n, sum(total) as total,
                   sum(squares) as squares
            from (${sql.join(sources, sql` union all `)}) s
            group by 1, 2, 3
            having sum(n) > 0) k
          group by payee, currency) p) as payees,
        (select coalesce(json_agg(x order by x.date desc, x.id), '[]') from (
          select t.id, t.date, t.name, ${PAYEE} as payee, ${SHOWN} as category, t.currency,
                 t.amount_minor as amount
          from "transaction" t
          where t.user_id = ${userId} and t.date >= ${recent.from}::date and t.date <= ${recent.to}::date
            and ${COUNTS} and t.amount_minor < 0 and ${notHidden}) x) as recent`),
    db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      const result = await tx.execute<{ category: string; currency: string; n: number; median: number }>(sql`
        select ${SHOWN} as category, t.currency, count(*) as n,
               percentile_disc(0.5) within group (order by -t.amount_minor) as median
        from "transaction" t
        where t.user_id = ${userId} and t.date >= ${stats.from}::date and t.date <= ${stats.to}::date
          and ${COUNTS} and t.amount_minor < 0 and ${notHidden}
        group by 1, 2`);
      return result.rows;
    }),
  ]);
  const row = figures.rows[0];
  if (!row) throw new Error('insight query returned no row');
  return {
    payees: row.payees.map((p) => ({
      payee: p.payee,
      category: p.category,
      currency: p.currency,
      count: safe(p.n),
      totalMinor: safe(p.total),
      squares: Number(p.squares),
    })),
    categories: medians.map((c) => ({
      category: c.category,
      currency: c.currency,
      count: safe(c.n),
      medianMinor: safe(c.median),
    })),
    recent: row.recent.map((x) => ({
      id: x.id,
      date: x.date,
      name: x.name,
      payee: x.payee,
      category: x.category,
      currency: x.currency,
      amountMinor: safe(x.amount),
    })),
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
 * The payee series for recurring detection: the user's counted rows from `from` to `to` per account, payee
 * and currency, 2..`maxSeriesRows` rows each (a weekly payment has at most 57 rows in 13 months, so a
 * payee seen far more often is everyday shopping, and shipping its rows would cost more than the whole
 * detection), hidden categories left out. For GET /insights and the transaction listing's recurring
 * filter.
 *
 * The groups are counted from `payee_account_month` (whole months; the rows of partial ones, see
 * `monthPieces`), and only their rows (a tenth of 13 months' at the bench seed) are read, group by group,
 * from the series index of migration 0041.
 */
export async function payeeSeriesOf(
  db: Executor,
  userId: string,
  window: { from: string; to: string; maxSeriesRows: number },
  hiddenCategories: readonly string[],
): Promise<PayeeSeries[]> {
  const hidden = toTextArray(hiddenCategories);
  const notHidden = sql`not (${SHOWN} = any(${hidden}))`;
  const pieces = monthPieces(window);
  const counts: SQL[] = [
    sql`
      select account_id, payee, currency, n_inflow + n_outflow as n from payee_account_month
      where user_id = ${userId} and month = any(${toDateArray(pieces.months)})
        and not (category = any(${hidden}))`,
    ...pieces.rows.map(
      ({ range, sign }) => sql`
        select t.account_id, ${PAYEE_EXPRESSION} as payee, t.currency, ${sign}::int * count(*) as n
        from "transaction" t
        where t.user_id = ${userId} and t.date >= ${range.from}::date and t.date <= ${range.to}::date
          and ${COUNTS} and t.amount_minor <> 0 and ${notHidden}
        group by 1, 2, 3`,
    ),
  ];
  // The payee is compared in the index's collation (the database's), so each group is one index range.
  const result = await db.execute<SeriesRow>(sql`
    with k as (
      select account_id, payee, currency from (${sql.join(counts, sql` union all `)}) s
      group by 1, 2, 3 having sum(n) between 2 and ${window.maxSeriesRows}
    )
    select k.account_id, k.payee, k.currency, r.category, r.rows
    from k cross join lateral (
      select (array_agg(category order by date desc, id desc))[1] as category,
             json_agg(json_build_array(id, date, amount_minor) order by date, id) as rows
      from (
        select t.id, t.date, t.amount_minor, ${SHOWN} as category
        from "transaction" t
        where t.user_id = ${userId} and t.account_id = k.account_id and ${PAYEE_EXPRESSION} = k.payee
          and t.currency = k.currency and t.date >= ${window.from}::date and t.date <= ${window.to}::date
          and ${COUNTS} and t.amount_minor <> 0 and ${notHidden}) x
    ) r`);
  return seriesOf(result.rows);
}
