import { countAccounts, countUserTransactions, type Executor } from '@lodestar/db';
import { tierFor, type BillingTier } from '@lodestar/domain';
import type { Config } from '../../config/env';
import { AppError } from '../../http/app-error';

/** How many accounts and transactions a user may hold; null = unlimited. */
export type UserLimits = { accounts: number | null; transactions: number | null };

/** What Profile shows as the plan when billing is off: nothing is limited. */
export const SELF_HOSTED_PLAN = 'Self-hosted (no limits)';

/**
 * The user's billing tier, or null without billing (no STRIPE_SECRET_KEY: the self-hosted default).
 * With billing every user is on the free tier until subscriptions are stored.
 */
function userTier(deps: { config: Pick<Config, 'stripe'> }, userId: string): BillingTier | null {
  void userId;
  if (!deps.config.stripe.secretKey) return null;
  return tierFor(undefined);
}

/**
 * The user's limits. Without billing nothing is limited; with billing, the limits of the user's tier
 * (spec §9).
 */
export function userLimits(deps: { config: Pick<Config, 'stripe'> }, userId: string): UserLimits {
  const tier = userTier(deps, userId);
  if (!tier) return { accounts: null, transactions: null };
  return { accounts: tier.limits.accounts, transactions: tier.limits.transactions };
}

/** How often a connection syncs on schedule without billing (self-hosted). */
export const SELF_HOSTED_SYNC_INTERVAL_MS = 6 * 60 * 60 * 1000;

const SYNC_INTERVAL_MS = { hourly: 60 * 60 * 1000, daily: 24 * 60 * 60 * 1000 } as const;

/** How often the user's connections sync on schedule: the tier's sync frequency (spec §9), or 6 hours. */
export function userSyncIntervalMs(deps: { config: Pick<Config, 'stripe'> }, userId: string): number {
  const tier = userTier(deps, userId);
  return tier ? SYNC_INTERVAL_MS[tier.limits.syncFrequency] : SELF_HOSTED_SYNC_INTERVAL_MS;
}

/** The plan's name as Profile shows it: the tier's display name, or SELF_HOSTED_PLAN without billing. */
export function userPlanName(deps: { config: Pick<Config, 'stripe'> }, userId: string): string {
  return userTier(deps, userId)?.displayName ?? SELF_HOSTED_PLAN;
}

export const LIMIT_MESSAGES = {
  accounts: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'account' : 'accounts'}. Remove an account or upgrade to add more.`,
  transactions: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'transaction' : 'transactions'}. ` +
    'Remove some transactions or upgrade to add more.',
} as const;

/**
 * Refuses (403) adding accounts or transactions beyond the user's limits. Call it inside the writing
 * database transaction, before the writes, so a refused import or sync writes nothing.
 */
export async function assertWithinLimits(
  db: Executor,
  userId: string,
  adding: { addAccounts?: number; addTransactions?: number },
  limits: UserLimits,
): Promise<void> {
  const { addAccounts = 0, addTransactions = 0 } = adding;
  if (addAccounts > 0 && limits.accounts !== null) {
    if ((await countAccounts(db, userId)) + addAccounts > limits.accounts) {
      throw new AppError('FORBIDDEN', LIMIT_MESSAGES.accounts(limits.accounts));
    }
  }
  if (addTransactions > 0 && limits.transactions !== null) {
    if ((await countUserTransactions(db, userId)) + addTransactions > limits.transactions) {
      throw new AppError('FORBIDDEN', LIMIT_MESSAGES.transactions(limits.transactions));
    }
  }
}
