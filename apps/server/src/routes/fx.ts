import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteManualRate, isUuid, saveManualRate } from '@lodestar/db';
import { isCurrencyCode, parseRate } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { FX_UNAVAILABLE } from '../fx/ecb-client';
import { ratesView } from '../fx/rates-view';
import { refreshFxNow } from '../fx/refresher';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { userDate } from '../http/user-date';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { reportingFor } from '../fx/reporting';

export const FX_MESSAGES = {
  currency: 'Use a three-letter ISO 4217 currency code, like USD',
  samePair: 'Choose two different currencies',
  rate: 'Enter the rate as a positive number',
  date: 'Date must be a real date written YYYY-MM-DD',
  future: 'The date cannot be in the future',
  notFound: 'Rate not found',
} as const;

const tags = ['Exchange rates'];

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const currencyCode = z
  .string({ message: FX_MESSAGES.currency })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, FX_MESSAGES.currency);

/** A rate as a JSON number or a decimal string; kept as the decimal text it was given. */
const rateValue = z.union([z.number(), z.string()], { message: FX_MESSAGES.rate }).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  try {
    parseRate(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: FX_MESSAGES.rate });
    return z.NEVER;
  }
  return text.replace(/^\+/, '');
});

const ManualRateSchema = z
  .object({ id: z.string(), base: z.string(), quote: z.string(), date: z.string(), rate: z.string() })
  .openapi('ManualRate');

const RatesSchema = z
  .object({
    currency: z.string().openapi({ description: 'The quote currency (default: your default currency)' }),
    rates: z.array(
      z.object({
        id: z.string().optional().openapi({ description: 'The manual rate this one rests on (deletable)' }),
        currency: z.string(),
        rate: z.string().openapi({ description: '1 unit of `currency` in the quote currency' }),
        date: z.string(),
        source: z.enum(['ecb', 'manual']),
        stale: z.boolean(),
        estimated: z.boolean().openapi({
          description: 'No rate on or before today: the earliest known (later) rate is used',
        }),
      }),
    ),
    missing: z.array(z.string()).openapi({ description: 'Currencies without any rate yet' }),
    held: z.array(z.string()).openapi({
      description: 'The currencies of your visible accounts, sorted (empty when `base` is given)',
    }),
    lastFetchedAt: z.string().nullable(),
    manualRates: z.array(ManualRateSchema),
  })
  .openapi('ExchangeRates');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/fx/rates',
    tags,
    security: COOKIE_AUTH,
    summary: 'Latest rates of your currencies against your default currency',
    request: {
      query: z.object({
        base: z.preprocess(blankToUndefined, currencyCode.optional()).openapi({ type: 'string' }),
        quote: z.preprocess(blankToUndefined, currencyCode.optional()).openapi({ type: 'string' }),
      }),
    },
    responses: { 200: jsonResponse(RatesSchema, 'The rates'), 400: { description: 'Validation failed' } },
  }),
  create: createRoute({
    method: 'post',
    path: '/fx/rates',
    tags,
    security: COOKIE_AUTH,
    summary: 'Enter a rate by hand (it beats the ECB rate of the same day)',
    description:
      '1 `base` = `rate` `quote` from `date` on. A second rate for the same pair and day replaces it.',
    request: {
      body: jsonBody(
        z.object({
          base: currencyCode,
          quote: currencyCode,
          date: userDate(FX_MESSAGES.date),
          rate: rateValue.openapi({ type: 'string', example: '1.0842' }),
        }),
      ),
    },
    responses: {
      201: jsonResponse(ManualRateSchema, 'The saved rate'),
      400: { description: 'Validation failed' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/fx/rates/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete a rate you entered',
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'The deleted rate id'),
      404: { description: FX_MESSAGES.notFound },
    },
  }),
  refresh: createRoute({
    method: 'post',
    path: '/fx/refresh',
    tags,
    security: COOKIE_AUTH,
    summary: 'Fetch the ECB reference rates now',
    responses: {
      200: jsonResponse(
        z.object({ fetched: z.number().int(), lastFetchedAt: z.string() }),
        'How many rates the feed held',
      ),
      502: { description: FX_UNAVAILABLE },
    },
  }),
};

/** docs/analytics-api.md "Exchange rates". */
export function fxRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await ratesView(db, userId, deps.now(), c.req.valid('query')));
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      const input = c.req.valid('json');
      const items = [];
      if (input.base === input.quote)
        items.push({ field: 'quote', message: FX_MESSAGES.samePair, code: 'custom' });
      if (input.date > (await reportingFor(db, userId, deps.now())).today)
        items.push({ field: 'date', message: FX_MESSAGES.future, code: 'custom' });
      if (items.length) throw AppError.validation(items);
      const { created: _created, ...rate } = await saveManualRate(db, { userId, ...input });
      return ok(c, rate, 201);
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!isUuid(id) || !(await deleteManualRate(db, userId, id)))
        throw AppError.notFound(FX_MESSAGES.notFound);
      return ok(c, { id });
    })
    .openapi(routes.refresh, async (c) => {
      await requireUser(c, auth);
      try {
        const result = await refreshFxNow({ db, logger: deps.logger, config: deps.config, now: deps.now });
        return ok(c, { fetched: result.fetched, lastFetchedAt: result.lastFetchedAt.toISOString() });
      } catch (error) {
        throw new AppError('EXTERNAL_SERVICE', FX_UNAVAILABLE, {}, { cause: error });
      }
    });
}
