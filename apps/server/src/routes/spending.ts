import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  CADENCES,
  type Cadence,
  FLOW_PERIODS,
  INSIGHT_KINDS,
  isMonth,
  TIME_PERIOD_VALUES,
  type TimePeriod,
} from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { readDbOf } from '../http/read-routing';
import { userDate } from '../http/user-date';
import { COOKIE_AUTH, jsonResponse, MoneySchema, VisibleFromSchema } from '../http/openapi';
import { assertFeature, visibleFrom } from '../use-cases/limits/user-limits';
import { activitySummary } from '../use-cases/spending/activity-summary';
import { expenseFlow } from '../use-cases/spending/expense-flow';
import { insights } from '../use-cases/spending/insights';
import { spendingSummary } from '../use-cases/spending/spending-summary';

export const SPENDING_MESSAGES = {
  period: `Period must be one of ${TIME_PERIOD_VALUES.join(', ')}`,
  flowPeriod: `Period must be one of ${FLOW_PERIODS.join(', ')}`,
  month: 'Month must be written YYYY-MM',
  date: 'Date must be a real date written YYYY-MM-DD',
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const ChangeSchema = z.object({ amount: MoneySchema, percent: z.number().nullable() });
const PeriodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  income: MoneySchema,
  spending: MoneySchema,
  net: MoneySchema,
  transactionCount: z.number().int(),
});

const ActivitySummarySchema = z
  .object({
    currency: z.string(),
    period: z.enum(TIME_PERIOD_VALUES as [TimePeriod, ...TimePeriod[]]),
    current: PeriodFiguresSchema.extend({
      topCategories: z.array(
        z.object({
          category: z.string(),
          label: z.string(),
          amount: MoneySchema,
          percent: z.number(),
          transactionCount: z.number().int(),
        }),
      ),
    }),
    previous: PeriodFiguresSchema.nullable(),
    change: z
      .object({
        income: ChangeSchema,
        spending: ChangeSchema,
        net: ChangeSchema,
        transactionCount: z.object({ amount: z.number().int(), percent: z.number().nullable() }),
      })
      .nullable(),
    visibleFrom: VisibleFromSchema,
  })
  .openapi('ActivitySummary');

const SpendingSummarySchema = z
  .object({
    currency: z.string(),
    month: z.string(),
    previousMonth: z.string(),
    total: MoneySchema,
    previousTotal: MoneySchema,
    change: ChangeSchema,
    income: MoneySchema,
    byCategory: z.array(
      z.object({
        category: z.string().openapi({ description: "Shown category code, '' = Uncategorized" }),
        label: z.string(),
        amount: MoneySchema,
        previousAmount: MoneySchema,
        change: ChangeSchema,
        percent: z.number(),
        transactionCount: z.number().int(),
      }),
    ),
    byMerchant: z.array(
      z.object({
        merchant: z.string(),
        category: z.string(),
        amount: MoneySchema,
        transactionCount: z.number().int(),
      }),
    ),
    daily: z.array(
      z.object({
        day: z.number().int(),
        cumulative: z.number().int(),
        previousCumulative: z.number().int().nullable(),
      }),
    ),
    hiddenCategories: z.array(z.string()),
    visibleFrom: VisibleFromSchema,
  })
  .openapi('SpendingSummary');

const FlowNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['source', 'income', 'category', 'other', 'savings', 'deficit']),
  amount: z.number().int(),
});
const ExpenseFlowSchema = z
  .object({
    currency: z.string(),
    period: z.enum(FLOW_PERIODS),
    from: z.string(),
    to: z.string(),
    income: MoneySchema,
    spending: MoneySchema,
    savings: MoneySchema,
    nodes: z.array(FlowNodeSchema),
    links: z.array(z.object({ from: z.string(), to: z.string(), amount: z.number().int() })),
    visibleFrom: VisibleFromSchema,
  })
  .openapi('ExpenseFlow');

const InsightSchema = z
  .object({
    id: z
      .string()
      .openapi({ description: "Stable across requests for the same finding ('category-up:FOOD_AND_DRINK')" }),
    kind: z.enum(INSIGHT_KINDS),
    severity: z.enum(['positive', 'info', 'warning']),
    title: z.string(),
    explanation: z.string(),
    figures: z.array(
      z.object({
        label: z.string(),
        value: z.union([MoneySchema, z.number(), z.string()]).openapi({
          description: "money: Money; percent: a number already in percent; date: 'YYYY-MM-DD'",
        }),
        format: z.enum(['money', 'percent', 'date', 'text', 'number']),
      }),
    ),
    links: z.array(z.object({ label: z.string(), href: z.string() })),
  })
  .openapi('Insight');

const RecurringPaymentSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    category: z.string().nullable(),
    accountId: z.string(),
    cadence: z.enum(CADENCES as [Cadence, ...Cadence[]]),
    averageAmount: MoneySchema.openapi({
      description: 'Signed as the transactions are: a payment out is negative',
    }),
    lastAmount: MoneySchema,
    lastDate: z.string(),
    nextDate: z.string(),
    nextAmount: MoneySchema,
    occurrences: z.number().int(),
    priceIncrease: z.object({ from: MoneySchema, to: MoneySchema, date: z.string() }).nullable(),
    href: z.string(),
  })
  .openapi('RecurringPayment');

const InsightsSchema = z
  .object({
    currency: z.string(),
    asOf: z.string(),
    insights: z.array(InsightSchema),
    recurring: z.array(RecurringPaymentSchema),
  })
  .openapi('Insights');

const tags = ['Spending'];

const routes = {
  activity: createRoute({
    method: 'get',
    path: '/dashboard/activity-summary',
    tags,
    security: COOKIE_AUTH,
    summary: 'Income, spending and net of a period ending today, against the period before',
    description:
      'Periods (spec §3): 1-month = the 30 days ending today (user time zone), 3-months 91, 6-months 182, ' +
      '1-year 365, all-time from the first transaction (no previous period). Transfers, excluded rows, ' +
      'investment trades and failed or cancelled rows are left out; hidden categories are left out of spending.',
    request: {
      query: z.object({
        period: z.preprocess(
          blankToUndefined,
          z
            .enum(TIME_PERIOD_VALUES as [TimePeriod, ...TimePeriod[]], SPENDING_MESSAGES.period)
            .default('1-month'),
        ),
      }),
    },
    responses: {
      200: jsonResponse(ActivitySummarySchema, 'The summary'),
      400: { description: 'Validation failed' },
    },
  }),
  summary: createRoute({
    method: 'get',
    path: '/transactions/spending-summary',
    tags,
    security: COOKIE_AUTH,
    summary: "A month's spending by category and merchant, with the month before and the running total",
    request: {
      query: z.object({
        month: z
          .preprocess(blankToUndefined, z.string().refine(isMonth, SPENDING_MESSAGES.month).optional())
          .openapi({ description: 'YYYY-MM; default the current month', type: 'string' }),
      }),
    },
    responses: {
      200: jsonResponse(SpendingSummarySchema, 'The month'),
      400: { description: "Validation failed ('Month must be written YYYY-MM')" },
    },
  }),
  flow: createRoute({
    method: 'get',
    path: '/expenses/flow',
    tags,
    security: COOKIE_AUTH,
    summary: 'Income sources → income → spending categories and savings (Sankey)',
    request: {
      query: z.object({
        period: z.preprocess(
          blankToUndefined,
          z.enum(FLOW_PERIODS, SPENDING_MESSAGES.flowPeriod).default('monthly'),
        ),
        date: z.preprocess(blankToUndefined, userDate(SPENDING_MESSAGES.date).optional()).openapi({
          description: 'YYYY-MM-DD inside the month/quarter/year; default today',
          type: 'string',
        }),
      }),
    },
    responses: {
      200: jsonResponse(ExpenseFlowSchema, 'The flow'),
      400: { description: 'Validation failed' },
    },
  }),
  insights: createRoute({
    method: 'get',
    path: '/insights',
    tags,
    security: COOKIE_AUTH,
    summary: 'Plain-language insights about your money, and the recurring payments found',
    responses: {
      200: jsonResponse(InsightsSchema, 'Insights and recurring payments'),
      403: { description: 'Advanced analytics are part of the Pro plan (UPGRADE_REQUIRED)' },
    },
  }),
};

/** docs/analytics-api.md: activity summary, spending summary, expense flow, insights. */
export function spendingRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.activity, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { period } = c.req.valid('query');
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await activitySummary({ db: readDbOf(c, db), userId, period, now, visibleFrom: from }));
    })
    .openapi(routes.summary, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month } = c.req.valid('query');
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(
        c,
        await spendingSummary({ db: readDbOf(c, db), userId, now, visibleFrom: from, ...(month ? { month } : {}) }),
      );
    })
    .openapi(routes.flow, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { period, date } = c.req.valid('query');
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(
        c,
        await expenseFlow({ db: readDbOf(c, db), userId, period, now, visibleFrom: from, ...(date ? { date } : {}) }),
      );
    })
    .openapi(routes.insights, async (c) => {
      const { userId } = await requireUser(c, auth);
      // Advanced analytics (ADR 062): its 13 months of rows are inside the Pro plan's 730-day window.
      await assertFeature(deps, userId, 'advancedAnalytics');
      return ok(c, await insights({ db: readDbOf(c, db), userId, now: deps.now() }));
    });
}
