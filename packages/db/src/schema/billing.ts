import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A user's Stripe customer and subscription (docs/billing.md). One row per user, made when the user first
 * opens Checkout (the customer is created once and reused); the webhook fills in the subscription.
 * No row, or a row without an active subscription, means the free tier.
 */
export const billingSubscription = pgTable('billing_subscription', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** Stripe's subscription status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  status: text('status'),
  /** The tier name the subscription pays for (legacy names map per spec §4 when read). */
  tier: text('tier'),
  priceId: text('price_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the subscription first went past due in its current run of failed payments (grace starts). */
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  /**
   * When Stripe created the newest event applied to this subscription: an event created earlier never
   * overwrites what a later one wrote (Stripe does not deliver events in order).
   */
  lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events already handled, by event id: a redelivered event changes nothing. */
export const stripeEvent = pgTable(
  'stripe_event',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    /** When Stripe created the event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stripe_event_processed_idx').on(table.processedAt)],
);
