import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse, MoneySchema } from '../http/openapi';
import { HOLDING_TYPES, listHoldings, type HoldingType } from '../use-cases/holdings/list-holdings';

const MAX_PAGE_SIZE = 200;
const MESSAGES = {
  page: 'Page must be a whole number from 1',
  limit: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  type: `Type must be one of all, ${HOLDING_TYPES.join(', ')}`,
};

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const querySchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(MESSAGES.page)
      .int(MESSAGES.page)
      .min(1, MESSAGES.page)
      .max(1_000_000, MESSAGES.page)
      .default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(MESSAGES.limit)
      .int(MESSAGES.limit)
      .min(1, MESSAGES.limit)
      .max(MAX_PAGE_SIZE, MESSAGES.limit)
      .default(100),
  ),
  type: z.preprocess(
    blankToUndefined,
    z
      .enum(['all', ...HOLDING_TYPES] as [HoldingType | 'all', ...(HoldingType | 'all')[]], MESSAGES.type)
      .default('all'),
  ),
});

const HoldingTypeSchema = z.enum(HOLDING_TYPES);
const HoldingSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    symbol: z.string().nullable(),
    name: z.string(),
    type: HoldingTypeSchema,
    quantity: z.string().openapi({ description: 'Decimal string' }),
    quantityDecimals: z.number().int().openapi({ description: 'Spec §9: crypto 8, fractional 4, whole 2' }),
    price: z.object({
      amount: z.string().openapi({ description: "Decimal string in the holding's currency" }),
      currency: z.string(),
    }),
    priceAsOf: z.string(),
    native: MoneySchema,
    converted: MoneySchema.nullable().openapi({
      description: 'In the reporting currency; null when no rate exists',
    }),
    costBasis: MoneySchema.nullable(),
    unrealizedGain: MoneySchema.nullable(),
    unrealizedGainPercent: z.number().nullable(),
  })
  .openapi('Holding');
const HoldingsSchema = z
  .object({
    currency: z.string(),
    data: z.array(HoldingSchema),
    pagination: z.object({
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      totalPages: z.number().int(),
      hasNext: z.boolean(),
    }),
    totals: z.object({ value: MoneySchema, costBasis: MoneySchema, unrealizedGain: MoneySchema }),
    allocation: z.object({
      byType: z.array(
        z.object({ type: HoldingTypeSchema, label: z.string(), amount: MoneySchema, percent: z.number() }),
      ),
      byAccount: z.array(
        z.object({ accountId: z.string(), name: z.string(), amount: MoneySchema, percent: z.number() }),
      ),
    }),
  })
  .openapi('Holdings');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/investments/holdings',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary: "A page of the user's holdings, with totals and allocation over all of them",
    request: { query: querySchema },
    responses: { 200: jsonResponse(HoldingsSchema, 'Holdings') },
  }),
};

/** docs/analytics-api.md */
export function holdingsRoutes(deps: RouteDeps) {
  return new OpenAPIHono<AppEnv>().openapi(routes.list, async (c) => {
    const { userId } = await requireUser(c, deps.auth);
    return ok(c, await listHoldings(deps.db, userId, deps.now(), c.req.valid('query')));
  });
}
