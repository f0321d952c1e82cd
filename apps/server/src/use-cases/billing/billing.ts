import {
  countAccounts,
  countUserTransactions,
  findBillingByUser,
  saveBillingCustomer,
  type Database,
} from '@lodestar/db';
import {
  ACTIVE_TIERS,
  resolveTierName,
  withStripePriceIds,
  type BillingPeriod,
  type BillingTier,
} from '@lodestar/domain';
import type { Config } from '../../config/env';
import {
  billingEnabled,
  stripeFor,
  toBillingError,
  type StripeSettings,
} from '../../connectors/stripe/client';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import type { RateLimitStore } from '../../http/rate-limit';
import { apiCallsUsed } from '../limits/api-calls';
import { userPlan } from '../limits/user-limits';

/** Plans, checkout and the customer portal (docs/billing.md). */

export const BILLING_MESSAGES = {
  off: 'Billing is not enabled on this server: it is self-hosted, with every feature and no limits.',
  alreadyPro: 'You are already on Pro. Manage your plan from Settings → Billing.',
  noCustomer: 'There is no subscription to manage yet. Upgrade to Pro first.',
  noYearly: 'Yearly billing is not offered on this server.',
} as const;

type BillingDeps = {
  db: Database;
  config: StripeSettings & Pick<Config, 'publicUrl'>;
  now: () => Date;
};

function requireBilling(config: Pick<Config, 'stripe'>) {
  if (!billingEnabled(config)) throw new AppError('CONFLICT', BILLING_MESSAGES.off);
}

/** How long the yearly price read from Stripe is kept, and how soon a failed read is tried again. */
const YEARLY_PRICE_TTL_MS = 60 * 60 * 1000;
const YEARLY_PRICE_RETRY_MS = 60 * 1000;
const yearlyPrices = new Map<string, { until: number; price: number | null }>();

/**
 * What STRIPE_PRICE_ID_PRO_YEARLY costs a year, in dollars, as Stripe says (the tier table has only the
 * monthly price): read once an hour per process, since the plans are public. A price that is not a yearly
 * price in US dollars, or a Stripe that does not answer, gives null: the yearly option is then not shown,
 * never with a made-up price (Checkout still takes it).
 */
async function yearlyPrice(
  config: StripeSettings,
  priceId: string,
  logger: Pick<Logger, 'warn'>,
  now: number,
): Promise<number | null> {
  const known = yearlyPrices.get(priceId);
  if (known && known.until > now) return known.price;
  let price: number | null = null;
  let until = now + YEARLY_PRICE_TTL_MS;
  try {
    const read = await stripeFor(config).prices.retrieve(priceId);
    if (read.recurring?.interval === 'year' && read.currency === 'usd' && read.unit_amount !== null) {
      price = read.unit_amount / 100;
    } else {
      logger.warn({ priceId }, 'STRIPE_PRICE_ID_PRO_YEARLY is not a yearly price in US dollars: not offered');
    }
  } catch (error) {
    until = now + YEARLY_PRICE_RETRY_MS;
    logger.warn({ priceId, err: toBillingError(error).message }, 'The yearly price could not be read');
  }
  yearlyPrices.set(priceId, { until, price });
  return price;
}

/**
 * The tiers on sale, with the configured Stripe price ids; none without billing (self-hosted). Pro gets
 * a yearly entry when a yearly price is configured and Stripe says what it costs.
 */
export async function plansOnSale(
  config: StripeSettings,
  logger: Pick<Logger, 'warn'>,
  now: () => Date,
): Promise<BillingTier[]> {
  if (!billingEnabled(config)) return [];
  const yearlyId = config.stripe.proYearlyPriceId;
  const yearly = yearlyId ? await yearlyPrice(config, yearlyId, logger, now().getTime()) : null;
  return ACTIVE_TIERS.map((tier) => {
    if (tier.name !== 'pro') return tier;
    const priced =
      yearly === null || !yearlyId
        ? tier
        : {
            ...tier,
            pricing: [
              ...tier.pricing,
              {
                period: 'yearly' as const,
                price: yearly,
                stripePriceId: null,
                description: `$${yearly} per year`,
              },
            ],
          };
    return withStripePriceIds(priced, {
      monthly: config.stripe.proMonthlyPriceId,
      yearly: yearlyId,
    });
  });
}

