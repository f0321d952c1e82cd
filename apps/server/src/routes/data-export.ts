import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { findUserById } from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse } from '../http/openapi';
import { disconnectAll } from '../use-cases/data/disconnect-all';
import { exportProgressOf, trackExport } from '../use-cases/data/export-progress';
import { exportFileName, writeUserExport } from '../use-cases/data/export-user-data';
import { exportFileOf, exportJobOf, queueExport } from '../use-cases/data/export-jobs';
import { restoreProgressOf, trackRestore } from '../use-cases/data/restore-progress';
import { restoreTooLarge, uploadChunks } from '../use-cases/data/restore-upload';
import { restoreUserData } from '../use-cases/data/restore-user-data';
import { textStream } from '../use-cases/data/text-stream';
import { assertFeature, userLimits } from '../use-cases/limits/user-limits';
import { exportTransactionsCsv } from '../use-cases/transactions/export-transactions';
import { EXPORT_DISABLED } from './transactions';

const tags = ['Data'];

const ExportJobSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    rowsWritten: z.number().int().openapi({ description: 'Transactions written so far' }),
    totalRows: z.number().int().nullable().openapi({ description: 'The user’s transactions, once known' }),
    bytes: z.number().int().openapi({ description: 'The gzip’d file’s size so far' }),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('ExportJob');
/** The whole history, newest first: no filter of the transactions listing applies. */
const EVERY_TRANSACTION = {
  filter: 'all',
  categories: undefined,
  accounts: undefined,
  types: undefined,
  tags: undefined,
  sort: 'date_desc',
} as const;

const DOCUMENT_DESCRIPTION =
  'The export document: `{ format: "lodestar-export", version: 1, exportedAt, profile: { name, email }, ' +
  'preferences (the keys the user changed), institutions, connections (no secrets), accounts, transactions, ' +
  'balanceSnapshots, balanceUpdates, securities, holdings, holdingLots (buys of holdings added by hand), liabilities, ' +
  'rules, csvMappings, properties, ' +
  'propertyValuations, fxManualRates, apiKeys (metadata only) }`. Amounts are integer minor units beside their currency; ids are ' +
  'the exporting server’s, so references inside the document hold. Never in it: connection secrets and ' +
  'cursors, password hashes, sessions, two-factor secrets, API key hashes.';

const CountsSchema = z.record(z.string(), z.number().int()).openapi('RestoreCounts', {
  description:
    'Rows restored per kind: institutions, connections, accounts, transactions, balanceSnapshots, ' +
    'balanceUpdates, securities, holdings, holdingLots, liabilities, rules, csvMappings, properties, propertyValuations, fxManualRates, ' +
    'preferences (1 when restored)',
});

