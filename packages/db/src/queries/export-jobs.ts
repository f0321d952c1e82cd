import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { exportChunk, exportJob } from '../schema/index';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type ExportJobState = 'queued' | 'running' | 'done' | 'failed';

export type ExportJobRow = {
  id: string;
  fileName: string;
  state: ExportJobState;
  rowsWritten: number;
  totalRows: number | null;
  bytes: number;
  chunks: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** Records a queued export; returns its id. */
export async function insertExportJob(
  db: Executor,
  row: { userId: string; fileName: string },
): Promise<string> {
  const [inserted] = await db.insert(exportJob).values(row).returning({ id: exportJob.id });
  if (!inserted) throw new Error('The export job was not recorded');
  return inserted.id;
}

/** One of the user's export jobs (undefined for another user's or an unknown id). */
export async function findExportJob(
  db: Executor,
  userId: string,
  id: string,
): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select({
      id: exportJob.id,
      fileName: exportJob.fileName,
      state: exportJob.state,
      rowsWritten: exportJob.rowsWritten,
      totalRows: exportJob.totalRows,
      bytes: exportJob.bytes,
      chunks: exportJob.chunks,
      error: exportJob.error,
      createdAt: exportJob.createdAt,
      finishedAt: exportJob.finishedAt,
    })
    .from(exportJob)
    .where(and(eq(exportJob.id, id), eq(exportJob.userId, userId)));
  return row as ExportJobRow | undefined;
}

/**
 * Starts a run of an export that has not ended: its chunks from an earlier (lost) run are removed, the
 * progress starts again. Returns its owner, or undefined when it has ended or is gone.
 */
export async function startExportJobRun(db: Database, id: string): Promise<{ userId: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(exportJob)
      .set({
        state: 'running',
        rowsWritten: 0,
        attempts: sql`${exportJob.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(exportJob.id, id), inArray(exportJob.state, ['queued', 'running'])))
      .returning({ userId: exportJob.userId });
    if (!row) return undefined;
    await tx.delete(exportChunk).where(eq(exportChunk.jobId, id));
    return row;
  });
}

export async function saveExportJobProgress(
  db: Executor,
  id: string,
  progress: { rowsWritten: number; totalRows: number | null },
): Promise<void> {
  await db
    .update(exportJob)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(exportJob.id, id), eq(exportJob.state, 'running')));
}

export async function insertExportChunk(
  db: Executor,
  row: { jobId: string; userId: string; idx: number; bytes: Buffer },
): Promise<void> {
  await db.insert(exportChunk).values(row);
}

export async function endExportJob(
  db: Executor,
  id: string,
  end:
    | { state: 'done'; bytes: number; chunks: number; rowsWritten: number }
    | { state: 'failed'; error: string },
): Promise<void> {
  await db
    .update(exportJob)
    .set({ ...end, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(exportJob.id, id), inArray(exportJob.state, ['queued', 'running'])));
}

/** A finished export's chunk `idx` (the user's own only). */
export async function readExportChunk(
  db: Executor,
  userId: string,
  jobId: string,
  idx: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: exportChunk.bytes })
    .from(exportChunk)
    .where(and(eq(exportChunk.jobId, jobId), eq(exportChunk.userId, userId), eq(exportChunk.idx, idx)))
    .orderBy(asc(exportChunk.idx));
  return row?.bytes;
}

/** Removes every user's exports (and their files) that ended before `before`. */
export async function deleteEndedExportJobs(db: Executor, before: Date): Promise<void> {
  await db
    .delete(exportJob)
    .where(and(inArray(exportJob.state, ['done', 'failed']), lt(exportJob.finishedAt, before)));
}
