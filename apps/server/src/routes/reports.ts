import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { REPORT_MEASURES, reportDefinitionSchema } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse } from '../http/openapi';
import { assertFeature } from '../use-cases/limits/user-limits';
import { runReport } from '../use-cases/reports/run-report';

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
        cells: z.array(CellSchema),
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
  })
  .openapi('ReportResult');

const tags = ['Reports'];

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
      403: { description: 'UPGRADE_REQUIRED: custom reports are part of the Pro plan' },
    },
  }),
};

/** Custom reports (docs/decisions/041-custom-reports.md). */
export function reportsRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>().openapi(routes.run, async (c) => {
    const { userId } = await requireUser(c, auth);
    await assertFeature(deps, userId, 'customReports');
    const definition = c.req.valid('json');
    return ok(c, await runReport({ db, userId, definition, now: deps.now() }));
  });
}
