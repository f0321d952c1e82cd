import { sql } from 'drizzle-orm';
import type { Executor } from './sync';

/** What investment performance reads (apps/server use-cases/holdings/performance.ts, docs/domain.md). */

export type PerformanceAccountRow = {
  id: string;
  name: string;
  type: string;
  currency: string;
  holdingCount: number;
  /** The account's first daily balance, or null when it has none. */
  firstDate: string | null;
};

/** The user's visible accounts of `types`, with how many holdings each has and where its history starts. */
export async function performanceAccounts(
  db: Executor,
  userId: string,
  types: readonly string[],
): Promise<PerformanceAccountRow[]> {
  if (types.length === 0) return [];
  const result = await db.execute<{
    id: string;
    name: string;
    type: string;
    currency: string;
    holding_count: number;
    first_date: string | null;
  }>(sql`
    select a.id, a.name, a.type, a.currency,
      (select count(*)::int from holding h where h.user_id = a.user_id and h.account_id = a.id) as holding_count,
      (select min(s.from_date)::text from balance_run s where s.account_id = a.id and s.user_id = a.user_id) as first_date
    from financial_account a
    where a.user_id = ${userId} and not a.hidden
      and a.type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )})
    order by a.name, a.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    currency: row.currency,
    holdingCount: Number(row.holding_count),
    firstDate: row.first_date,
  }));
}

/** End-of-day balances of one account from `from` to `to` (balance_snapshot, the figures net worth adds up). */
export async function accountDailyBalances(
  db: Executor,
  scope: { userId: string; accountId: string },
  from: string,
  to: string,
): Promise<{ date: string; balanceMinor: number; currency: string }[]> {
  const result = await db.execute<{ date: string; balance_minor: string | number; currency: string }>(sql`
    select (r.from_date + i)::text as date, r.balance_minor, r.currency
    from balance_run r
    cross join lateral generate_series(
      greatest(r.from_date, ${from}::date) - r.from_date, least(r.to_date, ${to}::date) - r.from_date) as i
    where r.user_id = ${scope.userId} and r.account_id = ${scope.accountId}
      and r.from_date <= ${to}::date and r.to_date >= ${from}::date
    order by r.from_date + i`);
  return result.rows.map((row) => ({
    date: row.date,
    balanceMinor: Number(row.balance_minor),
    currency: row.currency,
  }));
}

/** Posted transactions of one account from `from` to `to`, with their detailed category code. */
export async function accountPostedTransactions(
  db: Executor,
  scope: { userId: string; accountId: string },
  from: string,
  to: string,
): Promise<{ date: string; amountMinor: number; currency: string; detailedCategory: string | null }[]> {
  const result = await db.execute<{
    date: string;
    amount_minor: string | number;
    currency: string;
    detailed_category: string | null;
  }>(sql`
    select date::text, amount_minor, currency, detailed_category from "transaction"
    where user_id = ${scope.userId} and account_id = ${scope.accountId} and status = 'posted'
      and date between ${from}::date and ${to}::date
    order by date`);
  return result.rows.map((row) => ({
    date: row.date,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    detailedCategory: row.detailed_category,
  }));
}
