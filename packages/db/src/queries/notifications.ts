import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { connection, notificationDelivery, pushSubscription, user } from '../schema/index';
import { type DayRange, ROLLUP_SPENT } from './spending';
import type { Executor } from './sync';

/**
 * Queries for docs/settings-api.md "Notifications": the delivery claims, Web Push subscriptions and the
 * reads the notification check needs that no other module has. Every query filters by the user id.
 */

export type DeliveryClaim = {
  userId: string;
  kind: string;
  periodKey: string;
  channel: 'email' | 'push' | 'webhook';
};

/**
 * Claims one notification for one period and channel; true when this caller made the claim. Run it in
 * the transaction that records the message, so a claim is never left without its message.
 */
export async function claimNotificationDelivery(db: Executor, claim: DeliveryClaim): Promise<boolean> {
  const rows = await db
    .insert(notificationDelivery)
    .values(claim)
    .onConflictDoNothing({
      target: [
        notificationDelivery.userId,
        notificationDelivery.kind,
        notificationDelivery.periodKey,
        notificationDelivery.channel,
      ],
    })
    .returning({ id: notificationDelivery.id });
  return rows.length === 1;
}

/** Every user id, oldest account first (the notification job and the cron trigger for all users). */
export async function listUserIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).orderBy(asc(user.createdAt), asc(user.id));
  return rows.map((row) => row.id);
}

export type PushSubscriptionRow = typeof pushSubscription.$inferSelect;

export function listPushSubscriptions(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .orderBy(asc(pushSubscription.createdAt));
}

/**
 * Saves a browser's subscription for this user (saving it again refreshes its keys). Subscriptions are per
 * user: when another user saved the same endpoint, theirs stays theirs and this user gets a row of their own.
 */
export async function savePushSubscription(
  db: Executor,
  userId: string,
  value: { endpoint: string; p256dh: string; auth: string },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscription)
    .values({ userId, ...value })
    .onConflictDoUpdate({
      target: [pushSubscription.userId, pushSubscription.endpoint],
      set: { userId, p256dh: value.p256dh, auth: value.auth, lastSuccessAt: null },
    })
    .returning();
  if (!row) throw new Error('push subscription upsert returned nothing');
  return row;
}

/** Deletes the user's subscription of `endpoint`; false when the user has none there. */
export async function deletePushSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.endpoint, endpoint)))
    .returning({ id: pushSubscription.id });
  return rows.length > 0;
}

export async function markPushDelivered(db: Executor, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(pushSubscription)
    .set({ lastSuccessAt: at })
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.id, id)));
}

/** An outflow as the large-transaction alert reads it (amount in the row's own currency). */
export type OutflowRow = { id: string; date: string; name: string; currency: string; amountMinor: number };

/** At most this many outflows are read for one period (the largest first within each currency). */
const OUTFLOW_LIMIT = 2_000;

/**
 * Posted or pending outflows dated within `range` that are not excluded and not transfers between the
 * user's own accounts, largest (most negative) first, at most OUTFLOW_LIMIT of them. Amounts are in each
 * row's own currency: the caller converts them and applies the threshold.
 */
export async function outflowsBetween(db: Executor, userId: string, range: DayRange): Promise<OutflowRow[]> {
  const result = await db.execute<{
    id: string;
    date: string;
    name: string;
    currency: string;
    amount: string;
  }>(sql`
    select t.id, t.date::text as date, coalesce(nullif(t.merchant_name, ''), t.name) as name, t.currency,
           t.amount_minor as amount
    from "transaction" t
    where t.user_id = ${userId} and t.date >= ${range.from}::date and t.date <= ${range.to}::date
      and t.amount_minor < 0 and t.status in ('posted', 'pending') and not t.excluded
      and t.transfer_pair_id is null
    order by t.amount_minor asc, t.date asc, t.id asc
    limit ${OUTFLOW_LIMIT}`);
  return result.rows.map((row) => ({
    id: row.id,
    date: row.date,
    name: row.name,
    currency: row.currency,
    amountMinor: Number(row.amount),
  }));
}

/** Connections the user created within the local dates of `range` in `timeZone`. */
export async function connectionsCreatedBetween(
  db: Executor,
  userId: string,
  range: DayRange,
  timeZone: string,
): Promise<{ id: string; name: string; createdAt: Date }[]> {
  return db
    .select({ id: connection.id, name: connection.displayName, createdAt: connection.createdAt })
    .from(connection)
    .where(
      and(
        eq(connection.userId, userId),
        sql`${connection.createdAt} >= (${range.from}::date)::timestamp at time zone ${timeZone}`,
        sql`${connection.createdAt} < (${range.to}::date + 1)::timestamp at time zone ${timeZone}`,
      ),
    )
    .orderBy(asc(connection.createdAt), asc(connection.id));
}

