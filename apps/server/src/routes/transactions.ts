import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { readDbOf } from '../http/read-routing';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { bulkUpdateTransactions } from '../use-cases/transactions/bulk-update-transactions';
import { exportFileName, exportTransactionsCsv } from '../use-cases/transactions/export-transactions';
import { assertFeature, visibleFrom } from '../use-cases/limits/user-limits';
import { listTransactions } from '../use-cases/transactions/list-transactions';
import { updateTransaction } from '../use-cases/transactions/update-transaction';
import {
  bulkBodySchema,
  listQuerySchema,
  PaginationSchema,
  patchBodySchema,
  selectionQuerySchema,
  TransactionSchema,
} from '../use-cases/transactions/transaction-schemas';

export const EXPORT_DISABLED = 'Exporting data is turned off on this server';

const tags = ['Transactions'];

const routes = {
  list: createRoute({
    method: 'get',
    path: '/transactions/paginated',
    tags,
    security: COOKIE_AUTH,
    summary: 'One page of transactions, newest first by default',
    description:
      'Spec §3/§7 listing: `{ success, data: Transaction[], pagination }`. Filters combine (AND); comma-joined ' +
      'lists match any of their values. Transactions of hidden accounts are included. `category` is null ' +
      '(Uncategorized) below 0.7 confidence unless the user or a rule set it. Filter meanings: income = money in, ' +
      'expenses = money out (both leave out transfers and excluded transactions), pending = status pending, ' +
      'uncategorized = shown as Uncategorized, transfers = paired transfers or category TRANSFER, excluded = ' +
      'left out of totals, counted = counted in spending and income (Expenses and Insights count these rows: ' +
      'not excluded, not a transfer, not an investment trade, not failed or cancelled), spending_rows and ' +
      'income_rows = the counted rows summed in spending (every category but Income, Uncategorized money out ' +
      'only) and in income (Income, Uncategorized money in), as reports sum them. `date` and `to` bound ' +
      'the dates (both inclusive). `pagination.unfilteredTotal` is every transaction of the user.',
    request: { query: listQuerySchema },
    responses: {
      200: {
        description: 'The page and its pagination',
        content: {
          'application/json': {
            schema: z.object({
              success: z.literal(true),
              data: z.array(TransactionSchema),
              pagination: PaginationSchema,
            }),
          },
        },
      },
      400: { description: 'Validation failed (for example limit above 200)' },
    },
  }),
  export: createRoute({
    method: 'get',
    path: '/transactions/export.csv',
    tags,
    security: COOKIE_AUTH,
    summary: 'Every transaction matching the filters, as a CSV download',
    description:
      'Same filters and sort as the paginated listing, no paging. Text cells that a spreadsheet would run as a ' +
      'formula (starting with = + - @) get a leading apostrophe; amounts are plain decimals in major units.',
    request: { query: selectionQuerySchema },
    responses: {
      200: { description: 'CSV file (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } },
      403: { description: 'Export is turned off on this server, or not part of the plan (UPGRADE_REQUIRED)' },
    },
  }),
  patch: createRoute({
    method: 'patch',
    path: '/transactions/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Change a transaction (a category set here is never replaced by a sync or a rule)',
    request: { params: z.object({ id: z.string() }), body: jsonBody(patchBodySchema) },
    responses: {
      200: jsonResponse(z.object({ transaction: TransactionSchema }), 'The transaction after the change'),
      400: { description: 'Validation failed' },
      404: { description: 'Not one of your transactions' },
    },
  }),
  bulk: createRoute({
    method: 'post',
    path: '/transactions/bulk',
    tags,
    security: COOKIE_AUTH,
    summary: 'Change up to 500 transactions at once (all or nothing)',
    request: { body: jsonBody(bulkBodySchema) },
    responses: {
      200: jsonResponse(z.object({ updated: z.number().int() }), 'How many transactions changed'),
      400: {
        description: 'Validation failed (`ids`: some ids are not your transactions); nothing was changed',
      },
    },
  }),
};

export function transactionsRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      const now = deps.now();
      const { data, pagination } = await listTransactions({
        db: readDbOf(c, db),
        userId,
        query: c.req.valid('query'),
        now,
        visibleFrom: await visibleFrom(deps, userId, now),
      });
      return c.json({ success: true as const, data, pagination }, 200);
    })
    .openapi(routes.export, async (c) => {
      const { userId } = await requireUser(c, auth);
      if (!deps.config.features.export) throw AppError.forbidden(EXPORT_DISABLED);
      // A CSV of the listing is an export: on a server that sells plans, a Pro feature (spec §6).
      await assertFeature(deps, userId, 'exportData');
      const now = deps.now();
      const stream = await exportTransactionsCsv({
        db,
        userId,
        query: c.req.valid('query'),
        now,
        visibleFrom: await visibleFrom(deps, userId, now),
      });
      return c.body(stream, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(deps.now())}"`,
        'Cache-Control': 'no-store',
      });
    })
    .openapi(routes.patch, async (c) => {
      const { userId } = await requireUser(c, auth);
      const transaction = await updateTransaction({
        db,
        userId,
        transactionId: c.req.valid('param').id,
        changes: c.req.valid('json'),
      });
      return ok(c, { transaction });
    })
    .openapi(routes.bulk, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { ids, changes } = c.req.valid('json');
      return ok(c, await bulkUpdateTransactions({ db, userId, ids, changes }));
    });
}
