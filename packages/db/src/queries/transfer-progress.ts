import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { transferProgress } from '../schema/index';
import { instanceAlive } from './app-instance';

export type TransferKind = 'export' | 'restore';

/** Records the state of one run (inserted, or replacing an older run's row). */
export async function saveTransferProgress(
  db: Database,
  row: { userId: string; kind: TransferKind; token: string; instanceId: string; state: object },
): Promise<void> {
  await db
    .insert(transferProgress)
    .values(row)
    .onConflictDoUpdate({
      target: [transferProgress.userId, transferProgress.kind],
      set: { token: row.token, instanceId: row.instanceId, state: row.state, updatedAt: sql`now()` },
    });
}

/** Removes a run's row, unless a newer run has replaced it. */
export async function endTransferProgress(
  db: Database,
  userId: string,
  kind: TransferKind,
  token: string,
): Promise<void> {
  await db
    .delete(transferProgress)
    .where(
      and(
        eq(transferProgress.userId, userId),
        eq(transferProgress.kind, kind),
        eq(transferProgress.token, token),
      ),
    );
}

/**
 * The running state of the user's export or restore streamed by another instance (`exceptInstanceId`
 * is the caller, which knows its own runs), when that instance is alive.
 */
export async function readTransferProgress(
  db: Database,
  userId: string,
  kind: TransferKind,
  exceptInstanceId: string,
): Promise<unknown> {
  const [row] = await db
    .select({ state: transferProgress.state })
    .from(transferProgress)
    .where(
      and(
        eq(transferProgress.userId, userId),
        eq(transferProgress.kind, kind),
        ne(transferProgress.instanceId, exceptInstanceId),
        instanceAlive(transferProgress.instanceId),
      ),
    );
  return row?.state ?? null;
}
