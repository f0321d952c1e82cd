import type { Database } from '@lodestar/db';
import { transferProgressOf, type ProgressDeps } from './transfer-progress';

/**
 * How far each user's running data export has got, for GET /user/export/progress while the download
 * streams: transactions written of the total. The instance streaming the download counts; any instance
 * answers (transfer-progress.ts).
 */
export type ExportProgress = {
  /** Transactions written to the download so far. */
  rowsWritten: number;
  /** The user's transactions (from the listing counters), known before the first row is written. */
  totalRows: number | null;
};

const exports = transferProgressOf<ExportProgress>('export');

export function exportProgressOf(
  db: Database,
  instanceId: string,
  userId: string,
): Promise<ExportProgress | null> {
  return exports.of(db, instanceId, userId);
}

/** Starts tracking a user's export; the returned function ends it (call it when the stream ends). */
export function trackExport(deps: ProgressDeps, userId: string): { progress: ExportProgress; done: () => void } {
  return exports.track(deps, userId, { rowsWritten: 0, totalRows: null });
}
