import { addDays } from '@lodestar/domain';
import { amountRangeSql, type AmountRange } from './amount-range';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../client';
import { financialAccount, transaction } from '../schema/index';
import type { Executor } from './sync';

/**
 * The transaction listing (docs/decisions/007-transaction-paging-at-scale.md). Every function takes the
 * user id and filters by it. Totals and the start of deep date-sorted pages come from the counter tables
 * of migration 0004 (per user, month/year, account and shown category, kept exact by triggers), so a page
 * costs a few thousand counter rows plus one short index range, whatever the page number.
 */

export const TRANSACTION_LIST_FILTERS = [
  'all',
  'income',
  'expenses',
  'pending',
  'uncategorized',
  'transfers',
  'excluded',
  'counted',
  'spending_rows',
  'income_rows',
] as const;
export type TransactionListFilter = (typeof TRANSACTION_LIST_FILTERS)[number];

export const TRANSACTION_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** What a listing (or export) selects. Omitted lists mean "all"; an empty list matches nothing. */
export type TransactionSelection = {
  filter: TransactionListFilter;
  /** Shown category codes (transaction_category_shown), e.g. FOOD_AND_DRINK. */
  categories?: readonly string[];
  accountIds?: readonly string[];
  /** YYYY-MM-DD: on or after. */
  fromDate?: string;
  /** YYYY-MM-DD: on or before. */
  toDate?: string;
  /** Case-insensitive text in the name or merchant name (at least 2 characters). */
  search?: string;
  /** Pending ones only, or none of them (by status). */
  pending?: 'only' | 'exclude';
  /** Refunds (see refundSql) only, or none of them. */
  refunds?: 'only' | 'exclude';
  /** The payee exactly: merchant name (trimmed), else the name; as reports group merchants. */
  payee?: string;
  /** The detailed category exactly; '' = rows without one. */
  detailedCategory?: string;
  /** Rows carrying any of these tags. */
  tags?: readonly string[];
  /** Rows without any tag. */
  untagged?: boolean;
  /** Rows whose size (major units of their own currency) is within these bounds. */
  amount?: AmountRange;
  /** Only these transaction ids (an empty list matches nothing), e.g. detected recurring payments. */
  idsIn?: readonly string[];
  /** None of these transaction ids. */
  idsNotIn?: readonly string[];
};

export type TransactionListItem = typeof transaction.$inferSelect & { accountName: string };

/**
 * Where a keyset page continues: just after the row with this sort key (its amount in minor units for the
 * amount sorts, its YYYY-MM-DD date for the date sorts) and this id, in the listing's order.
 */
export type TransactionKeyset = { key: number | string; id: string };

/** SQL of the category a row shows ('' = Uncategorized); the same expression as the counters and index. */
export const shownCategorySql = sql<string>`transaction_category_shown(${transaction.category}, ${transaction.categorySource}, ${transaction.categoryConfidence})`;
const isTransferSql = sql`(${transaction.transferPairId} is not null or ${shownCategorySql} = 'TRANSFER')`;
/** The searched text: the expression the index of two-character pieces covers (migrations 0022, 0029). */
const searchTextSql = sql`(lower(${transaction.name}) || ' ' || lower(coalesce(${transaction.merchantName}, '')))`;

/** The counter column of each filter; null where the counters cannot say (counted from the rows). */
const FILTER_COUNTER_COLUMN: Record<TransactionListFilter, string | null> = {
  all: 'n',
  income: 'n_income',
  expenses: 'n_expense',
  pending: 'n_pending',
  uncategorized: 'n',
  transfers: 'n_transfer',
  excluded: 'n_excluded',
  counted: null,
  spending_rows: null,
  income_rows: null,
};

/** SQL of "counts toward spending and income" (the domain's countsTowardSpending(), migration 0008). */
const countsTowardSpendingSql = sql`transaction_counts_toward_spending(${transaction.status}, ${transaction.excluded}, ${transaction.transferPairId}, transaction_category_shown(${transaction.category}, ${transaction.categorySource}, ${transaction.categoryConfidence}), ${transaction.providerCategory}, ${transaction.detailedCategory})`;

function filterSql(filter: TransactionListFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'income':
      return sql`(${transaction.amountMinor} > 0 and not ${transaction.excluded} and not ${isTransferSql})`;
    case 'expenses':
      return sql`(${transaction.amountMinor} < 0 and not ${transaction.excluded} and not ${isTransferSql})`;
    case 'pending':
      return sql`${transaction.status} = 'pending'`;
    case 'uncategorized':
      return sql`${shownCategorySql} = ''`;
    case 'transfers':
      return isTransferSql;
    case 'excluded':
      return sql`${transaction.excluded}`;
    case 'counted':
      return countsTowardSpendingSql;
    case 'spending_rows':
      return sql`(${countsTowardSpendingSql} and ${shownCategorySql} <> 'INCOME' and (${shownCategorySql} <> '' or ${transaction.amountMinor} < 0))`;
    case 'income_rows':
      return sql`(${countsTowardSpendingSql} and (${shownCategorySql} = 'INCOME' or (${shownCategorySql} = '' and ${transaction.amountMinor} > 0)))`;
  }
}

/** The date bounds of a selection as conditions on `transaction`. */
function dateConditions(selection: TransactionSelection): SQL[] {
  const conditions: SQL[] = [];
  if (selection.fromDate) conditions.push(gte(transaction.date, selection.fromDate));
  if (selection.toDate) conditions.push(lte(transaction.date, selection.toDate));
  return conditions;
}

/**
 * SQL of a refund (the domain's isRefund()): money back on a spending category, counted in spending and
 * income, so Expenses nets it off the category's spending.
 */
const refundSql = sql`(${transaction.amountMinor} > 0 and ${countsTowardSpendingSql} and ${shownCategorySql} not in ('', 'INCOME'))`;

/** Whether the counter tables can count a selection (else it is counted from the rows). */
function countable(selection: TransactionSelection): boolean {
  return (
    !selection.search &&
    !selection.pending &&
    !selection.refunds &&
    !selection.idsIn &&
    !selection.idsNotIn &&
    selection.payee === undefined &&
    selection.detailedCategory === undefined &&
    !selection.tags &&
    !selection.untagged &&
    !selection.amount &&
    FILTER_COUNTER_COLUMN[selection.filter] !== null
  );
}

/** Whether a selection matches nothing before any query (an empty list of accounts, categories or ids). */
function selectsNothing(selection: TransactionSelection): boolean {
  return (
    selection.accountIds?.length === 0 ||
    selection.categories?.length === 0 ||
    selection.idsIn?.length === 0 ||
    selection.tags?.length === 0
  );
}

