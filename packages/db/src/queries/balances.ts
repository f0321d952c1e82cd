import {
  type AccountType,
  assetClassOf,
  currencyExponent,
  INVESTMENT_TRADE_CODES,
  isAccountType,
} from '@lodestar/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { balanceSnapshot, balanceUpdate, financialAccount, holding } from '../schema/index';
import { writeBalanceDays } from './balance-runs';
import { accountsHolding } from './holdings';
import { MANUAL_SECURITY_PROVIDER } from './manual-holdings-constants';
import type { Executor } from './sync';

/**
 * Daily end-of-day balances of one account from `from` to `today`, recomputed in one statement and only
 * from the earliest changed date (older snapshots stay). Every balance the user entered for the account
 * (manual and file accounts; the newest entry of a day wins) stays true on its day: a day after an
 * entered balance follows from the latest one before it, a day before the first one is worked back from
 * it — balance(d) = anchor + Σ(tx ≤ d) − Σ(tx ≤ anchorDate). With no entered balance the anchor is the
 * provider's current balance on the day it was reported.
 *
 * The sums only need the transactions from the base day on — the latest anchor on or before `from`, or
 * `from` itself when there is none — since Σ(tx < base) is in both terms and cancels: a sync that
 * touched the last month reads that month (through the account and date index), not years of history.
 * Days whose balance did not change are not written again.
 *
 * An investment account with holdings (a brokerage; docs/domain.md "Brokerage accounts") is valued day
 * by day: balance(d) = cash(d) + Σ quantity × the security's last close on or before d (the holding's own
 * price when it has none). Past quantities are not known, so today's are used on every day of the
 * account's history; trades therefore do not move its cash (the units they bought are counted as held
 * all along), and an anchor's cash is the anchor less the holdings valued on the anchor's day.
 */
export async function recomputeBalanceSnapshots(
  db: Executor,
  scope: { userId: string; accountId: string; from: string; today: string },
): Promise<void> {
  const [account] = await db
    .select({
      balance: financialAccount.currentBalanceMinor,
      asOf: financialAccount.balanceAsOf,
      createdAt: financialAccount.createdAt,
      currency: financialAccount.currency,
      type: financialAccount.type,
      connectionId: financialAccount.connectionId,
    })
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, scope.userId), eq(financialAccount.id, scope.accountId)))
    .limit(1);
  if (!account) return;
  const fallbackDate = (account.asOf ?? account.createdAt).toISOString().slice(0, 10);
  const valued = isAccountType(account.type) && (await valuedByHoldings(db, scope, account.type));
  /** The account's holdings valued on `day` (an SQL date), in minor units; 0 unless valued by holdings. */
  const holdingsOn = (day: SQL) => (valued ? holdingsValueSql(scope, account.currency, day) : sql`0`);
  // On a manual account with holdings added by hand, an entered balance is the account's cash (docs/domain.md
  // "Manual holdings"): new closes move its value, never its cash. Elsewhere an anchor is the whole balance.
  const anchorsAreCash =
    valued && account.connectionId === null && (await hasManualHoldings(db, scope.userId, scope.accountId));
  const anchorHoldings = (day: SQL) => (anchorsAreCash ? sql`0` : holdingsOn(day));
  const notTrade = valued
    ? sql`and upper(coalesce(detailed_category, '')) not in (${sql.join(
        INVESTMENT_TRADE_CODES.map((code) => sql`${code}`),
        sql`, `,
      )})`
    : sql``;
  await writeBalanceDays(
    db,
    scope,
    sql`
    entered as (
      select distinct on (date) date, balance_minor
      from balance_update
      where user_id = ${scope.userId} and account_id = ${scope.accountId}
      order by date, created_at desc
    ),
    anchors as (
      select date, balance_minor from entered
      union all
      select ${fallbackDate}::date, ${account.balance}::bigint where not exists (select 1 from entered)
    ),
    base as (
      select coalesce(max(date), ${scope.from}::date) as date from anchors where date <= ${scope.from}::date
    ),
    posted as (
      select date, sum(amount_minor)::bigint as amount
      from "transaction"
      where user_id = ${scope.userId} and account_id = ${scope.accountId} and status = 'posted'
        and date >= (select date from base) ${notTrade}
      group by date
    ),
    -- Each anchor from the base on with Σ(base ≤ tx ≤ its date), so a day needs only its own running total.
    anchored as (
      select anchors.date, anchors.balance_minor - ${anchorHoldings(sql`anchors.date`)}
        - coalesce((select sum(amount) from posted where posted.date <= anchors.date), 0) as offset_minor
      from anchors
      where anchors.date >= (select date from base)
    ),
    days as (
      select generate_series(${scope.from}::date, ${scope.today}::date, interval '1 day')::date as date
    ),
    running as (
      select days.date,
        coalesce((select sum(amount) from posted where date < ${scope.from}::date), 0)
          + coalesce(sum(posted.amount) over (order by days.date), 0) as total
      from days left join posted on posted.date = days.date
    ),
    balances as (
      select running.date,
        running.total + ${holdingsOn(sql`running.date`)} + coalesce(
          (select offset_minor from anchored where anchored.date <= running.date order by anchored.date desc limit 1),
          (select offset_minor from anchored order by anchored.date limit 1)
        ) as balance_minor,
        ${account.currency} as currency
      from running
    )`,
    sql`select date, balance_minor, currency from balances`,
  );
}

