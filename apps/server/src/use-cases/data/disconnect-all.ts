import { disconnectAllConnections, type Database } from '@lodestar/db';

export const DISCONNECT_ALL_MESSAGE = 'All accounts disconnected';

/**
 * POST /accounts/disconnect-all (docs/settings-api.md "Data"): in one transaction, every account fed by a
 * connection becomes `disconnected` and the connections are deleted with their encrypted secrets and
 * cursors. Transactions, balance history and holdings stay; the accounts no longer sync (the sync runner
 * only ever runs a connection, and they have none).
 */
export async function disconnectAll(db: Database, userId: string) {
  const { accounts, connections } = await db.transaction((tx) => disconnectAllConnections(tx, userId));
  return { message: DISCONNECT_ALL_MESSAGE, disconnected: accounts, connections };
}
