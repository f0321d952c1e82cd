import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ASSET_CLASSES,
  type AssetClass,
  PORTFOLIO_RANGES,
  TIME_PERIOD_VALUES,
  type TimePeriod,
} from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { readDbOf } from '../http/read-routing';
import { COOKIE_AUTH, jsonResponse, MoneySchema, VisibleFromSchema } from '../http/openapi';
import { classTotals, currentBalances } from '../use-cases/dashboard/current-balances';
import { dashboard } from '../use-cases/dashboard/dashboard';
import { PORTFOLIO_SAMPLES, portfolio } from '../use-cases/dashboard/portfolio';
import { snapshotToday } from '../use-cases/dashboard/snapshot-today';
import { visibleFrom } from '../use-cases/limits/user-limits';

export const DASHBOARD_MESSAGES = {
  period: `Period must be one of ${TIME_PERIOD_VALUES.join(', ')}`,
  range: `Range must be one of ${PORTFOLIO_RANGES.join(', ')}`,
  samples: `Samples must be a whole number from ${PORTFOLIO_SAMPLES.min} to ${PORTFOLIO_SAMPLES.max}`,
} as const;

const tags = ['Dashboard'];

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const ClassSchema = z.enum(ASSET_CLASSES as [AssetClass, ...AssetClass[]]);
const FxReportSchema = z
  .object({
    missing: z
      .array(z.string())
      .openapi({ description: 'Currencies left out of the totals: no rate at all' }),
    stale: z.array(z.object({ currency: z.string(), asOf: z.string() })).openapi({
      description: 'Currencies converted at a rate more than 7 days old',
    }),
    estimated: z.array(z.object({ currency: z.string(), from: z.string() })).openapi({
      description:
        'Currencies converted on days before their first rate at the earliest known one (dated `from`)',
    }),
  })
  .openapi('FxReport');

const AccountBalanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  institution: z.string().nullable(),
  status: z.string(),
  native: MoneySchema,
  converted: MoneySchema.nullable(),
  isLiability: z.boolean(),
});

const DashboardSchema = z
  .object({
    currency: z.string(),
    asOf: z.string(),
    period: z.enum(TIME_PERIOD_VALUES as [TimePeriod, ...TimePeriod[]]),
    hasAccounts: z.boolean(),
    summary: z.object({
      netWorth: MoneySchema,
      assets: MoneySchema,
      liabilities: MoneySchema,
      cash: MoneySchema,
      investments: MoneySchema,
      crypto: MoneySchema,
      realEstate: MoneySchema,
      other: MoneySchema,
      change: z.object({
        amount: MoneySchema.nullable().openapi({
          description: 'Null when a total leaves a currency out for want of any rate (see `missing`)',
        }),
        percent: z.number().nullable(),
        from: z.string(),
        missing: z.array(z.string()).openapi({
          description: 'Currencies without any rate: the change is not computed from partial totals',
        }),
        estimated: z.boolean().openapi({
          description: 'A total is converted at a later day’s rate (before the currency’s first rate)',
        }),
      }),
    }),
    allocation: z.array(
      z.object({ class: ClassSchema, label: z.string(), amount: MoneySchema, percent: z.number() }),
    ),
    cryptoShare: z.object({ percent: z.number(), threshold: z.number(), above: z.boolean() }),
    accounts: z.array(
      z.object({
        type: z.string(),
        label: z.string(),
        total: MoneySchema,
        accounts: z.array(AccountBalanceSchema),
      }),
    ),
    fx: FxReportSchema,
    visibleFrom: VisibleFromSchema,
  })
  .openapi('Dashboard');

const PortfolioSchema = z
  .object({
    currency: z.string(),
    range: z.enum(PORTFOLIO_RANGES),
    from: z.string(),
    to: z.string(),
    classes: z.array(ClassSchema),
    points: z.array(
      z.object({
        date: z.string(),
        netWorth: z.number().int(),
        cash: z.number().int(),
        investment: z.number().int(),
        crypto: z.number().int(),
        real_estate: z.number().int(),
        other: z.number().int(),
        liability: z.number().int(),
        account_count: z.number().int(),
        estimated: z.boolean().openapi({
          description: 'Converted at a later day’s rate (before a currency’s first rate)',
        }),
      }),
    ),
    fx: FxReportSchema,
    visibleFrom: VisibleFromSchema,
  })
  .openapi('Portfolio');

