import type PgBoss from 'pg-boss';

/**
 * One connection's sync as a pg-boss job (schedules and Plaid webhooks): the `sync-connection` queue
 * (boss.ts JOB_QUEUES) is `stately`, and each job's singleton key is the connection, so at most one sync
 * per connection waits in the queue and one runs, across every instance; a second request while one
 * waits is dropped.
 */

export const CONNECTION_SYNC_QUEUE = 'sync-connection';

export type ConnectionSyncJob = { userId: string; connectionId: string; requestId?: string };

/** Queues a sync of the connection; false when one is already waiting for it. */
export async function queueConnectionSync(boss: PgBoss, job: ConnectionSyncJob): Promise<boolean> {
  const id = await boss.send(CONNECTION_SYNC_QUEUE, job, { singletonKey: job.connectionId });
  return id !== null;
}
