import type { Database } from '@lodestar/db';
import { transferProgressOf, type ProgressDeps } from './transfer-progress';

/**
 * How far each running restore has got, per user, for GET /user/restore/progress while the restore's
 * own request is still streaming. The instance reading the upload counts; any instance answers
 * (transfer-progress.ts). The restore's answer says how it ended.
 */
export type RestoreProgress = {
  /** 'reading': the file is being read and checked; 'writing': the checked rows are being written. */
  phase: 'reading' | 'writing';
  /** Rows read from the file so far (transactions and daily balances, the lists that can be large). */
  rowsRead: number;
  /** Rows written so far. */
  rowsRestored: number;
  /** Rows to write, known once the whole file has been read; null before. */
  totalRows: number | null;
};

const restores = transferProgressOf<RestoreProgress>('restore');

export function restoreProgressOf(
  db: Database,
  instanceId: string,
  userId: string,
): Promise<RestoreProgress | null> {
  return restores.of(db, instanceId, userId);
}

/** Starts tracking a user's restore; the returned function ends it (call it in a `finally`). */
export function trackRestore(deps: ProgressDeps, userId: string): { progress: RestoreProgress; done: () => void } {
  return restores.track(deps, userId, { phase: 'reading', rowsRead: 0, rowsRestored: 0, totalRows: null });
}