/**
 * After new or changed closes (security id → the oldest day whose close is new or changed, as
 * upsertSecurityPrices answers): the daily balances of each account holding one of those securities,
 * from that day on and inside the history it already has (a close never extends an account's history
 * back). Answers how many accounts were valued again; `except` is left out (its caller values it).
 */
export async function revalueHoldersOf(
  db: Executor,
  changedFrom: ReadonlyMap<string, string>,
  today: string,
  except?: { accountId: string },
): Promise<number> {
  let revalued = 0;
  for (const account of await accountsHolding(db, [...changedFrom.keys()])) {
    if (account.first === null || account.last === null) continue;
    if (account.accountId === except?.accountId) continue;
    const from = account.securityIds
      .map((id) => changedFrom.get(id))
      .reduce<string>((min, date) => (date && date < min ? date : min), account.last);
    await recomputeBalanceSnapshots(db, {
      userId: account.userId,
      accountId: account.accountId,
      from: from < account.first ? account.first : from,
      today: account.last > today ? account.last : today,
    });
    revalued += 1;
  }
  return revalued;
}

/**
 * An account's holdings valued on `day` (an SQL date) in minor units of `currency`: Σ over its holdings of
 * quantity × the security's last close on or before the day (the own price when it has none), each
 * holding rounded on its own as Assets rounds each line, so its lines add up to the account's figure. A holding
 * added by hand (a security of provider 'manual') counts lot by lot from each lot's day, lots without a
 * close at their own buy prices (ADR 077; every manual holding has lots). Every other holding's quantity
 * counts on every day (ADR 065); from its own price's day on, only a close of that day or later replaces
 * its price, as Assets prices it (ADR 085).
 */
function holdingsValueSql(scope: { userId: string; accountId: string }, currency: string, day: SQL) {
  return holdingsValueOfSql(
    { userId: scope.userId, accountId: sql`${scope.accountId}` },
    sql`${currencyExponent(currency)}`,
    day,
  );
}

/** holdingsValueSql with the account and its currency's exponent as SQL (a column of an outer query). */
function holdingsValueOfSql(scope: { userId: string; accountId: SQL }, exponent: SQL, day: SQL) {
  return sql`coalesce((select sum(round(coalesce(v.units * (select sp.close from security_price sp
        where sp.security_id = v.security_id and sp.date <= ${day}
          and (v.as_of is null or sp.date >= v.as_of or ${day} < v.as_of)
        order by sp.date desc limit 1),
      v.cost) * power(10::numeric, ${exponent})))
    from (
      select h.security_id, h.quantity as units, h.quantity * h.price as cost, h.as_of
      from holding h where h.user_id = ${scope.userId} and h.account_id = ${scope.accountId}
        and not exists (select 1 from security s
          where s.id = h.security_id and s.provider = ${MANUAL_SECURITY_PROVIDER})
      union all
      select h.security_id, sum(l.quantity), sum(l.quantity * l.price), null::date
      from holding_lot l join holding h on h.id = l.holding_id
      where l.user_id = ${scope.userId} and h.user_id = ${scope.userId} and h.account_id = ${scope.accountId}
        and l.date <= ${day}
      group by h.id, h.security_id
    ) v), 0)::bigint`;
}

/**
 * The account's holdings valued on each of `dates` (minor units of its currency), the same figure its
 * daily balances add to cash: manual holdings keep an account's cash when they change by moving each
 * entered balance by the change in this value on its day.
 */
