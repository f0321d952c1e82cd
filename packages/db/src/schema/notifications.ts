import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Notification deliveries and Web Push subscriptions (migration 0009). */

/**
 * One notification sent to one user on one channel for one period (docs/settings-api.md
 * "Notifications"). The unique key is the claim: it is inserted in the same transaction as the email
 * outbox row, so a job that runs twice, or on two instances at once, sends once.
 */
export const notificationDelivery = pgTable(
  'notification_delivery',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** low_balance | daily_spending | large_transactions | new_connections | weekly_summary | security_alert */
    kind: text('kind').notNull(),
    /** The period ('2026-11-19', '2026-W47', '2026-11') or, for security alerts, the event id. */
    periodKey: text('period_key').notNull(),
    /** email | push */
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_delivery_claim_idx').on(
      table.userId,
      table.kind,
      table.periodKey,
      table.channel,
    ),
  ],
);

/** A browser's Web Push subscription (PushSubscription.toJSON()). */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  // Per user: a second user signing in on the same browser adds their own row; the first user's
  // subscription never moves to them.
  (table) => [uniqueIndex('push_subscription_user_endpoint_idx').on(table.userId, table.endpoint)],
);
