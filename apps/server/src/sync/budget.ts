import type { ConnectionRow } from '@lodestar/db';

/**
 * A provider's request budget (Connector.minSyncIntervalMs, ADR 017): the time since the last request
 * to the provider, successful or not, decides when the next sync may go.
 */

/** When the provider's budget allows the next sync of the connection, or null when it allows one now. */
export function nextSyncAllowedAt(
  connection: Pick<ConnectionRow, 'lastSyncedAt' | 'lastErrorAt'>,
  minIntervalMs: number | undefined,
  now: Date,
): Date | null {
  if (!minIntervalMs) return null;
  const times = [connection.lastSyncedAt, connection.lastErrorAt].flatMap((time) =>
    time ? [time.getTime()] : [],
  );
  if (times.length === 0) return null;
  const next = Math.max(...times) + minIntervalMs;
  return next > now.getTime() ? new Date(next) : null;
}

/** "3 h 20 min", "45 min", "1 min". */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

export const budgetMessage = (providerName: string, hours: number, waitMs: number) =>
  `${providerName} allows one sync every ${hours} hours to stay within its daily request limit. The next sync is allowed in ${waitText(waitMs)}.`;