/** Escapes LIKE wildcards so the user's text is matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching `text` anywhere, literally. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * A search shorter than three characters: common pairs walk the sort's index instead of reading every
 * match (ADR 048, ADR 066).
 */
function isShortSearch(search: string): boolean {
  return [...search].length < 3;
}

/**
 * The search's two-character pieces, all of which a matching row's keys hold (migrations 0022, 0029):
 * the condition the index of pieces serves, beside the test that decides. `text` is the searched text,
 * written as the index's expression is.
 */
export function searchPieces(search: string, text: SQL = searchTextSql): SQL {
  return sql`transaction_search_bigram_keys(${text}) @> transaction_search_bigrams(lower(${search}))`;
}

/**
 * The conditions of a search: `matches` decides which rows match; `pieces` lets the index of
 * two-character pieces find the candidates (migrations 0022, 0029, 0035: its keys hold every piece the
 * search has), so a listing without it must walk an ordered index (ADR 066). It serves every search
 * since the trigram index went (ADR 080).
 */
function searchConditions(search: string): { matches: SQL; pieces: SQL } {
  // LIKE on the lower-cased searched text: ILIKE's meaning, cheaper to recheck.
  if (!isShortSearch(search))
    return {
      matches: sql`${searchTextSql} like lower(${likeContains(search)})`,
      pieces: searchPieces(search),
    };
  // The same test as that LIKE, for fewer than three characters: a LIKE there led the planner to AND the
  // trigram index (then still there) with the pieces, a scan of every entry (0.8 s at 1,000,000 rows).
  return { matches: sql`strpos(${searchTextSql}, lower(${search})) > 0`, pieces: searchPieces(search) };
}

/**
 * Conditions on `transaction` for a selection (without the date bound: see callers); without its search
 * when `withSearch` is false (the caller adds it).
 */
function rowConditions(userId: string, selection: TransactionSelection, withSearch = true): SQL[] {
  const conditions: SQL[] = [eq(transaction.userId, userId)];
  const kind = filterSql(selection.filter);
  if (kind) conditions.push(kind);
  if (selection.categories) {
    conditions.push(sql`${shownCategorySql} = any(${toTextArray(selection.categories)})`);
  }
  if (selection.accountIds) {
    conditions.push(sql`${transaction.accountId} = any(${toUuidArray(selection.accountIds)})`);
  }
  if (selection.search && withSearch) {
    const { matches, pieces } = searchConditions(selection.search);
    conditions.push(matches, pieces);
  }
  if (selection.pending === 'only') conditions.push(sql`${transaction.status} = 'pending'`);
  if (selection.pending === 'exclude') conditions.push(sql`${transaction.status} <> 'pending'`);
  if (selection.refunds === 'only') conditions.push(refundSql);
  if (selection.refunds === 'exclude') conditions.push(sql`not ${refundSql}`);
  if (selection.payee !== undefined) {
    conditions.push(
      sql`coalesce(nullif(btrim(${transaction.merchantName}), ''), ${transaction.name}) = ${selection.payee}`,
    );
  }
  if (selection.detailedCategory !== undefined) {
    conditions.push(sql`coalesce(${transaction.detailedCategory}, '') = ${selection.detailedCategory}`);
  }
  if (selection.tags) conditions.push(sql`${transaction.tags} && ${toTextArray(selection.tags)}`);
  if (selection.untagged) conditions.push(sql`cardinality(${transaction.tags}) = 0`);
  const amount = amountRangeSql(
    selection.amount,
    sql`${transaction.amountMinor}`,
    sql`${transaction.currency}`,
  );
  if (amount) conditions.push(amount);
  if (selection.idsIn) conditions.push(sql`${transaction.id} = any(${toUuidArray(selection.idsIn)})`);
  if (selection.idsNotIn?.length) {
    conditions.push(sql`not (${transaction.id} = any(${toUuidArray(selection.idsNotIn)}))`);
  }
  return conditions;
}