const routes = {
  export: createRoute({
    method: 'get',
    path: '/user/export',
    tags,
    security: COOKIE_AUTH,
    summary: 'Download everything the user owns (except secrets) as one JSON file',
    description: `${DOCUMENT_DESCRIPTION} Streamed as it is read (one consistent snapshot). API keys cannot call this.`,
    responses: {
      200: {
        description: 'JSON attachment lodestar-export-YYYY-MM-DDTHH-mm-ssZ.json',
        content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
      },
      403: {
        description:
          'Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export',
      },
    },
  }),
  startExport: createRoute({
    method: 'post',
    path: '/user/exports',
    tags,
    security: COOKIE_AUTH,
    summary: 'Start an export of everything the user owns as a background job (gzip’d JSON)',
    description: `The same document as GET /user/export, written by a job into the database in gzip’d pieces, so any instance answers its progress and serves the file; both are kept for a day after it ends. ${DOCUMENT_DESCRIPTION}`,
    responses: {
      202: jsonResponse(z.object({ job: ExportJobSchema }), 'Queued: follow it with GET /user/exports/{id}'),
      403: {
        description:
          'Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export',
      },
    },
  }),
  exportJob: createRoute({
    method: 'get',
    path: '/user/exports/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'How far an export job has got; once done, its file is at /user/exports/{id}/file',
    request: { params: z.object({ id: z.uuid({ message: 'No such export' }) }) },
    responses: {
      200: jsonResponse(z.object({ job: ExportJobSchema }), 'The export job'),
      400: { description: 'Not an export id' },
      404: { description: 'No such export' },
    },
  }),
  exportFile: createRoute({
    method: 'get',
    path: '/user/exports/{id}/file',
    tags,
    security: COOKIE_AUTH,
    summary: 'Download a finished export job’s file (gzip’d JSON, restorable as it is)',
    request: { params: z.object({ id: z.uuid({ message: 'No such export' }) }) },
    responses: {
      200: {
        description: 'Attachment lodestar-export-YYYY-MM-DDTHH-mm-ssZ.json.gz',
        content: { 'application/gzip': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      400: { description: 'Not an export id' },
      404: { description: 'No such export, or it is not done' },
    },
  }),
  transactionsCsv: createRoute({
    method: 'get',
    path: '/user/export/transactions.csv',
    tags,
    security: COOKIE_AUTH,
    summary: 'Download every transaction as CSV (newest first)',
    description:
      'RFC 4180, UTF-8 with a byte-order mark. Text a spreadsheet would run as a formula (starting with = + - @) ' +
      'gets a leading apostrophe; amounts are plain decimals in major units of their currency.',
    responses: {
      200: { description: 'CSV attachment', content: { 'text/csv': { schema: z.string() } } },
      403: {
        description:
          'Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export',
      },
    },
  }),
  restore: createRoute({
    method: 'post',
    path: '/user/restore',
    tags,
    security: COOKIE_AUTH,
    summary: 'Restore an export into this account (which must hold no accounts yet)',
    description:
      `${DOCUMENT_DESCRIPTION} The body is read as it arrives (plain, or gzipped with \`Content-Encoding: ` +
      'gzip`), up to RESTORE_MAX_BYTES (2 GB by default) uploaded and inflated; its transactions and daily ' +
      'balances are checked row by row and held in the restore’s own database transaction, so a file of any ' +
      'size within the cap restores. Everything is written in that one transaction (all or nothing: a file ' +
      'cut off or broken anywhere writes nothing) with new ids; connections come back without secrets and ' +
      '`disconnected` (reconnect to sync), as do their accounts. API key metadata is not restored. 400 "This ' +
      'is not a Lodestar export" for other files, 400 "Validation failed" with the first rows at fault, 409 ' +
      'when the account already holds accounts. GET /user/restore/progress reports how far it got.',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', description: 'The export document' } } },
      },
    },
    responses: {
      200: jsonResponse(CountsSchema, 'Restored'),
      400: { description: 'Not an export, or a document that breaks the format or is cut off' },
      409: { description: 'Restore needs an account without data' },
      413: { description: 'The export file is larger than the server’s RESTORE_MAX_BYTES' },
    },
  }),
  restoreProgress: createRoute({
    method: 'get',
    path: '/user/restore/progress',
    tags,
    security: COOKIE_AUTH,
    summary: 'How far the signed-in user’s running restore has got',
    description:
      '`running` false when no restore of this user runs on this server. While one runs: `phase` reading ' +
      '(the file is being read and checked; `rowsRead` transactions and daily balances so far) or writing ' +
      '(`rowsRestored` of `totalRows` rows written). Nothing is visible in the account until the restore ends.',
    responses: {
      200: jsonResponse(
        z.object({
          running: z.boolean(),
          phase: z.enum(['reading', 'writing']).nullable(),
          rowsRead: z.number().int(),
          rowsRestored: z.number().int(),
          totalRows: z.number().int().nullable(),
        }),
        'The restore’s progress',
      ),
    },
  }),
  exportProgress: createRoute({
    method: 'get',
    path: '/user/export/progress',
    tags,
    security: COOKIE_AUTH,
    summary: 'How far the signed-in user’s running data export has got',
    description:
      '`running` false when no export download of this user is streaming on this server. While one streams: ' +
      '`rowsWritten` transactions written of `totalRows` (the user’s transactions, known before the first).',
    responses: {
      200: jsonResponse(
        z.object({
          running: z.boolean(),
          rowsWritten: z.number().int(),
          totalRows: z.number().int().nullable(),
        }),
        'The export’s progress',
      ),
    },
  }),
  disconnectAll: createRoute({
    method: 'post',
    path: '/accounts/disconnect-all',
    tags,
    security: COOKIE_AUTH,
    summary: 'Disconnect every linked account; history stays',
    description:
      'Deletes the user’s connections with their encrypted secrets; their accounts stay, with status ' +
      '`disconnected`, with all transactions and balance history, and no longer sync. `disconnected` counts ' +
      'accounts, `connections` the connections removed. API keys cannot call this.',
    responses: {
      200: jsonResponse(
        z.object({ message: z.string(), disconnected: z.number().int(), connections: z.number().int() }),
        'All accounts disconnected',
      ),
    },
  }),
};