/** Whether no earlier sign-in or sign-up of the user of event `e` came from the same browser (user agent). */
const FROM_A_NEW_DEVICE = sql`not exists (
  select 1 from auth_event p
  where p.user_id = e.user_id and p.type in ('sign_in', 'sign_up') and p.created_at < e.created_at
    and p.user_agent is not distinct from e.user_agent)`;

export type SecurityEventRow = {
  id: string;
  type: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** For sign-ins: no earlier sign-in or sign-up of this user came from the same browser (user agent). */
  newDevice: boolean;
};

/** The user's events of `types` recorded at or after `since`, oldest first. */
export async function securityEventsSince(
  db: Executor,
  userId: string,
  since: Date,
  types: readonly string[],
): Promise<SecurityEventRow[]> {
  if (types.length === 0) return [];
  const result = await db.execute<{
    id: string;
    type: string;
    ip_address: string | null;
    user_agent: string | null;
    created_at: string | Date;
    new_device: boolean;
  }>(sql`
    select e.id, e.type, e.ip_address, e.user_agent, e.created_at, ${FROM_A_NEW_DEVICE} as new_device
    from auth_event e
    where e.user_id = ${userId} and e.created_at >= ${since.toISOString()}::timestamptz
      and e.type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )})
    order by e.created_at asc, e.id asc`);
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    createdAt: new Date(row.created_at),
    newDevice: row.new_device,
  }));
}

/** A user as the notification job first reads them: stored preferences, push subscriptions, webhooks. */
export type NotificationUserRow = {
  id: string;
  /** The stored preferences document as JSON text ('{}' when the user changed none). */
  preferences: string;
  pushSubscriptions: number;
  /** The event types the user's enabled webhook endpoints listen to. */
  webhookEvents: string[];
};

/** Every user with what decides which of their notifications are checked, oldest account first. */
export async function notificationUsers(db: Executor): Promise<NotificationUserRow[]> {
  const result = await db.execute<{ id: string; preferences: string; pushes: number; hooks: string[] }>(sql`
    select u.id, coalesce(p.preferences::text, '{}') as preferences,
           (select count(*)::int from push_subscription s where s.user_id = u.id) as pushes,
           array(select distinct e.type from webhook_endpoint w, jsonb_array_elements_text(w.events) e(type)
                 where w.user_id = u.id and w.disabled_at is null) as hooks
    from "user" u left join user_preferences p on p.user_id = u.id
    order by u.created_at asc, u.id asc`);
  return result.rows.map((row) => ({
    id: row.id,
    preferences: row.preferences,
    pushSubscriptions: row.pushes,
    webhookEvents: row.hooks,
  }));
}

/**
 * One user's check of one notification kind for one period: the channels it would go to (email, push,
 * webhook), and what the kind compares with (its threshold in minor units of the reporting currency, the
 * user's time zone).
 */
export type PeriodCheck = {
  userId: string;
  from: string;
  to: string;
  key: string;
  channels: readonly string[];
  currency: string;
  thresholdMinor: number;
  timeZone: string;
};

/** The checks of the kinds that have them; each list holds only users for whom the kind is on. */
export type CandidateChecks = {
  lowBalance: PeriodCheck[];
  dailySpending: PeriodCheck[];
  largeTransactions: PeriodCheck[];
  newConnections: PeriodCheck[];
  weeklySummary: PeriodCheck[];
  /** Security events at or after `since` of `types`, for these users on these channels. */
  securityAlerts: {
    since: Date;
    types: readonly string[];
    users: { userId: string; channels: readonly string[] }[];
  };
  /** Users whose budgets of `month` (its first day) are checked. */
  budgets: { userId: string; month: string }[];
};

/**
 * The users for whom some kind may have something to send that was not sent yet: one statement per kind
 * over all users (docs/performance.md "Notifications job"). Each statement is looser than the check it
 * stands for, never tighter: amounts in another currency than the reporting one always pass (they are
 * converted by the check itself), so do hidden categories and accounts; the check of each user selected
 * then decides exactly what is due, as it did when every user was checked.
 */
