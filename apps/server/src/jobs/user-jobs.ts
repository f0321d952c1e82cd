import { findConnection, listConnections, type Database } from '@lodestar/db';
import { providerSyncs } from '../connectors/registry';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SyncRunner } from '../sync/runner';

/** How many jobs ran through and how many failed (the cron answer, docs/settings-api.md "Jobs and cron"). */
export type JobCounts = { successful: number; failed: number };

export type UserJobDeps = { db: Database; logger: Logger; syncRunner: SyncRunner; notifier?: Notifier };

/**
 * Syncs every connection of the user that syncs (file imports and manual accounts do not) and waits
 * for the outcome: a sync that ends with the connection in error or needing sign-in again counts as
 * failed. A connection already syncing (elsewhere) counts as run; one inside its provider's request
 * budget (SimpleFIN: 4 hours) is left for later and not counted.
 */
export async function syncUserConnections(deps: UserJobDeps, userId: string): Promise<JobCounts> {
  const counts: JobCounts = { successful: 0, failed: 0 };
  const started: string[] = [];
  for (const { connection } of await listConnections(deps.db, userId)) {
    if (!providerSyncs(connection.provider) || connection.status === 'disconnected') continue;
    try {
      await deps.syncRunner.start(userId, connection.id);
      started.push(connection.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') counts.successful += 1;
      else if (error instanceof AppError && error.code === 'RATE_LIMITED') continue;
      else {
        counts.failed += 1;
        deps.logger.warn({ err: error, connectionId: connection.id }, 'scheduled sync could not start');
      }
    }
  }
  if (started.length === 0) return counts;
  await deps.syncRunner.whenIdle();
  for (const id of started) {
    const after = await findConnection(deps.db, userId, id);
    if (after && after.status === 'active' && after.lastError === null) counts.successful += 1;
    else counts.failed += 1;
  }
  return counts;
}

/** The user's jobs: their connections' syncs, then their notification check (after the new data). */
export async function runUserJobs(deps: UserJobDeps, userId: string): Promise<JobCounts> {
  const counts = await syncUserConnections(deps, userId);
  if (!deps.notifier) return counts;
  try {
    await deps.notifier.runForUser(userId);
    counts.successful += 1;
  } catch (error) {
    counts.failed += 1;
    deps.logger.error({ err: error, userId }, 'notification check failed');
  }
  return counts;
}

/** Adds job counts up. */
export function addCounts(a: JobCounts, b: JobCounts): JobCounts {
  return { successful: a.successful + b.successful, failed: a.failed + b.failed };
}