const BalanceSchema = z
  .object({
    currency: z.string(),
    asOf: z.string(),
    netWorth: MoneySchema,
    assets: MoneySchema,
    liabilities: MoneySchema,
    byClass: z.record(ClassSchema, MoneySchema),
    fx: FxReportSchema,
  })
  .openapi('Balance');

const periodQuery = z.object({
  period: z.preprocess(
    blankToUndefined,
    z.enum(TIME_PERIOD_VALUES as [TimePeriod, ...TimePeriod[]], DASHBOARD_MESSAGES.period).default('1-month'),
  ),
});

const dashboardRoute = (path: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags,
    security: COOKIE_AUTH,
    summary,
    description:
      'Totals of your visible accounts in your default currency (converted at the last known ECB or manual ' +
      'rate), the change since the period start, the asset allocation and your accounts grouped by type.',
    request: { query: periodQuery },
    responses: {
      200: jsonResponse(DashboardSchema, 'The dashboard'),
      400: { description: 'Validation failed' },
    },
  });

const routes = {
  dashboard: dashboardRoute('/dashboard', 'Net worth, allocation and accounts'),
  dashboardData: dashboardRoute(
    '/dashboard/data',
    'Net worth, allocation and accounts (alias of /dashboard)',
  ),
  portfolio: createRoute({
    method: 'get',
    path: '/portfolio',
    tags,
    security: COOKIE_AUTH,
    summary: 'Net-worth history, one point per day, by asset class',
    request: {
      query: z.object({
        range: z.preprocess(
          blankToUndefined,
          z.enum(PORTFOLIO_RANGES, DASHBOARD_MESSAGES.range).default('1Y'),
        ),
        samples: z
          .preprocess(
            blankToUndefined,
            z.coerce
              .number({ message: DASHBOARD_MESSAGES.samples })
              .int(DASHBOARD_MESSAGES.samples)
              .min(PORTFOLIO_SAMPLES.min, DASHBOARD_MESSAGES.samples)
              .max(PORTFOLIO_SAMPLES.max, DASHBOARD_MESSAGES.samples)
              .optional(),
          )
          .openapi({
            description: 'Thin the series to this many points (LTTB on net worth)',
            type: 'integer',
          }),
      }),
    },
    responses: {
      200: jsonResponse(PortfolioSchema, 'The history'),
      400: { description: 'Validation failed' },
    },
  }),
  balance: createRoute({
    method: 'get',
    path: '/balance',
    tags,
    security: COOKIE_AUTH,
    summary: "Today's net worth, assets, liabilities and class totals",
    responses: { 200: jsonResponse(BalanceSchema, 'Today’s totals') },
  }),
  snapshot: createRoute({
    method: 'post',
    path: '/balance/snapshot',
    tags,
    security: COOKIE_AUTH,
    summary: "Recompute today's balance snapshot of every account",
    responses: {
      200: jsonResponse(
        z.object({ date: z.string(), accounts: z.number().int() }),
        'The day and how many accounts',
      ),
    },
  }),
};

/** docs/analytics-api.md: dashboard, net-worth history, today's balance and the daily snapshot. */
export function dashboardRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.dashboard, async (c) => {
      const { userId } = await requireUser(c, auth);
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await dashboard(readDbOf(c, db), userId, c.req.valid('query').period, now, from));
    })
    .openapi(routes.dashboardData, async (c) => {
      const { userId } = await requireUser(c, auth);
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await dashboard(readDbOf(c, db), userId, c.req.valid('query').period, now, from));
    })
    .openapi(routes.portfolio, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { range, samples } = c.req.valid('query');
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await portfolio(readDbOf(c, db), userId, range, samples, now, from));
    })
    .openapi(routes.balance, async (c) => {
      const { userId } = await requireUser(c, auth);
      const balances = await currentBalances(readDbOf(c, db), userId, deps.now());
      const money = (amountMinor: number) => ({ amountMinor, currency: balances.currency });
      return ok(c, {
        currency: balances.currency,
        asOf: balances.today,
        netWorth: money(balances.summary.netWorthMinor),
        assets: money(balances.summary.assetsMinor),
        liabilities: money(balances.summary.liabilitiesMinor),
        byClass: classTotals(balances.summary, balances.currency),
        fx: balances.fx,
      });
    })
    .openapi(routes.snapshot, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await snapshotToday(db, userId, deps.now()));
    });
}
