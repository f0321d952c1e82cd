import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { isMonth } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import {
  BUDGET_MESSAGES,
  copyPreviousMonth,
  copyPreviousSchema,
  fromAverageSchema,
  rolloverSchema,
  setBudget,
  setBudgetSchema,
  setFromAverage,
  setRollover,
} from '../use-cases/budgets/budget-changes';
import { budgetMonth } from '../use-cases/budgets/budget-month';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const BudgetLineSchema = z
  .object({
    category: z.string().openapi({ description: "A spending category of spec §3, or 'overall'" }),
    label: z.string(),
    budget: MoneySchema.nullable(),
    rollover: z.boolean(),
    carried: MoneySchema,
    available: MoneySchema.nullable(),
    spent: MoneySchema,
    remaining: MoneySchema.nullable(),
    remainingPerDay: MoneySchema.nullable(),
    percent: z.number().nullable(),
    status: z.enum(['none', 'under', 'near', 'over']),
    threshold: z.union([z.literal(80), z.literal(100)]).nullable(),
    averages: z.object({ '3': MoneySchema, '6': MoneySchema, '12': MoneySchema }),
  })
  .openapi('BudgetLine');

const BudgetMonthSchema = z
  .object({
    month: z.string(),
    currency: z.string(),
    daysLeft: z.number().int(),
    daysInMonth: z.number().int(),
    overall: BudgetLineSchema,
    categories: z.array(BudgetLineSchema),
    hiddenCategories: z.array(z.string()),
    previousMonthHasBudgets: z.boolean(),
    missingCurrencies: z.array(z.string()),
  })
  .openapi('BudgetMonth');

const tags = ['Budgets'];
const monthResponse = jsonResponse(BudgetMonthSchema, 'The month with its budgets');

const routes = {
  month: createRoute({
    method: 'get',
    path: '/budgets',
    tags,
    security: COOKIE_AUTH,
    summary: "A month's budgets beside what was spent, with averages and rollover",
    description:
      'Spending comes from the monthly rollups, converted at the rates of the month’s last day; hidden ' +
      'categories have no line and are not in the overall.',
    request: {
      query: z.object({
        month: z
          .preprocess(blankToUndefined, z.string().refine(isMonth, BUDGET_MESSAGES.month).optional())
          .openapi({ description: 'YYYY-MM; default the current month', type: 'string' }),
      }),
    },
    responses: { 200: monthResponse, 400: { description: 'Validation failed' } },
  }),
  set: createRoute({
    method: 'put',
    path: '/budgets',
    tags,
    security: COOKIE_AUTH,
    summary: "Set or remove one category's amount (or the overall one) for a month",
    request: { body: jsonBody(setBudgetSchema) },
    responses: { 200: monthResponse, 400: { description: 'Validation failed' } },
  }),
  rollover: createRoute({
    method: 'patch',
    path: '/budgets/rollover',
    tags,
    security: COOKIE_AUTH,
    summary: "Carry what is left (or overspent) of a category's budget into the next month, or not",
    request: {
      query: z.object({
        month: z
          .preprocess(blankToUndefined, z.string().refine(isMonth, BUDGET_MESSAGES.month).optional())
          .openapi({
            description: 'The month to answer with (YYYY-MM); default the current month',
            type: 'string',
          }),
      }),
      body: jsonBody(rolloverSchema),
    },
    responses: { 200: monthResponse, 400: { description: 'Validation failed' } },
  }),
  copy: createRoute({
    method: 'post',
    path: '/budgets/copy-previous',
    tags,
    security: COOKIE_AUTH,
    summary: "Copy the month before's amounts into the month",
    request: { body: jsonBody(copyPreviousSchema) },
    responses: {
      200: monthResponse,
      400: { description: 'Validation failed' },
      409: { description: 'The month before has no budgets' },
    },
  }),
  average: createRoute({
    method: 'post',
    path: '/budgets/from-average',
    tags,
    security: COOKIE_AUTH,
    summary: 'Set each amount to the average monthly spending of the 3, 6 or 12 months before',
    request: { body: jsonBody(fromAverageSchema) },
    responses: {
      200: monthResponse,
      400: { description: 'Validation failed' },
      409: { description: 'No spending in those months' },
    },
  }),
};

/** ADR 039: monthly budgets. */
export function budgetsRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.month, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month } = c.req.valid('query');
      return ok(c, await budgetMonth({ db, userId, now: deps.now(), ...(month ? { month } : {}) }));
    })
    .openapi(routes.set, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month, category, amount } = c.req.valid('json');
      return ok(
        c,
        await setBudget({ db, userId, now: deps.now(), category, amount, ...(month ? { month } : {}) }),
      );
    })
    .openapi(routes.rollover, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month } = c.req.valid('query');
      const { category, rollover } = c.req.valid('json');
      return ok(
        c,
        await setRollover({ db, userId, now: deps.now(), category, rollover, ...(month ? { month } : {}) }),
      );
    })
    .openapi(routes.copy, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month } = c.req.valid('json');
      return ok(c, await copyPreviousMonth({ db, userId, now: deps.now(), ...(month ? { month } : {}) }));
    })
    .openapi(routes.average, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { month, months } = c.req.valid('json');
      return ok(
        c,
        await setFromAverage({ db, userId, now: deps.now(), months, ...(month ? { month } : {}) }),
      );
    });
}
