import {
  deleteEndedImportJobs,
  endImportJob,
  findImportJob,
  insertImportJob,
  jobQueueGaveUp,
  lockImportJob,
  saveImportJobProgress,
  startImportJobRun,
  type Database,
  type ImportJobState,
} from '@lodestar/db';
import type { Config } from '../../config/env';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { openSecret, sealSecret } from '../../secrets/secret-box';
import { userLimits } from '../limits/user-limits';
import {
  commitImport,
  commitStatements,
  readImportToCommit,
  readStatementsToCommit,
  statementRows,
  type Executor,
  type ImportResult,
  type StatementsImportResult,
  type StatementsInput,
} from './commit-import';
import type { ImportInput } from './load-import';

/** The pg-boss queue of background imports (jobs/boss.ts). */
export const IMPORT_QUEUE = 'import';

/** What a job whose every run was lost (its instances killed or stopped) says; nothing was imported. */
export const IMPORT_JOB_LOST = 'The import could not be finished; nothing was imported. Try again.';

/** How long an ended job's progress and result can still be read. */
export const ENDED_JOB_KEPT_MS = 24 * 3_600_000;

export type ImportJobDeps = {
  db: Database;
  config: Pick<Config, 'imports' | 'secrets' | 'stripe'>;
  logger: Logger;
  now: () => Date;
  /**
   * Puts a job on the queue (pg-boss: any instance runs it, another retries it when this one is
   * killed). Without it (no job queue) the job runs in this process.
   */
  queueImport?: ((jobId: string) => Promise<void>) | undefined;
};

export type ImportJobView = {
  id: string;
  fileName: string;
  state: ImportJobState;
  totalRows: number;
  doneRows: number;
  /** A multi-account import's result holds its statements. */
  result: ImportResult | StatementsImportResult | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/**
 * What a job's sealed request holds: a file into one account (ImportInput as it is, the form of the
 * first jobs), or a multi-account file and where its statements go.
 */
type JobRequest = ImportInput | { statements: StatementsInput };

/**
 * POST /imports: reads the file (every 400 comes from here, before anything is stored), then imports a
 * file of at most IMPORT_JOB_ROWS rows at once, and queues a larger one as a job (ADR 063): its request
 * sealed under ENCRYPTION_KEY, deleted when the job ends.
 */
export async function importOrQueue(
  deps: ImportJobDeps,
  userId: string,
  input: ImportInput,
): Promise<{ batch: ImportResult } | { job: ImportJobView }> {
  const now = deps.now();
  const loaded = await readImportToCommit(deps.db, userId, input, now);
  if (loaded.file.transactions.length <= deps.config.imports.jobRows) {
    const limits = await userLimits(deps, userId);
    return { batch: await commitImport({ db: deps.db, userId, input, limits, now, loaded }) };
  }
  return { job: await queueImportJob(deps, userId, input.fileName, loaded.file.transactions.length, input) };
}

/**
 * POST /imports/statements: reads the multi-account file and finds each statement's account (every 400
 * comes from here, before anything is stored), then imports a file of at most IMPORT_JOB_ROWS rows (all
 * statements together) at once, and queues a larger one as a job, like importOrQueue.
 */
export async function importStatementsOrQueue(
  deps: ImportJobDeps,
  userId: string,
  input: StatementsInput,
): Promise<{ batch: StatementsImportResult } | { job: ImportJobView }> {
  const now = deps.now();
  const loaded = await readStatementsToCommit(deps.db, userId, input, now);
  const rows = statementRows(loaded);
  if (rows <= deps.config.imports.jobRows) {
    const limits = await userLimits(deps, userId);
    return { batch: await commitStatements({ db: deps.db, userId, input, limits, now, loaded }) };
  }
  return { job: await queueImportJob(deps, userId, input.fileName, rows, { statements: input }) };
}

/** Stores the sealed request as a job and queues it (or, without a queue, runs it in this process). */
async function queueImportJob(
  deps: ImportJobDeps,
  userId: string,
  fileName: string,
  totalRows: number,
  request: JobRequest,
): Promise<ImportJobView> {
  const now = deps.now();
  await deleteEndedImportJobs(deps.db, userId, new Date(now.getTime() - ENDED_JOB_KEPT_MS));
  const sealed = sealSecret(JSON.stringify(request), deps.config.secrets.encryptionKey);
  const id = await insertImportJob(deps.db, {
    userId,
    fileName,
    totalRows,
    request: sealed.ciphertext,
    keyId: sealed.keyId,
  });
  // The answer is the job as queued: read before any worker (or this process) can start it.
  const job = await importJobOf(deps.db, userId, id);
  if (!job) throw new Error('The import job was not recorded');
  if (deps.queueImport) {
    try {
      await deps.queueImport(id);
    } catch (error) {
      await endImportJob(deps.db, id, { state: 'failed', error: IMPORT_JOB_LOST });
      throw error;
    }
  } else {
    void runImportJob(deps, id, { lastAttempt: true }).catch((error: unknown) => {
      deps.logger.error({ err: error, importJob: id }, 'Import job failed');
    });
  }
  return job;
}

/** One of the user's import jobs as the API shows it; null for an unknown id or another user's. */
export async function importJobOf(db: Database, userId: string, id: string): Promise<ImportJobView | null> {
  let row = await findImportJob(db, userId, id);
  if (!row) return null;
  if ((row.state === 'queued' || row.state === 'running') && (await jobQueueGaveUp(db, IMPORT_QUEUE, id))) {
    await endLostImportJob(db, id);
    row = (await findImportJob(db, userId, id)) ?? row;
  }
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    totalRows: row.totalRows,
    doneRows: row.doneRows,
    result: row.state === 'done' ? (row.result as ImportResult | StatementsImportResult) : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Ends, failed with IMPORT_JOB_LOST, a job pg-boss has given up (its last run killed or stopped, so no
 * run of ours wrote its end). Under the job's lock: a run still committing (an instance stopped on its
 * last attempt) finishes first and its end stands.
 */
async function endLostImportJob(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await lockImportJob(tx, id)) await endImportJob(tx, id, { state: 'failed', error: IMPORT_JOB_LOST });
  });
}

