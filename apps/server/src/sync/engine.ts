import {
  acquireSyncLease,
  countUserTransactions,
  connectionAccountIds,
  changedIncomingTransactions,
  deleteTransactionsByExternalId,
  deleteTransactionsMissingFromWindow,
  accountHistoryStart,
  recomputeBalanceSnapshots,
  releaseSyncLease,
  replaceHoldings,
  replaceLiabilities,
  replacePendingTransactions,
  reportSyncProgress,
  setConnectionStatus,
  subscribedWebhookEvents,
  updateConnection,
  upsertConnectionAccounts,
  upsertInstitution,
  upsertSecurities,
  upsertSecurityPrices,
  upsertTransactions,
  newestSnapshotDate,
  newTransactionKeys,
  oldestSnapshotDate,
  recomputeHoldingValueSnapshots,
  type ConnectionRow,
  type Database,
  type TransactionUpsert,
} from '@lodestar/db';
import { addDays, currencyExponent, retry, RETRY } from '@lodestar/domain';
import { AppError } from '../http/app-error';
import { LIMIT_MESSAGES, syncLeftOutCount } from '../use-cases/limits/user-limits';
import type { Logger } from '../logger';
import type { OutboundPolicy } from '../outbound/guard';
import {
  ProviderError,
  type Connector,
  type ConnectorContext,
  type CryptoServices,
  type ConnectorTransaction,
} from '../connectors/types';
import { categorize } from './categorize';
import { backfillHeldCrypto, revalueOtherCryptoHolders } from './crypto-history';
import { pairProviderTransfers, pairTransfersByAmount } from './transfers';

/**
 * The sync engine (DESIGN.md §5). The connector reads; the engine writes, one database transaction per
 * batch with the cursor saved inside it, so a crash resumes from the last committed batch with nothing
 * lost or doubled. A provider failure never writes balances: it only sets the status and a message.
 */

export type SyncOutcome =
  | {
      ok: true;
      batches: number;
      /** Rows the provider sent and the sync wrote (new, changed or sent again). */
      added: number;
      removed: number;
      /**
       * The transactions the sync added, changed (a provider field differs from the stored row) and
       * removed, for the webhook events that follow it (ADR 050).
       */
      ids: { added: string[]; changed: string[]; removed: string[] };
    }
  | { ok: false; status: 'needs_reauth' | 'error'; message: string };

export type SyncOptions = {
  db: Database;
  connector: Connector;
  connection: ConnectionRow;
  /** The server instance (sync/instance.ts) that holds the lease while this sync runs. */
  instanceId: string;
  logger: Logger;
  today: string;
  /** The clock for the times the sync records (last sync, last error); the app's clock by default. */
  now?: () => Date;
  /** Read everything again from the start (spec `forceFullSync`). */
  full?: boolean;
  /** The user asked for this sync (live balances where they cost a call). */
  userRequested?: boolean;
  secret?: string;
  /** How the connector may reach addresses that came from user input (SimpleFIN URLs). */
  outbound?: OutboundPolicy;
  /** Chains and prices for wallet connectors. */
  crypto?: CryptoServices;
  /** Called with new and changed transaction ids after the batches (rules). */
  afterWrite?: (transactionIds: string[]) => Promise<void>;
  retryDelayMs?: number;
  /**
   * The user's plan limits: a batch that would go over them keeps its newest new rows up to the limit (and
   * every change to rows already stored); the connection's notices say how many were left out, and the
   * first sync with room again reads the connection in full to bring them in.
   */
  limits?: { transactions: number | null };
  /** The caller already took the connection's sync lease (and `connection` is the leased row). */
  leaseTaken?: boolean;
  /** Tests only: throw after this many committed batches, as a crash would. */
  crashAfterBatches?: number;
};

/** User-facing texts (spec §4 statuses); never a provider's raw error. */
export const SYNC_MESSAGES = {
  needsReauth: 'The bank needs you to sign in again. Reconnect to continue syncing.',
  failed: 'The last sync failed. Try again; if it keeps failing, try reconnecting.',
  busy: 'A sync of this connection is already running',
  interrupted: 'The last sync was interrupted before it finished. Sync again to continue where it stopped.',
} as const;

