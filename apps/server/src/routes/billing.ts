import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { billingEnabled, stripeFor, WEBHOOK_TOLERANCE_SECONDS } from '../connectors/stripe/client';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse } from '../http/openapi';
import {
  BILLING_MESSAGES,
  billingOverview,
  openPortal,
  plansOnSale,
  startCheckout,
} from '../use-cases/billing/billing';
import { handleStripeEvent, type StripeEventLike } from '../use-cases/billing/stripe-webhook';

const tags = ['Billing'];

const PricingSchema = z.object({
  period: z.enum(['monthly', 'yearly']),
  price: z.number(),
  stripePriceId: z.string().nullable(),
  description: z.string(),
});
const TierSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  badge: z.string().optional(),
  pricing: z.array(PricingSchema),
  limits: z.object({
    accounts: z.number(),
    transactions: z.number(),
    syncFrequency: z.enum(['daily', 'hourly']),
    dataRetention: z.number(),
    apiCalls: z.number(),
  }),
  features: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])),
  isActive: z.boolean(),
});
const UsageSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
const BillingSchema = z.object({
  mode: z.enum(['self_hosted', 'stripe']),
  plan: z
    .object({
      tier: z.enum(['free_trial', 'pro']),
      displayName: z.string(),
      status: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      graceEndsAt: z.string().nullable(),
      canManage: z.boolean(),
      syncFrequency: z.enum(['daily', 'hourly']),
      dataRetentionDays: z.number().int(),
      features: z.object({
        exportData: z.boolean(),
        apiAccess: z.boolean(),
        advancedAnalytics: z.boolean(),
        webhooks: z.boolean(),
        customReports: z.boolean(),
        teamMembers: z.number().int(),
      }),
    })
    .nullable(),
  usage: z.object({
    accounts: UsageSchema,
    transactions: UsageSchema,
    apiCallsToday: UsageSchema.extend({ resetsAt: z.string() }),
  }),
});
const UrlSchema = z.object({ url: z.string() });
const OFF = `Billing is off on this server (self-hosted, no STRIPE_SECRET_KEY): ${BILLING_MESSAGES.off}`;

const routes = {
  plans: createRoute({
    method: 'get',
    path: '/billing/plans',
    tags,
    security: [],
    summary: 'The plans on sale (public, for the pricing page); none on a self-hosted server',
    responses: {
      200: jsonResponse(
        z.object({ mode: z.enum(['self_hosted', 'stripe']), tiers: z.array(TierSchema) }),
        'Plans',
      ),
    },
  }),
  overview: createRoute({
    method: 'get',
    path: '/billing',
    tags,
    security: COOKIE_AUTH,
    summary: 'The signed-in user’s plan, subscription state and usage against each limit',
    responses: {
      200: jsonResponse(BillingSchema, 'Plan and usage (mode self_hosted: plan null, no limits)'),
    },
  }),
  checkout: createRoute({
    method: 'post',
    path: '/billing/checkout',
    tags,
    security: COOKIE_AUTH,
    summary: 'A Stripe Checkout Session for Pro: open `url` in the browser',
    request: {
      body: {
        required: false,
        content: {
          'application/json': {
            schema: z.object({
              period: z
                .enum(['monthly', 'yearly'], { message: 'period must be monthly or yearly' })
                .default('monthly'),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonResponse(UrlSchema, 'Checkout Session created'),
      409: { description: `Already on Pro, or: ${OFF}` },
      502: { description: 'Stripe did not create the session' },
    },
  }),
  portal: createRoute({
    method: 'post',
    path: '/billing/portal',
    tags,
    security: COOKIE_AUTH,
    summary: 'A Stripe Customer Portal session (card, plan, cancellation): open `url` in the browser',
    responses: {
      200: jsonResponse(UrlSchema, 'Portal session created'),
      409: { description: `No Stripe customer yet (never upgraded), or: ${OFF}` },
      502: { description: 'Stripe did not create the session' },
    },
  }),
  webhook: createRoute({
    method: 'post',
    path: '/stripe/webhook',
    tags,
    security: [],
    summary: `Stripe webhooks (Stripe-Signature verified on the raw body, at most ${WEBHOOK_TOLERANCE_SECONDS} s old)`,
    request: {
      headers: z.object({
        'stripe-signature': z
          .string({ message: 'The Stripe-Signature header is required' })
          .min(1, 'The Stripe-Signature header is required')
          .max(4096, 'The Stripe-Signature header is too long'),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({ id: z.string().max(255), type: z.string().max(255) }).passthrough(),
          },
        },
      },
    },
    responses: {
      200: jsonResponse(
        z.object({ received: z.literal(true) }),
        'Verified and handled, a redelivery, or an event not used',
      ),
      400: { description: 'Signature or timestamp not accepted; nothing was done' },
      409: { description: OFF },
    },
  }),
};

export function billingRoutes(deps: RouteDeps) {
  const { db, auth, config, logger, now } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.plans, async (c) =>
      ok(c, {
        mode: billingEnabled(config) ? ('stripe' as const) : ('self_hosted' as const),
        tiers: (await plansOnSale(config, logger, now)).map((tier) => ({
          ...tier,
          features: { ...tier.features },
        })),
      }),
    )
    .openapi(routes.overview, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await billingOverview(deps, userId));
    })
    .openapi(routes.checkout, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      const body = c.req.valid('json') ?? { period: 'monthly' as const };
      return ok(c, await startCheckout(deps, { id: userId, email: user.email }, body.period ?? 'monthly'));
    })
    .openapi(routes.portal, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await openPortal(deps, userId));
    })
    .openapi(routes.webhook, async (c) => {
      if (!billingEnabled(config) || !config.stripe.webhookSecret)
        throw new AppError('CONFLICT', BILLING_MESSAGES.off);
      const raw = await c.req.text();
      let event: StripeEventLike;
      try {
        event = stripeFor(config).webhooks.constructEvent(
          raw,
          c.req.valid('header')['stripe-signature'],
          config.stripe.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        ) as unknown as StripeEventLike;
      } catch (error) {
        logger.warn({ reason: (error as Error).message }, 'Stripe webhook refused');
        throw AppError.validation([
          { field: 'stripe-signature', message: 'Webhook signature not accepted', code: 'invalid_signature' },
        ]);
      }
      const outcome = await handleStripeEvent({ db, config, logger, now, event });
      logger.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook handled');
      return ok(c, { received: true as const }, 200);
    });
}
