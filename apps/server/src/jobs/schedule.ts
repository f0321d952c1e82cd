import { createHash } from 'node:crypto';
import { listConnections, listUserIds, type ConnectionRow, type Database } from '@lodestar/db';
import { connectorFor, type ConnectorConfig } from '../connectors/registry';
import type { Logger } from '../logger';

/**
 * Scheduled syncs (ADR 017): every connection that syncs is synced once its interval has passed since
 * the last request to its provider: the user's plan frequency (self-hosted: every 6 hours; free tier
 * daily, pro hourly) or the provider's budget (SimpleFIN: 4 hours), whichever is longer. A tick every 15
 * minutes queues one pg-boss job per due connection with the connection id as singleton key (at most one
 * queued and one running per connection, across instances), each a few minutes apart (staggered by a
 * hash of the id) so a hundred due connections do not hit the providers in the same second.
 */

/** How far the start of a due connection's job is spread (seconds). */
export const STAGGER_SECONDS = 600;

/** Seconds a due connection's job waits, the same for a connection every tick (0 .. STAGGER_SECONDS-1). */
export function staggerSeconds(connectionId: string): number {
  return createHash('sha256').update(connectionId).digest().readUInt32BE(0) % STAGGER_SECONDS;
}

/**
 * Whether a scheduled sync of the connection is due now. `config` is the server's: some connectors
 * (Plaid) exist only with their settings, and without them would never be due.
 */
export function isSyncDue(
  connection: Pick<ConnectionRow, 'provider' | 'status' | 'lastSyncedAt' | 'lastErrorAt'>,
  userIntervalMs: number,
  now: Date,
  config: ConnectorConfig,
): boolean {
  const connector = connectorFor(connection.provider, config);
  // Waiting for the user: a sync cannot help until they reconnect (or link again).
  if (!connector || connection.status === 'disconnected' || connection.status === 'needs_reauth')
    return false;
  const times = [connection.lastSyncedAt, connection.lastErrorAt].flatMap((time) =>
    time ? [time.getTime()] : [],
  );
  if (times.length === 0) return true;
  const interval = Math.max(userIntervalMs, connector.minSyncIntervalMs ?? 0);
  return now.getTime() - Math.max(...times) >= interval;
}

export type SyncJob = { userId: string; connectionId: string };

/** Every user's connections whose scheduled sync is due, with the delay each job starts after. */
export async function dueSyncs(deps: {
  db: Database;
  config: ConnectorConfig;
  now: () => Date;
  intervalFor: (userId: string) => number | Promise<number>;
  logger?: Logger;
}): Promise<(SyncJob & { startAfterSeconds: number })[]> {
  const now = deps.now();
  const due: (SyncJob & { startAfterSeconds: number })[] = [];
  for (const userId of await listUserIds(deps.db)) {
    const interval = await deps.intervalFor(userId);
    for (const { connection, syncRunning } of await listConnections(deps.db, userId)) {
      if (syncRunning || !isSyncDue(connection, interval, now, deps.config)) continue;
      due.push({ userId, connectionId: connection.id, startAfterSeconds: staggerSeconds(connection.id) });
    }
  }
  return due;
}
