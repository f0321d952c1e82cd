import { randomUUID } from 'node:crypto';
import {
  endTransferProgress,
  readTransferProgress,
  saveTransferProgress,
  type Database,
  type TransferKind,
} from '@lodestar/db';
import type { Logger } from '../../logger';

/** How often a running export or restore writes its progress for the other instances. */
export const PROGRESS_FLUSH_MS = 250;

export type ProgressDeps = { db: Database; instanceId: string; logger: Logger };

/**
 * The progress of one kind of long request (an export download, a restore upload), per user. The run
 * itself updates a plain object as it goes (no database write per row); this instance answers polls from
 * it, and it is written to `transfer_progress` when it changes (at most every PROGRESS_FLUSH_MS), so a
 * poll that reaches another instance behind the proxy answers too. The row goes when the run ends.
 */
export function transferProgressOf<T extends object>(kind: TransferKind) {
  const local = new Map<string, { token: string; progress: T }>();
  return {
    /** This instance's run from memory (exact), else another instance's from the database. */
    async of(db: Database, instanceId: string, userId: string): Promise<T | null> {
      const here = local.get(userId);
      if (here) return { ...here.progress };
      return (await readTransferProgress(db, userId, kind, instanceId)) as T | null;
    },
    /** Starts tracking a run; the returned `done` ends it (call it when the stream ends or fails). */
    track(deps: ProgressDeps, userId: string, initial: T): { progress: T; done: () => void } {
      const token = randomUUID();
      const progress = { ...initial };
      local.set(userId, { token, progress });
      let written = '';
      let writes: Promise<void> = Promise.resolve();
      const queue = (write: () => Promise<void>) => {
        writes = writes.then(write).catch((error: unknown) => {
          deps.logger.warn({ err: error, kind }, 'Could not record progress');
        });
      };
      const flush = () => {
        const state = JSON.stringify(progress);
        if (state === written) return;
        written = state;
        queue(() =>
          saveTransferProgress(deps.db, { userId, kind, token, instanceId: deps.instanceId, state: progress }),
        );
      };
      flush();
      const timer = setInterval(flush, PROGRESS_FLUSH_MS);
      timer.unref();
      return {
        progress,
        done: () => {
          clearInterval(timer);
          if (local.get(userId)?.token === token) local.delete(userId);
          queue(() => endTransferProgress(deps.db, userId, kind, token));
        },
      };
    },
  };
}
