/**
 * How far each running restore has got, per user, for GET /user/restore/progress while the restore's
 * own request is still streaming. A restore is one request on one server instance, so its progress
 * lives in that instance's memory and is gone when it ends (the restore's answer says how it ended).
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

const running = new Map<string, RestoreProgress>();

export function restoreProgressOf(userId: string): RestoreProgress | null {
  const progress = running.get(userId);
  return progress ? { ...progress } : null;
}

/** Starts tracking a user's restore; the returned function ends it (call it in a `finally`). */
export function trackRestore(userId: string): { progress: RestoreProgress; done: () => void } {
  const progress: RestoreProgress = { phase: 'reading', rowsRead: 0, rowsRestored: 0, totalRows: null };
  running.set(userId, progress);
  return {
    progress,
    done: () => {
      if (running.get(userId) === progress) running.delete(userId);
    },
  };
}
