import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { IMPORT_ENCODINGS } from '@lodestar/domain/import/encoding';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import { importJobOf, importOrQueue, importStatementsOrQueue } from '../use-cases/imports/import-jobs';
import { csvMappingSchema } from '../use-cases/imports/csv-mapping-schema';
import { listImports } from '../use-cases/imports/list-imports';
import { previewImport, previewStatements } from '../use-cases/imports/preview-import';
import { undoImport } from '../use-cases/imports/undo-import';

/** docs/money-api.md: statement files travel as JSON text or base64 bytes of at most 10 MB. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
const MAX_BASE64_LENGTH = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const ImportEncodingSchema = z.enum(IMPORT_ENCODINGS).openapi('ImportEncoding');

const importRequestFields = {
  accountId: z.string().min(1, 'Choose an account').max(100),
  fileName: z
    .string()
    .trim()
    .min(1, 'The file name is required')
    .max(255, 'The file name must be at most 255 characters'),
  content: z
    .string()
    .superRefine((value, ctx) => {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'The file is empty' });
      else if (value.length > MAX_IMPORT_FILE_BYTES || Buffer.byteLength(value) > MAX_IMPORT_FILE_BYTES) {
        ctx.addIssue({ code: 'custom', message: 'The file is larger than 10 MB' });
      }
    })
    .optional()
    .openapi({ description: 'The file as text (UTF-8); send either this or contentBase64' }),
  contentBase64: z
    .string()
    .superRefine((value, ctx) => {
      if (value.length > MAX_BASE64_LENGTH) {
        ctx.addIssue({ code: 'custom', message: 'The file is larger than 10 MB' });
      } else if (value.length % 4 !== 0 || !BASE64.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'contentBase64 is not base64' });
      } else if (value === '') ctx.addIssue({ code: 'custom', message: 'The file is empty' });
    })
    .optional()
    .openapi({
      description:
        "The file's bytes, base64: the server detects the text encoding (byte-order mark, valid UTF-8, the file's own declaration, then a detector)",
    }),
  encoding: ImportEncodingSchema.optional().openapi({
    description: 'Read contentBase64 in this encoding instead of the detected one',
  }),
  statement: z
    .number({ message: 'statement is the index of a statement of the file' })
    .int('statement is the index of a statement of the file')
    .min(0, 'statement is the index of a statement of the file')
    .max(10_000)
    .optional()
    .openapi({
      description:
        "Which of the file's statements to import (its index in the preview's statements), when it holds several accounts",
    }),
  mapping: csvMappingSchema.optional(),
  keepLines: z
    .array(
      z.number({ message: 'Lines are whole numbers' }).int('Lines are whole numbers').min(1).max(10_000_000),
      {
        message: 'keepLines is a list of line numbers',
      },
    )
    .max(100_000, 'At most 100,000 lines can be kept')
    .optional()
    .openapi({
      description:
        'Lines of rows the preview flagged as possible duplicates inside the file (repeatOf) to import anyway',
    }),
};

const oneFile = (
  body: { content?: string | undefined; contentBase64?: string | undefined; encoding?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const given = [body.content, body.contentBase64].filter((value) => value !== undefined).length;
  if (given !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['content'],
      message: given === 0 ? 'The file is required' : 'Send the file as content or contentBase64, not both',
    });
  } else if (body.encoding !== undefined && body.contentBase64 === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['encoding'],
      message: 'An encoding applies only to a file sent as contentBase64',
    });
  }
};

const ImportRequestSchema = z.object(importRequestFields).superRefine(oneFile).openapi('ImportRequest');

const StatementAccountSchema = z
  .object({
    statement: z
      .number({ message: 'statement is the index of a statement of the file' })
      .int('statement is the index of a statement of the file')
      .min(0, 'statement is the index of a statement of the file')
      .max(10_000),
    accountId: z.string().min(1).max(100).optional(),
    newAccountName: z
      .string()
      .trim()
      .min(1, 'The new account needs a name')
      .max(100, 'The account name must be at most 100 characters')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.accountId === undefined) === (value.newAccountName === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give each statement either accountId or newAccountName',
      });
    }
  });

const { statement: _statement, ...fileFields } = importRequestFields;

const StatementsRequestSchema = z
  .object({
    ...fileFields,
    accountId: importRequestFields.accountId.openapi({
      description:
        'The account the import was started from: its currency reads amounts of files that state none',
    }),
    statementAccounts: z.array(StatementAccountSchema).max(1_000).default([]).openapi({
      description:
        'Where statements go, by index: one of your accounts (accountId) or a new one (newAccountName). A statement not listed goes into the account whose mask ends its number, else the one named like it (QIF); else it needs a choice',
    }),
  })
  .superRefine(oneFile)
  .openapi('StatementsImportRequest');

const ImportKindSchema = z.enum(['csv', 'ofx', 'qfx', 'qif', 'camt', 'mt940']);

const StatementBalanceSchema = z.union([
  z.object({ amountMinor: z.number().int(), currency: z.string(), asOf: z.string() }),
  z.null(),
]);

const ImportPreviewRowSchema = z
  .object({
    line: z.number().int(),
    date: z.string(),
    amount: MoneySchema,
    name: z.string(),
    duplicate: z.boolean().openapi({ description: 'The account already holds it: skipped' }),
    repeatOf: z.union([z.number().int(), z.null()]).openapi({
      description:
        'A possible duplicate inside the file: the line of the earlier identical row; skipped unless kept (keepLines)',
    }),
  })
  .openapi('ImportPreviewRow');

const ImportPreviewSchema = z
  .object({
    kind: ImportKindSchema,
    encoding: z
      .union([
        z.object({
          name: ImportEncodingSchema,
          source: z.enum(['bom', 'utf-8', 'utf-16-pattern', 'declared', 'detected', 'chosen']),
          nulRemoved: z.number().int(),
        }),
        z.null(),
      ])
      .openapi({
        description:
          'How contentBase64 was read: the encoding, what settled it, and how many NUL characters were removed; null for content sent as text',
      }),
    // A union rather than .nullable(): on an extended named schema, .nullable() is lost in the document.
    mapping: z.union([
      csvMappingSchema.extend({ headers: z.array(z.string()), warnings: z.array(z.string()) }),
      z.null(),
    ]),
    rows: z.array(ImportPreviewRowSchema),
    possibleDuplicates: z.array(ImportPreviewRowSchema).openapi({
      description: 'Every row flagged as a possible duplicate inside the file (at most 500)',
    }),
    newCount: z.number().int(),
    duplicateCount: z.number().int(),
    possibleDuplicateCount: z.number().int(),
    statements: z
      .array(
        z.object({
          account: z.string().nullable().openapi({
            description: 'The account number masked to its last four digits (…6789), or the QIF account name',
          }),
          type: z.string().nullable(),
          currency: z.string().nullable(),
          transactionCount: z.number().int(),
        }),
      )
      .openapi({ description: "Every statement of the file (one for CSV), in the file's order" }),
    statementIndex: z.number().int().openapi({ description: 'The statement shown (and imported)' }),
    needsStatementChoice: z.boolean().openapi({
      description:
        'The file holds several accounts and none matches this account’s mask: the import needs `statement`',
    }),
    positions: z
      .array(
        z.object({
          name: z.string(),
          ticker: z.string().nullable(),
          units: z.string(),
          unitPrice: z.string(),
          marketValue: z.union([MoneySchema, z.null()]),
          asOf: z.string(),
        }),
      )
      .openapi({
        description:
          "An investment statement's positions (OFX INVPOSLIST; units and prices as decimal strings): they replace the account's holdings on import unless it holds newer ones",
      }),
    statementBalances: z
      .object({ opening: StatementBalanceSchema, closing: StatementBalanceSchema })
      .openapi({
        description:
          "The opening and closing balances the statement states (CAMT OPBD/CLBD, MT940 :60F:/:62F:, OFX LEDGERBAL as closing), offered to set the account's balance",
      }),
    balance: z
      .union([
        z.object({
          anchorDate: z.string(),
          anchor: MoneySchema,
          current: MoneySchema,
          after: MoneySchema,
        }),
        z.null(),
      ])
      .openapi({
        description:
          "A manual account: its entered balance (anchor, on anchorDate), today's balance, and today's balance after importing the new rows (rows after anchorDate move it)",
      }),
    warnings: z.array(z.string()),
  })
  .openapi('ImportPreview');

const StatementTargetSchema = z
  .union([
    z.object({
      accountId: z.string().nullable(),
      accountName: z.string(),
      match: z.enum(['number', 'name', 'chosen', 'new']),
      newAccount: z.object({ name: z.string(), type: z.string(), currency: z.string() }).nullable(),
    }),
    z.null(),
  ])
  .openapi({
    description:
      'Where the statement goes: matched by number (mask) or name, chosen, a new account (accountId null), or null when it needs a choice',
  });

const StatementsPreviewSchema = z
  .object({
    kind: ImportKindSchema,
    encoding: ImportPreviewSchema.shape.encoding,
    statements: z.array(
      z.object({
        statement: z.number().int(),
        account: z.string().nullable(),
        type: z.string().nullable(),
        currency: z.string().nullable(),
        transactionCount: z.number().int(),
        target: StatementTargetSchema,
        rows: z.array(ImportPreviewRowSchema).openapi({ description: 'The first 50 rows' }),
        newCount: z.number().int(),
        duplicateCount: z.number().int(),
        possibleDuplicateCount: z.number().int(),
        positionCount: z.number().int(),
        warnings: z.array(z.string()),
      }),
    ),
    possibleDuplicates: z.array(ImportPreviewRowSchema),
    ready: z.boolean().openapi({ description: 'Every statement has an account: the import can run' }),
    warnings: z.array(z.string()),
  })
  .openapi('StatementsPreview');

const ImportBatchSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    fileName: z.string(),
    kind: z.string(),
    status: z.enum(['committed', 'undone']),
    importedCount: z.number().int(),
    duplicateCount: z.number().int(),
    createdAt: z.string(),
    undoneAt: z.string().nullable(),
  })
  .openapi('ImportBatch');

const ImportResultSchema = z
  .object({
    id: z.string(),
    importedCount: z.number().int(),
    duplicateCount: z.number().int(),
    balance: z.union([
      z.object({
        beforeMinor: z.number().int(),
        afterMinor: z.number().int(),
        currency: z.string(),
      }),
      z.null(),
    ]),
  })
  .openapi('ImportResult');

const StatementsImportResultSchema = z
  .object({
    id: z.string(),
    importedCount: z.number().int(),
    duplicateCount: z.number().int(),
    statements: z.array(
      z.object({
        statement: z.number().int(),
        accountId: z.string(),
        accountName: z.string(),
        created: z.boolean(),
        importedCount: z.number().int(),
        duplicateCount: z.number().int(),
      }),
    ),
  })
  .openapi('StatementsImportResult');

const ImportJobSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    totalRows: z.number().int().openapi({ description: "The file's rows" }),
    doneRows: z.number().int().openapi({ description: 'Rows done so far (skipped duplicates count)' }),
    result: z.union([ImportResultSchema, StatementsImportResultSchema, z.null()]).openapi({
      description: 'The import, once done (a multi-account import with its statements)',
    }),
    error: z.string().nullable().openapi({ description: 'Why it failed (nothing was imported)' }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('ImportJob');

const tags = ['Imports'];
const fileProblem = {
  description:
    'Validation failed (`accountId` "No such account" when it is not one of yours), or the file cannot be read: `error` is then \'Line N: …\'',
};

const routes = {
  preview: createRoute({
    method: 'post',
    path: '/imports/preview',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Read a CSV, OFX/QFX, QIF, CAMT.052/053/054 or MT940/942 file and mark what the account already holds (writes nothing)',
    request: { body: jsonBody(ImportRequestSchema) },
    responses: {
      200: jsonResponse(
        ImportPreviewSchema,
        'The file as it would be imported (first 200 rows, counts of all)',
      ),
      400: fileProblem,
    },
  }),
  commit: createRoute({
    method: 'post',
    path: '/imports',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Import a file into an account; rows the account already holds are skipped. A file of more than 10,000 rows is queued as a background job (202)',
    request: { body: jsonBody(ImportRequestSchema) },
    responses: {
      201: jsonResponse(z.object({ batch: ImportResultSchema }), 'Imported'),
      202: jsonResponse(
        z.object({ job: ImportJobSchema }),
        'Queued: follow it with GET /imports/jobs/{id} (the file was read and is valid; the import itself may still fail on a limit)',
      ),
      400: fileProblem,
      403: { description: 'The plan’s transaction limit would be exceeded' },
    },
  }),
  job: createRoute({
    method: 'get',
    path: '/imports/jobs/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'How far a queued import has got, and its result or error once it has ended',
    request: { params: z.object({ id: z.uuid({ message: 'No such import job' }) }) },
    responses: {
      200: jsonResponse(z.object({ job: ImportJobSchema }), 'The import job'),
      400: { description: 'Not a job id' },
      404: { description: 'No such import job' },
    },
  }),
  previewStatements: createRoute({
    method: 'post',
    path: '/imports/statements/preview',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Read every statement of a multi-account file (OFX, QIF !Account, CAMT, MT940) with the account each goes into (writes nothing)',
    request: { body: jsonBody(StatementsRequestSchema) },
    responses: {
      200: jsonResponse(StatementsPreviewSchema, 'Each statement, its account and its rows (first 50)'),
      400: fileProblem,
    },
  }),
  commitStatements: createRoute({
    method: 'post',
    path: '/imports/statements',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Import every statement of a multi-account file into its account in one step (all or nothing; one undo). A file of more than 10,000 rows in all is queued as a background job (202)',
    request: { body: jsonBody(StatementsRequestSchema) },
    responses: {
      201: jsonResponse(z.object({ batch: StatementsImportResultSchema }), 'Imported'),
      202: jsonResponse(
        z.object({ job: ImportJobSchema }),
        'Queued (more than 10,000 rows in all): follow it with GET /imports/jobs/{id}; its result is then this import (with its statements)',
      ),
      400: fileProblem,
      403: { description: 'The plan’s account or transaction limit would be exceeded' },
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/imports',
    tags,
    security: COOKIE_AUTH,
    summary: 'The last 50 imports (into one account when accountId is given), newest first',
    request: {
      query: z.object({
        accountId: z.uuid({ message: 'No such account' }).optional(),
      }),
    },
    responses: {
      200: jsonResponse(z.object({ batches: z.array(ImportBatchSchema) }), 'Imports'),
      404: { description: 'No such account' },
    },
  }),
  undo: createRoute({
    method: 'delete',
    path: '/imports/{id}',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Undo an import: remove every transaction it added (in every account) and put back the holdings it replaced',
    request: { params: z.object({ id: z.string().min(1).max(100) }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string(), removed: z.number().int() }), 'Undone'),
      404: { description: 'No such import' },
      409: {
        description:
          'Already undone, or the holdings it set changed since (undo would not be exact); nothing undone',
      },
    },
  }),
};

export function importsRoutes(
  deps: RouteDeps & { queueImport?: ((jobId: string) => Promise<void>) | undefined },
) {
  const { auth, db } = deps;
  const jobDeps = {
    db,
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    queueImport: deps.queueImport,
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.preview, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await previewImport({ db, userId, input: c.req.valid('json'), now: deps.now() }));
    })
    .openapi(routes.commit, async (c) => {
      const { userId } = await requireUser(c, auth);
      const outcome = await importOrQueue(jobDeps, userId, c.req.valid('json'));
      if ('job' in outcome) return ok(c, { job: outcome.job }, 202);
      return ok(c, { batch: outcome.batch }, 201);
    })
    .openapi(routes.job, async (c) => {
      const { userId } = await requireUser(c, auth);
      const job = await importJobOf(db, userId, c.req.valid('param').id);
      if (!job) throw AppError.notFound('No such import job');
      return ok(c, { job }, 200);
    })
    .openapi(routes.previewStatements, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await previewStatements({ db, userId, input: c.req.valid('json'), now: deps.now() }));
    })
    .openapi(routes.commitStatements, async (c) => {
      const { userId } = await requireUser(c, auth);
      const outcome = await importStatementsOrQueue(jobDeps, userId, c.req.valid('json'));
      if ('job' in outcome) return ok(c, { job: outcome.job }, 202);
      return ok(c, { batch: outcome.batch }, 201);
    })
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { accountId } = c.req.valid('query');
      return ok(c, { batches: await listImports({ db, userId, ...(accountId && { accountId }) }) });
    })
    .openapi(routes.undo, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      return ok(c, await undoImport({ db, userId, batchId: id, now: deps.now() }));
    });
}
