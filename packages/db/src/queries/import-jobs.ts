import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { importJob } from '../schema/index';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type ImportJobState = 'queued' | 'running' | 'done' | 'failed';

export type ImportJobRow = {
  id: string;
  fileName: string;
  state: ImportJobState;
  totalRows: number;
  doneRows: number;
  attempts: number;
  result: unknown;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

const view = {
  id: importJob.id,
  fileName: importJob.fileName,
  state: importJob.state,
  totalRows: importJob.totalRows,
  doneRows: importJob.doneRows,
  attempts: importJob.attempts,
  result: importJob.result,
  error: importJob.error,
  createdAt: importJob.createdAt,
  updatedAt: importJob.updatedAt,
  finishedAt: importJob.finishedAt,
};

/** Records a queued import with its sealed request; returns its id. */
export async function insertImportJob(
  db: Executor,
  row: { userId: string; fileName: string; totalRows: number; request: string; keyId: string },
): Promise<string> {
  const [inserted] = await db.insert(importJob).values(row).returning({ id: importJob.id });
  if (!inserted) throw new Error('The import job was not recorded');
  return inserted.id;
}

/** One of the user's import jobs (undefined for another user's or an unknown id). */
export async function findImportJob(
  db: Executor,
  userId: string,
  id: string,
): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select(view)
    .from(importJob)
    .where(and(eq(importJob.id, id), eq(importJob.userId, userId)));
  return row as ImportJobRow | undefined;
}

/**
 * Starts a run of a job that has not ended: state running, one more attempt, progress from zero.
 * Returns its owner and sealed request, or undefined when it has ended (done or failed) or is gone.
 */
export async function startImportJobRun(
  db: Executor,
  id: string,
): Promise<{ userId: string; request: string; keyId: string; attempts: number } | undefined> {
  const [row] = await db
    .update(importJob)
    .set({ state: 'running', doneRows: 0, attempts: sql`${importJob.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(importJob.id, id), inArray(importJob.state, ['queued', 'running'])))
    .returning({
      userId: importJob.userId,
      request: importJob.request,
      keyId: importJob.keyId,
      attempts: importJob.attempts,
    });
  if (!row || row.request === null || row.keyId === null) return undefined;
  return { userId: row.userId, request: row.request, keyId: row.keyId, attempts: row.attempts };
}

/**
 * Inside the commit's transaction: waits for any other run of the job to end (a run its instance was
 * stopped on may still be finishing), then tells whether the job is still to do.
 */
export async function lockImportJob(tx: Executor, id: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import-job:${id}`}))`);
  const [row] = await tx.select({ state: importJob.state }).from(importJob).where(eq(importJob.id, id));
  return row?.state === 'queued' || row?.state === 'running';
}

/** How many rows a running job has done (ignored once it has ended). */
export async function saveImportJobProgress(db: Executor, id: string, doneRows: number): Promise<void> {
  await db
    .update(importJob)
    .set({ doneRows, updatedAt: sql`now()` })
    .where(and(eq(importJob.id, id), eq(importJob.state, 'running')));
}

/** Ends a job: done with its result, or failed with a message; the sealed request is deleted. */
export async function endImportJob(
  db: Executor,
  id: string,
  end: { state: 'done'; result: object } | { state: 'failed'; error: string },
): Promise<void> {
  await db
    .update(importJob)
    .set({
      state: end.state,
      ...(end.state === 'done'
        ? { result: end.result, doneRows: sql`${importJob.totalRows}` }
        : { error: end.error }),
      request: null,
      keyId: null,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJob.id, id), inArray(importJob.state, ['queued', 'running'])));
}

/** Removes the user's jobs that ended before `before` (their results have been read or forgotten). */
export async function deleteEndedImportJobs(db: Executor, userId: string, before: Date): Promise<void> {
  await db
    .delete(importJob)
    .where(
      and(
        eq(importJob.userId, userId),
        inArray(importJob.state, ['done', 'failed']),
        lt(importJob.finishedAt, before),
      ),
    );
}
