import { randomUUID } from 'node:crypto';
import {
  assignStagedTransactionIds,
  countAccounts,
  createRestoreStaging,
  ensureInstitutions,
  ensureManualLots,
  ensureSecurities,
  lockUserForRestore,
  MANUAL_HOLDING_TRADE_PREFIX,
  readStagedSnapshots,
  readStagedTransactions,
  restorePreferences,
  restoreWriters,
  stagedIssues,
  type Database,
} from '@lodestar/db';
import type { ValidationItem } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import type { ExportDocument } from './export-document';
import { assertExportHeader, parseExportDocument } from './parse-export-document';
import type { RestoreProgress } from './restore-progress';
import { RESTORE_MESSAGES } from './restore-messages';
import { stageExport } from './stage-export';

/** Staged rows read back and written per batch. */
const WRITE_BATCH = 5_000;
/** The answer names the first rows at fault. */
const MAX_ITEMS = 50;

type StagedTransaction = ExportDocument['transactions'][number];
type StagedSnapshot = ExportDocument['balanceSnapshots'][number];

export { RESTORE_MESSAGES } from './restore-messages';

export type RestoreCounts = {
  institutions: number;
  connections: number;
  accounts: number;
  transactions: number;
  balanceSnapshots: number;
  balanceUpdates: number;
  securities: number;
  holdings: number;
  holdingLots: number;
  liabilities: number;
  rules: number;
  csvMappings: number;
  properties: number;
  propertyValuations: number;
  fxManualRates: number;
  preferences: number;
};

/**
 * New ids for a kind, handed out in the order of the old ones: rows that a listing orders by id (as the
 * tie-break after a date) come back in the same order, so an export of the restored data reads the same.
 */
function orderPreservingIds(oldIds: readonly string[]): Map<string, string> {
  const fresh = oldIds.map(() => randomUUID()).sort();
  const sorted = [...oldIds].sort();
  return new Map(sorted.map((old, index) => [old, fresh[index] ?? randomUUID()]));
}

/** The id a reference maps to; the document's references were checked before, so a miss is a bug. */
function mapped(map: Map<string, string>, old: string): string {
  const id = map.get(old);
  if (id === undefined) throw new Error('restore: unmapped reference');
  return id;
}

/**
 * New ids for the lots of manual holdings: a holding's lot that had the holding's id (its first buy, ADR
 * 077) takes the holding's new id, the others fresh ones in the order of the old.
 */
function lotIds(
  lots: readonly { id: string; holdingId: string }[],
  holdings: Map<string, string>,
): Map<string, string> {
  const ids = orderPreservingIds(lots.filter((lot) => lot.id !== lot.holdingId).map((lot) => lot.id));
  for (const lot of lots) if (lot.id === lot.holdingId) ids.set(lot.id, mapped(holdings, lot.holdingId));
  return ids;
}

/**
 * A manual holding's buy names its lot in its external id (`manual-holding:<lot id>`): it follows the lot
 * to its new id. An export without lots names the holding (its one lot, made by the restore, takes the
 * holding's new id). Any other external id is the provider's or file's and stays.
 */
function tradeExternalId(
  externalId: string,
  lots: Map<string, string>,
  holdings: Map<string, string>,
): string {
  if (!externalId.startsWith(MANUAL_HOLDING_TRADE_PREFIX)) return externalId;
  const old = externalId.slice(MANUAL_HOLDING_TRADE_PREFIX.length).toLowerCase();
  const id = lots.get(old) ?? holdings.get(old);
  return id === undefined ? externalId : `${MANUAL_HOLDING_TRADE_PREFIX}${id}`;
}

const naturalKey = (row: { provider: string; externalId: string }) => `${row.provider}\u0000${row.externalId}`;

/** Whether an error is PostgreSQL refusing the data (constraint or value), looking through wrappers. */
function isDataError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (code.startsWith('23') || code.startsWith('22'))) return true;
    current = current.cause;
  }
  return false;
}