export async function notificationCandidates(db: Executor, checks: CandidateChecks): Promise<Set<string>> {
  const found = new Set<string>();
  const periodic = async (kind: string, list: PeriodCheck[], hasSomething: SQL) => {
    if (list.length === 0) return;
    const result = await db.execute<{ id: string }>(sql`
      select u.id
      from unnest(${sql.param(list.map((c) => c.userId))}::text[], ${sql.param(list.map((c) => c.from))}::date[],
                  ${sql.param(list.map((c) => c.to))}::date[], ${sql.param(list.map((c) => c.key))}::text[],
                  ${sql.param(list.map((c) => c.channels.join(',')))}::text[],
                  ${sql.param(list.map((c) => c.currency))}::text[],
                  ${sql.param(list.map((c) => c.thresholdMinor))}::bigint[],
                  ${sql.param(list.map((c) => c.timeZone))}::text[])
             as u(id, "from", "to", key, channels, currency, threshold, time_zone)
      where ${hasSomething}
        and exists (
          select 1 from unnest(string_to_array(u.channels, ',')) as c(channel)
          where not exists (
            select 1 from notification_delivery d
            where d.user_id = u.id and d.kind = ${kind} and d.period_key = u.key and d.channel = c.channel))`);
    for (const row of result.rows) found.add(row.id);
  };
  await periodic(
    'low_balance',
    checks.lowBalance,
    sql`exists (select 1 from financial_account a
                where a.user_id = u.id and (a.currency <> u.currency or a.current_balance_minor < u.threshold))`,
  );
  // Per day and currency, the spending of every category that added to it (a refund in a hidden category
  // never lowers the sum below what the check sees).
  await periodic(
    'daily_spending',
    checks.dailySpending,
    sql`exists (select 1 from spending_day s
                where s.user_id = u.id and s.day >= u."from" and s.day <= u."to" and s.category <> 'INCOME'
                group by s.day, s.currency
                having s.currency <> u.currency or sum(greatest(${ROLLUP_SPENT}, 0)) > u.threshold)`,
  );
  await periodic(
    'large_transactions',
    checks.largeTransactions,
    sql`exists (select 1 from "transaction" t
                where t.user_id = u.id and t.date >= u."from" and t.date <= u."to" and t.amount_minor < 0
                  and t.status in ('posted', 'pending') and not t.excluded and t.transfer_pair_id is null
                  and (t.currency <> u.currency or -t.amount_minor >= u.threshold))`,
  );
  await periodic(
    'new_connections',
    checks.newConnections,
    sql`exists (select 1 from connection c
                where c.user_id = u.id and c.created_at >= u."from"::timestamp at time zone u.time_zone
                  and c.created_at < (u."to" + 1)::timestamp at time zone u.time_zone)`,
  );
  await periodic(
    'weekly_summary',
    checks.weeklySummary,
    sql`exists (select 1 from spending_day s
                where s.user_id = u.id and s.day >= u."from" and s.day <= u."to" and s.n > 0)`,
  );
  const security = checks.securityAlerts;
  if (security.users.length > 0 && security.types.length > 0) {
    const result = await db.execute<{ id: string }>(sql`
      select distinct u.id
      from unnest(${sql.param(security.users.map((c) => c.userId))}::text[],
                  ${sql.param(security.users.map((c) => c.channels.join(',')))}::text[]) as u(id, channels)
      join auth_event e on e.user_id = u.id
      where e.created_at >= ${security.since.toISOString()}::timestamptz
        and e.type = any(${sql.param([...security.types])}::text[])
        and (e.type <> 'sign_in' or ${FROM_A_NEW_DEVICE})
        and exists (
          select 1 from unnest(string_to_array(u.channels, ',')) as c(channel)
          where not exists (
            select 1 from notification_delivery d
            where d.user_id = u.id and d.kind = 'security_alert' and d.period_key = e.id::text
              and d.channel = c.channel))`);
    for (const row of result.rows) found.add(row.id);
  }
  if (checks.budgets.length > 0) {
    const result = await db.execute<{ id: string }>(sql`
      select distinct u.id
      from unnest(${sql.param(checks.budgets.map((c) => c.userId))}::text[],
                  ${sql.param(checks.budgets.map((c) => c.month))}::date[]) as u(id, month)
      where exists (select 1 from budget b where b.user_id = u.id and b.month = u.month)`);
    for (const row of result.rows) found.add(row.id);
  }
  return found;
}
