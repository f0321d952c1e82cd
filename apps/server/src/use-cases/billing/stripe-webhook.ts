import {
  claimStripeEvent,
  lockBillingByCustomer,
  saveBillingCustomer,
  writeSubscriptionState,
  type BillingSubscriptionRow,
  type Database,
} from '@lodestar/db';
import { isNewerEvent, nextPastDueSince, tierForPrice } from '@lodestar/domain';
import type { Config } from '../../config/env';
import type { Logger } from '../../logger';

/**
 * Applies a verified Stripe event to the stored subscription (docs/billing.md). Idempotent: the event id
 * is claimed in the same transaction, so a redelivery changes nothing. Order-safe: an event created
 * before the one that last changed the subscription is recorded and otherwise ignored.
 */

/** The parts of a Stripe event this server reads (the SDK's Stripe.Event, loosely typed). */
export type StripeEventLike = {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: { object: Record<string, unknown> };
};

export type WebhookOutcome = 'applied' | 'replayed' | 'stale' | 'ignored';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** A Stripe id field: a string, or an expanded object with an id. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function epochDate(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}

type SubscriptionFields = {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  metadataTier: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** A subscription object; the period end is on its items since API version 2025-03-31, before on it. */
function subscriptionFields(object: Record<string, unknown>): SubscriptionFields | null {
  const id = idOf(object.id);
  const customerId = idOf(object.customer);
  const status = typeof object.status === 'string' ? object.status : null;
  if (!id || !customerId || !status) return null;
  const firstItem = record((record(object.items).data as unknown[] | undefined)?.[0]);
  const price = record(firstItem.price);
  const metadata = { ...record(price.metadata), ...record(object.metadata) };
  return {
    id,
    customerId,
    status,
    priceId: idOf(price.id),
    metadataTier: typeof metadata.tier === 'string' ? metadata.tier : null,
    currentPeriodEnd: epochDate(firstItem.current_period_end) ?? epochDate(object.current_period_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
  };
}

/** The subscription an invoice bills: `parent.subscription_details` since 2025-03-31, before `subscription`. */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const details = record(record(invoice.parent).subscription_details);
  return idOf(details.subscription) ?? idOf(invoice.subscription);
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

export async function handleStripeEvent(deps: {
  db: Database;
  config: Pick<Config, 'stripe'>;
  logger: Logger;
  now: () => Date;
  event: StripeEventLike;
}): Promise<WebhookOutcome> {
  const { db, config, logger, event } = deps;
  const eventAt = new Date(event.created * 1000);
  const proPrices = [config.stripe.proMonthlyPriceId, config.stripe.proYearlyPriceId];
  const object = event.data.object;

  return db.transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, { id: event.id, type: event.type, created: eventAt })))
      return 'replayed';
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored';

    /** Writes `next` over `row` when the event is not older than the row's last one. */
    async function apply(
      row: BillingSubscriptionRow,
      next: Omit<SubscriptionFields, 'customerId' | 'metadataTier'> & { tier: string | null },
    ): Promise<WebhookOutcome> {
      if (!isNewerEvent(eventAt, row.lastEventAt)) return 'stale';
      await writeSubscriptionState(tx, row.userId, {
        stripeSubscriptionId: next.id,
        status: next.status,
        tier: next.tier,
        priceId: next.priceId,
        currentPeriodEnd: next.currentPeriodEnd,
        cancelAtPeriodEnd: next.cancelAtPeriodEnd,
        pastDueSince: nextPastDueSince(row, next.status, eventAt),
        eventAt,
        now: deps.now(),
      });
      return 'applied';
    }

    if (event.type === 'checkout.session.completed') {
      const customerId = idOf(object.customer);
      const subscriptionId = idOf(object.subscription);
      if (!customerId || !subscriptionId) return 'ignored';
      let row = await lockBillingByCustomer(tx, customerId);
      const userId = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
      if (!row && userId) {
        // The customer was made by this server before Checkout; a row can only be missing if it was lost.
        if ((await saveBillingCustomer(tx, userId, customerId)) !== customerId) return 'ignored';
        row = await lockBillingByCustomer(tx, customerId);
      }
      if (!row) return 'ignored';
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
      const sameSubscription = row.stripeSubscriptionId === subscriptionId;
      return apply(row, {
        id: subscriptionId,
        status: paid ? 'active' : sameSubscription && row.status ? row.status : 'incomplete',
        tier: 'pro',
        priceId: sameSubscription ? row.priceId : (config.stripe.proMonthlyPriceId ?? null),
        currentPeriodEnd: sameSubscription ? row.currentPeriodEnd : null,
        cancelAtPeriodEnd: sameSubscription ? row.cancelAtPeriodEnd : false,
      });
    }

    if (event.type.startsWith('customer.subscription.')) {
      const fields = subscriptionFields(object);
      if (!fields) return 'ignored';
      const row = await lockBillingByCustomer(tx, fields.customerId);
      if (!row) {
        logger.warn(
          { eventId: event.id },
          'Stripe subscription event for a customer this server does not know',
        );
        return 'ignored';
      }
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : fields.status;
      // An old subscription ending never touches the newer one the user holds now.
      if (row.stripeSubscriptionId && row.stripeSubscriptionId !== fields.id && ENDED.has(status))
        return 'ignored';
      return apply(row, {
        ...fields,
        status,
        tier: tierForPrice(fields.priceId, proPrices, fields.metadataTier),
      });
    }

    // invoice.paid and invoice.payment_failed: the subscription's status follows the payment.
    const customerId = idOf(object.customer);
    const subscriptionId = invoiceSubscriptionId(object);
    if (!customerId || !subscriptionId) return 'ignored';
    const row = await lockBillingByCustomer(tx, customerId);
    if (!row || row.stripeSubscriptionId !== subscriptionId || !row.status || ENDED.has(row.status))
      return 'ignored';
    return apply(row, {
      id: subscriptionId,
      status: event.type === 'invoice.paid' ? 'active' : 'past_due',
      tier: row.tier,
      priceId: row.priceId,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    });
  });
}
