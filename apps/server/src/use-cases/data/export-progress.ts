/**
 * How far each user's running data export has got, for GET /user/export/progress while the download
 * streams: transactions written of the total. A download is one request on one server instance, so its
 * progress lives in that instance's memory and is gone when the download ends (or is abandoned).
 */
export type ExportProgress = {
  /** Transactions written to the download so far. */
  rowsWritten: number;
  /** The user's transactions (from the listing counters), known before the first row is written. */
  totalRows: number | null;
};

const running = new Map<string, ExportProgress>();

export function exportProgressOf(userId: string): ExportProgress | null {
  const progress = running.get(userId);
  return progress ? { ...progress } : null;
}

/** Starts tracking a user's export; the returned function ends it (call it when the stream ends). */
export function trackExport(userId: string): { progress: ExportProgress; done: () => void } {
  const progress: ExportProgress = { rowsWritten: 0, totalRows: null };
  running.set(userId, progress);
  return {
    progress,
    done: () => {
      if (running.get(userId) === progress) running.delete(userId);
    },
  };
}