/** Rule conditions point at accounts; they follow the accounts to their new ids. */
function mapConditions(conditions: Record<string, unknown>, accounts: Map<string, string>) {
  const ids = conditions.accountIds;
  if (!Array.isArray(ids)) return conditions;
  return {
    ...conditions,
    accountIds: ids.flatMap((old) => {
      const id = typeof old === 'string' ? accounts.get(old.toLowerCase()) : undefined;
      return id ? [id] : [];
    }),
  };
}

/**
 * Restores an export into the signed-in user's account (docs/settings-api.md "Data") from the upload as
 * it streams in, all in one database transaction: either everything is restored or nothing is. The
 * account must hold no financial accounts (409, before the file is read). The file is read once: its
 * transactions and daily balances are checked row by row and staged in a temporary table of the
 * transaction, the rest is small and kept; once the file is complete and consistent, everything is
 * written. Every id gets a new one; shared reference rows (institutions, securities) are found by their
 * natural key, never changed. Connections come back without secrets, `disconnected`, and so do the
 * accounts they fed. Rows go in batches of thousands per statement, so the rollup triggers (net worth,
 * spending, listing counters) run once per batch and end up exactly as for rows written one by one.
 * `progress` says how far it got, for a second request to read.
 */
export async function restoreUserData(options: {
  db: Database;
  userId: string;
  upload: AsyncIterable<Uint8Array>;
  limits: UserLimits;
  hasTwoFactor: boolean;
  progress: RestoreProgress;
}): Promise<RestoreCounts> {
  const { db, userId, progress } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockUserForRestore(tx, userId);
      if ((await countAccounts(tx, userId)) > 0) throw new AppError('CONFLICT', RESTORE_MESSAGES.notEmpty);
      await createRestoreStaging(tx);
      const staged = await stageExport(tx, options.upload, progress);
      assertExportHeader(staged.top);
      if (staged.issues.length > 0) throw AppError.validation(staged.issues);
      const doc = parseExportDocument({ ...staged.top, transactions: [], balanceSnapshots: [] });
      const faults = await stagedIssues(
        tx,
        doc.accounts.map((row) => row.id),
        MAX_ITEMS,
      );
      if (faults.length > 0) {
        throw AppError.validation(
          faults.slice(0, MAX_ITEMS).map(
            ({ kind, seq, fault }): ValidationItem => ({
              field: `${kind}.${seq}.${fault === 'account' ? 'accountId' : 'id'}`,
              message:
                fault === 'account'
                  ? 'Refers to an account that is not in the export'
                  : 'This id appears twice in the export',
              code: 'custom',
            }),
          ),
        );
      }
      return await writeRestore(tx, {
        userId,
        doc,
        staged: staged.counts,
        limits: options.limits,
        hasTwoFactor: options.hasTwoFactor,
        progress,
      });
    });
  } catch (error) {
    if (isDataError(error)) throw new AppError('VALIDATION_FAILED', RESTORE_MESSAGES.conflict, { items: [] });
    throw error;
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Writes a checked document whose transactions and daily balances are staged. */
async function writeRestore(
  tx: Tx,
  options: {
    userId: string;
    doc: ExportDocument;
    staged: { transactions: number; balanceSnapshots: number };
    limits: UserLimits;
    hasTwoFactor: boolean;
    progress: RestoreProgress;
  },
): Promise<RestoreCounts> {
  const { userId, doc, staged, progress } = options;
  const connections = orderPreservingIds(doc.connections.map((row) => row.id));
  const accounts = orderPreservingIds(doc.accounts.map((row) => row.id));
  const properties = orderPreservingIds(doc.properties.map((row) => row.id));
  const balanceUpdates = orderPreservingIds(doc.balanceUpdates.map((row) => row.id));
  const holdings = orderPreservingIds(doc.holdings.map((row) => row.id));
  const lots = lotIds(doc.holdingLots, holdings);
  const rules = orderPreservingIds(doc.rules.map((row) => row.id));
  const valuations = orderPreservingIds(doc.propertyValuations.map((row) => row.id));
  const fxRates = orderPreservingIds(doc.fxManualRates.map((row) => row.id));
  const oldInstitutionKeys = new Map(doc.institutions.map((row) => [row.id, naturalKey(row)]));
  const oldSecurityKeys = new Map(doc.securities.map((row) => [row.id, naturalKey(row)]));
  const pairs = new Map<string, string>();
  const pairOf = (old: string | null) => {
    if (old === null) return null;
    const known = pairs.get(old);
    if (known) return known;
    const fresh = randomUUID();
    pairs.set(old, fresh);
    return fresh;
  };
  const newId = (map: Map<string, string>) => (old: string) => mapped(map, old);
  const account = newId(accounts);

  await assertWithinLimits(
    tx,
    userId,
    { addAccounts: doc.accounts.length, addTransactions: staged.transactions },
    options.limits,
  );
  const smallRows = [
    doc.institutions,
    doc.connections,
    doc.accounts,
    doc.balanceUpdates,
    doc.securities,
    doc.holdings,
    doc.holdingLots,
    doc.liabilities,
    doc.rules,
    doc.csvMappings,
    doc.properties,
    doc.propertyValuations,
    doc.fxManualRates,
  ].reduce((total, rows) => total + rows.length, 0);
  progress.phase = 'writing';
  progress.totalRows = smallRows + staged.transactions + staged.balanceSnapshots;
  const written = (count: number) => {
    progress.rowsRestored += count;
  };

  const institutionIds = await ensureInstitutions(tx, doc.institutions);
  const institution = (old: string | null) => {
    const key = old === null ? undefined : oldInstitutionKeys.get(old);
    return key === undefined ? null : (institutionIds.get(key) ?? null);
  };
  const restoredAt = new Date();
  await restoreWriters.connections(
    tx,
    doc.connections.map((row) => ({
      id: mapped(connections, row.id),
      userId,
      provider: row.provider,
      institutionId: institution(row.institutionId),
      displayName: row.displayName,
      // No secret travels in an export: the user reconnects to sync again.
      status: 'disconnected',
      settings: row.settings,
      lastSyncedAt: row.lastSyncedAt ? new Date(row.lastSyncedAt) : null,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt ? new Date(row.lastErrorAt) : null,
      createdAt: new Date(row.createdAt),
      updatedAt: restoredAt,
    })),
  );
  await restoreWriters.accounts(
    tx,
    doc.accounts.map((row) => ({
      ...row,
      id: account(row.id),
      userId,
      connectionId: row.connectionId === null ? null : mapped(connections, row.connectionId),
      status: row.connectionId === null ? row.status : 'disconnected',
      balanceAsOf: row.balanceAsOf ? new Date(row.balanceAsOf) : null,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  written(doc.institutions.length + doc.connections.length + doc.accounts.length);
  await assignStagedTransactionIds(tx);
  for (let after = -1; ; ) {
    const rows = await readStagedTransactions<StagedTransaction>(tx, after, WRITE_BATCH);
    if (rows.length === 0) break;
    await restoreWriters.transactions(
      tx,
      rows.map(({ newId, doc: row }) => ({
        ...row,
        id: newId,
        userId,
        accountId: account(row.accountId),
        externalId: tradeExternalId(row.externalId, lots, holdings),
        transferPairId: pairOf(row.transferPairId),
        createdAt: new Date(row.createdAt),
        updatedAt: new Date(row.updatedAt),
      })),
    );
    after = rows[rows.length - 1]?.seq ?? after;
    written(rows.length);
  }
  for (let after = -1; ; ) {
    const rows = await readStagedSnapshots<StagedSnapshot>(tx, after, WRITE_BATCH);
    if (rows.length === 0) break;
    await restoreWriters.snapshots(
      tx,
      rows.map(({ doc: row }) => ({ ...row, userId, accountId: account(row.accountId) })),
    );
    after = rows[rows.length - 1]?.seq ?? after;
    written(rows.length);
  }
  await restoreWriters.balanceUpdates(
    tx,
    doc.balanceUpdates.map((row) => ({
      ...row,
      id: mapped(balanceUpdates, row.id),
      userId,
      accountId: account(row.accountId),
      createdAt: new Date(row.createdAt),
    })),
  );
  const securityIds = await ensureSecurities(
    tx,
    doc.securities.map(({ id: _old, ...row }) => row),
  );
  await restoreWriters.holdings(
    tx,
    doc.holdings.map((row) => ({
      ...row,
      id: mapped(holdings, row.id),
      userId,
      accountId: account(row.accountId),
      securityId: mapped(securityIds, oldSecurityKeys.get(row.securityId) ?? ''),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  await restoreWriters.holdingLots(
    tx,
    doc.holdingLots.map((row) => ({
      ...row,
      id: mapped(lots, row.id),
      userId,
      holdingId: mapped(holdings, row.holdingId),
      createdAt: new Date(row.createdAt),
    })),
  );
  // An export without lots: each manual holding becomes its one lot, so every one has lots (ADR 077).
  await ensureManualLots(tx, { userId });
  await restoreWriters.liabilities(
    tx,
    doc.liabilities.map((row) => ({
      ...row,
      userId,
      accountId: account(row.accountId),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  await restoreWriters.rules(
    tx,
    doc.rules.map((row) => ({
      ...row,
      id: mapped(rules, row.id),
      userId,
      conditions: mapConditions(row.conditions, accounts),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  await restoreWriters.csvMappings(
    tx,
    doc.csvMappings.map((row) => ({
      ...row,
      userId,
      accountId: account(row.accountId),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  await restoreWriters.properties(
    tx,
    doc.properties.map((row) => ({
      ...row,
      id: mapped(properties, row.id),
      userId,
      accountId: account(row.accountId),
      mortgageAccountId: row.mortgageAccountId === null ? null : account(row.mortgageAccountId),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    })),
  );
  await restoreWriters.propertyValuations(
    tx,
    doc.propertyValuations.map((row) => ({
      ...row,
      id: mapped(valuations, row.id),
      userId,
      propertyId: mapped(properties, row.propertyId),
      createdAt: new Date(row.createdAt),
    })),
  );
  await restoreWriters.fxManualRates(
    tx,
    doc.fxManualRates.map((row) => ({
      ...row,
      id: mapped(fxRates, row.id),
      userId,
      createdAt: new Date(row.createdAt),
    })),
  );
  written(smallRows - doc.institutions.length - doc.connections.length - doc.accounts.length);
  const preferences = restoredPreferences(doc.preferences, accounts, options.hasTwoFactor);
  const restorePrefs = Object.keys(preferences).length > 0;
  if (restorePrefs) await restorePreferences(tx, userId, preferences);

  return {
    institutions: doc.institutions.length,
    connections: doc.connections.length,
    accounts: doc.accounts.length,
    transactions: staged.transactions,
    balanceSnapshots: staged.balanceSnapshots,
    balanceUpdates: doc.balanceUpdates.length,
    securities: doc.securities.length,
    holdings: doc.holdings.length,
    holdingLots: doc.holdingLots.length,
    liabilities: doc.liabilities.length,
    rules: doc.rules.length,
    csvMappings: doc.csvMappings.length,
    properties: doc.properties.length,
    propertyValuations: doc.propertyValuations.length,
    fxManualRates: doc.fxManualRates.length,
    preferences: restorePrefs ? 1 : 0,
  };
}

/**
 * The export's preferences as this account keeps them: favourite accounts follow their new ids, and
 * "require two-factor" is only restored when this account has two-factor authentication (it could not
 * sign in otherwise).
 */
function restoredPreferences(
  preferences: Record<string, unknown>,
  accounts: Map<string, string>,
  hasTwoFactor: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...preferences };
  if (Array.isArray(out.favorite_accounts)) {
    out.favorite_accounts = out.favorite_accounts.flatMap((old) => {
      const id = typeof old === 'string' ? accounts.get(old.toLowerCase()) : undefined;
      return id ? [id] : [];
    });
  }
  if (out.require_2fa === true && !hasTwoFactor) delete out.require_2fa;
  return out;
}
