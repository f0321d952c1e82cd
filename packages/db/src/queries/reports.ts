import { sql, type SQL } from 'drizzle-orm';
import { amountRangeSql, type AmountRange } from './amount-range';
import { splitIntoMonths } from './spending';
import { searchPieces } from './transactions';
import { COUNTS, PAYEE, SHOWN } from './transaction-expressions';
import type { Database } from '../client';

/** What runs a report: a database handle (each statement runs in a short transaction of its own). */
type ReportDatabase = Pick<Database, 'transaction'>;

/**
 * The custom-report engine's SQL (docs/decisions/041-custom-reports.md). One builder turns a resolved
 * report query into one statement answering, per group key, column bucket and currency, the measure's
 * sum in minor units of that currency and the number of rows. Sums come from the spending rollups of
 * migrations 0008 and 0041 (spending_month / spending_day / payee_account_month) when the grouping and
 * filters allow it, and from `transaction` (per-user date index; tagged rows through their partial
 * index) when they do not.
 * Balances come from net_worth_daily, or the balance runs (balance_run) per account. The caller converts currencies.
 */

export const REPORT_FLOW_MEASURES = ['spending', 'income', 'net', 'count', 'average'] as const;
export type ReportFlowMeasure = (typeof REPORT_FLOW_MEASURES)[number];
export type ReportQueryInterval = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'none';
export type ReportQueryGrouping =
  'category' | 'detailed_category' | 'merchant' | 'account' | 'account_type' | 'tag' | 'none';

/** A flow report's query: the rows that count toward spending and income, within the range and filters. */
export type FlowReportQuery = {
  userId: string;
  measure: ReportFlowMeasure;
  groupBy: ReportQueryGrouping;
  interval: ReportQueryInterval;
  from: string;
  to: string;
  /** Shown category codes ('' = Uncategorized); omitted = all. */
  categories?: readonly string[];
  /** Account ids (account types already resolved to ids); omitted = all. */
  accountIds?: readonly string[];
  /** Rows carrying any of these tags; omitted = all. */
  tags?: readonly string[];
  /** Text in the name or merchant name, as Activity's search. */
  search?: string;
  /** Rows whose size (major units of their own currency) is within these bounds; not in the rollups. */
  amount?: AmountRange;
  /** Shown categories left out of every measure ('' = Uncategorized). */
  hiddenCategories: readonly string[];
};

/** A balance report's query: end-of-day balances of visible accounts on each date. */
export type BalanceReportQuery = {
  userId: string;
  groupBy: 'account' | 'account_type' | 'none';
  dates: readonly string[];
  accountIds?: readonly string[];
  accountTypes?: readonly string[];
};

/** One answer row: a group's measure in one currency and bucket (minor units), and its row count. */
export type ReportSumRow = {
  key: string;
  bucket: string;
  currency: string;
  amountMinor: number;
  count: number;
};

const SEARCH_TEXT = sql.raw("(lower(t.name) || ' ' || lower(coalesce(t.merchant_name, '')))");