function retryable(error: unknown): boolean {
  return error instanceof ProviderError && error.retryable;
}

export async function runSync(options: SyncOptions): Promise<SyncOutcome> {
  const { db, connector, connection, logger } = options;
  const { userId } = connection;
  const lease = options.leaseTaken
    ? connection
    : await acquireSyncLease(db, userId, connection.id, options.instanceId);
  if (!lease) throw new AppError('CONFLICT', SYNC_MESSAGES.busy);
  const log = logger.child({ component: 'sync', provider: connector.provider, connectionId: connection.id });
  const limit = options.limits?.transactions ?? null;
  // Rows were left out at the plan's limit: once there is room (an upgrade), read everything again.
  const leftOutBefore = syncLeftOutCount(lease.providerNotices);
  const full =
    options.full ||
    (leftOutBefore > 0 && (limit === null || (await countUserTransactions(db, userId)) < limit));
  const context: ConnectorContext = {
    settings: lease.settings,
    ...(options.secret === undefined ? {} : { secret: options.secret }),
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.crypto ? { crypto: options.crypto } : {}),
    today: options.today,
    ...(options.userRequested ? { userRequested: true } : {}),
    cursor: full ? null : lease.cursor,
  };
  const withRetry = <T>(task: () => Promise<T>) =>
    retry(task, {
      attempts: RETRY.attempts,
      delayMs: options.retryDelayMs ?? RETRY.delayMs,
      backoff: true,
      shouldRetry: retryable,
    });
  const progress = (step: string, share: number | null, executor: Database = db) =>
    reportSyncProgress(executor, userId, connection.id, { step, progress: share });

  try {
    // Bookkeeping of the connection goes in the transactions that do the work (one commit, not one per
    // statement: each costs a flush to disk).
    await db.transaction(async (tx) => {
      await setConnectionStatus(tx, userId, connection.id, 'syncing');
      await progress('Reading accounts', 0.02, tx);
    });
    const read = await withRetry(() => connector.accounts(context));
    const known = await connectionAccountIds(db, userId, connection.id);
    const accounts = read.filter((account) => !account.onlyIfKnown || known.has(account.externalId));
    // The connection's accounts: those it had, and those this reading added.
    const accountIds = new Map([
      ...known,
      ...(await upsertConnectionAccounts(
        db,
        { userId, connectionId: connection.id, provider: connector.provider, asOf: new Date() },
        accounts,
      )),
    ]);

    const reportChanged = (await subscribedWebhookEvents(db, userId)).has('transactions.changed');
    let cursor = full ? null : lease.cursor;
    // Left out at the limit and still missing: a full read starts the count again.
    let leftOutByLimit = full ? 0 : leftOutBefore;
    let batches = 0;
    let added = 0;
    let removedCount = 0;
    let notices: string[] = [];
    const written: string[] = [];
    const ids = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
    const transferGroups: string[] = [];
    const earliest = new Map<string, string>();
    const touch = (accountId: string, date: string) => {
      const current = earliest.get(accountId);
      if (!current || date < current) earliest.set(accountId, date);
    };

    for (;;) {
      const page = await withRetry(() => connector.sync(context, cursor));
      // One row per (account, provider id): a provider repeating an id in a batch updates it once.
      const byKey = new Map<string, TransactionUpsert>();
      for (const item of [...page.added, ...page.modified]) {
        const accountId = accountIds.get(item.accountExternalId);
        if (!accountId) continue;
        byKey.set(`${accountId}\u0000${item.externalId}`, toUpsert(item, accountId));
        touch(accountId, item.date);
      }
      let rows = [...byKey.values()];
      const removed = page.removed.flatMap((item) => {
        const accountId = accountIds.get(item.accountExternalId);
        return accountId ? [{ accountId, externalId: item.externalId }] : [];
      });
      const batch = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
      await db.transaction(async (tx) => {
        if (limit !== null) {
          const { kept, leftOut } = withinLimit(rows, await newTransactionKeys(tx, userId, rows), {
            room: Math.max(0, limit - (await countUserTransactions(tx, userId))),
          });
          rows = kept;
          leftOutByLimit += leftOut;
        }
        // Telling changed rows from rows sent again unchanged costs a read of the batch's stored rows:
        // only when an endpoint listens to transactions.changed. New rows come from the upsert.
        const changed = reportChanged
          ? await changedIncomingTransactions(tx, userId, rows)
          : new Set<string>();
        const upserted = await upsertTransactions(tx, userId, rows);
        for (const row of upserted) {
          if (row.inserted) batch.added.push(row.id);
          else if (changed.has(`${row.accountId}\u0000${row.externalId}`)) batch.changed.push(row.id);
        }
        batch.removed.push(
          ...(await replacePendingTransactions(
            tx,
            userId,
            rows.flatMap(({ accountId, externalId, pendingExternalId }) =>
              pendingExternalId ? [{ accountId, externalId, pendingExternalId }] : [],
            ),
          )),
        );
        for (const gone of await deleteTransactionsByExternalId(tx, userId, removed)) {
          touch(gone.accountId, gone.date);
          batch.removed.push(gone.id);
        }
        if (page.window) {
          for (const accountExternalId of page.window.accountExternalIds) {
            const accountId = accountIds.get(accountExternalId);
            if (!accountId) continue;
            const keepExternalIds = rows.flatMap((row) =>
              row.accountId === accountId ? [row.externalId] : [],
            );
            const gone = await deleteTransactionsMissingFromWindow(tx, userId, {
              accountId,
              from: page.window.from,
              keepExternalIds,
            });
            for (const row of gone) touch(row.accountId, row.date);
            batch.removed.push(...gone.map((row) => row.id));
          }
        }
        const institutionId = page.institution
          ? await upsertInstitution(tx, { provider: connector.provider, ...page.institution })
          : undefined;
        await updateConnection(tx, userId, connection.id, {
          cursor: page.nextCursor,
          ...(institutionId ? { institutionId } : {}),
        });
        await progress(
          'Reading transactions',
          Math.min(0.9, 0.05 + 0.85 * (page.progress ?? (batches + 1) / (batches + 2))),
          tx,
        );
        written.push(...upserted.map((row) => row.id));
        for (const row of rows) if (row.transferGroup) transferGroups.push(row.transferGroup);
      });
      // Counted once the batch has committed.
      ids.added.push(...batch.added);
      ids.changed.push(...batch.changed);
      ids.removed.push(...batch.removed);
      removedCount += batch.removed.length;
      added += rows.length;
      batches += 1;
      if (page.notices) notices = [...notices, ...page.notices];
      cursor = page.nextCursor;
      if (options.crashAfterBatches === batches) throw new Error('Simulated crash between batches');
      if (!page.hasMore) break;
    }

    /** Security id → the oldest day a close was filled for by this sync (ADR 076). */
    let backfilled = new Map<string, string>();
    const readHoldings = connector.holdings?.bind(connector);
    if (readHoldings) {
      await progress('Reading holdings', 0.9);
      const { holdings, prices } = await withRetry(() => readHoldings(context));
      // Closes of the crypto held, filled before the history is written (ADR 076); outside the
      // transaction, since they come from the price source.
      backfilled =
        connector.valuedByHoldings && options.crypto
          ? await backfillHeldCrypto(db, options.crypto, {
              userId,
              today: options.today,
              holdings,
              accountIds,
              logger: log,
            })
          : new Map<string, string>();
      await db.transaction(async (tx) => {
        const securities = new Map(holdings.map((item) => [item.security.externalId, item.security]));
        const securityIds = await upsertSecurities(
          tx,
          [...securities.values()].map((item) => ({
            provider: item.provider ?? connector.provider,
            externalId: item.externalId,
            ticker: item.ticker ?? null,
            isin: item.isin ?? null,
            cusip: item.cusip ?? null,
            name: item.name,
            type: item.type,
            currency: item.currency,
          })),
        );
        const byAccount = new Map<string, typeof holdings>();
        for (const item of holdings)
          byAccount.set(item.accountExternalId, [...(byAccount.get(item.accountExternalId) ?? []), item]);
        // An account valued by its holdings that now holds nothing (all sold, unstaked, withdrawn) has
        // none left, rather than keeping those it had.
        if (connector.valuedByHoldings)
          for (const account of accounts)
            if (!byAccount.has(account.externalId)) byAccount.set(account.externalId, []);
        const resized = new Set<string>();
        for (const [accountExternalId, items] of byAccount) {
          const accountId = accountIds.get(accountExternalId);
          if (!accountId) continue;
          const { quantitiesChanged } = await replaceHoldings(
            tx,
            { userId, accountId },
            items.flatMap((item) => {
              const securityId = securityIds.get(item.security.externalId);
              return securityId
                ? [
                    {
                      securityId,
                      quantity: item.quantity,
                      price: item.price,
                      costBasis: item.costBasis ?? null,
                      currency: item.security.currency,
                      asOf: item.asOf,
                    },
                  ]
                : [];
            }),
          );
          if (quantitiesChanged) resized.add(accountId);
        }
        const changedCloses = await upsertSecurityPrices(
          tx,
          prices.flatMap((price) => {
            const securityId = securityIds.get(price.securityExternalId);
            return securityId ? [{ securityId, date: price.date, close: price.close }] : [];
          }),
        );
        if (connector.valuedByHoldings) {
          for (const [accountExternalId, items] of byAccount) {
            const accountId = accountIds.get(accountExternalId);
            const account = accounts.find((item) => item.externalId === accountExternalId);
            if (!accountId || !account) continue;
            const changes = items.flatMap((item) => {
              const securityId = securityIds.get(item.security.externalId);
              return securityId
                ? (item.quantityChanges ?? []).map((change) => ({ securityId, ...change }))
                : [];
            });
            // From the first day the quantities changed (or the last day already written, or the oldest
            // day of its history with a close filled just now), at most a year back. An account whose
            // source states its quantity changes (a Bitcoin wallet) gives only those read this time: its
            // days before the last written are not valued again with them.
            const newest = (await newestSnapshotDate(tx, userId, accountId)) ?? options.today;
            const oldest = (await oldestSnapshotDate(tx, userId, accountId)) ?? newest;
            const partialQuantities = items.some((item) => item.quantityChanges !== undefined);
            const filled = partialQuantities
              ? newest
              : items
                  .map((item) => backfilled.get(securityIds.get(item.security.externalId) ?? ''))
                  .reduce<string>((min, date) => (date && date < min ? date : min), newest);
            const first = changes.reduce(
              (min, change) => (change.date < min ? change.date : min),
              filled < oldest ? oldest : filled,
            );
            const yearAgo = addDays(options.today, -365);
            await recomputeHoldingValueSnapshots(tx, {
              userId,
              accountId,
              from: first < yearAgo ? yearAgo : first,
              today: options.today,
              currency: account.currency,
              exponent: currencyExponent(account.currency),
              changes,
            });
          }
        } else {
          // A brokerage's history is its holdings valued day by day (recomputeBalanceSnapshots): new
          // quantities change every day of it, a new close the days from its date, today's prices today.
          for (const [accountExternalId, items] of byAccount) {
            const accountId = accountIds.get(accountExternalId);
            if (!accountId) continue;
            if (resized.has(accountId)) {
              touch(accountId, (await accountHistoryStart(tx, userId, accountId)) ?? options.today);
              continue;
            }
            touch(accountId, options.today);
            for (const item of items) {
              const securityId = securityIds.get(item.security.externalId);
              const date = securityId ? changedCloses.get(securityId) : undefined;
              if (date) touch(accountId, date);
            }
          }
        }
      });
    }

    // Closes filled by this sync also change the days of other wallets and exchange accounts holding the
    // same assets: valued again in their own transaction (accounts in one order), after this one's.
    if (backfilled.size > 0) {
      try {
        await db.transaction((tx) => revalueOtherCryptoHolders(tx, backfilled, [...accountIds.values()]));
      } catch (error) {
        log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'other holders not valued again',
        );
      }
    }

    const readLiabilities = connector.liabilities?.bind(connector);
    if (readLiabilities) {
      await progress('Reading card and loan details', 0.91);
      const liabilities = await withRetry(() => readLiabilities(context));
      await replaceLiabilities(
        db,
        { userId, connectionId: connection.id },
        liabilities.flatMap(({ accountExternalId, ...item }) => {
          const accountId = accountIds.get(accountExternalId);
          return accountId ? [{ ...item, accountId }] : [];
        }),
      );
    }

    if (transferGroups.length > 0) {
      await progress('Pairing transfers', 0.92);
      await pairProviderTransfers(db, userId, transferGroups);
    }
    if (connector.pairsTransfersByAmount) await pairTransfersByAmount(db, userId, written);
    if (written.length && options.afterWrite) await options.afterWrite(written);
    await progress('Updating balance history', 0.96);
    // Accounts valued by their holdings (wallets, exchanges) had their history written from the
    // holdings above; their transactions (trades, deposits) do not move a money balance.
    if (connector.valuedByHoldings) earliest.clear();
    // Once per sync, from each account's earliest changed day; the connection turns active with it.
    await db.transaction(async (tx) => {
      for (const [accountId, from] of earliest) {
        await recomputeBalanceSnapshots(tx, { userId, accountId, from, today: options.today });
      }
      await updateConnection(tx, userId, connection.id, {
        lastSyncedAt: (options.now ?? (() => new Date()))(),
        providerNotices: leftOutByLimit
          ? [...notices, LIMIT_MESSAGES.syncLeftOut(limit ?? 0, leftOutByLimit)]
          : notices,
        lastError: null,
        lastErrorAt: null,
        consecutiveFailures: 0,
      });
      await setConnectionStatus(tx, userId, connection.id, 'active');
    });
    log.info({ batches, added, removed: removedCount, leftOutByLimit }, 'sync finished');
    return { ok: true, batches, added, removed: removedCount, ids };
  } catch (error) {
    const needsReauth = error instanceof ProviderError && error.kind === 'needs_reauth';
    const status = needsReauth ? 'needs_reauth' : 'error';
    const message = needsReauth ? SYNC_MESSAGES.needsReauth : SYNC_MESSAGES.failed;
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'sync failed');
    await updateConnection(db, userId, connection.id, {
      lastError: message,
      lastErrorAt: (options.now ?? (() => new Date()))(),
      consecutiveFailures: lease.consecutiveFailures + 1,
    });
    await setConnectionStatus(db, userId, connection.id, status);
    return { ok: false, status, message };
  } finally {
    await releaseSyncLease(db, userId, connection.id, options.instanceId);
  }
}

