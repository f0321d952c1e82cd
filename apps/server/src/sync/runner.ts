import { metrics } from '../observability/metrics';
import { acquireSyncLease, findConnection, type ConnectionRow, type Database } from '@lodestar/db';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import { connectorFor, type ConnectorConfig } from '../connectors/registry';
import type { CryptoServices } from '../connectors/types';
import { todayFor } from '../use-cases/accounts/today';
import type { OutboundPolicy } from '../outbound/guard';
import { openSecret } from '../secrets/secret-box';
import { budgetMessage, nextSyncAllowedAt } from './budget';
import { runSync, SYNC_MESSAGES, type SyncOutcome } from './engine';

/** The connection's provider secret, opened; undefined when it has none. */
function openConnectionSecret(
  connection: ConnectionRow,
  access: SyncRunnerOptions['providerAccess'],
): string | undefined {
  if (!connection.secretCiphertext || !connection.secretKeyId || !access) return undefined;
  return openSecret(
    { ciphertext: connection.secretCiphertext, keyId: connection.secretKeyId },
    access.encryptionKey,
  );
}

export type StartOptions = {
  full?: boolean;
  /**
   * Skip the provider's request budget (a first sync right after linking or reconnecting, which has a
   * new access and no recent request).
   */
  ignoreBudget?: boolean;
  /**
   * The user asked for this sync (Sync now), rather than a schedule or a webhook: a connector may then
   * read live balances where the provider bills per call for them.
   */
  userRequested?: boolean;
};

export type SyncRunner = {
  /**
   * Starts a sync in the background; 409 when one is running, 400 for sources that do not sync, 429
   * inside the provider's request budget (the message says when the next sync is allowed).
   */
  start(userId: string, connectionId: string, options?: StartOptions): Promise<ConnectionRow>;
  /** Runs a sync to its end (scheduled jobs): the outcome, or undefined when it could not start. */
  run(userId: string, connectionId: string, options?: StartOptions): Promise<SyncOutcome>;
  /** Resolves once every sync this process started has finished (shutdown, tests). */
  whenIdle(): Promise<void>;
};

export type SyncRunnerOptions = {
  db: Database;
  /** The server instance the leases of this runner's syncs belong to. */
  instanceId: string;
  logger: Logger;
  now: () => Date;
  /** The user's limits as the sync begins (the plan lives in the database: read at each start). */
  limitsFor: (userId: string) => Promise<{ transactions: number | null }>;
  afterWrite?: (userId: string, transactionIds: string[]) => Promise<void>;
  /** After a sync ends, with the connection as it was before it (webhook events); its failure is logged. */
  afterSync?: (input: { userId: string; connection: ConnectionRow; outcome: SyncOutcome }) => Promise<void>;
  /** How connectors reach providers: the key that opens stored secrets, the outbound policy. */
  providerAccess?: { encryptionKey: string; outbound: OutboundPolicy };
  /** What connectors built from the configuration (Plaid) need. */
  config: ConnectorConfig;
  /** Chains and prices for wallet connectors. */
  crypto?: CryptoServices;
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
  afterSync,
  providerAccess,
  config,
  crypto,
}: SyncRunnerOptions): SyncRunner {
  const running = new Set<Promise<SyncOutcome | undefined>>();
  async function begin(userId: string, connectionId: string, options: StartOptions) {
    const connection = await findConnection(db, userId, connectionId);
    if (!connection) throw AppError.notFound('No such connection');
    const connector = connectorFor(connection.provider, config);
    if (connection.status === 'disconnected')
      throw new AppError('CONFLICT', 'This connection is disconnected: link the bank again to sync it');
    if (!connector)
      throw new AppError('VALIDATION_FAILED', 'This source is updated by import or by hand, not by syncing', {
        items: [],
      });
    const at = now();
    const nextAllowed = options.ignoreBudget
      ? null
      : nextSyncAllowedAt(connection, connector.minSyncIntervalMs, at);
    if (nextAllowed) {
      throw new AppError(
        'RATE_LIMITED',
        budgetMessage(
          connector.institution.name,
          Math.round((connector.minSyncIntervalMs ?? 0) / 3_600_000),
          nextAllowed.getTime() - at.getTime(),
        ),
        { reset: nextAllowed.getTime() },
      );
    }
    const secret = openConnectionSecret(connection, providerAccess);
    const today = await todayFor(db, userId, at);
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
      now,
      today,
      limits: await limitsFor(userId),
      ...(secret === undefined ? {} : { secret }),
      ...(providerAccess ? { outbound: providerAccess.outbound } : {}),
      ...(crypto ? { crypto } : {}),
      ...(options.full ? { full: true } : {}),
      ...(options.userRequested ? { userRequested: true } : {}),
      ...(afterWrite ? { afterWrite: (ids: string[]) => afterWrite(userId, ids) } : {}),
    })
      .then(
        (outcome) => {
          metrics.sync(connection.provider, outcome.ok ? 'success' : outcome.status);
          return outcome;
        },
        (error: unknown) => {
          // A sync that could not even start (lease taken in between) is not an error of the user's.
          if (!(error instanceof AppError)) {
            logger.error({ err: error }, 'sync crashed');
            metrics.sync(connection.provider, 'crashed');
          }
          return undefined;
        },
      )
      .then(async (outcome) => {
        if (outcome && afterSync) {
          await afterSync({ userId, connection, outcome }).catch((error: unknown) => {
            logger.error({ err: error }, 'after-sync hook failed');
          });
        }
        return outcome;
      });
    running.add(task);
    void task.finally(() => running.delete(task));
    return { lease, task };
  }
  return {
    async start(userId, connectionId, options = {}) {
      return (await begin(userId, connectionId, options)).lease;
    },
    async run(userId, connectionId, options = {}) {
      const { task } = await begin(userId, connectionId, options);
      const outcome = await task;
      return outcome ?? { ok: false, status: 'error', message: SYNC_MESSAGES.failed };
    },
    async whenIdle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
