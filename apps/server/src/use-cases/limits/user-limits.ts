import { countAccounts, countUserTransactions, findBillingByUser, type Executor } from '@lodestar/db';
import {
  GATED_FEATURE_MESSAGES,
  BILLING_TIERS,
  effectiveTierName,
  graceEndsAt,
  retentionStart,
  type BillingTier,
} from '@lodestar/domain';
import type { Config } from '../../config/env';
import { AppError } from '../../http/app-error';
import { todayFor } from '../accounts/today';

/**
 * The one place that decides what a user's plan allows (docs/billing.md). Without STRIPE_SECRET_KEY the
 * server is self-hosted: nothing is limited and every feature is on. With billing, the tier comes from
 * the stored Stripe subscription (no subscription: the free tier every new user starts on).
 */

export type LimitsDeps = { db: Executor; config: Pick<Config, 'stripe'>; now?: () => Date };

/** How many accounts and transactions a user may hold; null = unlimited. */
export type UserLimits = { accounts: number | null; transactions: number | null };

/** What Profile shows as the plan when billing is off: nothing is limited. */
export const SELF_HOSTED_PLAN = 'Self-hosted (no limits)';

/** The user's plan as billing sees it; null without billing (self-hosted). */
export type UserPlan = {
  tier: BillingTier;
  /** Stripe's subscription status, or null for a user who never subscribed. */
  status: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Past due: when the paid tier stops unless the card is fixed. */
  graceEndsAt: Date | null;
  hasCustomer: boolean;
};

export async function userPlan(deps: LimitsDeps, userId: string): Promise<UserPlan | null> {
  if (!deps.config.stripe.secretKey) return null;
  const row = await findBillingByUser(deps.db, userId);
  const now = deps.now?.() ?? new Date();
  return {
    tier: BILLING_TIERS[effectiveTierName(row, now)],
    status: row?.status ?? null,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    graceEndsAt: row ? graceEndsAt(row) : null,
    hasCustomer: row !== null,
  };
}

/** The user's billing tier, or null without billing (no STRIPE_SECRET_KEY: the self-hosted default). */
export async function userTier(deps: LimitsDeps, userId: string): Promise<BillingTier | null> {
  return (await userPlan(deps, userId))?.tier ?? null;
}

/**
 * The user's limits. Without billing nothing is limited; with billing, the limits of the user's tier
 * (spec §9).
 */
export async function userLimits(deps: LimitsDeps, userId: string): Promise<UserLimits> {
  return limitsOf(await userTier(deps, userId));
}

/** A tier's account and transaction limits; null (self-hosted) limits nothing. */
export function limitsOf(tier: BillingTier | null): UserLimits {
  if (!tier) return { accounts: null, transactions: null };
  return { accounts: tier.limits.accounts, transactions: tier.limits.transactions };
}

/**
 * The first day of history the user's plan shows (spec §9 data retention: today in the user's time zone
 * and the days before it, 365 on Free, 730 on Pro), or null without billing (self-hosted: everything).
 * Compute it once per request and apply it to every read of transactions and history; nothing older is
 * deleted, so an upgrade shows it again (ADR 062).
 */
export async function visibleFrom(deps: LimitsDeps, userId: string, now: Date): Promise<string | null> {
  const tier = await userTier(deps, userId);
  if (!tier) return null;
  return retentionStart(await todayFor(deps.db, userId, now), tier.limits.dataRetention);
}

/** How often a connection syncs on schedule without billing (self-hosted). */
export const SELF_HOSTED_SYNC_INTERVAL_MS = 6 * 60 * 60 * 1000;

const SYNC_INTERVAL_MS = { hourly: 60 * 60 * 1000, daily: 24 * 60 * 60 * 1000 } as const;

/** How often the user's connections sync on schedule: the tier's sync frequency (spec §9), or 6 hours. */
export async function userSyncIntervalMs(deps: LimitsDeps, userId: string): Promise<number> {
  const tier = await userTier(deps, userId);
  return tier ? SYNC_INTERVAL_MS[tier.limits.syncFrequency] : SELF_HOSTED_SYNC_INTERVAL_MS;
}

/** The plan's name as Profile shows it: the tier's display name, or SELF_HOSTED_PLAN without billing. */
export async function userPlanName(deps: LimitsDeps, userId: string): Promise<string> {
  return (await userTier(deps, userId))?.displayName ?? SELF_HOSTED_PLAN;
}

export const LIMIT_MESSAGES = {
  accounts: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'account' : 'accounts'}. Remove an account or upgrade to add more.`,
  transactions: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'transaction' : 'transactions'}. ` +
    'Remove some transactions or upgrade to add more.',
  /** On a connection whose sync stopped adding rows at the limit (begins with SYNC_LIMIT_NOTICE). */
  syncLeftOut: (limit: number, leftOut: number) =>
    `${SYNC_LIMIT_NOTICE}: your plan allows ${limit} ${limit === 1 ? 'transaction' : 'transactions'}, so ` +
    `${leftOut} older ${leftOut === 1 ? 'transaction was' : 'transactions were'} not imported. ` +
    'Upgrade and the next sync brings them in.',
} as const;

/** How the notice of transactions left out at the plan's limit begins (the sync engine looks for it). */
export const SYNC_LIMIT_NOTICE = 'Transaction limit reached';

/** How many transactions a connection's notices say were left out at the limit (0 when none). */
export function syncLeftOutCount(notices: readonly string[]): number {
  for (const notice of notices) {
    if (!notice.startsWith(SYNC_LIMIT_NOTICE)) continue;
    const match = /so (\d+) older/.exec(notice);
    return match ? Number(match[1]) : 0;
  }
  return 0;
}

/** Features only a paid tier has (spec §6), with the refusal a free user sees. */
export const GATED_FEATURES = GATED_FEATURE_MESSAGES;

export type GatedFeature = keyof typeof GATED_FEATURES;

/** Refuses (403 UPGRADE_REQUIRED) a feature the user's tier lacks; self-hosted has every feature. */
export async function assertFeature(deps: LimitsDeps, userId: string, feature: GatedFeature): Promise<void> {
  const tier = await userTier(deps, userId);
  if (tier && !tier.features[feature]) throw new AppError('UPGRADE_REQUIRED', GATED_FEATURES[feature]);
}

/**
 * Refuses (403 UPGRADE_REQUIRED) adding accounts or transactions beyond the user's limits. Call it inside
 * the writing database transaction, before the writes, so a refused import or sync writes nothing.
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
      throw new AppError('UPGRADE_REQUIRED', LIMIT_MESSAGES.accounts(limits.accounts));
    }
  }
  if (addTransactions > 0 && limits.transactions !== null) {
    if ((await countUserTransactions(db, userId)) + addTransactions > limits.transactions) {
      throw new AppError('UPGRADE_REQUIRED', LIMIT_MESSAGES.transactions(limits.transactions));
    }
  }
}
