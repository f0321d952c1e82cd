import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { REPORT_MEASURES, reportDefinitionSchema } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { readDbOf } from '../http/read-routing';
import { COOKIE_AUTH, jsonResponse, VisibleFromSchema } from '../http/openapi';
import { assertFeature, visibleFrom } from '../use-cases/limits/user-limits';
import { runReport } from '../use-cases/reports/run-report';
import {
  changeReport,
  createReport,
  duplicateReport,
  getReport,
  listReports,
  MAX_SAVED_REPORTS,
  removeReport,
  reorderReports,
  REPORT_NAME_MAX,
  SAVED_REPORT_MESSAGES,
} from '../use-cases/reports/saved-reports';

const CellSchema = z.object({
  value: z.number().int().openapi({ description: 'Minor units of `currency` (count: transactions)' }),
  href: z
    .string()
    .nullable()
    .openapi({ description: 'Activity listing exactly the rows summed (null for balances)' }),
});

/** The domain's schema (its messages are the 400's); documented inline. */
export const ReportDefinitionSchema = reportDefinitionSchema;

const ReportResultSchema = z
  .object({
    currency: z.string(),
    unit: z.enum(['money', 'count']),
    measure: z.enum(REPORT_MEASURES),
    title: z.string(),
    from: z.string(),
    to: z.string(),
    columns: z.array(
      z.object({ key: z.string(), label: z.string(), from: z.string(), to: z.string(), total: CellSchema }),
    ),
    rows: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        cells: z.array(z.number().int()).openapi({
          description: 'One value per column; a cell’s Activity link is the row’s between the column’s dates',
        }),
        total: CellSchema,
        average: z.number().int(),
        previousTotal: z.number().int().nullable(),
      }),
    ),
    omittedRows: z.number().int(),
    total: CellSchema,
    average: z.number().int(),
    previous: z.object({ from: z.string(), to: z.string(), total: z.number().int() }).nullable(),
    fx: z.object({
      missing: z.array(z.string()),
      estimated: z.array(z.object({ currency: z.string(), from: z.string() })),
    }),
    visibleFrom: VisibleFromSchema,
  })
  .openapi('ReportResult');

const SavedReportSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    definition: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'A report definition (ReportDefinition)' }),
    pinned: z.boolean().openapi({ description: 'Shown on the dashboard' }),
    position: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SavedReport');

const name = z
  .string(SAVED_REPORT_MESSAGES.name)
  .trim()
  .min(1, SAVED_REPORT_MESSAGES.name)
  .refine((value) => [...value].length <= REPORT_NAME_MAX, SAVED_REPORT_MESSAGES.name);
