import { eq } from 'drizzle-orm';
import { billingSubscription, stripeEvent } from '../schema/index';
import type { Executor } from './sync';

/** Stripe customers, subscriptions and handled events (docs/billing.md). */

export type BillingSubscriptionRow = typeof billingSubscription.$inferSelect;

/** The subscription state a webhook event carries, written only when the event is newer. */
export type SubscriptionState = {
  stripeSubscriptionId: string;
  status: string;
  tier: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export async function findBillingByUser(
  db: Executor,
  userId: string,
): Promise<BillingSubscriptionRow | null> {
  const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.userId, userId));
  return row ?? null;
}

export async function findBillingByCustomer(
  db: Executor,
  customerId: string,
): Promise<BillingSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscription)
    .where(eq(billingSubscription.stripeCustomerId, customerId));
  return row ?? null;
}

/**
 * Records the user's Stripe customer unless one is recorded already; returns the customer id that is
 * stored (the earlier one when two requests raced).
 */
export async function saveBillingCustomer(db: Executor, userId: string, customerId: string): Promise<string> {
  await db.insert(billingSubscription).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
  const row = await findBillingByUser(db, userId);
  if (!row) throw new Error('billing customer insert left no row');
  return row.stripeCustomerId;
}

/**
 * Claims a Stripe event id; false when it was handled before (a redelivery). Call it in the transaction
 * that applies the event, so a failure releases the claim and Stripe's retry is handled.
 */
export async function claimStripeEvent(
  db: Executor,
  event: { id: string; type: string; created: Date },
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvent)
    .values({ eventId: event.id, type: event.type, createdAt: event.created })
    .onConflictDoNothing()
    .returning({ eventId: stripeEvent.eventId });
  return rows.length === 1;
}

/**
 * Locks the customer's row for the rest of the transaction (events for one subscription are applied one
 * at a time), or null when the customer is not ours.
 */
export async function lockBillingByCustomer(
  db: Executor,
  customerId: string,
): Promise<BillingSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(billingSubscription)
    .where(eq(billingSubscription.stripeCustomerId, customerId))
    .for('update');
  return row ?? null;
}

/** Writes a subscription state with the event time it came from (the caller checked it is newer). */
export async function writeSubscriptionState(
  db: Executor,
  userId: string,
  state: SubscriptionState & { pastDueSince: Date | null; eventAt: Date; now: Date },
): Promise<void> {
  await db
    .update(billingSubscription)
    .set({
      stripeSubscriptionId: state.stripeSubscriptionId,
      status: state.status,
      tier: state.tier,
      priceId: state.priceId,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      pastDueSince: state.pastDueSince,
      lastEventAt: state.eventAt,
      updatedAt: state.now,
    })
    .where(eq(billingSubscription.userId, userId));
}
