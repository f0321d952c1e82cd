import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteProperty } from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import { propertyDetail, propertyList } from '../use-cases/real-estate/load-property';
import {
  createPropertySchema,
  PROPERTY_MESSAGES,
  updatePropertySchema,
  valuationSchema,
} from '../use-cases/real-estate/property-input';
import { createProperty, editProperty } from '../use-cases/real-estate/save-property';
import { userLimits } from '../use-cases/limits/user-limits';
import { addValuation, removeValuation } from '../use-cases/real-estate/valuations';

const tags = ['Real estate'];
const PropertySchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    name: z.string(),
    address: z
      .object({
        line1: z.string(),
        line2: z.string().nullable(),
        city: z.string(),
        state: z.string().nullable(),
        postalCode: z.string().nullable(),
        country: z.string(),
      })
      .openapi('PropertyAddress'),
    purchasePrice: MoneySchema,
    purchaseDate: z.string(),
    currentValue: MoneySchema,
    valuationDate: z.string(),
    mortgage: z
      .object({
        accountId: z.string(),
        name: z.string(),
        balance: MoneySchema.openapi({ description: 'What is owed on the loan, positive' }),
      })
      .nullable(),
    equity: MoneySchema,
    loanToValue: z.number().nullable(),
    appreciation: z.object({ amount: MoneySchema, percent: z.number().nullable() }),
  })
  .openapi('Property');
const ValuationSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    value: MoneySchema,
    source: z.enum(['purchase', 'manual']),
    note: z.string().nullable(),
  })
  .openapi('PropertyValuation');
const PropertyDetailSchema = PropertySchema.extend({ valuations: z.array(ValuationSchema) }).openapi(
  'PropertyDetail',
);
const idParam = z.object({ id: z.uuid({ message: PROPERTY_MESSAGES.notFound }) });
const valuationParams = idParam.extend({
  valuationId: z.uuid({ message: PROPERTY_MESSAGES.valuationNotFound }),
});

const routes = {
  list: createRoute({
    method: 'get',
    path: '/real-estate',
    tags,
    security: COOKIE_AUTH,
    summary: "The user's properties and their totals in the reporting currency",
    responses: {
      200: jsonResponse(
        z.object({
          currency: z.string(),
          properties: z.array(PropertySchema),
          totals: z.object({ value: MoneySchema, debt: MoneySchema, equity: MoneySchema }),
        }),
        'Properties',
      ),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/real-estate',
    tags,
    security: COOKIE_AUTH,
    summary: 'Add a property (creates its real-estate account and valuation history)',
    request: { body: jsonBody(createPropertySchema) },
    responses: { 201: jsonResponse(PropertyDetailSchema, 'Created'), 403: { description: 'Plan limit' } },
  }),
  detail: createRoute({
    method: 'get',
    path: '/real-estate/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'A property with its valuations',
    request: { params: idParam },
    responses: {
      200: jsonResponse(PropertyDetailSchema, 'Property'),
      404: { description: 'No such property' },
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/real-estate/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Edit a property; mortgageAccountId null unlinks the mortgage',
    request: { params: idParam, body: jsonBody(updatePropertySchema) },
    responses: {
      200: jsonResponse(PropertyDetailSchema, 'Updated'),
      404: { description: 'No such property' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/real-estate/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete a property with its valuations and its account',
    request: { params: idParam },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Deleted'),
      404: { description: 'No such property' },
    },
  }),
  addValuation: createRoute({
    method: 'post',
    path: '/real-estate/{id}/valuations',
    tags,
    security: COOKIE_AUTH,
    summary: 'Record what the property was worth on a day',
    request: { params: idParam, body: jsonBody(valuationSchema) },
    responses: {
      201: jsonResponse(PropertyDetailSchema, 'Recorded'),
      404: { description: 'No such property' },
    },
  }),
  removeValuation: createRoute({
    method: 'delete',
    path: '/real-estate/{id}/valuations/{valuationId}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete a valuation (not the purchase price)',
    request: { params: valuationParams },
    responses: {
      200: jsonResponse(PropertyDetailSchema, 'Deleted'),
      404: { description: 'No such valuation' },
    },
  }),
};

/** docs/analytics-api.md "Real estate". Answers with the property (and its valuations) after each change. */
export function realEstateRoutes(deps: RouteDeps) {
  const { db, auth } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await propertyList(db, userId, deps.now()));
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      const id = await createProperty(
        db,
        userId,
        deps.now(),
        c.req.valid('json'),
        await userLimits(deps, userId),
      );
      return ok(c, await propertyDetail(db, userId, id), 201);
    })
    .openapi(routes.detail, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await propertyDetail(db, userId, c.req.valid('param').id));
    })
    .openapi(routes.update, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await editProperty(db, userId, id, deps.now(), c.req.valid('json'));
      return ok(c, await propertyDetail(db, userId, id));
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!(await deleteProperty(db, userId, id))) throw AppError.notFound(PROPERTY_MESSAGES.notFound);
      return ok(c, { id });
    })
    .openapi(routes.addValuation, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await addValuation(db, userId, id, deps.now(), c.req.valid('json'));
      return ok(c, await propertyDetail(db, userId, id), 201);
    })
    .openapi(routes.removeValuation, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id, valuationId } = c.req.valid('param');
      await removeValuation(db, userId, id, valuationId, deps.now());
      return ok(c, await propertyDetail(db, userId, id));
    });
}
