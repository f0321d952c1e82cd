import { listConnections, type Database } from '@lodestar/db';
import { AppError } from '../http/app-error';
import type { SyncRunner } from './runner';

/**
 * Starts a user-requested sync of each of the user's connections (only those of `provider` when given)
 * and says how many started. A connection already syncing, one that does not sync, or one inside its
 * provider's request budget is skipped, not an error of the whole request.
 */
export async function startUserSyncs(
  deps: { db: Database; syncRunner: SyncRunner },
  userId: string,
  options: { provider?: string; full?: boolean } = {},
): Promise<number> {
  let started = 0;
  for (const { connection } of await listConnections(deps.db, userId)) {
    if (options.provider && connection.provider !== options.provider) continue;
    try {
      await deps.syncRunner.start(userId, connection.id, {
        ...(options.full ? { full: true } : {}),
        userRequested: true,
      });
      started += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return started;
}
