import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { appInstance, connection, financialAccount, serverInstance } from '../schema/index';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Records that `version` started against this database; the first call also marks the install time. */
export async function recordStart(db: Database, version: string): Promise<{ installedAt: Date }> {
  const [row] = await db
    .insert(appInstance)
    .values({ id: 1, lastStartedVersion: version })
    .onConflictDoUpdate({
      target: appInstance.id,
      set: { lastStartedAt: sql`now()`, lastStartedVersion: version },
    })
    .returning({ installedAt: appInstance.installedAt });
  if (!row) throw new Error('app_instance upsert returned no row');
  return row;
}

/** How often a running server records that it is alive. */
export const INSTANCE_HEARTBEAT_SECONDS = 10;
/**
 * A server whose last heartbeat is older than this is taken for dead: its sync leases are free for any
 * other instance to take (well within a minute of its last beat).
 */
export const INSTANCE_STALE_SECONDS = 30;

export type ServerInstanceInfo = { host: string; pid: number; version: string };

/** SQL: whether the server instance `instanceId` (a column or value) beat recently, by the database clock. */
export const instanceAlive = (instanceId: unknown) =>
  sql<boolean>`exists (select 1 from ${serverInstance} where ${serverInstance.id} = ${instanceId} and ${serverInstance.heartbeatAt} > now() - make_interval(secs => ${INSTANCE_STALE_SECONDS}))`;

export async function registerServerInstance(db: Executor, info: ServerInstanceInfo): Promise<string> {
  const [row] = await db.insert(serverInstance).values(info).returning({ id: serverInstance.id });
  if (!row) throw new Error('server_instance insert returned no row');
  return row.id;
}

/** The instances recorded on one machine (a starting process looks here for its crashed predecessor). */
export function serverInstancesOnHost(db: Executor, host: string) {
  return db
    .select({ id: serverInstance.id, pid: serverInstance.pid })
    .from(serverInstance)
    .where(eq(serverInstance.host, host));
}

/**
 * Records a heartbeat. The row is written again if it was removed (another instance took this one for
 * dead during a long pause): the instance is alive, and from now on its new leases count.
 */
export async function beatServerInstance(db: Executor, id: string, info: ServerInstanceInfo): Promise<void> {
  await db
    .insert(serverInstance)
    .values({ id, ...info })
    .onConflictDoUpdate({ target: serverInstance.id, set: { heartbeatAt: sql`now()` } });
}

/**
 * Frees the sync leases held by these instances (crashed or stopped) and forgets the instances: the
 * progress goes, a connection left "syncing" shows the interrupted sync as a failed one with `message`.
 * Returns the connections released.
 */
export async function releaseServerInstances(
  db: Database,
  instanceIds: readonly string[],
  message: string,
): Promise<number> {
  if (instanceIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const released = await releaseLeases(tx, inArray(connection.syncInstanceId, [...instanceIds]), message);
    await tx.delete(serverInstance).where(inArray(serverInstance.id, [...instanceIds]));
    return released.length;
  });
}

/**
 * Frees every lease whose holder stopped beating (or that names no instance) and forgets instances that
 * stopped beating. Any live instance runs this on each heartbeat. Returns the connections released
 * (each to exactly one caller, however many instances beat at once), so the caller can take them over.
 */
export async function releaseAbandonedLeases(
  db: Database,
  message: string,
): Promise<{ id: string; userId: string }[]> {
  return db.transaction(async (tx) => {
    const released = await releaseLeases(tx, sql`not ${instanceAlive(connection.syncInstanceId)}`, message);
    await tx
      .delete(serverInstance)
      .where(
        sql`${serverInstance.heartbeatAt} < now() - make_interval(secs => ${INSTANCE_STALE_SECONDS * 2})`,
      );
    return released;
  });
}

async function releaseLeases(
  db: Executor,
  holder: SQL,
  message: string,
): Promise<{ id: string; userId: string }[]> {
  const rows = await db
    .update(connection)
    .set({
      syncStartedAt: null,
      syncInstanceId: null,
      syncProgress: null,
      status: sql`case when ${connection.status} = 'syncing' then 'error' else ${connection.status} end`,
      lastError: sql`case when ${connection.status} = 'syncing' then ${message} else ${connection.lastError} end`,
      lastErrorAt: sql`case when ${connection.status} = 'syncing' then now() else ${connection.lastErrorAt} end`,
      updatedAt: sql`now()`,
    })
    .where(and(sql`${connection.syncStartedAt} is not null`, holder))
    .returning({ id: connection.id, userId: connection.userId });
  if (rows.length) {
    await db
      .update(financialAccount)
      .set({ status: 'error', updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            financialAccount.connectionId,
            rows.map((row) => row.id),
          ),
          eq(financialAccount.status, 'syncing'),
        ),
      );
  }
  return rows;
}
