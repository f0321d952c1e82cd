import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Outgoing webhooks (ADR 040, docs/settings-api.md "Webhooks"): the user's endpoints, each with its
 * signing secret sealed with the server's key (secrets/secret-box.ts), and one delivery per event and
 * endpoint with its attempts.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types the endpoint receives. */
    events: jsonb('events').$type<string[]>().notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    /** The secret's first characters, so the user can tell secrets apart. */
    secretPrefix: text('secret_prefix').notNull(),
    /** Failed attempts since the last success; the endpoint is disabled when it reaches the limit. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Set when the user turns it off or after repeated failures (`disabledReason` says which). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoint_user_idx').on(table.userId, table.createdAt)],
);

export type WebhookAttempt = { at: string; status: number | null; error: string | null; ms: number };

/** One event for one endpoint: exactly one row per (endpoint, event), whatever retries it takes. */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body sent, byte for byte the same on every attempt. */
    body: text('body').notNull(),
    /** pending | sending | succeeded | failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    attemptLog: jsonb('attempt_log').$type<WebhookAttempt[]>().notNull().default([]),
    lastStatusCode: integer('last_status_code'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While one attempt is in flight: when its claim lapses (a crashed sender's is taken over). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_delivery_event_idx').on(table.endpointId, table.eventId),
    index('webhook_delivery_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_delivery_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);
