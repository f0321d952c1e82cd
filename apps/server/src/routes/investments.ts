import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse, MoneySchema, VisibleFromSchema } from '../http/openapi';
import { createMarketData } from '../market-data/service';
import { PERFORMANCE_RANGES } from '@lodestar/domain';
import { DAY_CHANGE_UNAVAILABLE, listInvestments } from '../use-cases/holdings/investments';
import { investmentPerformance, PERFORMANCE_UNAVAILABLE } from '../use-cases/holdings/performance';
import { assertFeature, visibleFrom } from '../use-cases/limits/user-limits';
import { HOLDING_TYPES } from '../use-cases/holdings/list-holdings';
import { BuyPriceFields } from './holdings';

const tags = ['Investments'];
const decimal = (description: string) =>
  z.string().openapi({ description: `Decimal string; ${description}` });
const date = (description: string) => z.string().openapi({ description, example: '2026-11-25' });

const DayChangeSchema = z
  .object({
    amount: MoneySchema.openapi({
      description: "quantity × (price − previousClose), in the quote's currency",
    }),
    converted: MoneySchema.nullable().openapi({
      description: 'In the reporting currency; null without a rate',
    }),
    percent: z.number().nullable(),
    priceDate: date("The quote's trading day (UTC)"),
    previousClose: decimal('the close the change is measured from'),
    stale: z.boolean().openapi({ description: 'The provider failed: the last known quote' }),
  })
  .openapi('DayChange');

const InvestmentHoldingSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    symbol: z.string().nullable(),
    name: z.string(),
    type: z.enum(HOLDING_TYPES),
    quantity: decimal('units held'),
    price: z.object({
      amount: decimal("in the holding's currency"),
      currency: z.string(),
      date: date('The day of the price (a stored close, else the provider’s holding price)'),
    }),
    ...BuyPriceFields,
    costBasis: MoneySchema.nullable(),
    marketValue: MoneySchema,
    marketValueConverted: MoneySchema.nullable(),
    unrealizedGain: MoneySchema.nullable(),
    unrealizedGainConverted: MoneySchema.nullable(),
    unrealizedGainPercent: z.number().nullable(),
    dayChange: DayChangeSchema.nullable(),
    dayChangeUnavailable: z
      .enum(DAY_CHANGE_UNAVAILABLE)
      .nullable()
      .openapi({ description: 'Why there is no day change (null when there is one)' }),
    weight: z.number().nullable().openapi({ description: 'Percent of the overall converted market value' }),
  })
  .openapi('InvestmentHolding');

const totals = {
  marketValue: MoneySchema,
  costBasis: MoneySchema,
  unrealizedGain: MoneySchema,
  unrealizedGainPercent: z.number().nullable(),
  dayChange: MoneySchema,
  dayChangeCount: z.number().int(),
  holdingCount: z.number().int(),
  unconvertedCount: z.number().int(),
  priceDates: z.object({ oldest: z.string(), newest: z.string() }).nullable(),
};

const BrokerageBalanceSchema = z
  .object({
    balance: MoneySchema.openapi({
      description: "The account's current balance, the figure of the dashboard and Accounts",
    }),
    holdings: MoneySchema.openapi({
      description: 'Its holdings valued today as its daily balances value them (each holding rounded on its own)',
    }),
    cash: MoneySchema.openapi({ description: 'The balance less the holdings' }),
    balanceConverted: MoneySchema.nullable().openapi({
      description: 'The balance in the reporting currency; null without a rate',
    }),
  })
  .openapi('BrokerageBalance', {
    description:
      "An investment account's balance as cash + holdings, in the account's currency (docs/domain.md)",
  });

const BrokerageTotalsSchema = z
  .object({
    balance: MoneySchema,
    holdings: MoneySchema,
    cash: MoneySchema.openapi({ description: 'balance − holdings' }),
    accountCount: z.number().int(),
    unconvertedCount: z
      .number()
      .int()
      .openapi({ description: 'Accounts left out of the totals for lack of a rate' }),
  })
  .openapi('BrokerageTotals', {
    description:
      "The investment accounts' balances as cash + holdings in the reporting currency, each currency's sums converted once",
  });

