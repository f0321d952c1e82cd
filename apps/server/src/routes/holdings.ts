import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import { userDate } from '../http/user-date';
import { createMarketData } from '../market-data/service';
import { HOLDING_TYPES, listHoldings, type HoldingType } from '../use-cases/holdings/list-holdings';
import {
  addManualHolding,
  changeManualHolding,
  changeManualLot,
  removeManualHolding,
  removeManualLot,
  securityTransactions,
  SYMBOL_STATUSES,
} from '../use-cases/holdings/manual-holdings';
import { isSymbol, MARKET_MESSAGES, normaliseSymbol } from '../use-cases/market/market';

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

/** The buy price fields of a holding, the same on GET /investments/holdings and GET /investments. */
export const BuyPriceFields = {
  buyPrice: z
    .object({
      amount: z.string(),
      currency: z.string(),
      buys: z.number().int().openapi({
        description: 'How many buys (lots) make up the holding: more than one, amount is their average cost',
      }),
    })
    .nullable()
    .openapi({
      description:
        'For a holding added by hand: the price per unit it was bought at (decimal string; the average cost when bought more than once); null for holdings from connections and files',
    }),
  valuedAtBuyPrice: z.boolean().openapi({
    description:
      'A holding added by hand that no market price is known for (the symbol is unknown, quoted in another currency or the provider could not be asked): price is its buy price and its gain is not known (null, left out of the totals)',
  }),
};
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
    ...BuyPriceFields,
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

/** A positive (quantity) or non-negative (price) decimal string: up to 20 digits and 18 decimals. */
const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;
const decimalInput = (message: string, positive: boolean) =>
  z
    .string({ message })
    .trim()
    .refine((value) => DECIMAL_PATTERN.test(value) && (!positive || /[1-9]/.test(value)), message)
    .openapi({ type: 'string', example: positive ? '10' : '187.25' });
const quantityInput = decimalInput('Quantity must be a number above 0, like 10 or 0.5', true);
const priceInput = decimalInput('Price must be a number of 0 or more, like 187.25', false);
const dateInput = userDate('Use a date like 2026-01-31');
const symbolInput = z
  .string({ message: MARKET_MESSAGES.symbol })
  .transform(normaliseSymbol)
  .refine(isSymbol, MARKET_MESSAGES.symbol)
  .openapi({ type: 'string', example: 'AAPL' });

const ManualHoldingSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    symbol: z.string(),
    name: z.string(),
    quantity: z.string().openapi({ description: 'Decimal string: the sum of its buys (lots)' }),
    price: z.object({
      amount: z.string().openapi({
        description:
          'The buy price: decimal string per unit, in the account currency (the average cost when it was bought more than once)',
      }),
      currency: z.string(),
    }),
    date: z.string().openapi({ description: 'The day of its first buy (YYYY-MM-DD)' }),
    costBasis: MoneySchema.openapi({ description: "Σ each buy's quantity × price" }),
    lots: z.number().int().openapi({ description: 'How many buys (lots) make it up' }),
  })
  .openapi('ManualHolding');

const ManualLotSchema = z
  .object({
    id: z.string(),
    holdingId: z.string(),
    quantity: z.string().openapi({ description: 'Decimal string' }),
    price: z.object({
      amount: z.string().openapi({ description: 'Decimal string per unit, in the account currency' }),
      currency: z.string(),
    }),
    date: z.string().openapi({ description: 'The day it was bought (YYYY-MM-DD)' }),
    amount: MoneySchema.openapi({ description: 'quantity × price, rounded once' }),
  })
  .openapi('ManualLot');

const SymbolStatusSchema = z.enum(SYMBOL_STATUSES).openapi({
  description:
    "known: priced by the market-data provider in the account's currency, so valued at its quote; other_currency: quoted in another currency, so valued at the buy price; unknown: the provider has no such symbol, so valued at the buy price; unavailable: the provider could not be asked, so valued at the buy price until a price is known",
});

const holdingIdParam = z.object({ id: z.uuid({ message: 'No such holding' }) });
const lotIdParam = z.object({ id: z.uuid({ message: 'No such buy' }) });
const notManual = {
  404: { description: 'No such account or holding' },
  409: {
    description:
      'The account is kept up to date by its connection, or the holding did not come from this API',
  },
};
const lotChanges = z
  .object({
    quantity: quantityInput.optional(),
    price: priceInput.optional(),
    date: dateInput.optional(),
  })
  .refine(
    (value) => value.quantity !== undefined || value.price !== undefined || value.date !== undefined,
    'Change the quantity, the price or the date',
  );

