import { randomUUID } from 'node:crypto';
import {
  countAccounts,
  ensureInstitutions,
  ensureSecurities,
  lockUserForRestore,
  restorePreferences,
  restoreWriters,
  type Database,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import type { ExportDocument } from './export-document';

export const RESTORE_MESSAGES = {
  notExport: 'This is not a Lodestar export',
  notEmpty: 'Restore needs an account without data',
  conflict:
    'The export contains rows that contradict each other (for example the same transaction twice); nothing was restored',
} as const;

export type RestoreCounts = {
  institutions: number;
  connections: number;
  accounts: number;
  transactions: number;
  balanceSnapshots: number;
  balanceUpdates: number;
  securities: number;
  holdings: number;
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
 * Restores an export into the signed-in user's account (docs/settings-api.md "Data"), all in one database
 * transaction: either everything is restored or nothing is. The account must hold no financial accounts
 * (409). Every id gets a new one; shared reference rows (institutions, securities) are found by their
 * natural key, never changed. Connections come back without secrets, `disconnected`, and so do the
 * accounts they fed. Rows go in batches of thousands per statement, so the rollup triggers (net worth,
 * spending, listing counters) run once per batch and end up exactly as for rows written one by one.
 */
export async function restoreUserData(options: {
  db: Database;
  userId: string;
  document: ExportDocument;
  limits: UserLimits;
  hasTwoFactor: boolean;
}): Promise<RestoreCounts> {
  const { db, userId, document: doc } = options;
  const connections = orderPreservingIds(doc.connections.map((row) => row.id));
  const accounts = orderPreservingIds(doc.accounts.map((row) => row.id));
  const transactions = orderPreservingIds(doc.transactions.map((row) => row.id));
  const properties = orderPreservingIds(doc.properties.map((row) => row.id));
  const balanceUpdates = orderPreservingIds(doc.balanceUpdates.map((row) => row.id));
  const holdings = orderPreservingIds(doc.holdings.map((row) => row.id));
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

  try {
    return await db.transaction(async (tx) => {
      await lockUserForRestore(tx, userId);
      if ((await countAccounts(tx, userId)) > 0) throw new AppError('CONFLICT', RESTORE_MESSAGES.notEmpty);
      await assertWithinLimits(
        tx,
        userId,
        { addAccounts: doc.accounts.length, addTransactions: doc.transactions.length },
        options.limits,
      );

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
      await restoreWriters.transactions(
        tx,
        doc.transactions.map((row) => ({
          ...row,
          id: mapped(transactions, row.id),
          userId,
          accountId: account(row.accountId),
          transferPairId: pairOf(row.transferPairId),
          createdAt: new Date(row.createdAt),
          updatedAt: new Date(row.updatedAt),
        })),
      );
      await restoreWriters.snapshots(
        tx,
        doc.balanceSnapshots.map((row) => ({ ...row, userId, accountId: account(row.accountId) })),
      );
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
      const preferences = restoredPreferences(doc.preferences, accounts, options.hasTwoFactor);
      const restorePrefs = Object.keys(preferences).length > 0;
      if (restorePrefs) await restorePreferences(tx, userId, preferences);

      return {
        institutions: doc.institutions.length,
        connections: doc.connections.length,
        accounts: doc.accounts.length,
        transactions: doc.transactions.length,
        balanceSnapshots: doc.balanceSnapshots.length,
        balanceUpdates: doc.balanceUpdates.length,
        securities: doc.securities.length,
        holdings: doc.holdings.length,
        liabilities: doc.liabilities.length,
        rules: doc.rules.length,
        csvMappings: doc.csvMappings.length,
        properties: doc.properties.length,
        propertyValuations: doc.propertyValuations.length,
        fxManualRates: doc.fxManualRates.length,
        preferences: restorePrefs ? 1 : 0,
      };
    });
  } catch (error) {
    if (isDataError(error)) throw new AppError('VALIDATION_FAILED', RESTORE_MESSAGES.conflict, { items: [] });
    throw error;
  }
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
