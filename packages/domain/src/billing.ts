import { resolveTierName, type TierName } from './tiers';

/**
 * Which tier a stored Stripe subscription gives today (docs/billing.md). Pure: the server reads the row
 * and the clock and asks here.
 */

/** Days a past-due subscription keeps its paid tier while Stripe retries the card. */
export const PAYMENT_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StoredSubscription = {
  status: string | null;
  tier: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
};

/** Stripe statuses in which the subscription is paid for (or in its trial). */
const PAID_STATUSES = new Set(['active', 'trialing']);

/** When the grace of a past-due subscription ends; null when it is not past due. */
export function graceEndsAt(subscription: Pick<StoredSubscription, 'status' | 'pastDueSince'>): Date | null {
  if (subscription.status !== 'past_due' || !subscription.pastDueSince) return null;
  return new Date(subscription.pastDueSince.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);
}

/**
 * The tier in force: the paid tier while the subscription is active or trialing (cancelled at period
 * end: until that end), past due: for PAYMENT_GRACE_DAYS after the first failure; otherwise free.
 * Legacy tier names map per spec §4.
 */
export function effectiveTierName(subscription: StoredSubscription | null, now: Date): 'free_trial' | 'pro' {
  if (!subscription?.status) return 'free_trial';
  const paidTier = resolveTierName(subscription.tier);
  if (PAID_STATUSES.has(subscription.status)) {
    const ended =
      subscription.cancelAtPeriodEnd &&
      subscription.currentPeriodEnd !== null &&
      subscription.currentPeriodEnd.getTime() <= now.getTime();
    return ended ? 'free_trial' : paidTier;
  }
  if (subscription.status === 'past_due') {
    const end = graceEndsAt(subscription);
    return end && now.getTime() < end.getTime() ? paidTier : 'free_trial';
  }
  return 'free_trial';
}

/**
 * When a subscription first went past due, carried from the stored row: kept while it stays past due,
 * set at `eventAt` when it becomes past due, cleared otherwise.
 */
export function nextPastDueSince(
  previous: Pick<StoredSubscription, 'status' | 'pastDueSince'> | null,
  status: string,
  eventAt: Date,
): Date | null {
  if (status !== 'past_due') return null;
  return previous?.status === 'past_due' && previous.pastDueSince ? previous.pastDueSince : eventAt;
}

/**
 * Whether an event created at `eventAt` may change a subscription last changed by an event created at
 * `lastEventAt`: only when it is not older (Stripe does not deliver events in order).
 */
export function isNewerEvent(eventAt: Date, lastEventAt: Date | null): boolean {
  return lastEventAt === null || eventAt.getTime() >= lastEventAt.getTime();
}

/** The tier a paid price stands for: Pro for the configured Pro prices; else the price's tier metadata. */
export function tierForPrice(
  priceId: string | null,
  proPriceIds: readonly (string | undefined)[],
  metadataTier?: string | null,
): TierName {
  if (priceId && proPriceIds.includes(priceId)) return 'pro';
  return resolveTierName(metadataTier);
}
