import { and, asc, eq, min, not, sql } from 'drizzle-orm';
import {
  connection,
  financialAccount,
  institution,
  netWorthDaily,
  netWorthDailyVersion,
} from '../schema/index';
import type { Executor } from './sync';

/**
 * Reads behind the dashboard and the net-worth history (docs/analytics-api.md). Hidden accounts are left
 * out here, once, so no caller can count them by mistake.
 */

export type VisibleAccountRow = {
  id: string;
  name: string;
  type: string;
  status: string;
  currency: string;
  balanceMinor: number;
  institution: string | null;
};

/** The user's visible (not hidden) accounts with their current balance and institution name. */
export function visibleAccountsForDashboard(db: Executor, userId: string): Promise<VisibleAccountRow[]> {
  return db
    .select({
      id: financialAccount.id,
      name: financialAccount.name,
      type: financialAccount.type,
      status: financialAccount.status,
      currency: financialAccount.currency,
      balanceMinor: financialAccount.currentBalanceMinor,
      institution: institution.name,
    })
    .from(financialAccount)
    .leftJoin(connection, eq(connection.id, financialAccount.connectionId))
    .leftJoin(institution, eq(institution.id, connection.institutionId))
    .where(and(eq(financialAccount.userId, userId), not(financialAccount.hidden)))
    .orderBy(asc(financialAccount.type), asc(financialAccount.name), asc(financialAccount.id));
}

export type NetWorthDailyRow = {
  date: string;
  accountType: string;
  currency: string;
  balanceMinor: number;
  accountCount: number;
};

/**
 * The rollup rows of `from`..`to` (inclusive), by date: one index-only range scan of the primary key. Read
 * as plain rows (text dates, float8 balances: exact below 2^53) because a ten-year range is ~15,000 rows
 * and per-row mapping would cost more than the scan.
 */
export async function netWorthDailyRange(
  db: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<NetWorthDailyRow[]> {
  const result = await db.execute<NetWorthDailyRow>(sql`
    select date::text as date, account_type as "accountType", currency,
           balance_minor::float8 as "balanceMinor", account_count as "accountCount"
    from net_worth_daily
    where user_id = ${userId} and date between ${from}::date and ${to}::date
    order by date, account_type, currency`);
  return result.rows;
}

/** The first day of the user's net-worth history (first snapshot of a visible account), or null. */
export async function firstNetWorthDate(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ first: min(netWorthDaily.date) })
    .from(netWorthDaily)
    .where(eq(netWorthDaily.userId, userId));
  return row?.first ?? null;
}

/**
 * Re-aggregates all of one user's rollup rows from their snapshots (repair, or after a bulk load that
 * bypassed the triggers). The triggers keep it exact otherwise.
 */
export async function rebuildNetWorthDaily(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select net_worth_daily_rebuild(${userId})`);
}

/** Per account of the user (hidden ones included): the date of its newest snapshot, or null. */
export async function newestSnapshotDates(
  db: Executor,
  userId: string,
): Promise<{ accountId: string; newest: string | null }[]> {
  // One backward primary-key probe (account_id, from_date) per account: the last run holds the newest day.
  const result = await db.execute<{ accountId: string; newest: string | null }>(sql`
    select a.id as "accountId",
           (select r.to_date from balance_run r where r.account_id = a.id order by r.from_date desc limit 1)::text as newest
    from financial_account a
    where a.user_id = ${userId}
    order by a.id`);
  return result.rows;
}

/** One day and currency of the history, summed per asset class (integer minor units of `currency`). */
export type NetWorthDayRow = {
  date: string;
  currency: string;
  accountCount: number;
  cash: number;
  investment: number;
  crypto: number;
  realEstate: number;
  other: number;
  liability: number;
};

/**
 * The rollup of `from`..`to` summed per day, currency and asset class in the database (`classOf` maps each
 * account type to its class; a type it does not list counts as 'other'), by date. A ten-year history is
 * then ~3,650 rows per currency instead of one per account type, which is what keeps GET /portfolio?range=ALL
 * within its budget.
 */
export async function netWorthDailyByClass(
  db: Executor,
  userId: string,
  from: string,
  to: string,
  classOf: Readonly<Record<string, string>>,
): Promise<NetWorthDayRow[]> {
  const types = Object.keys(classOf);
  if ([...types, ...Object.values(classOf)].some((name) => !/^[a-z_]+$/.test(name)))
    throw new RangeError('Account types and classes are lower-case words');
  const result = await db.execute<NetWorthDayRow>(sql`
    with m as (
      select * from unnest(${`{${types.join(',')}}`}::text[],
                           ${`{${types.map((type) => classOf[type]).join(',')}}`}::text[]) as m(type, class)
    )
    select n.date::text as date, n.currency, sum(n.account_count)::int as "accountCount",
      coalesce(sum(n.balance_minor) filter (where m.class = 'cash'), 0)::float8 as cash,
      coalesce(sum(n.balance_minor) filter (where m.class = 'investment'), 0)::float8 as investment,
      coalesce(sum(n.balance_minor) filter (where m.class = 'crypto'), 0)::float8 as crypto,
      coalesce(sum(n.balance_minor) filter (where m.class = 'real_estate'), 0)::float8 as "realEstate",
      coalesce(sum(n.balance_minor) filter (where m.class is null or m.class = 'other'), 0)::float8 as other,
      coalesce(sum(n.balance_minor) filter (where m.class = 'liability'), 0)::float8 as liability
    from net_worth_daily n
    left join m on m.type = n.account_type
    where n.user_id = ${userId} and n.date between ${from}::date and ${to}::date
    group by n.date, n.currency
    order by n.date, n.currency`);
  return result.rows;
}

/**
 * The user's rollup version: it changes in the same transaction as any change to their net_worth_daily
 * rows (0 before the first). Read it before the rows a cache keeps, so rows newer than it are refetched.
 */
export async function netWorthVersion(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: netWorthDailyVersion.version })
    .from(netWorthDailyVersion)
    .where(eq(netWorthDailyVersion.userId, userId));
  return row?.version ?? 0;
}
