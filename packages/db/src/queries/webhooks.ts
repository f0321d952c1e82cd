import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { webhookDelivery, webhookEndpoint, type WebhookAttempt } from '../schema/index';
import type { Executor } from './sync';

/** Webhooks (ADR 040). Every function takes the user id and filters by it, except the job's. */

export type WebhookEndpointRow = typeof webhookEndpoint.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDelivery.$inferSelect;

/** What the list shows of an endpoint: everything but the sealed secret. */
export type WebhookEndpointView = Omit<WebhookEndpointRow, 'userId' | 'secretCiphertext' | 'secretKeyId'>;

const viewColumns = {
  id: webhookEndpoint.id,
  url: webhookEndpoint.url,
  events: webhookEndpoint.events,
  secretPrefix: webhookEndpoint.secretPrefix,
  consecutiveFailures: webhookEndpoint.consecutiveFailures,
  disabledAt: webhookEndpoint.disabledAt,
  disabledReason: webhookEndpoint.disabledReason,
  createdAt: webhookEndpoint.createdAt,
};

export async function listWebhookEndpoints(db: Executor, userId: string): Promise<WebhookEndpointView[]> {
  return db
    .select(viewColumns)
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.userId, userId))
    .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
}

export async function countWebhookEndpoints(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from webhook_endpoint where user_id = ${userId}`);
  return result.rows[0]?.n ?? 0;
}

export async function findWebhookEndpoint(
  db: Executor,
  userId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)));
  return row;
}

export async function insertWebhookEndpoint(
  db: Executor,
  value: typeof webhookEndpoint.$inferInsert,
): Promise<WebhookEndpointView> {
  const [row] = await db.insert(webhookEndpoint).values(value).returning(viewColumns);
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return row;
}

export async function updateWebhookEndpoint(
  db: Executor,
  userId: string,
  id: string,
  set: Partial<
    Pick<WebhookEndpointRow, 'url' | 'events' | 'disabledAt' | 'disabledReason' | 'consecutiveFailures'>
  >,
): Promise<WebhookEndpointView | undefined> {
  const [row] = await db
    .update(webhookEndpoint)
    .set(set)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .returning(viewColumns);
  return row;
}

export async function deleteWebhookEndpoint(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .returning({ id: webhookEndpoint.id });
  return rows.length > 0;
}

/**
 * One delivery per enabled endpoint of the user subscribed to `eventType` (or to the one endpoint
 * named), due at once; an event already recorded for an endpoint is not recorded twice. Returns the new
 * deliveries' ids.
 */
export async function insertWebhookDeliveries(
  db: Executor,
  input: {
    userId: string;
    eventId: string;
    eventType: string;
    body: string;
    at: Date;
    endpointId?: string;
  },
): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    insert into webhook_delivery (user_id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at)
    select e.user_id, e.id, ${input.eventId}::uuid, ${input.eventType}, ${input.body}, 'pending',
           ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz
    from webhook_endpoint e
    where e.user_id = ${input.userId} and e.disabled_at is null
      and ${
        input.endpointId
          ? sql`e.id = ${input.endpointId}::uuid`
          : sql`e.events @> ${JSON.stringify([input.eventType])}::jsonb`
      }
    on conflict (endpoint_id, event_id) do nothing
    returning id`);
  return result.rows.map((row) => row.id);
}

/**
 * Claims a due delivery for one attempt (pending, or sending with a lapsed claim, due by `now`): the
 * row with its endpoint, or undefined when it is not due, already delivered or claimed by another
 * sender. The claim is what makes a delivery succeed once whichever job or instance runs it.
 */
