import type { RateLimitStore } from '../../http/rate-limit';
import { AppError } from '../../http/app-error';
import type { BillingTier } from '@lodestar/domain';

/**
 * API calls per day per user (spec §9: Free 100, Pro 10,000), counted for requests signed with an API key
 * in UTC days, in the rate-limit store (Redis when REDIS_URL is set, so every instance shares the count).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const key = (userId: string) => `api-calls:${userId}`;

/** Counts one API-key call; 429 with the reset time once the tier's daily allowance is used. */
export async function countApiCall(
  store: RateLimitStore,
  userId: string,
  tier: BillingTier,
  now: Date,
): Promise<void> {
  const { count, resetAt } = await store.hit(key(userId), DAY_MS, now.getTime());
  if (count > tier.limits.apiCalls) {
    throw new AppError(
      'RATE_LIMITED',
      `Your plan allows ${tier.limits.apiCalls.toLocaleString('en-US')} API calls a day. The count resets at midnight UTC.`,
      { reset: resetAt, limit: tier.limits.apiCalls },
    );
  }
}

/** Today's API-key calls so far and when the count resets (ISO). */
export async function apiCallsUsed(
  store: RateLimitStore,
  userId: string,
  now: Date,
): Promise<{ used: number; resetsAt: string }> {
  const { count, resetAt } = await store.peek(key(userId), DAY_MS, now.getTime());
  return { used: count, resetsAt: new Date(resetAt).toISOString() };
}
