import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import {
  deleteEndedExportJobs,
  endExportJob,
  findExportJob,
  insertExportChunk,
  insertExportJob,
  jobQueueGaveUp,
  readExportChunk,
  saveExportJobProgress,
  startExportJobRun,
  type Database,
  type ExportJobState,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import type { ExportProgress } from './export-progress';
import { exportFileName, writeUserExport } from './export-user-data';

/** The pg-boss queue of data exports (jobs/boss.ts). */
export const EXPORT_QUEUE = 'export';
/** The gzip'd file is stored in pieces of this size. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;
/** How long a finished export's file and progress are kept. */
export const EXPORT_KEPT_MS = 24 * 3_600_000;
export const EXPORT_JOB_LOST = 'The export could not be finished. Try again.';

export type ExportJobDeps = {
  db: Database;
  logger: Logger;
  now: () => Date;
  /** Puts the job on the queue; without it the job runs in this process. */
  queueExport?: ((jobId: string) => Promise<void>) | undefined;
};

export type ExportJobView = {
  id: string;
  fileName: string;
  state: ExportJobState;
  rowsWritten: number;
  totalRows: number | null;
  bytes: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/**
 * POST /user/exports: records an export job and queues it. Ended exports of every user older than a
 * day (their files) are removed first.
 */
export async function queueExport(deps: ExportJobDeps, userId: string): Promise<ExportJobView> {
  const now = deps.now();
  await deleteEndedExportJobs(deps.db, new Date(now.getTime() - EXPORT_KEPT_MS));
  const id = await insertExportJob(deps.db, { userId, fileName: exportFileName(now, '.json.gz') });
  // The answer is the job as queued: read before any worker (or this process) can start it.
  const job = await exportJobOf(deps.db, userId, id);
  if (!job) throw new Error('The export job was not recorded');
  if (deps.queueExport) {
    try {
      await deps.queueExport(id);
    } catch (error) {
      await endExportJob(deps.db, id, { state: 'failed', error: EXPORT_JOB_LOST });
      throw error;
    }
  } else {
    void runExportJob(deps, id, { lastAttempt: true }).catch((error: unknown) => {
      deps.logger.error({ err: error, exportJob: id }, 'Export job failed');
    });
  }
  return job;
}

export async function exportJobOf(db: Database, userId: string, id: string): Promise<ExportJobView | null> {
  let row = await findExportJob(db, userId, id);
  if (!row) return null;
  // pg-boss gave the job up (its last run killed or stopped): no run of ours will write its end.
  if ((row.state === 'queued' || row.state === 'running') && (await jobQueueGaveUp(db, EXPORT_QUEUE, id))) {
    await endExportJob(db, id, { state: 'failed', error: EXPORT_JOB_LOST });
    row = (await findExportJob(db, userId, id)) ?? row;
  }
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    rowsWritten: row.rowsWritten,
    totalRows: row.totalRows,
    bytes: row.bytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * One run of an export: the same document as GET /user/export (writeUserExport, one consistent read),
 * gzip'd and stored in pieces of `chunkBytes` (EXPORT_CHUNK_BYTES) as it is written, so memory holds
 * about one piece.
 * A run starts clean (an earlier lost run's pieces are removed); the job is done once every piece is in.
 */
export async function runExportJob(
  deps: ExportJobDeps,
  jobId: string,
  options: { lastAttempt: boolean; chunkBytes?: number },
): Promise<'done' | 'failed' | 'ended'> {
  const chunkBytes = options.chunkBytes ?? EXPORT_CHUNK_BYTES;
  const run = await startExportJobRun(deps.db, jobId);
  if (!run) return 'ended';
  const progress: ExportProgress = { rowsWritten: 0, totalRows: null };
  const gzip = createGzip();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let chunks = 0;
  let bytes = 0;
  gzip.on('data', (piece: Buffer) => {
    pending.push(piece);
    pendingBytes += piece.length;
  });
  const store = async (final: boolean) => {
    while (pendingBytes >= chunkBytes || (final && pendingBytes > 0)) {
      const all = Buffer.concat(pending);
      const piece = all.subarray(0, chunkBytes);
      const rest = all.subarray(piece.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      await insertExportChunk(deps.db, { jobId, userId: run.userId, idx: chunks, bytes: Buffer.from(piece) });
      chunks += 1;
      bytes += piece.length;
      await saveExportJobProgress(deps.db, jobId, progress);
    }
  };
  try {
    await writeUserExport({
      db: deps.db,
      userId: run.userId,
      now: deps.now(),
      progress,
      write: async (text) => {
        if (!gzip.write(text)) await once(gzip, 'drain');
        await store(false);
      },
    });
    gzip.end();
    await once(gzip, 'end');
    await store(true);
    await endExportJob(deps.db, jobId, { state: 'done', bytes, chunks, rowsWritten: progress.rowsWritten });
    return 'done';
  } catch (error) {
    gzip.destroy();
    if (error instanceof AppError) {
      await endExportJob(deps.db, jobId, { state: 'failed', error: error.message });
      return 'failed';
    }
    if (options.lastAttempt) await endExportJob(deps.db, jobId, { state: 'failed', error: EXPORT_JOB_LOST });
    throw error;
  }
}

/** A finished export's file as a stream of its stored pieces, in order; null unless the user's and done. */
export async function exportFileOf(
  db: Database,
  userId: string,
  id: string,
): Promise<{ fileName: string; bytes: number; body: ReadableStream<Uint8Array> } | null> {
  const job = await findExportJob(db, userId, id);
  if (!job || job.state !== 'done') return null;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= job.chunks) {
        controller.close();
        return;
      }
      const piece = await readExportChunk(db, userId, id, next);
      next += 1;
      if (!piece) controller.error(new Error('A piece of the export is missing'));
      else controller.enqueue(new Uint8Array(piece));
    },
  });
  return { fileName: job.fileName, bytes: job.bytes, body };
}