const SecurityTransactionSchema = z
  .object({
    id: z.string(),
    holdingId: z.string(),
    date: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    lotId: z
      .string()
      .openapi({ description: 'The buy (lot) of the holding: PATCH / DELETE /investments/lots/{id}' }),
    type: z.enum(['buy']).openapi({ description: 'Only buys of holdings added by hand carry units today' }),
    quantity: z.string().openapi({ description: 'Decimal string' }),
    price: z.object({ amount: z.string(), currency: z.string() }),
    amount: MoneySchema.openapi({ description: 'quantity × price, rounded once' }),
  })
  .openapi('SecurityTransaction');

const routes = {
  create: createRoute({
    method: 'post',
    path: '/investments/holdings',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary:
      'Add a buy by hand to a manual investment account (bought on a day, at a price): a new holding, or another lot of the holding the account already has of the symbol',
    request: {
      body: jsonBody(
        z.object({
          accountId: z.uuid({ message: 'Choose one of your manual investment accounts' }),
          symbol: symbolInput,
          quantity: quantityInput,
          price: priceInput,
          date: dateInput,
        }),
      ),
    },
    responses: {
      201: jsonResponse(
        z.object({
          holding: ManualHoldingSchema,
          lot: ManualLotSchema,
          symbolStatus: SymbolStatusSchema,
        }),
        'Added',
      ),
      400: { description: 'Validation failed' },
      ...notManual,
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/investments/holdings/{id}',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary:
      'Change the quantity, buy price or date of a holding added by hand and bought once (a holding bought more than once is a 409: change its lots)',
    request: { params: holdingIdParam, body: jsonBody(lotChanges) },
    responses: {
      200: jsonResponse(
        z.object({ holding: ManualHoldingSchema, symbolStatus: SymbolStatusSchema }),
        'Changed',
      ),
      400: { description: 'Validation failed' },
      ...notManual,
    },
  }),
  updateLot: createRoute({
    method: 'patch',
    path: '/investments/lots/{id}',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary: 'Change the quantity, buy price or date of one buy (lot) of a holding added by hand',
    request: { params: lotIdParam, body: jsonBody(lotChanges) },
    responses: {
      200: jsonResponse(
        z.object({ holding: ManualHoldingSchema, lot: ManualLotSchema, symbolStatus: SymbolStatusSchema }),
        'Changed',
      ),
      400: { description: 'Validation failed' },
      404: { description: 'No such buy' },
      409: notManual[409],
    },
  }),
  removeLot: createRoute({
    method: 'delete',
    path: '/investments/lots/{id}',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary: 'Remove one buy (lot) of a holding added by hand; removing its last removes the holding',
    request: { params: lotIdParam },
    responses: {
      200: jsonResponse(
        z.object({ id: z.string(), holdingId: z.string(), holdingRemoved: z.boolean() }),
        'Removed',
      ),
      404: { description: 'No such buy' },
      409: notManual[409],
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/investments/holdings/{id}',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary: 'Remove a holding added by hand, with all its buys',
    request: { params: holdingIdParam },
    responses: { 200: jsonResponse(z.object({ id: z.string() }), 'Removed'), ...notManual },
  }),
  transactions: createRoute({
    method: 'get',
    path: '/investments/transactions',
    tags: ['Investments'],
    security: COOKIE_AUTH,
    summary:
      'Your buys of a security across accounts, with units and price (the lots of holdings added by hand)',
    request: { query: z.object({ symbol: symbolInput }) },
    responses: {
      200: jsonResponse(
        z.object({ symbol: z.string(), transactions: z.array(SecurityTransactionSchema) }),
        'Transactions',
      ),
      400: { description: 'Validation failed' },
    },
  }),
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

/** docs/analytics-api.md (list) and docs/markets-api.md "Manual holdings" (the rest) */
export function holdingsRoutes(deps: RouteDeps) {
  const market = createMarketData({ db: deps.db, config: deps.config, now: deps.now, logger: deps.logger });
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await listHoldings(deps.db, userId, deps.now(), c.req.valid('query')));
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      const result = await addManualHolding(
        { db: deps.db, market, now: deps.now },
        userId,
        c.req.valid('json'),
      );
      return ok(c, result, 201);
    })
    .openapi(routes.update, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      const { id } = c.req.valid('param');
      return ok(
        c,
        await changeManualHolding({ db: deps.db, market, now: deps.now }, userId, id, c.req.valid('json')),
      );
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await removeManualHolding(deps, userId, c.req.valid('param').id));
    })
    .openapi(routes.updateLot, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      const { id } = c.req.valid('param');
      return ok(
        c,
        await changeManualLot({ db: deps.db, market, now: deps.now }, userId, id, c.req.valid('json')),
      );
    })
    .openapi(routes.removeLot, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await removeManualLot(deps, userId, c.req.valid('param').id));
    })
    .openapi(routes.transactions, async (c) => {
      const { userId } = await requireUser(c, deps.auth);
      return ok(c, await securityTransactions(deps.db, userId, c.req.valid('query').symbol));
    });
}