const InvestmentsSchema = z
  .object({
    currency: z.string().openapi({ description: 'The reporting currency (default_currency preference)' }),
    asOf: date("Today in the user's time zone"),
    holdings: z.array(InvestmentHoldingSchema),
    accounts: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        ...totals,
        weight: z.number().nullable(),
        brokerage: BrokerageBalanceSchema.nullable().openapi({
          description: 'Null for an account that is not an investment account (crypto)',
        }),
      }),
    ),
    totals: z.object(totals),
    brokerage: BrokerageTotalsSchema.nullable().openapi({
      description: 'Null when no investment account has holdings',
    }),
    missingCurrencies: z.array(z.string()),
  })
  .openapi('Investments');

const RANGE_MESSAGE = 'Range must be one of 1m, 3m, ytd, 1y, all';
const performanceQuery = z.object({
  range: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(PERFORMANCE_RANGES, RANGE_MESSAGE).default('1y'),
  ),
});

const FiguresSchema = z
  .object({
    from: date('The value at the end of this day is where the returns start'),
    to: date('Today'),
    startValue: MoneySchema,
    endValue: MoneySchema,
    netDeposits: MoneySchema.openapi({ description: 'Deposits minus withdrawals' }),
    income: MoneySchema.openapi({ description: 'Dividends, capital-gain distributions and interest' }),
    costs: MoneySchema.openapi({ description: 'Fees and taxes, positive' }),
    timeWeightedPercent: z.number().nullable(),
    moneyWeightedPercent: z.number().nullable().openapi({ description: 'XIRR, annual, percent' }),
  })
  .openapi('PerformanceFigures');

const PerformanceSchema = z
  .object({
    range: z.enum(PERFORMANCE_RANGES),
    currency: z.string(),
    today: z.string(),
    accounts: z.array(
      z.object({
        accountId: z.string(),
        name: z.string(),
        type: z.string(),
        currency: z.string(),
        figures: FiguresSchema.nullable(),
        unavailable: z
          .enum(PERFORMANCE_UNAVAILABLE)
          .nullable()
          .openapi({ description: 'Why there are no figures (null when there are)' }),
      }),
    ),
    overall: z.object({
      figures: FiguresSchema.nullable().openapi({ description: 'In the reporting currency' }),
      accountCount: z.number().int().openapi({ description: 'Accounts counted in the overall figures' }),
      missingCurrencies: z.array(z.string()),
    }),
    visibleFrom: VisibleFromSchema,
  })
  .openapi('InvestmentPerformance');

const routes = {
  performance: createRoute({
    method: 'get',
    path: '/investments/performance',
    tags,
    security: COOKIE_AUTH,
    summary: 'Time- and money-weighted returns, deposits, income and costs per account and overall',
    request: { query: performanceQuery },
    responses: {
      200: jsonResponse(PerformanceSchema, 'Investment performance'),
      400: { description: 'Validation failed' },
      403: { description: 'Advanced analytics are part of the Pro plan (UPGRADE_REQUIRED)' },
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/investments',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Holdings with cost basis, market value, unrealised gain, day change and weight; totals per account',
    responses: { 200: jsonResponse(InvestmentsSchema, 'Investments') },
  }),
};

/** docs/markets-api.md "Investments" */
export function investmentsRoutes(deps: RouteDeps) {
  const market = createMarketData({ db: deps.db, config: deps.config, now: deps.now, logger: deps.logger });
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await listInvestments(deps.db, market, userId, deps.now()));
    })
    .openapi(routes.performance, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      await assertFeature(deps, userId, 'advancedAnalytics');
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await investmentPerformance(deps.db, userId, now, c.req.valid('query').range, from));
    });
}