export async function claimWebhookDelivery(
  db: Executor,
  deliveryId: string,
  now: Date,
  claimMs: number,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | undefined> {
  const until = new Date(now.getTime() + claimMs);
  const [delivery] = await db
    .update(webhookDelivery)
    .set({ status: 'sending', claimedUntil: until })
    .where(
      and(
        eq(webhookDelivery.id, deliveryId),
        sql`(${webhookDelivery.status} = 'pending' or (${webhookDelivery.status} = 'sending' and ${webhookDelivery.claimedUntil} < ${now.toISOString()}::timestamptz))`,
        sql`${webhookDelivery.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!delivery) return undefined;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.id, delivery.endpointId));
  if (!endpoint) return undefined;
  return { delivery, endpoint };
}

/** Records one attempt's outcome on the delivery (and its endpoint's failure count). */
export async function recordWebhookAttempt(
  db: Executor,
  input: {
    deliveryId: string;
    endpointId: string;
    attempt: WebhookAttempt;
    outcome: 'succeeded' | 'retry' | 'failed';
    nextAttemptAt: Date | null;
    at: Date;
  },
): Promise<{ consecutiveFailures: number }> {
  const status = input.outcome === 'retry' ? 'pending' : input.outcome;
  await db.execute(sql`
    update webhook_delivery set
      status = ${status},
      attempts = attempts + 1,
      attempt_log = (attempt_log || ${JSON.stringify([input.attempt])}::jsonb),
      last_status_code = ${input.attempt.status},
      next_attempt_at = ${input.nextAttemptAt ? input.nextAttemptAt.toISOString() : null}::timestamptz,
      claimed_until = null,
      delivered_at = ${input.outcome === 'succeeded' ? input.at.toISOString() : null}::timestamptz
    where id = ${input.deliveryId}`);
  const result = await db.execute<{ n: number }>(sql`
    update webhook_endpoint set consecutive_failures =
      ${input.outcome === 'succeeded' ? sql`0` : sql`consecutive_failures + 1`}
    where id = ${input.endpointId}
    returning consecutive_failures as n`);
  return { consecutiveFailures: result.rows[0]?.n ?? 0 };
}

/**
 * Disables an endpoint after repeated failures; true only for the call that disabled it (so one email is
 * sent). Its deliveries still waiting are marked failed.
 */
export async function disableFailingWebhookEndpoint(
  db: Executor,
  endpointId: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoint)
    .set({ disabledAt: at, disabledReason: reason })
    .where(and(eq(webhookEndpoint.id, endpointId), isNull(webhookEndpoint.disabledAt)))
    .returning({ id: webhookEndpoint.id });
  if (rows.length === 0) return false;
  await db.execute(sql`
    update webhook_delivery set status = 'failed', next_attempt_at = null, claimed_until = null
    where endpoint_id = ${endpointId} and status = 'pending'`);
  return true;
}

/**
 * Deletes finished deliveries (succeeded or failed) created before `before`, at most `perEndpoint` of each
 * endpoint's oldest in one call, through the (endpoint, created_at) index. Pending and sending rows stay
 * whatever their age. Returns how many went.
 */
export async function pruneWebhookDeliveries(
  db: Executor,
  before: Date,
  perEndpoint: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_delivery
    where id in (
      select old.id from webhook_endpoint e
      cross join lateral (
        select d.id from webhook_delivery d
        where d.endpoint_id = e.id and d.created_at < ${before.toISOString()}::timestamptz
          and d.status in ('succeeded', 'failed')
        order by d.created_at
        limit ${perEndpoint}
      ) as old
    )`);
  return result.rowCount ?? 0;
}

/** Deliveries due by `now` (pending, or sending with a lapsed claim), oldest first. */
export async function dueWebhookDeliveries(db: Executor, now: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from webhook_delivery
    where (status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz)
       or (status = 'sending' and claimed_until < ${now.toISOString()}::timestamptz)
    order by next_attempt_at
    limit ${limit}`);
  return result.rows.map((row) => row.id);
}

export type WebhookDeliveryView = Pick<
  WebhookDeliveryRow,
  | 'id'
  | 'eventId'
  | 'eventType'
  | 'status'
  | 'attempts'
  | 'attemptLog'
  | 'lastStatusCode'
  | 'nextAttemptAt'
  | 'createdAt'
  | 'deliveredAt'
>;

/** The endpoint's latest deliveries, newest first. */
export async function listWebhookDeliveries(
  db: Executor,
  userId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryView[]> {
  return db
    .select({
      id: webhookDelivery.id,
      eventId: webhookDelivery.eventId,
      eventType: webhookDelivery.eventType,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      attemptLog: webhookDelivery.attemptLog,
      lastStatusCode: webhookDelivery.lastStatusCode,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      createdAt: webhookDelivery.createdAt,
      deliveredAt: webhookDelivery.deliveredAt,
    })
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.userId, userId), eq(webhookDelivery.endpointId, endpointId)))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit);
}

/** The event types the user's enabled endpoints listen to (empty without any). */
export async function subscribedWebhookEvents(db: Executor, userId: string): Promise<Set<string>> {
  const result = await db.execute<{ type: string }>(sql`
    select distinct jsonb_array_elements_text(events) as type
    from webhook_endpoint where user_id = ${userId} and disabled_at is null`);
  return new Set(result.rows.map((row) => row.type));
}