const createBody = z.strictObject({
  name,
  definition: ReportDefinitionSchema,
  pinned: z.boolean().optional(),
});
const patchBody = z
  .strictObject({
    name: name.optional(),
    definition: ReportDefinitionSchema.optional(),
    pinned: z.boolean().optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    SAVED_REPORT_MESSAGES.nothingToChange,
  );
const orderBody = z.object({
  ids: z
    .array(z.string())
    .max(MAX_SAVED_REPORTS, `At most ${MAX_SAVED_REPORTS} reports`)
    .openapi({ description: 'Every one of your report ids, once each, in the order they should show' }),
});
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const tags = ['Reports'];
const gated = { 403: { description: 'UPGRADE_REQUIRED: custom reports are part of the Pro plan' } };
const notFound = { 404: { description: 'Report not found' } };
const one = (description: string) => jsonResponse(z.object({ report: SavedReportSchema }), description);
const list = (description: string) =>
  jsonResponse(z.object({ reports: z.array(SavedReportSchema) }), description);

const routes = {
  run: createRoute({
    method: 'post',
    path: '/reports/run',
    tags,
    security: COOKIE_AUTH,
    summary: 'Run a report definition: rows by group, columns by period, totals and Activity links',
    description:
      'Measures: spending (every category but Income, netted; Uncategorized money out), income (Income ' +
      'netted, Uncategorized money in), net (income − spending), count and average of the rows counted in ' +
      'spending and income, balance (end-of-column balances of visible accounts). Transfers, excluded rows, ' +
      'investment trades, failed or cancelled rows and hidden categories are left out. Money is summed per ' +
      'currency and each currency converted once per cell at the rate of its last day. Pro plan when ' +
      'billing is on.',
    request: {
      body: { content: { 'application/json': { schema: ReportDefinitionSchema } }, required: true },
    },
    responses: {
      200: jsonResponse(ReportResultSchema, 'The report'),
      400: { description: 'Validation failed' },
      ...gated,
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/reports',
    tags,
    security: COOKIE_AUTH,
    summary: 'Your saved reports, in your order',
    responses: { 200: list('The reports'), ...gated },
  }),
  create: createRoute({
    method: 'post',
    path: '/reports',
    tags,
    security: COOKIE_AUTH,
    summary: `Save a report (at most ${MAX_SAVED_REPORTS}), at the end of your list`,
    request: { body: { content: { 'application/json': { schema: createBody } }, required: true } },
    responses: { 201: one('The saved report'), 400: { description: 'Validation failed' }, ...gated },
  }),
  get: createRoute({
    method: 'get',
    path: '/reports/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'One saved report',
    request: { params: idParam },
    responses: { 200: one('The report'), ...notFound, ...gated },
  }),
  update: createRoute({
    method: 'patch',
    path: '/reports/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Rename a report, change its definition, or pin it to the dashboard',
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: patchBody } }, required: true },
    },
    responses: { 200: one('The report'), 400: { description: 'Validation failed' }, ...notFound, ...gated },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/reports/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete a saved report',
    request: { params: idParam },
    responses: { 200: jsonResponse(z.object({ deleted: z.boolean() }), 'Deleted'), ...notFound, ...gated },
  }),
  duplicate: createRoute({
    method: 'post',
    path: '/reports/{id}/duplicate',
    tags,
    security: COOKIE_AUTH,
    summary: 'Save a copy of a report, named "… (copy)", at the end of your list',
    request: { params: idParam },
    responses: { 201: one('The copy'), 400: { description: 'Too many reports' }, ...notFound, ...gated },
  }),
  reorder: createRoute({
    method: 'put',
    path: '/reports/order',
    tags,
    security: COOKIE_AUTH,
    summary: 'Put your saved reports in order (the dashboard shows pinned ones in this order)',
    request: { body: { content: { 'application/json': { schema: orderBody } }, required: true } },
    responses: {
      200: list('The reports in their new order'),
      400: { description: 'Validation failed' },
      ...gated,
    },
  }),
};

/** Custom reports (docs/decisions/041-custom-reports.md). */
export function reportsRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  const user = async (c: Parameters<typeof requireUser>[0]) => {
    const { userId } = await requireUser(c, auth);
    await assertFeature(deps, userId, 'customReports');
    return userId;
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.run, async (c) => {
      const userId = await user(c);
      const now = deps.now();
      const from = await visibleFrom(deps, userId, now);
      return ok(c, await runReport({ db: readDbOf(c, db), userId, definition: c.req.valid('json'), now, visibleFrom: from }));
    })
    .openapi(routes.list, async (c) => {
      const userId = await user(c);
      return ok(c, { reports: await listReports(db, userId) });
    })
    .openapi(routes.create, async (c) => {
      const userId = await user(c);
      return ok(c, { report: await createReport(db, userId, c.req.valid('json')) }, 201);
    })
    .openapi(routes.reorder, async (c) => {
      const userId = await user(c);
      return ok(c, { reports: await reorderReports(db, userId, c.req.valid('json').ids) });
    })
    .openapi(routes.get, async (c) => {
      const userId = await user(c);
      return ok(c, { report: await getReport(db, userId, c.req.valid('param').id) });
    })
    .openapi(routes.update, async (c) => {
      const userId = await user(c);
      const { id } = c.req.valid('param');
      return ok(c, { report: await changeReport(db, userId, id, c.req.valid('json')) });
    })
    .openapi(routes.remove, async (c) => {
      const userId = await user(c);
      await removeReport(db, userId, c.req.valid('param').id);
      return ok(c, { deleted: true });
    })
    .openapi(routes.duplicate, async (c) => {
      const userId = await user(c);
      return ok(c, { report: await duplicateReport(db, userId, c.req.valid('param').id) }, 201);
    });
}