class ImportJobEnded extends Error {}

/**
 * One run of a queued import: the same commitImport as a request (rules, limits, duplicates, undo), in
 * one transaction that also marks the job done, under a lock on the job, so a run that finds it done
 * (an earlier run committed, then its instance died before pg-boss heard) imports nothing. A 400/403
 * ends the job as failed with its message; anything else is thrown for pg-boss to retry, and on the last
 * attempt ends it as failed (IMPORT_JOB_LOST).
 */
export async function runImportJob(
  deps: ImportJobDeps,
  jobId: string,
  options: { lastAttempt: boolean },
): Promise<'done' | 'failed' | 'ended'> {
  const run = await startImportJobRun(deps.db, jobId);
  if (!run) return 'ended';
  let progress: Promise<void> = Promise.resolve();
  const onRowsWritten = (done: number) => {
    progress = progress
      .then(() => saveImportJobProgress(deps.db, jobId, done))
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, importJob: jobId }, 'Could not record progress'),
      );
  };
  try {
    const request = JSON.parse(
      openSecret({ ciphertext: run.request, keyId: run.keyId }, deps.config.secrets.encryptionKey),
    ) as JobRequest;
    const common = {
      db: deps.db,
      userId: run.userId,
      limits: await userLimits(deps, run.userId),
      now: deps.now(),
      onRowsWritten,
    };
    const within = {
      async start(tx: Executor) {
        if (!(await lockImportJob(tx, jobId))) throw new ImportJobEnded();
      },
      finish: (tx: Executor, result: ImportResult | StatementsImportResult) =>
        endImportJob(tx, jobId, { state: 'done', result }),
    };
    if ('statements' in request) {
      // The same commit as a synchronous multi-account import: every statement in one transaction.
      await commitStatements({ ...common, input: request.statements, within });
    } else {
      await commitImport({ ...common, input: request, within });
    }
    await progress;
    return 'done';
  } catch (error) {
    await progress;
    if (error instanceof ImportJobEnded) return 'ended';
    if (error instanceof AppError) {
      const message = error.extra.items?.[0]?.message ?? error.message;
      await endImportJob(deps.db, jobId, { state: 'failed', error: message });
      return 'failed';
    }
    if (options.lastAttempt) await endImportJob(deps.db, jobId, { state: 'failed', error: IMPORT_JOB_LOST });
    throw error;
  }
}