/** Export, restore and disconnect-all (docs/settings-api.md "Data"). */
export function dataExportRoutes(
  deps: RouteDeps & { instanceId: string; queueExport?: ((jobId: string) => Promise<void>) | undefined },
) {
  const { auth, db } = deps;
  const requireExport = () => {
    if (!deps.config.features.export) throw AppError.forbidden(EXPORT_DISABLED);
  };
  const download = (fileName: string, contentType: string) => ({
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.export, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireExport();
      await assertFeature(deps, userId, 'exportData');
      const now = deps.now();
      const logger = c.get('logger');
      const tracking = trackExport({ db, instanceId: deps.instanceId, logger }, userId);
      const body = textStream(
        (write) =>
          writeUserExport({ db, userId, now, write, progress: tracking.progress }).finally(tracking.done),
        (error) => logger.error({ err: error }, 'data export failed'),
      );
      return c.body(body, 200, download(exportFileName(now), 'application/json; charset=utf-8'));
    })
    .openapi(routes.startExport, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireExport();
      await assertFeature(deps, userId, 'exportData');
      const job = await queueExport(
        { db, logger: c.get('logger'), now: deps.now, queueExport: deps.queueExport },
        userId,
      );
      return ok(c, { job }, 202);
    })
    .openapi(routes.exportJob, async (c) => {
      const { userId } = await requireUser(c, auth);
      const job = await exportJobOf(db, userId, c.req.valid('param').id);
      if (!job) throw AppError.notFound('No such export');
      return ok(c, { job }, 200);
    })
    .openapi(routes.exportFile, async (c) => {
      const { userId } = await requireUser(c, auth);
      const file = await exportFileOf(db, userId, c.req.valid('param').id);
      if (!file) throw AppError.notFound('No such export');
      return c.body(file.body, 200, {
        ...download(file.fileName, 'application/gzip'),
        'Content-Length': String(file.bytes),
      });
    })
    .openapi(routes.exportProgress, async (c) => {
      const { userId } = await requireUser(c, auth);
      const progress = await exportProgressOf(db, deps.instanceId, userId);
      return ok(c, {
        running: progress !== null,
        rowsWritten: progress?.rowsWritten ?? 0,
        totalRows: progress?.totalRows ?? null,
      });
    })
    .openapi(routes.transactionsCsv, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireExport();
      await assertFeature(deps, userId, 'exportData');
      // The whole history the user owns, whatever the plan's window (ADR 062): a copy of one's data.
      const body = await exportTransactionsCsv({ db, userId, query: EVERY_TRANSACTION, visibleFrom: null });
      return c.body(
        body,
        200,
        download(exportFileName(deps.now(), '-transactions.csv'), 'text/csv; charset=utf-8'),
      );
    })
    .openapi(routes.restore, async (c) => {
      const { userId } = await requireUser(c, auth);
      const maxBytes = deps.config.restoreMaxBytes;
      const declared = Number(c.req.header('content-length') ?? Number.NaN);
      if (declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', restoreTooLarge(maxBytes));
      const account = await findUserById(db, userId);
      const tracking = trackRestore({ db, instanceId: deps.instanceId, logger: c.get('logger') }, userId);
      try {
        const counts = await restoreUserData({
          db,
          userId,
          upload: uploadChunks(c.req.raw.body, {
            gzip: c.req.header('content-encoding')?.trim().toLowerCase() === 'gzip',
            maxBytes,
          }),
          limits: await userLimits(deps, userId),
          hasTwoFactor: account?.twoFactorEnabled === true,
          progress: tracking.progress,
        });
        c.get('logger').info({ userId, counts }, 'data restored');
        return ok(c, counts);
      } finally {
        tracking.done();
      }
    })
    .openapi(routes.restoreProgress, async (c) => {
      const { userId } = await requireUser(c, auth);
      const progress = await restoreProgressOf(db, deps.instanceId, userId);
      return ok(c, {
        running: progress !== null,
        phase: progress?.phase ?? null,
        rowsRead: progress?.rowsRead ?? 0,
        rowsRestored: progress?.rowsRestored ?? 0,
        totalRows: progress?.totalRows ?? null,
      });
    })
    .openapi(routes.disconnectAll, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await disconnectAll(db, userId));
    });
}