const toTextArray = (values: readonly string[]) => sql`${`{${values.map(arrayElement).join(',')}}`}::text[]`;
const toUuidArray = (values: readonly string[]) => sql`${`{${values.map(arrayElement).join(',')}}`}::uuid[]`;
function arrayElement(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/**
 * The column of a filter in the per-user totals (`transaction_month_total`, `transaction_amount_count`):
 * they also count Uncategorized rows, which the per-category counters count under category ''.
 */
function userTotalsColumn(filter: TransactionListFilter): SQL {
  return sql.raw(filter === 'uncategorized' ? 'n_uncategorized' : (FILTER_COUNTER_COLUMN[filter] ?? 'n'));
}

/**
 * Where a selection's counts come from: without a category or account filter, the per-user monthly totals
 * (about 120 rows for ten years); else the per-account-and-category counters (years, then months).
 */
function counterSource(userId: string, selection: TransactionSelection) {
  const byUserOnly = !selection.categories && !selection.accountIds;
  const counterColumn = FILTER_COUNTER_COLUMN[selection.filter] ?? 'n';
  if (byUserOnly) {
    const column = userTotalsColumn(selection.filter);
    return {
      years: (fromYear: string | undefined, beforeYear: string | undefined) => sql`
        select date_trunc('year', month)::date::text as start, sum(${column})::int as count
        from transaction_month_total
        where user_id = ${userId}${fromYear ? sql` and month >= ${fromYear}::date` : sql``}${
          beforeYear ? sql` and month < ${beforeYear}::date` : sql``
        }
        group by 1 order by 1 desc`,
      months: (from: string, before: string) => sql`
        select month::text as start, ${column} as count from transaction_month_total
        where user_id = ${userId} and month >= ${from}::date and month < ${before}::date
        order by month desc`,
    };
  }
  const column = sql.raw(counterColumn);
  const parts: SQL[] = [sql`user_id = ${userId}`];
  if (selection.filter === 'uncategorized') parts.push(sql`category = ''`);
  if (selection.categories) parts.push(sql`category = any(${toTextArray(selection.categories)})`);
  if (selection.accountIds) parts.push(sql`account_id = any(${toUuidArray(selection.accountIds)})`);
  const where = sql.join(parts, sql` and `);
  return {
    years: (fromYear: string | undefined, beforeYear: string | undefined) => sql`
      select year::text as start, sum(${column})::int as count from transaction_year_count
      where ${where}${fromYear ? sql` and year >= ${fromYear}::date` : sql``}${
        beforeYear ? sql` and year < ${beforeYear}::date` : sql``
      }
      group by year order by year desc`,
    months: (from: string, before: string) => sql`
      select month::text as start, sum(${column})::int as count from transaction_month_count
      where ${where} and month >= ${from}::date and month < ${before}::date
      group by month order by month desc`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Date buckets

/** A run of days holding `count` matching transactions: a whole year, a whole month or a part of a month. */
type Bucket = { from: string; to: string; count: number; level: 'year' | 'month' | 'days' };
type CountRow = { start: string; count: number };

const pad = (value: number) => String(value).padStart(2, '0');
function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function monthBucket(start: string, count: number): Bucket {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return {
    from: start,
    to: `${start.slice(0, 8)}${pad(lastDayOfMonth(year, month))}`,
    count,
    level: 'month',
  };
}
function yearBucket(start: string, count: number): Bucket {
  return { from: start, to: `${start.slice(0, 4)}-12-31`, count, level: 'year' };
}
const nonEmpty = (rows: CountRow[], bucket: (start: string, count: number) => Bucket) =>
  rows.filter((row) => row.count > 0).map((row) => bucket(row.start, row.count));

/**
 * How an inclusive date range ('' or undefined bounds = open) splits into what the counters can count:
 * the days of a partial month at either end (counted from the rows), whole months inside a partial year
 * at either end, and whole years between. Month and year bounds are first days, `before` exclusive.
 */
export type RangeSplit = {
  /** Newest first: days at the end, months at the end, years, months at the start, days at the start. */
  parts: (
    | { level: 'days'; from: string; to: string }
    | { level: 'months'; from: string; before: string }
    | { level: 'years'; from: string | undefined; before: string | undefined }
  )[];
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const yearStart = (date: string) => `${date.slice(0, 4)}-01-01`;
const nextYear = (date: string) => `${Number(date.slice(0, 4)) + 1}-01-01`;
function monthEnd(date: string): string {
  return monthBucket(monthStart(date), 0).to;
}

export function splitDateRange(from: string | undefined, to: string | undefined): RangeSplit {
  const end: RangeSplit['parts'] = [];
  const start: RangeSplit['parts'] = [];
  if (from && to && from > to) return { parts: [] };
  let low = from;
  // The first day after the range, or undefined for an open end.
  let before: string | undefined;
  if (low && low !== monthStart(low)) {
    const last = to && to < monthEnd(low) ? to : monthEnd(low);
    start.unshift({ level: 'days', from: low, to: last });
    low = nextMonth(monthStart(low));
    if (to && low > to) return { parts: start };
  }
  if (to) {
    if (to !== monthEnd(to)) {
      const first = low && low > monthStart(to) ? low : monthStart(to);
      end.push({ level: 'days', from: first, to });
      before = monthStart(to);
    } else {
      before = nextMonth(monthStart(to));
    }
    if (low && low >= before) return { parts: [...end, ...start] };
  }
  if (low && low !== yearStart(low)) {
    const until = before && before < nextYear(low) ? before : nextYear(low);
    start.unshift({ level: 'months', from: low, before: until });
    low = nextYear(low);
    if (before && low >= before) return { parts: [...end, ...start] };
  }
  if (before && before !== yearStart(before)) {
    const first = low && low > yearStart(before) ? low : yearStart(before);
    end.push({ level: 'months', from: first, before });
    before = yearStart(before);
    if (low && low >= before) return { parts: [...end, ...start] };
  }
  return { parts: [...end, { level: 'years', from: low, before }, ...start] };
}

/**
 * The matching transactions per date bucket, newest first, from the counters: whole years, the whole
 * months of a partial year at either end, and the days of a partial month at either end counted from the
 * rows (splitDateRange). Search and filters without a counter are not counted here (see listTransactionPage).
 */
async function dateBuckets(db: Executor, userId: string, selection: TransactionSelection): Promise<Bucket[]> {
  const source = counterSource(userId, selection);
  const buckets: Bucket[] = [];
  for (const part of splitDateRange(selection.fromDate, selection.toDate).parts) {
    if (part.level === 'years') {
      const years = await db.execute<CountRow>(source.years(part.from, part.before));
      buckets.push(...nonEmpty(years.rows, yearBucket));
    } else if (part.level === 'months') {
      const months = await db.execute<CountRow>(source.months(part.from, part.before));
      buckets.push(...nonEmpty(months.rows, monthBucket));
    } else {
      const [counted] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(transaction)
        .where(
          and(
            ...rowConditions(userId, selection),
            gte(transaction.date, part.from),
            lte(transaction.date, part.to),
          ),
        );
      const count = counted?.count ?? 0;
      if (count > 0) buckets.push({ from: part.from, to: part.to, count, level: 'days' });
    }
  }
  return buckets;
}

/** The months of a year bucket (from the month counters), newest first. */
async function expandYear(
  db: Executor,
  userId: string,
  selection: TransactionSelection,
  bucket: Bucket,
): Promise<Bucket[]> {
  const before = `${Number(bucket.from.slice(0, 4)) + 1}-01-01`;
  const months = await db.execute<CountRow>(counterSource(userId, selection).months(bucket.from, before));
  return nonEmpty(months.rows, monthBucket);
}

function nextMonth(monthStart: string): string {
  const year = Number(monthStart.slice(0, 4));
  const month = Number(monthStart.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/** Index of the bucket holding the `position`-th row (0-based) and how many rows come before that bucket. */
function locate(buckets: readonly Bucket[], position: number): { index: number; before: number } {
  let before = 0;
  for (let index = 0; index < buckets.length; index += 1) {
    const count = buckets[index]?.count ?? 0;
    if (position < before + count) return { index, before };
    before += count;
  }
  return { index: buckets.length - 1, before: before - (buckets.at(-1)?.count ?? 0) };
}

const total = (buckets: readonly Bucket[]) => buckets.reduce((sum, bucket) => sum + bucket.count, 0);

// ---------------------------------------------------------------------------------------------------
// Reads

const listColumns = { ...getTableColumns(transaction), accountName: financialAccount.name };

function orderBy(sort: TransactionSort) {
  switch (sort) {
    // NULLS LAST / FIRST to match the (user_id, date DESC NULLS LAST, id DESC NULLS LAST) indexes exactly
    // (the columns are never null, but the planner only uses an index whose null order matches).
    case 'date_desc':
      return [sql`${transaction.date} desc nulls last`, sql`${transaction.id} desc nulls last`];
    case 'date_asc':
      return [sql`${transaction.date} asc nulls first`, sql`${transaction.id} asc nulls first`];
    case 'amount_desc':
      return [desc(transaction.amountMinor), desc(transaction.id)];
    case 'amount_asc':
      return [asc(transaction.amountMinor), asc(transaction.id)];
  }
}

/** The rows after `after` in the order of `sort`: a row comparison the sort's index serves as a range. */
function keysetCondition(sort: TransactionSort, after: TransactionKeyset): SQL {
  const byDate = sort === 'date_desc' || sort === 'date_asc';
  const descending = sort === 'date_desc' || sort === 'amount_desc';
  const key = byDate ? sql`${transaction.date}` : sql`${transaction.amountMinor}`;
  const value = byDate ? sql`${String(after.key)}::date` : sql`${String(after.key)}::bigint`;
  return descending
    ? sql`(${key}, ${transaction.id}) < (${value}, ${after.id}::uuid)`
    : sql`(${key}, ${transaction.id}) > (${value}, ${after.id}::uuid)`;
}

const REVERSED: Record<TransactionSort, TransactionSort> = {
  date_desc: 'date_asc',
  date_asc: 'date_desc',
  amount_desc: 'amount_asc',
  amount_asc: 'amount_desc',
};

/**
 * An OFFSET page of `count` ordered rows read from whichever end is nearer: a page past the middle is
 * the mirror page of the reversed order (the sort ends on the unique id, so the reversed order is the
 * exact mirror), so no page skips more than half the rows.
 */
async function selectRowsFromNearerEnd(
  db: Executor,
  userId: string,
  conditions: SQL[],
  sort: TransactionSort,
  page: { offset: number; limit: number; count: number },
): Promise<TransactionListItem[]> {
  const { offset, limit, count } = page;
  const take = Math.min(limit, count - offset);
  const mirrorOffset = count - offset - take;
  if (take <= 0 || mirrorOffset >= offset) return selectRows(db, userId, conditions, sort, offset, limit);
  const rows = await selectRows(db, userId, conditions, REVERSED[sort], mirrorOffset, take);
  return rows.reverse();
}

/**
 * The lowest and highest amount (minor units) of an amount bucket: with `leading` 2, a bucket of migration
 * 0040 (an amount's sign × (its number of digits − 1) × 100 + its first two digits: -1234 → -312, an
 * amount under ten its own bucket, 0 bucket 0); with 3, a fine bucket of migration 0042 (× 1000 + its
 * first three digits: -1234 → -3123, an amount under 100 its own bucket).
 */
export function amountBucketRange(bucket: number, leading: 2 | 3 = 2): { low: number; high: number } {
  if (bucket < 0) {
    const { low, high } = amountBucketRange(-bucket, leading);
    return { low: -high, high: -low };
  }
  if (bucket < 10 ** (leading - 1)) return { low: bucket, high: bucket };
  const scale = 10 ** leading;
  const unit = 10 ** (Math.floor(bucket / scale) + 1 - leading);
  const lead = bucket % scale;
  return { low: lead * unit, high: (lead + 1) * unit - 1 };
}

/**
 * An amount-sorted page by number from counters per amount bucket: `counts` selects (bucket, count) of
 * the selection's rows; the buckets the page starts and ends in give the amount range it reads, in the
 * sort's order, skipping only the first bucket's rows before the page instead of every row before it.
 * `leading` says which buckets they are (amountBucketRange).
 */
async function selectRowsByBuckets(
  db: Executor,
  userId: string,
  counts: { select: SQL; leading: 2 | 3 },
  conditions: SQL[],
  sort: 'amount_asc' | 'amount_desc',
  page: { offset: number; limit: number },
): Promise<TransactionListItem[]> {
  const ascending = sort === 'amount_asc';
  const buckets = await db.execute<{ bucket: number; count: number }>(
    sql`${counts.select} order by bucket ${sql.raw(ascending ? 'asc' : 'desc')}`,
  );
  const end = page.offset + page.limit;
  let before = 0;
  let first: { bucket: number; before: number } | undefined;
  let last: number | undefined;
  for (const { bucket, count } of buckets.rows) {
    if (!first && before + count > page.offset) first = { bucket, before };
    before += count;
    if (first) last = bucket;
    if (before >= end) break;
  }
  if (!first || last === undefined) return [];
  const start = amountBucketRange(first.bucket, counts.leading);
  const stop = amountBucketRange(last, counts.leading);
  const range = ascending
    ? [gte(transaction.amountMinor, start.low), lte(transaction.amountMinor, stop.high)]
    : [lte(transaction.amountMinor, start.high), gte(transaction.amountMinor, stop.low)];
  return selectRows(db, userId, [...conditions, ...range], sort, page.offset - first.before, page.limit);
}

/**
 * The amount counters a selection's amount-sorted pages by number are read from, if any: without a
 * category, account or date filter the user's (migration 0040, ADR 086; the largest bucket 16,191 rows
 * at the 1,000,000-row seed, read index-only); with categories or accounts (not both, no dates) those
 * categories' or accounts' (migration 0042, ADR 091), whose buckets are ten times narrower (3,143 rows at
 * most) as their rows are read from the table to test the filter. Dates (see selectRowsByMonthsAndAmount),
 * both filters at once, search and the filters counted from the rows have none.
 */
function amountCounts(
  userId: string,
  selection: TransactionSelection,
): { select: SQL; leading: 2 | 3 } | undefined {
  const column = userTotalsColumn(selection.filter);
  const { categories, accountIds } = selection;
  if (selection.fromDate || selection.toDate || (categories && accountIds)) return undefined;
  if (categories) {
    return {
      leading: 3,
      select: sql`select bucket, sum(${column})::int as count from transaction_amount_category_count
        where user_id = ${userId} and category = any(${toTextArray(categories)}) and ${column} > 0
        group by bucket`,
    };
  }
  if (accountIds) {
    return {
      leading: 3,
      select: sql`select bucket, sum(${column})::int as count from transaction_amount_account_count
        where account_id = any(${toUuidArray(accountIds)})
          and account_id in (select id from financial_account where user_id = ${userId}) and ${column} > 0
        group by bucket`,
    };
  }
  return {
    leading: 2,
    select: sql`select bucket, ${column} as count from transaction_amount_count
      where user_id = ${userId} and ${column} > 0`,
  };
}

/** The whole months of a split range as one run of them (a bound left out where the range is open). */
function wholeMonths(parts: RangeSplit['parts']): { from?: string; before?: string } | undefined {
  const whole = parts.filter((part) => part.level !== 'days');
  if (whole.length === 0) return undefined;
  const froms = whole.map((part) => part.from);
  const befores = whole.map((part) => part.before);
  return {
    from: froms.includes(undefined) ? undefined : froms.sort()[0],
    before: befores.includes(undefined) ? undefined : befores.sort().at(-1),
  };
}

/** Every day from `from` to `to`, both included. */
function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * An amount-sorted page by number with a date filter and no category or account filter, from the counters
 * per month of migration 0044 (ADR 095): the whole months of the range added up per digit group, with the
 * days of a partial first or last month counted from the rows (index-only: the date index carries the
 * amount), give the digit group the page starts in; the same within that group per bucket of migration
 * 0040 gives the bucket (one statement, which also gives the total); the page is an OFFSET from that
 * bucket's first amount along the amount index, skipping at most that bucket's rows.
 */
async function selectRowsByMonthsAndAmount(
  db: Executor,
  userId: string,
  selection: TransactionSelection,
  conditions: SQL[],
  sort: 'amount_asc' | 'amount_desc',
  page: { offset: number; limit: number },
): Promise<{ rows: TransactionListItem[]; total: number }> {
  const ascending = sort === 'amount_asc';
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const column = userTotalsColumn(selection.filter);
  const { parts } = splitDateRange(selection.fromDate, selection.toDate);
  const days = parts.flatMap((part) => (part.level === 'days' ? eachDay(part.from, part.to) : []));
  const months = wholeMonths(parts);
  const none = sql`select 0 as bucket, 0 as count where false`;
  // The rows of the partial months per bucket, one index-only scan of the date index for both ends; any
  // amount of a bucket has the bucket's digit group, so the group is read off the smallest.
  const dayCounts =
    days.length === 0
      ? sql`select 0 as bucket, 0 as digits, 0 as count where false`
      : sql`select transaction_amount_bucket(${transaction.amountMinor}) as bucket,
            transaction_amount_digits(min(${transaction.amountMinor})) as digits, count(*)::int as count
          from ${transaction}
          where ${and(...rowConditions(userId, selection))} and ${transaction.date} = any(${`{${days.join(',')}}`}::date[])
          group by 1`;
  const within = (alias: string) => [
    ...(months?.from ? [sql`${sql.raw(alias)}.month >= ${months.from}::date`] : []),
    ...(months?.before ? [sql`${sql.raw(alias)}.month < ${months.before}::date`] : []),
  ];
  const owned = (alias: string) =>
    sql`${sql.raw(alias)}.user_id = ${userId} and ${sql.raw(alias)}.${column} > 0`;
  const inMonths = (alias: string) => sql.join([owned(alias), ...within(alias)], sql` and `);
  const groupCounts = months
    ? sql`select g.bucket, g.${column} as count from transaction_amount_digits_month_count g where ${inMonths('g')}`
    : none;
  // A group's buckets over the whole months: added up month by month when they are at most half the
  // user's months, else the user's counts per bucket (migration 0040) less the months outside.
  const outside = [
    ...(months?.from ? [sql`o.month < ${months.from}::date`] : []),
    ...(months?.before ? [sql`o.month >= ${months.before}::date`] : []),
  ];
  const bucketCounts = months
    ? sql`select m.bucket, m.${column} as count from transaction_amount_month_count m, bounds b
        where (select inside from span) and ${inMonths('m')} and m.bucket between b.low and b.high
      union all
      select a.bucket, a.${column} from transaction_amount_count a, bounds b
        where not (select inside from span) and ${owned('a')} and a.bucket between b.low and b.high
      ${sql.join(
        outside.map(
          (condition) => sql`union all
      select o.bucket, -o.${column} from transaction_amount_month_count o, bounds b
        where not (select inside from span) and ${owned('o')} and ${condition} and o.bucket between b.low and b.high`,
        ),
        sql`
`,
      )}`
    : none;
  // Whether the whole months are at most half of the user's months.
  const span = months
    ? sql`select count(*) filter (where ${sql.join(within('t'), sql` and `)}) * 2 <= count(*) as inside
        from transaction_month_total t where t.user_id = ${userId}`
    : sql`select true as inside`;
  const offset = sql`${page.offset}::int`;
  // Digit groups in the sort's order with the rows before each; the group holding the page's first row and
  // its buckets (migration 0040) likewise; the bucket holding that row and the rows before it.
  const located = await db.execute<{ total: number; bucket: number | null; before: number | null }>(sql`
    with days as materialized (${dayCounts}),
    span as (${span}),
    groups as (
      select digits, sum(count)::int as count from (
        select digits, count from days
        union all
        select bucket, count from (${groupCounts}) g
      ) counted
      group by digits
    ),
    placed as (select digits, count, (sum(count) over (order by digits ${direction}) - count)::int as before from groups),
    bounds as (
      -- The group's buckets lie between those of its lowest and highest amount (n digits: 10^(n-1) to
      -- 10^n - 1, mirrored below zero; the largest bigint at most).
      select digits, before, transaction_amount_bucket(lowest) as low, transaction_amount_bucket(highest) as high
      from (
        select digits, before,
          case when digits > 0 then (10::numeric ^ (digits - 1))::bigint
               else -least(10::numeric ^ (-digits) - 1, 9223372036854775807)::bigint end as lowest,
          case when digits < 0 then -(10::numeric ^ (-digits - 1))::bigint
               else least(10::numeric ^ digits - 1, 9223372036854775807)::bigint end as highest
        from placed where before <= ${offset} and ${offset} < before + count
      ) chosen
    ),
    buckets as (
      select bucket, sum(count)::int as count from (
        select d.bucket, d.count from days d, bounds b where d.digits = b.digits
        union all
        select bucket, count from (${bucketCounts}) m
      ) counted
      group by bucket
    ),
    found as (
      select p.bucket, b.before + p.before as before
      from bounds b,
        (select bucket, count, (sum(count) over (order by bucket ${direction}) - count)::int as before from buckets) p
      where b.before + p.before <= ${offset} and ${offset} < b.before + p.before + p.count
    )
    select (select coalesce(sum(count), 0)::int from groups) as total, found.bucket, found.before
    from (select 1) one left join found on true`);
  const { total = 0, bucket = null, before = null } = located.rows[0] ?? {};
  if (bucket === null || before === null) return { rows: [], total };
  const start = amountBucketRange(bucket);
  const from = ascending ? gte(transaction.amountMinor, start.low) : lte(transaction.amountMinor, start.high);
  const rows = await selectRows(db, userId, [...conditions, from], sort, page.offset - before, page.limit);
  return { rows, total };
}

/**
 * The page's rows in two steps: the ids in order from an index (index-only where the filter allows, so
 * skipped rows cost no table reads), then those rows with their account names.
 */
async function selectRows(
  db: Executor,
  userId: string,
  conditions: SQL[],
  sort: TransactionSort,
  offset: number,
  limit: number,
): Promise<TransactionListItem[]> {
  const ids = await db
    .select({ id: transaction.id })
    .from(transaction)
    .where(and(...conditions))
    .orderBy(...orderBy(sort))
    .offset(offset)
    .limit(limit);
  return rowsByIds(
    db,
    userId,
    ids.map((row) => row.id),
  );
}

/** The user's transactions with these ids, in the order given. */
async function rowsByIds(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<TransactionListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(transaction)
    .innerJoin(financialAccount, eq(financialAccount.id, transaction.accountId))
    .where(and(eq(transaction.userId, userId), sql`${transaction.id} = any(${toUuidArray(ids)})`));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A search counts its matches exactly up to this many; beyond, the total says "at least" (1,000+). */
export const SEARCH_COUNT_CAP = 1_000;

export type TransactionPage = {
  rows: TransactionListItem[];
  /** The matching rows; for a search with more than the cap, the cap itself (see `totalCapped`). */
  total: number;
  /** A search matched more than the cap: `total` is a lower bound and `hasMore` says if rows follow. */
  totalCapped: boolean;
  /** Whether rows follow this page, when `totalCapped` (else the page math on `total` says it). */
  hasMore?: boolean;
  /** Every transaction of the user (from `visibleFrom` on, if given), whatever the selection. */
  unfilteredTotal: number;
};

/**
 * One page of the user's transactions and the number matching the selection, read in one snapshot
 * (REPEATABLE READ, read only) so the total and the rows agree.
 *
 * - Date sorts: the counters give the total and the date bucket where the page starts and ends; the rows
 *   come from one index range inside those buckets, skipping at most one month's rows.
 * - Amount sorts: the counters give the total; without a category, account or date filter the amount
 *   counters give the bucket the page starts in and the rows are an OFFSET within it (ADR 086); with a
 *   category or an account filter (not both, no dates) the facet counters give the buckets the page
 *   spans (ADR 091); with dates and neither of those filters the counters per month give the total and
 *   the bucket (ADR 095); else an OFFSET over (user_id, amount_minor, id) from the nearer end (a page
 *   past the middle is read in the reversed order).
 * - With `after` (the previous page's last row), any sort: the rows are the index range just after that
 *   row (keyset), so a page costs the same at any depth; the total as above.
 * - Search, and filters the counters do not hold (counted): one count over the matching rows (the index
 *   of two-character pieces for search, the date index within the date bounds), then the page as an OFFSET.
 *   A search counts at most `SEARCH_COUNT_CAP` + 1 rows: past the cap the total is capped and the page
 *   reads one row more to know whether another page follows.
 * - Whatever the selection, `unfilteredTotal` is the user's number of transactions, from the counters.
 */
export async function listTransactionPage(
  db: Database,
  userId: string,
  options: PageOptions,
): Promise<TransactionPage> {
  return db.transaction(
    async (tx) => {
      const unfilteredTotal = options.visibleFrom
        ? await countTransactionsMatching(tx, userId, { filter: 'all', fromDate: options.visibleFrom })
        : await countUserTransactions(tx, userId);
      return { ...(await selectedPage(tx, userId, options)), unfilteredTotal };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type PageOptions = {
  selection: TransactionSelection;
  sort: TransactionSort;
  offset: number;
  limit: number;
  /** The previous page's last row: the page is the `limit` rows after it (keyset), `offset` only bounds it. */
  after?: TransactionKeyset;
  /** Where a search stops counting (default SEARCH_COUNT_CAP). */
  searchCountCap?: number;
  /**
   * How a search that may walk reads its page (default 'choose', see searchPage): one shorter than
   * three characters, or a longer one without other filters than dates (ADR 080). 'index' always through
   * the index of two-character pieces, 'walk' always along the sort's index.
   */
  shortSearchPlan?: ShortSearchPlan;
  /** The plan's first visible day: `unfilteredTotal` counts from it (the selection is already bounded). */
  visibleFrom?: string | null;
};

type SelectedPage = { rows: TransactionListItem[]; total: number; totalCapped: boolean; hasMore?: boolean };

async function selectedPage(tx: Executor, userId: string, options: PageOptions): Promise<SelectedPage> {
  const page = await countedPage(tx, userId, options);
  return 'totalCapped' in page ? page : { ...page, totalCapped: false };
}

async function countedPage(
  tx: Executor,
  userId: string,
  options: PageOptions,
): Promise<SelectedPage | { rows: TransactionListItem[]; total: number }> {
  const { selection, sort, offset, limit, after } = options;
  if (selectsNothing(selection)) return { rows: [], total: 0 };
  if (selection.fromDate && selection.toDate && selection.fromDate > selection.toDate)
    return { rows: [], total: 0 };
  const conditions = [...rowConditions(userId, selection), ...dateConditions(selection)];
  if (!countable(selection)) {
    const cap = selection.search ? (options.searchCountCap ?? SEARCH_COUNT_CAP) : undefined;
    // The walk along the sort's index (ADR 066): for a short search, and for a longer one with no other
    // filter than dates (another filter thins the walk's rows beyond what its bound allows for, ADR 080).
    const others = rowConditions(userId, selection, false);
    const walk =
      selection.search && (isShortSearch(selection.search) || others.length === 1)
        ? {
            conditions: [...others, ...dateConditions(selection)],
            ...searchConditions(selection.search),
            plan: options.shortSearchPlan ?? 'choose',
            // Only the user and dates beside the search: the amount index holds every column the walk
            // reads (migration 0039).
            indexOnly: others.length === 1 && (sort === 'amount_asc' || sort === 'amount_desc'),
          }
        : undefined;
    return searchPage(tx, userId, conditions, { sort, offset, limit, after, cap, walk });
  }

  const amountSort = sort === 'amount_desc' || sort === 'amount_asc';
  if (
    amountSort &&
    !after &&
    (selection.fromDate || selection.toDate) &&
    !selection.categories &&
    !selection.accountIds
  )
    return selectRowsByMonthsAndAmount(tx, userId, selection, conditions, sort, { offset, limit });
  let buckets = await dateBuckets(tx, userId, selection);
  const count = total(buckets);
  if (offset >= count) return { rows: [], total: count };
  if (after) {
    const rows = await selectRows(tx, userId, [...conditions, keysetCondition(sort, after)], sort, 0, limit);
    return { rows, total: count };
  }
  if (amountSort) {
    const counts = amountCounts(userId, selection);
    const rows = counts
      ? await selectRowsByBuckets(tx, userId, counts, conditions, sort, { offset, limit })
      : await selectRowsFromNearerEnd(tx, userId, conditions, sort, { offset, limit, count });
    return { rows, total: count };
  }

  const ascending = sort === 'date_asc';
  const ordered = () => (ascending ? [...buckets].reverse() : buckets);
  const lastPosition = Math.min(offset + limit, count) - 1;
  // Narrow the years the page starts and ends in down to months.
  for (const position of [offset, lastPosition]) {
    const { index } = locate(ordered(), position);
    const bucket = ordered()[index];
    if (bucket?.level === 'year') {
      const months = await expandYear(tx, userId, selection, bucket);
      buckets = buckets.flatMap((candidate) => (candidate === bucket ? months : [candidate]));
    }
  }
  const sequence = ordered();
  const start = locate(sequence, offset);
  const end = locate(sequence, lastPosition);
  const first = sequence[start.index];
  const last = sequence[end.index];
  if (!first || !last) return { rows: [], total: count };
  const range = ascending
    ? [gte(transaction.date, first.from), lte(transaction.date, last.to)]
    : [lte(transaction.date, first.to), gte(transaction.date, last.from)];
  const rows = await selectRows(tx, userId, [...conditions, ...range], sort, offset - start.before, limit);
  return { rows, total: count };
}

export type ShortSearchPlan = 'choose' | 'index' | 'walk';

/**
 * A page counted from the rows: the total from one count over the matches (through the index of pieces
 * for a search), then the page, planned on its own (an ordered index walk for common words, the
 * matches sorted for rare ones). With a cap, the count stops after cap + 1 rows.
 *
 * A search shorter than three characters, or a longer one without other filters than dates (`walk`: its
 * conditions without the search, and the search's own test), is counted through the index of
 * two-character pieces. Up to the cap its page comes from
 * those matches, sorted. Past the cap the pair is common, and reading and sorting every match would cost
 * what the matches number (99,369 rows for 'co' at 1,000,000): the page first walks the sort's index,
 * testing each row, for at most `searchWalkBound` rows (about where the walk and the sort of the matches
 * cost the same); a pair too rare to fill the page there takes the index of pieces after all (ADR 066,
 * ADR 084).
 */
async function searchPage(
  db: Executor,
  userId: string,
  conditions: SQL[],
  page: {
    sort: TransactionSort;
    offset: number;
    limit: number;
    after?: TransactionKeyset;
    cap?: number;
    walk?: { conditions: SQL[]; matches: SQL; pieces: SQL; plan: ShortSearchPlan; indexOnly: boolean };
  },
): Promise<SelectedPage> {
  const { sort, offset, limit, after, cap, walk } = page;
  const matching = db
    .select({ one: sql`1` })
    .from(transaction)
    .where(and(...conditions));
  const counted =
    cap === undefined
      ? await db
          .select({ count: sql<number>`count(*)::int` })
          .from(transaction)
          .where(and(...conditions))
      : await db.select({ count: sql<number>`count(*)::int` }).from(matching.limit(cap + 1).as('matching'));
  const count = counted[0]?.count ?? 0;
  const totalCapped = cap !== undefined && count > cap;
  const total = totalCapped ? cap : count;
  if (!totalCapped && offset >= total) return { rows: [], total, totalCapped };
  const keyset = after ? [keysetCondition(sort, after)] : [];
  const skip = after ? 0 : offset;
  const take = totalCapped ? limit + 1 : limit;
  let walked: TransactionListItem[] | undefined;
  if (walk && (walk.plan === 'walk' || (walk.plan === 'choose' && totalCapped))) {
    const bound =
      walk.plan === 'walk'
        ? undefined
        : searchWalkBound({
            needed: skip + take,
            transactions: await countUserTransactions(db, userId),
            // The pieces alone: the planner has statistics on them, not on the test that decides.
            estimatedMatches: walk.indexOnly
              ? await estimatedRows(db, [...walk.conditions, walk.pieces, ...keyset])
              : 0,
            indexOnly: walk.indexOnly,
          });
    walked = await walkedRows(db, userId, [...walk.conditions, ...keyset], walk.matches, sort, {
      skip,
      take,
      bound,
    });
  }
  const rows = walked ?? (await selectRows(db, userId, [...conditions, ...keyset], sort, skip, take));
  if (!totalCapped) return { rows, total, totalCapped };
  return { rows: rows.slice(0, limit), total, totalCapped, hasMore: rows.length > limit };
}

/**
 * A row walked index-only along the amount index (migration 0039) costs about a tenth of a match read
 * through the index of pieces and sorted: 0.5–0.65 µs against 5–6 µs at 1,000,000 rows (docs/performance.md).
 */
export const INDEX_ONLY_WALK_RATIO = 10;

/**
 * How many rows a search's walk along the sort's index may test before it gives up for the index of
 * pieces (ADR 066, ADR 084): at least √(rows needed × the user's transactions), where the walk and the
 * sort of the matches cost about the same when matches are spread evenly; and, when the walk is
 * index-only, as many rows as cost what reading and sorting the matches would (the planner's estimate
 * of them × INDEX_ONLY_WALK_RATIO), so a common pair whose matches all lie deep in the sort's order
 * (rent and loans first in amount order) is still walked, never at more than twice the other way's cost.
 */
export function searchWalkBound(input: {
  needed: number;
  transactions: number;
  estimatedMatches: number;
  indexOnly: boolean;
}): number {
  const { needed, transactions, estimatedMatches, indexOnly } = input;
  const even = Math.ceil(Math.sqrt(needed * transactions));
  const sortCost = indexOnly ? Math.ceil(estimatedMatches * INDEX_ONLY_WALK_RATIO) : 0;
  return Math.max(needed, even, sortCost);
}

/** The planner's estimate of the rows meeting `conditions` (from the statistics; nothing is read). */
async function estimatedRows(db: Executor, conditions: SQL[]): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from ${transaction} where ${and(...conditions)}`,
  );
  return result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** The walk's order over its own columns, as orderBy(sort) orders the table (so no second sort). */
const WALKED_ORDER: Record<TransactionSort, SQL> = {
  date_desc: sql.raw('key desc nulls last, id desc nulls last'),
  date_asc: sql.raw('key asc nulls first, id asc nulls first'),
  amount_desc: sql.raw('key desc, id desc'),
  amount_asc: sql.raw('key asc, id asc'),
};

/**
 * The page of rows meeting `conditions` and `matches` in the order of `sort`, found by walking the first
 * `bound` rows meeting `conditions` in that order (the sort's index) and testing `matches` on each: no
 * index serves `matches`, so the walk stops as soon as the page is full. Undefined when the walk reached
 * its bound without filling the page (the page may lie further on); without a bound, the whole walk.
 */
async function walkedRows(
  db: Executor,
  userId: string,
  conditions: SQL[],
  matches: SQL,
  sort: TransactionSort,
  page: { skip: number; take: number; bound: number | undefined },
): Promise<TransactionListItem[] | undefined> {
  const { skip, take, bound } = page;
  const key = sort === 'date_desc' || sort === 'date_asc' ? transaction.date : transaction.amountMinor;
  // The LIMIT keeps the walk a subquery of its own, planned as the first `bound` rows in the sort's order;
  // the test stays outside it, and nothing in it is a condition the index of pieces could serve.
  const result = await db.execute<{ id: string }>(sql`
    select id from (
      select ${transaction.id} as id, ${key} as key, ${matches} as found
      from ${transaction}
      where ${and(...conditions)}
      order by ${sql.join(orderBy(sort), sql`, `)}
      limit ${bound === undefined ? sql.raw('all') : bound}
    ) as walked
    where found
    order by ${WALKED_ORDER[sort]}
    offset ${skip} limit ${take}`);
  if (bound !== undefined && result.rows.length < take) return undefined;
  return rowsByIds(
    db,
    userId,
    result.rows.map((row) => row.id),
  );
}

/** How many of the user's transactions match a selection (the listing's `total`). */
export async function countTransactionsMatching(
  db: Executor,
  userId: string,
  selection: TransactionSelection,
): Promise<number> {
  if (selectsNothing(selection)) return 0;
  if (selection.fromDate && selection.toDate && selection.fromDate > selection.toDate) return 0;
  if (!countable(selection)) {
    const conditions = [...rowConditions(userId, selection), ...dateConditions(selection)];
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(transaction)
      .where(and(...conditions));
    return counted?.count ?? 0;
  }
  return total(await dateBuckets(db, userId, selection));
}

/**
 * All of the user's transactions (from the per-month totals, about 120 rows for ten years): for tier
 * limits and the listing's unfiltered total.
 */
export async function countUserTransactions(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select coalesce(sum(n), 0)::int as count from transaction_month_total where user_id = ${userId}`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Transactions per account of the user (from the counters), for account lists. */
export async function transactionCountsByAccount(db: Executor, userId: string): Promise<Map<string, number>> {
  const result = await db.execute<{ account_id: string; count: number }>(sql`
    select account_id, sum(n)::int as count from transaction_year_count
    where user_id = ${userId} group by account_id`);
  return new Map(result.rows.map((row) => [row.account_id, row.count]));
}

/**
 * Every matching transaction in listing order, in batches of `batchSize`, each batch continuing after the
 * last row of the one before (keyset), so an export of any size holds no snapshot and skips no index range.
 */
export async function* streamTransactions(
  db: Executor,
  userId: string,
  options: { selection: TransactionSelection; sort: TransactionSort; batchSize?: number },
): AsyncGenerator<TransactionListItem[]> {
  const { selection, sort } = options;
  const batchSize = options.batchSize ?? 1_000;
  if (selectsNothing(selection)) return;
  const conditions = [...rowConditions(userId, selection), ...dateConditions(selection)];
  const byDate = sort === 'date_desc' || sort === 'date_asc';
  const descending = sort === 'date_desc' || sort === 'amount_desc';
  let after: TransactionListItem | undefined;
  for (;;) {
    const keyset: SQL[] = [];
    if (after) {
      const key = byDate ? transaction.date : transaction.amountMinor;
      const value = byDate ? after.date : after.amountMinor;
      const beyond = descending ? lt : gt;
      const tie = and(eq(key, value), beyond(transaction.id, after.id));
      const next = or(beyond(key, value), tie);
      if (next) keyset.push(next);
    }
    const rows = await selectRows(db, userId, [...conditions, ...keyset], sort, 0, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1);
  }
}

export async function findTransactionItem(
  db: Executor,
  userId: string,
  transactionId: string,
): Promise<TransactionListItem | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(transaction)
    .innerJoin(financialAccount, eq(financialAccount.id, transaction.accountId))
    .where(and(eq(transaction.userId, userId), eq(transaction.id, transactionId)))
    .limit(1);
  return row;
}

/** The user's account ids of the given spec account types. */
export async function accountIdsOfTypes(
  db: Executor,
  userId: string,
  types: readonly string[],
): Promise<string[]> {
  if (types.length === 0) return [];
  const rows = await db
    .select({ id: financialAccount.id })
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, userId), inArray(financialAccount.type, [...types])));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** What a user may change on a transaction (PATCH and bulk). */
export type TransactionChanges = {
  /** A category chosen by hand (null = Uncategorized by choice): source 'user', confidence 1. */
  category?: string | null;
  notes?: string | null;
  tags?: string[];
  excluded?: boolean;
  name?: string;
};

function changeSet(changes: TransactionChanges) {
  const set: Partial<typeof transaction.$inferInsert> & { updatedAt: Date } = { updatedAt: new Date() };
  if (changes.category !== undefined) {
    set.category = changes.category;
    set.categorySource = 'user';
    set.categoryConfidence = 1;
  }
  if (changes.notes !== undefined) set.notes = changes.notes;
  if (changes.tags !== undefined) set.tags = changes.tags;
  if (changes.excluded !== undefined) set.excluded = changes.excluded;
  if (changes.name !== undefined) set.name = changes.name;
  return set;
}

/** Keeps a detailed code only while it belongs to the (new) category. */
function detailedFor(category: string | null) {
  return category === null
    ? sql`null`
    : sql`case when ${transaction.detailedCategory} like ${`${escapeLike(category)}\\_%`} then ${transaction.detailedCategory} end`;
}

/** Changes one of the user's transactions; false when the user has no such transaction. */
export async function updateTransactionFields(
  db: Executor,
  userId: string,
  transactionId: string,
  changes: TransactionChanges,
): Promise<boolean> {
  const set = changeSet(changes);
  const rows = await db
    .update(transaction)
    .set({
      ...set,
      ...(changes.category !== undefined ? { detailedCategory: detailedFor(changes.category) } : {}),
    })
    .where(and(eq(transaction.userId, userId), eq(transaction.id, transactionId)))
    .returning({ id: transaction.id });
  return rows.length > 0;
}

/**
 * Applies the same changes to several of the user's transactions in one statement; returns how many rows
 * it changed. The caller runs it in a database transaction and rolls back when that is fewer than asked.
 */
export async function updateTransactionsFields(
  db: Executor,
  userId: string,
  transactionIds: readonly string[],
  changes: TransactionChanges,
): Promise<number> {
  if (transactionIds.length === 0) return 0;
  const rows = await db
    .update(transaction)
    .set({
      ...changeSet(changes),
      ...(changes.category !== undefined ? { detailedCategory: detailedFor(changes.category) } : {}),
    })
    .where(and(eq(transaction.userId, userId), sql`${transaction.id} = any(${toUuidArray(transactionIds)})`))
    .returning({ id: transaction.id });
  return rows.length;
}

/** Recounts the user's counters from their rows (repair, or after a bulk load that bypassed triggers). */
export async function rebuildTransactionCounts(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select transaction_counts_rebuild(${userId})`);
}

/** Which of these ids are accounts of the user. */
export async function ownedAccountIds(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  const candidates = ids.filter((id) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ id: financialAccount.id })
    .from(financialAccount)
    .where(
      and(eq(financialAccount.userId, userId), sql`${financialAccount.id} = any(${toUuidArray(candidates)})`),
    );
  return rows.map((row) => row.id);
}
