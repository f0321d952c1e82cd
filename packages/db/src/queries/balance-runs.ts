import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './sync';

/**
 * Writes one account's end-of-day balances for the days `days` yields (columns date, balance_minor and
 * currency, at most one row per day; `ctes` are WITH items it may read): each of those days takes the
 * given balance, every other day keeps its own. The days are stored as runs (balance_run, migration
 * 0043), and only runs are handled here, never the days of runs: the written days cut into runs, the
 * parts of the runs touching or beside them that lie on days not written, the two merged where they meet
 * with one balance and currency. Runs that come out as they were are left alone; a run that keeps its
 * first day, balance and currency and only moves its last day is updated (the rollup's trigger then
 * counts only the days between its two ends); every other changed run is deleted and its replacement
 * inserted.
 *
 * First takes a lock on the account until the end of the transaction (the caller's, or one of its own
 * outside a transaction), so two writers of one account never both read its runs before either writes;
 * the statement after the lock sees what the other committed.
 */
export async function writeBalanceDays(
  db: Executor,
  scope: { userId: string; accountId: string },
  ctes: SQL,
  days: SQL,
): Promise<void> {
  const write = async (tx: Executor) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`balance-run:${scope.accountId}`}))`);
    await tx.execute(writeStatement(scope, ctes, days));
  };
  // Inside the caller's transaction the lock already lasts until its end.
  if (db instanceof PgTransaction) await write(db);
  else await db.transaction(write);
}

function writeStatement(scope: { userId: string; accountId: string }, ctes: SQL, days: SQL): SQL {
  return sql`
    with ${ctes},
    -- Materialized: its balances may be costly expressions (holdings valued per day), computed once here
    -- rather than again wherever the cutting into runs names them.
    written as materialized (
      select date::date as date, balance_minor::bigint as balance_minor, currency::text as currency from (${days}) d
    ),
    written_runs as (${runsOf(sql`written`, sql`date`, sql`date`)}),
    -- The stretches of days not written: before the first written day, between, and after the last.
    unwritten as (
      select coalesce(lag(to_date) over (order by from_date) + 1, '-infinity'::date) as from_date,
        from_date - 1 as to_date
      from written_runs
      union all
      select max(to_date) + 1, 'infinity'::date from written_runs
    ),
    bounds as (select min(from_date) - 1 as lo, max(to_date) + 1 as hi from written_runs),
    existing as (
      select r.* from balance_run r, bounds
      where r.account_id = ${scope.accountId} and r.from_date <= bounds.hi and r.to_date >= bounds.lo
    ),
    -- What the existing runs keep: their parts on days not written.
    kept as (
      select greatest(e.from_date, g.from_date) as from_date, least(e.to_date, g.to_date) as to_date,
        e.balance_minor, e.currency
      from existing e join unwritten g on g.from_date <= e.to_date and g.to_date >= e.from_date
      where g.from_date <= g.to_date
    ),
    pieces as (select * from written_runs union all select * from kept),
    runs as (${runsOf(sql`pieces`, sql`from_date`, sql`to_date`)}),
    -- A run that keeps its first day, balance and currency and only moves its last day is updated, so the
    -- rollup's trigger sees only the days between its two ends (extending a ten-year run by a day).
    moved as (
      update balance_run r set to_date = n.to_date
      from existing e join runs n on n.from_date = e.from_date and n.balance_minor = e.balance_minor
        and n.currency = e.currency and n.to_date <> e.to_date
      where r.account_id = e.account_id and r.from_date = e.from_date
      returning 1
    ),
    removed as (
      delete from balance_run r using existing e
      where r.account_id = e.account_id and r.from_date = e.from_date
        and not exists (select 1 from runs n where n.from_date = e.from_date
          and n.balance_minor = e.balance_minor and n.currency = e.currency)
      returning 1
    )
    -- The count reads every deleted row before the first insert, so a new run starting on a removed
    -- run's first day does not meet its old row in the primary key.
    insert into balance_run (account_id, from_date, to_date, balance_minor, user_id, currency)
    select ${scope.accountId}, n.from_date, n.to_date, n.balance_minor, ${scope.userId}, n.currency
    from runs n
    where (select count(*) from removed) >= 0
      and not exists (select 1 from existing e where e.from_date = n.from_date
        and e.balance_minor = n.balance_minor and e.currency = n.currency)`;
}

/**
 * The rows of `source` (columns balance_minor, currency and a first and last day) cut into runs: a row
 * starts a run unless the one before it ends the day before and has the same balance and currency. With
 * `account`, each account's rows (columns account_id and user_id) are cut on their own.
 */
function runsOf(source: SQL, first: SQL, last: SQL, account = false): SQL {
  const partition = account ? sql`partition by account_id ` : sql``;
  const keys = account ? sql`account_id, user_id, ` : sql``;
  return sql`
    select ${keys}min(${first}) as from_date, max(${last}) as to_date, balance_minor, currency
    from (
      select *, sum(starts) over (${partition}order by ${first}) as run
      from (
        select *,
          case when lag(${last}) over w = ${first} - 1 and lag(balance_minor) over w = balance_minor
            and lag(currency) over w = currency then 0 else 1 end as starts
        from ${source} window w as (${partition}order by ${first})
      ) marked
    ) numbered
    group by ${keys}run, balance_minor, currency`;
}

export type BalanceDay = {
  userId: string;
  accountId: string;
  date: string;
  balanceMinor: number;
  currency: string;
};

/**
 * Adds days that no run covers yet (a restore into new accounts): consecutive days of an account with one
 * balance and currency become one run, in one statement per call.
 */
export async function insertBalanceDays(db: Executor, days: readonly BalanceDay[]): Promise<void> {
  if (days.length === 0) return;
  const given = sql`unnest(${sql.param(days.map((day) => day.accountId))}::uuid[],
    ${sql.param(days.map((day) => day.date))}::date[],
    ${sql.param(days.map((day) => day.balanceMinor))}::bigint[],
    ${sql.param(days.map((day) => day.userId))}::text[],
    ${sql.param(days.map((day) => day.currency))}::text[]) as d(account_id, date, balance_minor, user_id, currency)`;
  await db.execute(sql`
    insert into balance_run (account_id, user_id, from_date, to_date, balance_minor, currency)
    ${runsOf(given, sql`date`, sql`date`, true)}`);
}
