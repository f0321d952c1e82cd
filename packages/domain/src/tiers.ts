/**
 * Billing tiers (spec §3, §4, §6, §9). Prices are in USD major units per period. The general limits
 * that apply whatever the tier (1000 transactions, 5 accounts, 500 export rows) are GENERAL_LIMITS in
 * constants.ts.
 */

export type BillingPeriod = 'monthly' | 'yearly';

export type TierPricing = {
  period: BillingPeriod;
  price: number;
  /** Filled from configuration (STRIPE_PRICE_ID_*) by the server; never hard-coded. */
  stripePriceId: string | null;
  description: string;
};

export type TierLimits = {
  accounts: number;
  transactions: number;
  syncFrequency: 'daily' | 'hourly';
  /** Days of history kept. */
  dataRetention: number;
  apiCalls: number;
};

export type TierFeatures = {
  encryptionType: 'standard' | 'enhanced';
  clientSideDecryption: boolean;
  zeroKnowledge: boolean;
  plaidSync: boolean;
  exchangeSync: boolean;
  blockchainSync: boolean;
  manualRefresh: boolean;
  webhooks: boolean;
  basicAnalytics: boolean;
  advancedAnalytics: boolean;
  customReports: boolean;
  exportData: boolean;
  emailSupport: boolean;
  prioritySupport: boolean;
  dedicatedSupport: boolean;
  apiAccess: boolean;
  whiteLabel: boolean;
  teamMembers: number;
};

export type BillingTier = {
  name: TierName;
  displayName: string;
  description: string;
  badge?: string;
  pricing: TierPricing[];
  limits: TierLimits;
  features: TierFeatures;
  isActive: boolean;
};

export type TierName = 'free_trial' | 'pro' | 'standard' | 'enterprise';

const FREE_LIMITS: TierLimits = {
  accounts: 3,
  transactions: 250,
  syncFrequency: 'daily',
  dataRetention: 365,
  apiCalls: 100,
};
const PRO_LIMITS: TierLimits = {
  accounts: 50,
  transactions: 10_000,
  syncFrequency: 'hourly',
  dataRetention: 730,
  apiCalls: 10_000,
};

const FREE_FEATURES: TierFeatures = {
  encryptionType: 'standard',
  clientSideDecryption: false,
  zeroKnowledge: false,
  plaidSync: true,
  exchangeSync: true,
  blockchainSync: true,
  manualRefresh: true,
  webhooks: false,
  basicAnalytics: true,
  advancedAnalytics: false,
  customReports: false,
  exportData: false,
  emailSupport: true,
  prioritySupport: false,
  dedicatedSupport: false,
  apiAccess: false,
  whiteLabel: false,
  teamMembers: 1,
};
const PRO_FEATURES: TierFeatures = {
  ...FREE_FEATURES,
  encryptionType: 'enhanced',
  webhooks: true,
  advancedAnalytics: true,
  customReports: true,
  exportData: true,
  prioritySupport: true,
  apiAccess: true,
  teamMembers: 3,
};

const FREE_PRICING: TierPricing[] = [
  { period: 'monthly', price: 0, stripePriceId: null, description: 'Free forever' },
];
const PRO_PRICING: TierPricing[] = [
  { period: 'monthly', price: 15, stripePriceId: null, description: '$15 per month' },
];

export const BILLING_TIERS: Record<TierName, BillingTier> = {
  free_trial: {
    name: 'free_trial',
    displayName: 'Free',
    description: 'Everything you need to see all your money in one place.',
    pricing: FREE_PRICING,
    limits: FREE_LIMITS,
    features: FREE_FEATURES,
    isActive: true,
  },
  pro: {
    name: 'pro',
    displayName: 'Pro',
    description:
      'More accounts, two years of history, hourly sync, insights, custom reports, webhooks, export and API access.',
    badge: 'RECOMMENDED',
    pricing: PRO_PRICING,
    limits: PRO_LIMITS,
    features: PRO_FEATURES,
    isActive: true,
  },
  // Legacy tiers: kept so old subscriptions resolve; standard mirrors free, enterprise mirrors pro.
  standard: {
    name: 'standard',
    displayName: 'Standard',
    description: 'Legacy plan, now the Free plan.',
    pricing: FREE_PRICING,
    limits: FREE_LIMITS,
    features: FREE_FEATURES,
    isActive: false,
  },
  enterprise: {
    name: 'enterprise',
    displayName: 'Enterprise',
    description: 'Legacy plan, now the Pro plan.',
    pricing: PRO_PRICING,
    limits: PRO_LIMITS,
    features: PRO_FEATURES,
    isActive: false,
  },
};

/** Tiers a user can choose today. */
/** Features only a paid tier has (spec §6), with the refusal a free user sees (server and web). */
export const GATED_FEATURE_MESSAGES = {
  exportData: 'Exporting your data is part of the Pro plan. Upgrade to export.',
  apiAccess: 'The public API is part of the Pro plan. Upgrade to create and use keys.',
  webhooks: 'Webhooks are part of the Pro plan. Upgrade to add and test endpoints.',
  customReports: 'Custom reports are part of the Pro plan. Upgrade to build and run reports.',
  advancedAnalytics: 'Insights and investment performance are part of the Pro plan. Upgrade to see them.',
} as const satisfies Partial<Record<keyof TierFeatures, string>>;

export const ACTIVE_TIERS: BillingTier[] = Object.values(BILLING_TIERS).filter((tier) => tier.isActive);

/**
 * Maps any stored plan name onto a current tier (spec §4): free, hobby, starter, standard and
 * free_trial → free_trial; enterprise and pro → pro; anything else → free_trial.
 */
export function resolveTierName(plan: string | null | undefined): 'free_trial' | 'pro' {
  const name = (plan ?? '').trim().toLowerCase();
  return name === 'pro' || name === 'enterprise' ? 'pro' : 'free_trial';
}

/** The current tier for any stored plan name, after the legacy mapping of resolveTierName. */
export function tierFor(plan: string | null | undefined): BillingTier {
  return BILLING_TIERS[resolveTierName(plan)];
}

/**
 * The pricing entry for `period`, else the tier's first entry (spec §3); undefined only for a tier
 * without prices. Prices are USD major units per period (free 0, pro 15 per month).
 */
export function tierPricing(tier: BillingTier, period: BillingPeriod): TierPricing | undefined {
  return tier.pricing.find((entry) => entry.period === period) ?? tier.pricing[0];
}

/** Whether `tier` includes a boolean feature (teamMembers and encryptionType are read from `features`). */
export function tierHasFeature(
  tier: BillingTier,
  feature: { [K in keyof TierFeatures]: TierFeatures[K] extends boolean ? K : never }[keyof TierFeatures],
): boolean {
  return tier.features[feature];
}

/**
 * A copy of `tier` whose pricing entries carry the payment provider's price ids, read from
 * configuration by the caller (for example STRIPE_PRICE_ID_PRO_MONTHLY). Periods without an id keep null.
 */
export function withStripePriceIds(
  tier: BillingTier,
  priceIds: Partial<Record<BillingPeriod, string | null | undefined>>,
): BillingTier {
  return {
    ...tier,
    pricing: tier.pricing.map((entry) => ({ ...entry, stripePriceId: priceIds[entry.period] ?? null })),
  };
}