function arrayElement(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}
const textArray = (values: readonly string[]) => sql`${`{${values.map(arrayElement).join(',')}}`}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${`{${values.map(arrayElement).join(',')}}`}::uuid[]`;
const dateArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::date[]`;
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Whether the rollups can answer: they hold category, currency, payee and account (account_month),
 * nothing else about a row. An account filter or grouping reads account_month, by whole months only.
 */
export function reportUsesRollups(query: FlowReportQuery): boolean {
  if (query.search || query.tags || query.amount) return false;
  if (reportUsesAccountRollup(query)) return true;
  return (
    !query.accountIds &&
    (query.groupBy === 'category' || query.groupBy === 'none' || query.groupBy === 'merchant')
  );
}

/** Whether account_month answers: an account filter or grouping, monthly or longer columns. */
function reportUsesAccountRollup(query: FlowReportQuery): boolean {
  if (query.search || query.tags || query.amount || query.interval === 'day' || query.interval === 'week')
    return false;
  const byAccount = query.groupBy === 'account' || query.groupBy === 'account_type';
  const groupable = byAccount || query.groupBy === 'category' || query.groupBy === 'none';
  return groupable && (byAccount || query.accountIds !== undefined);
}

/** The first day of the bucket holding `day` (a date expression), as SQL. */
function bucketSql(interval: ReportQueryInterval, day: SQL, from: string): SQL {
  switch (interval) {
    case 'day':
      return sql`${day}`;
    case 'none':
      return sql`${from}::date`;
    default:
      return sql`date_trunc(${sql.raw(`'${interval}'`)}, ${day})::date`;
  }
}

/**
 * The measure of sums of (category, inflow_minor, outflow_minor, n): spending is every category but
 * Income, netted, and of Uncategorized only the money out; income is Income netted and Uncategorized
 * money in; net (and average's numerator) every counted amount; count has no amount.
 */
function measureSql(measure: ReportFlowMeasure): { amount: SQL; where: SQL } {
  switch (measure) {
    case 'spending':
      return {
        amount: sql.raw(
          "case when category = '' then -outflow_minor else -(inflow_minor + outflow_minor) end",
        ),
        where: sql.raw("category <> 'INCOME'"),
      };
    case 'income':
      return {
        amount: sql.raw("case when category = '' then inflow_minor else inflow_minor + outflow_minor end"),
        where: sql.raw("category in ('INCOME', '')"),
      };
    case 'net':
    case 'average':
      return { amount: sql.raw('inflow_minor + outflow_minor'), where: sql.raw('true') };
    case 'count':
      return { amount: sql.raw('0'), where: sql.raw('true') };
  }
}

/** The rows a measure sums as a condition on `t`, so a row scan reads only those (and its n is theirs). */
function measureRowSql(measure: ReportFlowMeasure): SQL {
  switch (measure) {
    case 'spending':
      return sql`${SHOWN} <> 'INCOME' and (${SHOWN} <> '' or t.amount_minor < 0)`;
    case 'income':
      return sql`(${SHOWN} = 'INCOME' or (${SHOWN} = '' and t.amount_minor > 0))`;
    default:
      return sql`true`;
  }
}

/** Conditions on `t` shared by every row scan of the query. */
function rowConditions(query: FlowReportQuery, from: string, to: string): SQL {
  const parts: SQL[] = [
    sql`t.user_id = ${query.userId}`,
    sql`t.date >= ${from}::date`,
    sql`t.date <= ${to}::date`,
    COUNTS,
    measureRowSql(query.measure),
  ];
  if (query.hiddenCategories.length > 0)
    parts.push(sql`not (${SHOWN} = any(${textArray(query.hiddenCategories)}))`);
  if (query.categories) parts.push(sql`${SHOWN} = any(${textArray(query.categories)})`);
  if (query.accountIds) parts.push(sql`t.account_id = any(${uuidArray(query.accountIds)})`);
  if (query.tags) parts.push(sql`cardinality(t.tags) > 0 and t.tags && ${textArray(query.tags)}`);
  if (query.search)
    parts.push(
      sql`${SEARCH_TEXT} like lower(${`%${escapeLike(query.search)}%`})`,
      searchPieces(query.search, SEARCH_TEXT),
    );
  const amount = amountRangeSql(query.amount, sql.raw('t.amount_minor'), sql.raw('t.currency'));
  if (amount) parts.push(amount);
  return sql.join(parts, sql` and `);
}

/** Conditions on a rollup's `category` column: hidden categories and the categories filter. */
function rollupConditions(query: FlowReportQuery): SQL {
  const parts: SQL[] = [sql`user_id = ${query.userId}`];
  if (query.hiddenCategories.length > 0)
    parts.push(sql`not (category = any(${textArray(query.hiddenCategories)}))`);
  if (query.categories) parts.push(sql`category = any(${textArray(query.categories)})`);
  return sql.join(parts, sql` and `);
}

/** The group key of a row of `t` (tags are unnested by the caller). */
function rowKeySql(groupBy: ReportQueryGrouping): SQL {
  switch (groupBy) {
    case 'category':
      return SHOWN;
    case 'detailed_category':
      return sql.raw("coalesce(t.detailed_category, '')");
    case 'merchant':
      return PAYEE;
    case 'account':
      return sql.raw('t.account_id::text');
    case 'account_type':
      return sql.raw('(select a.type from financial_account a where a.id = t.account_id)');
    case 'tag':
      return sql.raw('tag');
    case 'none':
      return sql.raw("''");
  }
}

/** Row sums in the rollups' shape (key, bucket, category, currency, inflow_minor, outflow_minor, n). */
function rowSums(query: FlowReportQuery, from: string, to: string, sign = 1): SQL {
  const bucket = bucketSql(query.interval, sql.raw('t.date'), query.from);
  const signed = sign === 1 ? sql`` : sql`-`;
  return sql`
    select ${rowKeySql(query.groupBy)} as key, ${bucket} as bucket, ${SHOWN} as category, t.currency,
           ${signed}coalesce(sum(t.amount_minor) filter (where t.amount_minor > 0), 0) as inflow_minor,
           ${signed}coalesce(sum(t.amount_minor) filter (where t.amount_minor < 0), 0) as outflow_minor,
           ${signed}count(*) as n
    from "transaction" t
    where ${rowConditions(query, from, to)}
    group by 1, 2, 3, 4`;
}

/**
 * Tag groups: each tagged row once under every one of its tags (those of the tags filter, when there
 * is one). Without a tags filter the rows without a tag are the group '' (REPORT_NONE_KEY): taken from
 * the rollups minus the tagged rows when nothing else narrows the rows, so only tagged rows are read.
 */
function tagSums(query: FlowReportQuery): SQL[] {
  const keep = query.tags ? sql` where tag = any(${textArray(query.tags)})` : sql``;
  // The tagged rows are read once (TAGGED, see flowReportSql), then counted under each of their tags.
  const perTag = sql`
    select tag as key, bucket, category, currency, sum(inflow_minor) as inflow_minor,
           sum(outflow_minor) as outflow_minor, sum(n) as n
    from tagged cross join lateral unnest(tags) as tag${keep}
    group by 1, 2, 3, 4`;
  if (query.tags) return [perTag];
  const lessTagged = sql`
    select '' as key, bucket, category, currency, -inflow_minor, -outflow_minor, -n from tagged`;
  if (query.accountIds || query.search || query.amount) {
    return [perTag, rowSums({ ...query, groupBy: 'none' }, query.from, query.to), lessTagged];
  }
  return [perTag, ...rollupSums({ ...query, groupBy: 'none' }), lessTagged];
}

/** The tagged rows of a tag report, grouped by their tags, bucket, shown category and currency. */
function taggedSql(query: FlowReportQuery): SQL {
  const bucket = bucketSql(query.interval, sql.raw('t.date'), query.from);
  return sql`
    with tagged as materialized (
      select t.tags, ${bucket} as bucket, ${SHOWN} as category, t.currency,
             coalesce(sum(t.amount_minor) filter (where t.amount_minor > 0), 0) as inflow_minor,
             coalesce(sum(t.amount_minor) filter (where t.amount_minor < 0), 0) as outflow_minor,
             count(*) as n
      from "transaction" t
      where ${rowConditions(query, query.from, query.to)} and cardinality(t.tags) > 0
      group by 1, 2, 3, 4
    )`;
}

/**
 * Rollup sums for category, no grouping (spending_month for whole months, spending_day for the days of
 * partial months and for day and week columns) and merchant (payee_account_month for whole months, the
 * rows of the partial months' days).
 */
function rollupSums(query: FlowReportQuery): SQL[] {
  const where = rollupConditions(query);
  if (reportUsesAccountRollup(query)) return accountRollupSums(query, where);
  const daily = query.interval === 'day' || query.interval === 'week';
  const { months, edges } = daily
    ? { months: null, edges: [{ from: query.from, to: query.to }] }
    : splitIntoMonths({ from: query.from, to: query.to });
  const parts: SQL[] = [];
  if (query.groupBy === 'merchant') {
    if (months) {
      parts.push(sql`
        select payee as key, ${bucketSql(query.interval, sql.raw('month'), query.from)} as bucket, category, currency,
               inflow_minor, outflow_minor, n
        from payee_account_month
        where ${where} and month >= ${months.from}::date and month <= ${months.to}::date`);
    }
    for (const edge of edges) parts.push(...payeeEdgeSums(query, edge, where));
    return parts;
  }
  const key = query.groupBy === 'category' ? sql.raw('category') : sql.raw("''");
  if (months) {
    parts.push(sql`
      select ${key} as key, ${bucketSql(query.interval, sql.raw('month'), query.from)} as bucket, category, currency,
             inflow_minor, outflow_minor, n
      from spending_month
      where ${where} and month >= ${months.from}::date and month <= ${months.to}::date`);
  }
  for (const edge of edges) {
    parts.push(sql`
      select ${key} as key, ${bucketSql(query.interval, sql.raw('day'), query.from)} as bucket, category, currency,
             inflow_minor, outflow_minor, n
      from spending_day
      where ${where} and day >= ${edge.from}::date and day <= ${edge.to}::date`);
  }
  return parts;
}

/**
 * A merchant report's partial month (`edge`, within one month): its rows, unless no counted row of that
 * month lies outside it (spending_day says so, whatever the filters), when payee_account_month's month is
 * the same sum and far cheaper to read (a range ending today, with nothing dated later this month). The
 * two sources are gated on one uncorrelated condition, so PostgreSQL runs only one of them.
 */
function payeeEdgeSums(query: FlowReportQuery, edge: { from: string; to: string }, where: SQL): SQL[] {
  const month = `${edge.from.slice(0, 7)}-01`;
  if (edge.to.slice(0, 7) !== edge.from.slice(0, 7) || query.interval === 'day' || query.interval === 'week')
    return [rowSums(query, edge.from, edge.to)];
  const outside = sql`exists (
      select 1 from spending_day
      where user_id = ${query.userId} and day >= ${month}::date
        and day < (${month}::date + interval '1 month')::date
        and (day < ${edge.from}::date or day > ${edge.to}::date))`;
  return [
    sql`
      select payee as key, ${bucketSql(query.interval, sql.raw('month'), query.from)} as bucket, category, currency,
             inflow_minor, outflow_minor, n
      from payee_account_month
      where ${where} and month = ${month}::date and not ${outside}`,
    sql`select * from (${rowSums(query, edge.from, edge.to)}) edge where ${outside}`,
  ];
}

/**
 * Rollup sums by account (account_month for whole months, the rows of the partial months' days): account
 * and account type groupings, and category or no grouping narrowed to some accounts.
 */
function accountRollupSums(query: FlowReportQuery, where: SQL): SQL[] {
  const { months, edges } = splitIntoMonths({ from: query.from, to: query.to });
  const parts: SQL[] = [];
  if (months) {
    const key =
      query.groupBy === 'account'
        ? sql.raw('account_id::text')
        : query.groupBy === 'account_type'
          ? sql.raw('(select a.type from financial_account a where a.id = account_id)')
          : query.groupBy === 'category'
            ? sql.raw('category')
            : sql.raw("''");
    const accounts = query.accountIds ? sql` and account_id = any(${uuidArray(query.accountIds)})` : sql``;
    parts.push(sql`
      select ${key} as key, ${bucketSql(query.interval, sql.raw('month'), query.from)} as bucket, category, currency,
             inflow_minor, outflow_minor, n
      from account_month
      where ${where}${accounts} and month >= ${months.from}::date and month <= ${months.to}::date`);
  }
  for (const edge of edges) parts.push(rowSums(query, edge.from, edge.to));
  return parts;
}

/**
 * The statement of a flow report: the sources in the rollups' shape, then the measure per key, bucket and
 * currency. Spending and income read only their categories from the rollups, so their n counts every
 * counted row of those categories (Uncategorized rows both ways); count and average read every counted row.
 */
export function flowReportSql(query: FlowReportQuery): SQL {
  return sql`${query.groupBy === 'tag' ? taggedSql(query) : sql``}
    ${flowCellsSql(query)}
    order by 1, 2, 3`;
}

/** The measure per key, bucket and currency (and its row count) of a flow report, unordered. */
function flowCellsSql(query: FlowReportQuery): SQL {
  const parts =
    query.groupBy === 'tag'
      ? tagSums(query)
      : reportUsesRollups(query)
        ? rollupSums(query)
        : [rowSums(query, query.from, query.to)];
  const { amount, where } = measureSql(query.measure);
  return sql`
    select key, bucket::text as bucket, currency, sum(${amount}) as amount, sum(n) as n
    from (${sql.join(parts, sql` union all `)}) s
    where ${where}
    group by key, s.bucket, currency
    having sum(n) <> 0 or sum(${amount}) <> 0`;
}

/**
 * The exact factor converting a currency into the reporting one (FxTable.minorFactor): an amount
 * converts to `amount × num / den`, rounded half away from zero.
 */
export type ReportRate = { currency: string; num: bigint; den: bigint };

/** How a ranked flow report keeps its largest groups: how many, and the rates that rank money. */
export type ReportRanking = { limit: number; rates: readonly ReportRate[] };

/** A ranked flow report: the cells of the groups kept, and the others summed per bucket and currency. */
export type RankedReportSums = {
  /**
   * Ordered by key, bucket and currency: every cell of the groups kept (`other` false), and per bucket
   * and currency the sum of the groups left out (`other` true), whose `key` is the first of them, so a
   * caller sharing a converted sum out over the keys in this order places it where its first part was.
   */
  rows: (ReportSumRow & { other: boolean })[];
  /** How many groups were left out. */
  omitted: number;
};

const numericArray = (values: readonly bigint[]) => sql`${`{${values.join(',')}}`}::numeric[]`;
/** `value × num / den` rounded half away from zero, exactly (numeric, den > 0). */
const convertedSql = (value: SQL, num: SQL, den: SQL) =>
  sql`(sign(${value} * ${num}) * div(2 * abs(${value} * ${num}) + ${den}, 2 * ${den}))`;

/**
 * The statement of a ranked flow report: the cells as flowReportSql's, then the groups ranked by their
 * converted total over the whole range, and only the first `limit` groups' cells returned, with the
 * others summed per bucket and currency. The ranking is the server's one rule, done in SQL exactly: per
 * currency the sum of every group is converted once (half away from zero) and shared out over the groups
 * by their native sums, largest remainder first, ties to the earlier key (splitMinor); a currency whose
 * sum is 0 converts each group on its own; a currency without a rate adds nothing. Groups rank by the
 * magnitude of their shares' sum (count: of their rows), ties by key in code-point order.
 */
export function rankedFlowReportSql(query: FlowReportQuery, ranking: ReportRanking): SQL {
  if (query.groupBy === 'tag') throw new Error('tag groups overlap and cannot be ranked in one statement');
  // A currency converted at 1 (the reporting one) shares its sum out as its groups' own sums: only the
  // others go through the exact sharing, and a report in one currency needs none of it.
  const plain = ranking.rates.filter((rate) => rate.num === rate.den).map((rate) => rate.currency);
  const converted = ranking.rates.filter((rate) => rate.num !== rate.den);
  const magnitude =
    query.measure === 'count'
      ? sql.raw('abs(k.n)')
      : converted.length > 0
        ? sql.raw('abs(k.plain + coalesce(s.amount, 0))')
        : sql.raw('abs(k.plain)');
  const exact = sql.raw('(c.total * p.native * sign(c.whole))');
  const floorShare = sql`case when ${exact} < 0 and mod(${exact}, abs(c.whole)) <> 0
             then div(${exact}, abs(c.whole)) - 1 else div(${exact}, abs(c.whole)) end`;
  const sharing = sql`
    rates as (
      select * from unnest(${textArray(converted.map((rate) => rate.currency))},
        ${numericArray(converted.map((rate) => rate.num))},
        ${numericArray(converted.map((rate) => rate.den))}) as r(currency, num, den)
    ),
    per_key as (
      select key, currency, sum(amount) as native from cells
      where currency = any(${textArray(converted.map((rate) => rate.currency))})
      group by 1, 2
    ),
    per_currency as (
      select p.currency, sum(p.native) as whole, r.num, r.den
      from per_key p join rates r on r.currency = p.currency
      group by p.currency, r.num, r.den
    ),
    converted as (
      select currency, whole, num, den, ${convertedSql(sql.raw('whole'), sql.raw('num'), sql.raw('den'))} as total
      from per_currency
    ),
    floors as (
      select p.key, p.currency, c.whole, c.total,
             case when c.whole = 0
               then ${convertedSql(sql.raw('p.native'), sql.raw('c.num'), sql.raw('c.den'))}
               else ${floorShare} end as share,
             case when c.whole = 0 then 0
               else ${exact} - (${floorShare}) * abs(c.whole) end as remainder
      from per_key p join converted c on c.currency = p.currency
    ),
    shares as (
      select key, share + case
               when whole <> 0 and row_number() over (partition by currency order by remainder desc, key)
                 <= total - sum(share) over (partition by currency) then 1 else 0 end as share
      from floors
    ),`;
  const sharesJoin =
    converted.length > 0
      ? sql`left join (select key, sum(share) as amount from shares group by key) s on s.key = k.key`
      : sql``;
  return sql`
    with cells as materialized (${flowCellsSql(query)}),
    ${converted.length > 0 ? sharing : sql``}
    ranked as (
      select k.key, row_number() over (order by ${magnitude} desc, k.key collate "C") as rank
      from (
        select key, sum(n) as n,
               coalesce(sum(amount) filter (where currency = any(${textArray(plain)})), 0) as plain
        from cells group by key
      ) k
      ${sharesJoin}
    )
    select c.key, c.bucket, c.currency, c.amount, c.n, false as other, 0 as omitted
    from cells c join ranked r on r.key = c.key
    where r.rank <= ${ranking.limit}
    union all
    select min(c.key), c.bucket, c.currency, sum(c.amount), sum(c.n), true,
           (select count(*) from ranked where rank > ${ranking.limit})
    from cells c join ranked r on r.key = c.key
    where r.rank > ${ranking.limit}
    group by c.bucket, c.currency
    order by 1, 2, 3, 6`;
}

/** The statement of a balance report: the balances on each date, per key and currency. */
export function balanceReportSql(query: BalanceReportQuery): SQL {
  if (!query.accountIds && query.groupBy !== 'account') {
    const key = query.groupBy === 'account_type' ? sql.raw('account_type') : sql.raw("''");
    const types = query.accountTypes ? sql` and account_type = any(${textArray(query.accountTypes)})` : sql``;
    return sql`
      select ${key} as key, date::text as bucket, currency, sum(balance_minor) as amount, sum(account_count) as n
      from net_worth_daily
      where user_id = ${query.userId} and date = any(${dateArray(query.dates)})${types}
      group by 1, 2, 3
      order by 1, 2, 3`;
  }
  const key =
    query.groupBy === 'account'
      ? sql.raw('a.id::text')
      : query.groupBy === 'account_type'
        ? sql.raw('a.type')
        : sql.raw("''");
  const accounts = query.accountIds ? sql` and a.id = any(${uuidArray(query.accountIds)})` : sql``;
  const types = query.accountTypes ? sql` and a.type = any(${textArray(query.accountTypes)})` : sql``;
  return sql`
    select ${key} as key, d.day::text as bucket, b.currency, sum(b.balance_minor) as amount, count(*) as n
    from financial_account a
    cross join unnest(${dateArray(query.dates)}) as d(day)
    -- Per account (the user's) and date, the run holding that day: the last one starting by then, if it
    -- reaches it; one index-only probe of the primary key, which carries the run's other columns.
    cross join lateral (
      select r.currency, r.balance_minor, r.to_date from balance_run r
      where r.account_id = a.id and r.from_date <= d.day
      order by r.from_date desc limit 1
    ) b
    where a.user_id = ${query.userId} and not a.hidden and b.to_date >= d.day${accounts}${types}
    group by 1, 2, 3
    order by 1, 2, 3`;
}

function safe(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return number;
}

/**
 * Runs a report statement with JIT compilation off: the planner's estimates for the tagged rows' partial
 * index (and for long ranges of rows) pass jit_above_cost, and compiling then took 330 ms of a 480 ms
 * tag report that reads 25,000 rows; none of these statements runs long enough to gain from it.
 */
async function run(
  db: ReportDatabase,
  statement: SQL,
  options: { hashTaggedRows?: boolean } = {},
): Promise<ReportSumRow[]> {
  type Row = { key: string; bucket: string; currency: string; amount: string; n: string };
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    // The same over-estimate (333,114 tagged rows for 25,000) makes the planner sort the tagged rows of
    // a tag report to group them, in parallel workers merged back in order, rather than hash them,
    // which 4 MB would not hold at that estimate: 16 MB lets it hash the rows it actually reads
    // (≈ 45 ms instead of ≈ 90 ms of SQL for tag × quarter over ten years at 1,000,000 rows).
    if (options.hashTaggedRows) await tx.execute(sql`set local work_mem = '16MB'`);
    return tx.execute<Row>(statement);
  });
  return result.rows.map((row) => ({
    key: row.key,
    bucket: row.bucket,
    currency: row.currency,
    amountMinor: safe(row.amount),
    count: safe(row.n),
  }));
}

/** A flow report's sums per key, bucket and currency. */
export function flowReportSums(db: ReportDatabase, query: FlowReportQuery): Promise<ReportSumRow[]> {
  return run(db, flowReportSql(query), { hashTaggedRows: query.groupBy === 'tag' });
}

/**
 * A flow report's sums for its `limit` largest groups, ranked in the statement (rankedFlowReportSql),
 * and the rest summed per bucket and currency.
 */
export async function rankedFlowReportSums(
  db: ReportDatabase,
  query: FlowReportQuery,
  ranking: ReportRanking,
): Promise<RankedReportSums> {
  type Row = {
    key: string;
    bucket: string;
    currency: string;
    amount: string;
    n: string;
    other: boolean;
    omitted: string | number;
  };
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute<Row>(rankedFlowReportSql(query, ranking));
  });
  const answer: RankedReportSums = { rows: [], omitted: 0 };
  for (const row of result.rows) {
    answer.rows.push({
      key: row.key,
      bucket: row.bucket,
      currency: row.currency,
      amountMinor: safe(row.amount),
      count: safe(row.n),
      other: row.other,
    });
    if (row.other) answer.omitted = safe(row.omitted);
  }
  return answer;
}

/**
 * The currencies of the rows counted toward spending and income in the months from `from` to `to`
 * (from spending_month, whatever the filters): a superset of a flow report's currencies, known before
 * its statement runs.
 */
export async function reportCurrencies(
  db: ReportDatabase,
  query: { userId: string; from: string; to: string },
): Promise<string[]> {
  const result = await db.transaction((tx) =>
    tx.execute<{ currency: string }>(sql`
      select distinct currency from spending_month
      where user_id = ${query.userId} and month >= date_trunc('month', ${query.from}::date)::date
        and month <= ${query.to}::date
      order by 1`),
  );
  return result.rows.map((row) => row.currency);
}

/** A balance report's balances per key, date and currency. */
export function balanceReportSums(db: ReportDatabase, query: BalanceReportQuery): Promise<ReportSumRow[]> {
  if (query.dates.length === 0) return Promise.resolve([]);
  return run(db, balanceReportSql(query));
}