/**
 * The rows of a batch that fit the plan: every row already stored (a change) and the newest `room` new
 * ones (`fresh` holds the new rows' keys); `leftOut` counts the new rows that did not fit.
 */
export function withinLimit(
  rows: TransactionUpsert[],
  fresh: ReadonlySet<string>,
  { room }: { room: number },
): { kept: TransactionUpsert[]; leftOut: number } {
  if (fresh.size <= room) return { kept: rows, leftOut: 0 };
  const keyOf = (row: TransactionUpsert) => `${row.accountId}\u0000${row.externalId}`;
  const newest = rows
    .filter((row) => fresh.has(keyOf(row)))
    .sort((a, b) => (a.date === b.date ? a.externalId.localeCompare(b.externalId) : a.date < b.date ? 1 : -1))
    .slice(0, room);
  const admitted = new Set(newest.map(keyOf));
  return {
    kept: rows.filter((row) => !fresh.has(keyOf(row)) || admitted.has(keyOf(row))),
    leftOut: fresh.size - room,
  };
}

function toUpsert(item: ConnectorTransaction, accountId: string): TransactionUpsert {
  const category = categorize(item.providerCategory);
  return {
    accountId,
    externalId: item.externalId,
    date: item.date,
    authorizedDate: item.authorizedDate ?? null,
    amountMinor: item.amountMinor,
    currency: item.currency,
    name: item.name,
    merchantName: item.merchantName ?? null,
    description: item.description ?? null,
    category: category.category,
    detailedCategory: category.detailed,
    categoryConfidence: category.confidence,
    providerCategory: item.providerCategory?.detailed ?? item.providerCategory?.primary ?? null,
    paymentChannel: item.paymentChannel ?? null,
    paymentMethod: item.paymentMethod ?? null,
    status: item.status,
    pendingExternalId: item.pendingExternalId ?? null,
    transferGroup: item.transferGroup ?? null,
  };
}
