import { acquireSyncLease, findConnection, type ConnectionRow, type Database } from '@lodestar/db';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import { connectorFor } from '../connectors/registry';
import { todayFor } from '../use-cases/accounts/today';
import { runSync, SYNC_MESSAGES, type SyncOutcome } from './engine';

export type SyncRunner = {
  /** Starts a sync in the background; 409 when one is running, 400 for sources that do not sync. */
  start(userId: string, connectionId: string, options?: { full?: boolean }): Promise<ConnectionRow>;
  /** Resolves once every sync this process started has finished (shutdown, tests). */
  whenIdle(): Promise<void>;
};

export type SyncRunnerOptions = {
  db: Database;
  /** The server instance the leases of this runner's syncs belong to. */
  instanceId: string;
  logger: Logger;
  now: () => Date;
  limitsFor: (userId: string) => { transactions: number | null };
  afterWrite?: (userId: string, transactionIds: string[]) => Promise<void>;
};

/**
 * Runs syncs outside the request that asked for them; progress and the lease live in the database, so
 * any instance can report on a sync another started.
 */
export function createSyncRunner({
  db,
  instanceId,
  logger,
  now,
  limitsFor,
  afterWrite,
}: SyncRunnerOptions): SyncRunner {
  const running = new Set<Promise<SyncOutcome | undefined>>();
  return {
    async start(userId, connectionId, options = {}) {
      const connection = await findConnection(db, userId, connectionId);
      if (!connection) throw AppError.notFound('No such connection');
      const connector = connectorFor(connection.provider);
      if (!connector)
        throw new AppError(
          'VALIDATION_FAILED',
          'This source is updated by import or by hand, not by syncing',
          { items: [] },
        );
      const today = await todayFor(db, userId, now());
      // The lease is taken before answering, so whoever asked sees the sync as running at once.
      const lease = await acquireSyncLease(db, userId, connectionId, instanceId);
      if (!lease) throw new AppError('CONFLICT', SYNC_MESSAGES.busy);
      const task = runSync({
        db,
        connector,
        connection: lease,
        instanceId,
        leaseTaken: true,
        logger,
        today,
        limits: limitsFor(userId),
        ...(options.full ? { full: true } : {}),
        ...(afterWrite ? { afterWrite: (ids: string[]) => afterWrite(userId, ids) } : {}),
      }).catch((error: unknown) => {
        // A sync that could not even start (lease taken in between) is not an error of the user's.
        if (!(error instanceof AppError)) logger.error({ err: error }, 'sync crashed');
        return undefined;
      });
      running.add(task);
      void task.finally(() => running.delete(task));
      return lease;
    },
    async whenIdle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