export async function holdingsValueOn(
  db: Executor,
  scope: { userId: string; accountId: string; currency: string },
  dates: readonly string[],
): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  const days = [...new Set(dates)];
  if (days.length === 0) return values;
  const result = await db.execute<{ day: string; value: string | number }>(sql`
    select d.day::text as day, ${holdingsValueSql(scope, scope.currency, sql`d.day`)} as value
    from unnest(${sql.param(days)}::date[]) as d(day)`);
  for (const row of result.rows) values.set(row.day, Number(row.value));
  return values;
}

/**
 * Each of `accounts`' holdings valued on `day` (minor units of the account's currency) in one statement:
 * the figure holdingsValueOn gives for one account, for all of them at once.
 */
export async function holdingsValueOfAccounts(
  db: Executor,
  userId: string,
  accounts: readonly { id: string; currency: string }[],
  day: string,
): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  if (accounts.length === 0) return values;
  const result = await db.execute<{ id: string; value: string | number }>(sql`
    select a.id, ${holdingsValueOfSql({ userId, accountId: sql`a.id` }, sql`a.exponent`, sql`${day}::date`)} as value
    from unnest(${sql.param(accounts.map((account) => account.id))}::uuid[],
      ${sql.param(accounts.map((account) => currencyExponent(account.currency)))}::int[]) as a(id, exponent)`);
  for (const row of result.rows) values.set(row.id, Number(row.value));
  return values;
}

/** Whether the account has a holding added by hand (a security of provider 'manual'). */
export async function hasManualHoldings(db: Executor, userId: string, accountId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from holding h join security s on s.id = h.security_id
      where h.user_id = ${userId} and h.account_id = ${accountId} and s.provider = ${MANUAL_SECURITY_PROVIDER}) as found`);
  return result.rows[0]?.found === true;
}

/** Whether an account's balance history is its holdings' value plus cash: an investment account with holdings. */
async function valuedByHoldings(
  db: Executor,
  scope: { userId: string; accountId: string },
  type: AccountType,
): Promise<boolean> {
  if (assetClassOf(type) !== 'investment') return false;
  const [row] = await db
    .select({ id: holding.id })
    .from(holding)
    .where(and(eq(holding.userId, scope.userId), eq(holding.accountId, scope.accountId)))
    .limit(1);
  return row !== undefined;
}

/** The first day an account has a transaction or an entered balance (where its history starts). */
export async function accountHistoryStart(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<string | undefined> {
  const result = await db.execute<{ first: string | null }>(sql`
    select least(
      (select min(date) from "transaction" where user_id = ${userId} and account_id = ${accountId}),
      (select min(date) from balance_update where user_id = ${userId} and account_id = ${accountId})
    )::text as first`);
  return result.rows[0]?.first ?? undefined;
}

export async function insertBalanceUpdate(
  db: Executor,
  value: { userId: string; accountId: string; date: string; balanceMinor: number },
): Promise<void> {
  await db.insert(balanceUpdate).values(value);
}

export function listBalanceSnapshots(db: Executor, userId: string, accountId: string) {
  return db
    .select({ date: balanceSnapshot.date, balanceMinor: balanceSnapshot.balanceMinor })
    .from(balanceSnapshot)
    .where(and(eq(balanceSnapshot.userId, userId), eq(balanceSnapshot.accountId, accountId)))
    .orderBy(balanceSnapshot.date);
}

/** The date of the newest balance entered for an account, if any. */
export async function latestBalanceUpdateDate(db: Executor, userId: string, accountId: string) {
  const [row] = await db
    .select({ date: balanceUpdate.date })
    .from(balanceUpdate)
    .where(and(eq(balanceUpdate.userId, userId), eq(balanceUpdate.accountId, accountId)))
    .orderBy(desc(balanceUpdate.date))
    .limit(1);
  return row?.date;
}

/** The newest balance entered for an account (the one its history is anchored on), if any. */
export async function latestBalanceUpdate(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<{ date: string; balanceMinor: number } | undefined> {
  const [row] = await db
    .select({ date: balanceUpdate.date, balanceMinor: balanceUpdate.balanceMinor })
    .from(balanceUpdate)
    .where(and(eq(balanceUpdate.userId, userId), eq(balanceUpdate.accountId, accountId)))
    .orderBy(desc(balanceUpdate.date), desc(balanceUpdate.createdAt))
    .limit(1);
  return row;
}
