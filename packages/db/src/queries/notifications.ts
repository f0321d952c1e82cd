import { and, asc, eq, sql } from 'drizzle-orm';
import { connection, notificationDelivery, pushSubscription, user } from '../schema/index';
import type { DayRange } from './spending';
import type { Executor } from './sync';

/**
 * Queries for docs/settings-api.md "Notifications": the delivery claims, Web Push subscriptions and the
 * reads the notification check needs that no other module has. Every query filters by the user id.
 */

export type DeliveryClaim = { userId: string; kind: string; periodKey: string; channel: 'email' | 'push' | 'webhook' };

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
    select e.id, e.type, e.ip_address, e.user_agent, e.created_at,
           not exists (
             select 1 from auth_event p
             where p.user_id = e.user_id and p.type in ('sign_in', 'sign_up') and p.created_at < e.created_at
               and p.user_agent is not distinct from e.user_agent
           ) as new_device
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