/** The user's plan, its state, and usage against every limit. */
export async function billingOverview(
  deps: BillingDeps & { rateLimitStore: RateLimitStore },
  userId: string,
) {
  const [plan, accounts, transactions] = await Promise.all([
    userPlan(deps, userId),
    countAccounts(deps.db, userId),
    countUserTransactions(deps.db, userId),
  ]);
  const apiCalls = await apiCallsUsed(deps.rateLimitStore, userId, deps.now());
  const limits = plan?.tier.limits;
  return {
    mode: plan ? ('stripe' as const) : ('self_hosted' as const),
    plan: plan
      ? {
          tier: resolveTierName(plan.tier.name),
          displayName: plan.tier.displayName,
          status: plan.status,
          currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
          graceEndsAt: plan.graceEndsAt?.toISOString() ?? null,
          canManage: plan.hasCustomer,
          syncFrequency: plan.tier.limits.syncFrequency,
          dataRetentionDays: plan.tier.limits.dataRetention,
          features: {
            exportData: plan.tier.features.exportData,
            apiAccess: plan.tier.features.apiAccess,
            advancedAnalytics: plan.tier.features.advancedAnalytics,
            webhooks: plan.tier.features.webhooks,
            customReports: plan.tier.features.customReports,
            teamMembers: plan.tier.features.teamMembers,
          },
        }
      : null,
    usage: {
      accounts: { used: accounts, limit: limits?.accounts ?? null },
      transactions: { used: transactions, limit: limits?.transactions ?? null },
      apiCallsToday: { used: apiCalls.used, limit: limits?.apiCalls ?? null, resetsAt: apiCalls.resetsAt },
    },
  };
}

/**
 * A Stripe Checkout Session for Pro: the user's Stripe customer is created once (recorded before Checkout
 * opens, with an idempotency key so two clicks make one) and reused; `client_reference_id` is the user id.
 */
export async function startCheckout(
  deps: BillingDeps,
  user: { id: string; email: string },
  period: BillingPeriod,
): Promise<{ url: string }> {
  requireBilling(deps.config);
  const priceId =
    period === 'yearly' ? deps.config.stripe.proYearlyPriceId : deps.config.stripe.proMonthlyPriceId;
  if (!priceId)
    throw AppError.validation([
      { field: 'period', message: BILLING_MESSAGES.noYearly, code: 'invalid_value' },
    ]);
  const plan = await userPlan(deps, user.id);
  if (plan?.tier.name === 'pro') throw new AppError('CONFLICT', BILLING_MESSAGES.alreadyPro);
  const stripe = stripeFor(deps.config);
  try {
    let customerId = (await findBillingByUser(deps.db, user.id))?.stripeCustomerId;
    if (!customerId) {
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: user.id } },
        { idempotencyKey: `lodestar-customer-${user.id}` },
      );
      customerId = await saveBillingCustomer(deps.db, user.id, customer.id);
    }
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.id,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${deps.config.publicUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.publicUrl}/billing/cancel`,
      subscription_data: { metadata: { userId: user.id } },
      metadata: { userId: user.id },
    });
    if (!session.url) throw new Error('Checkout Session without a URL');
    return { url: session.url };
  } catch (error) {
    throw toBillingError(error);
  }
}

/** A Customer Portal session (card, plan, cancellation) returning to Settings → Billing. */
export async function openPortal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  requireBilling(deps.config);
  const row = await findBillingByUser(deps.db, userId);
  if (!row) throw new AppError('CONFLICT', BILLING_MESSAGES.noCustomer);
  try {
    const session = await stripeFor(deps.config).billingPortal.sessions.create({
      customer: row.stripeCustomerId,
      return_url: `${deps.config.publicUrl}/settings/billing`,
    });
    return { url: session.url };
  } catch (error) {
    throw toBillingError(error);
  }
}
