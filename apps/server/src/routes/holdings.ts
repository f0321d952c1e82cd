import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse } from '../http/openapi';
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

const HoldingsSchema = z.record(z.string(), z.unknown()).openapi('Holdings');

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
