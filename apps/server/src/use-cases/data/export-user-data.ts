import {
  countUserTransactions,
  exportAccounts,
  exportBalanceUpdates,
  exportConnections,
  exportCsvMappings,
  exportFxManualRates,
  exportHoldingLots,
  exportHoldings,
  exportLiabilities,
  exportInstitutions,
  exportProfile,
  exportProperties,
  exportPropertyValuations,
  exportRules,
  exportSecurities,
  listApiKeys,
  pageExportSnapshots,
  pageExportTransactions,
  storedPreferences,
  type Database,
  type ExportAccountRow,
  type ExportConnectionRow,
  type ExportSnapshotRow,
  type ExportTransactionRow,
  type Executor,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import type { ExportProgress } from './export-progress';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportAccount,
  type ExportConnection,
  type ExportSnapshot,
  type ExportTransaction,
} from './export-document';

/** Rows per read of the two large kinds: memory stays flat whatever the user's history. */
const PAGE_ROWS = 2_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** `lodestar-export-2026-11-22T10-15-00Z.json` (colons are not allowed in file names everywhere). */
export function exportFileName(now: Date, suffix = '.json'): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return `lodestar-export-${stamp}${suffix}`;
}

function connectionDoc(row: ExportConnectionRow): ExportConnection {
  return {
    id: row.id,
    provider: row.provider,
    institutionId: row.institutionId,
    displayName: row.displayName,
    status: row.status,
    settings: row.settings,
    lastSyncedAt: iso(row.lastSyncedAt),
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function accountDoc(row: ExportAccountRow): ExportAccount {
  return {
    id: row.id,
    connectionId: row.connectionId,
    externalId: row.externalId,
    name: row.name,
    officialName: row.officialName,
    type: row.type,
    subtype: row.subtype,
    provider: row.provider,
    status: row.status,
    currency: row.currency,
    currentBalanceMinor: row.currentBalanceMinor,
    availableBalanceMinor: row.availableBalanceMinor,
    creditLimitMinor: row.creditLimitMinor,
    balanceAsOf: iso(row.balanceAsOf),
    mask: row.mask,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function transactionDoc(row: ExportTransactionRow): ExportTransaction {
  return {
    id: row.id,
    accountId: row.accountId,
    externalId: row.externalId,
    date: row.date,
    authorizedDate: row.authorizedDate,
    amountMinor: row.amountMinor,
    currency: row.currency,
    foreignAmountMinor: row.foreignAmountMinor,
    foreignCurrency: row.foreignCurrency,
    exchangeRate: row.exchangeRate,
    name: row.name,
    originalName: row.originalName,
    merchantName: row.merchantName,
    description: row.description,
    category: row.category,
    detailedCategory: row.detailedCategory,
    categoryConfidence: row.categoryConfidence,
    categorySource: row.categorySource === 'user' || row.categorySource === 'rule' ? row.categorySource : 'provider',
    providerCategory: row.providerCategory,
    paymentChannel: row.paymentChannel,
    paymentMethod: row.paymentMethod,
    status: row.status === 'pending' || row.status === 'failed' || row.status === 'cancelled' ? row.status : 'posted',
    pendingExternalId: row.pendingExternalId,
    notes: row.notes,
    tags: row.tags,
    excluded: row.excluded,
    transferPairId: row.transferPairId,
    transferGroup: row.transferGroup,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function snapshotDoc(row: ExportSnapshotRow): ExportSnapshot {
  return { accountId: row.accountId, date: row.date, balanceMinor: row.balanceMinor, currency: row.currency };
}

/** `"key":[…]` for a small kind, preceded by a comma. */
const member = (key: string, value: unknown) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`;

/** Writes one large list as `,"key":[…]`, a page of rows per write. */
async function writeList<T>(
  write: (text: string) => Promise<void>,
  key: string,
  pages: AsyncIterable<T[]>,
  onRows: (count: number) => void = () => undefined,
): Promise<void> {
  await write(`,${JSON.stringify(key)}:[`);
  let first = true;
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    await write(`${first ? '' : ','}${rows.map((row) => JSON.stringify(row)).join(',')}`);
    first = false;
    onRows(rows.length);
  }
  await write(']');
}

async function* transactionPages(db: Executor, userId: string) {
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const rows = await pageExportTransactions(db, userId, after, PAGE_ROWS);
    yield rows.map(transactionDoc);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = { date: last.date, id: last.id };
  }
}

async function* snapshotPages(db: Executor, userId: string, accountIds: readonly string[]) {
  for (const accountId of accountIds) {
    let afterDate: string | undefined;
    for (;;) {
      const rows = await pageExportSnapshots(db, userId, accountId, afterDate, PAGE_ROWS);
      yield rows.map(snapshotDoc);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_ROWS) break;
      afterDate = last.date;
    }
  }
}

/**
 * Writes the user's whole export document (docs/settings-api.md "Data") as JSON text, in pieces. It reads
 * in one read-only, repeatable-read transaction, so the document is one consistent picture even while
 * syncs write; transactions and daily balances are read and written a page at a time, so a history of a
 * million transactions never sits in memory as one array. Secrets are never selected.
 */
export async function writeUserExport(options: {
  db: Database;
  userId: string;
  now: Date;
  write: (text: string) => Promise<void>;
  /** Updated as transactions are written, for GET /user/export/progress. */
  progress?: ExportProgress;
}): Promise<void> {
  const { userId, now, write, progress } = options;
  await options.db.transaction(
    async (db) => {
      const profile = await exportProfile(db, userId);
      if (!profile) throw AppError.unauthorized();
      const accounts = await exportAccounts(db, userId);
      await write(
        `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION}` +
          member('exportedAt', now.toISOString()) +
          member('profile', { name: profile.name, email: profile.email }) +
          member('preferences', await storedPreferences(db, userId)) +
          member('institutions', await exportInstitutions(db, userId)) +
          member('connections', (await exportConnections(db, userId)).map(connectionDoc)) +
          member('accounts', accounts.map(accountDoc)),
      );
      if (progress) progress.totalRows = await countUserTransactions(db, userId);
      await writeList(write, 'transactions', transactionPages(db, userId), (count) => {
        if (progress) progress.rowsWritten += count;
      });
      await writeList(
        write,
        'balanceSnapshots',
        snapshotPages(
          db,
          userId,
          accounts.map((account) => account.id),
        ),
      );
      const balanceUpdates = (await exportBalanceUpdates(db, userId)).map((row) => ({
        id: row.id,
        accountId: row.accountId,
        date: row.date,
        balanceMinor: row.balanceMinor,
        createdAt: row.createdAt.toISOString(),
      }));
      const holdings = (await exportHoldings(db, userId)).map((row) => ({
        id: row.id,
        accountId: row.accountId,
        securityId: row.securityId,
        quantity: row.quantity,
        price: row.price,
        costBasis: row.costBasis,
        currency: row.currency,
        asOf: row.asOf,
        updatedAt: row.updatedAt.toISOString(),
      }));
      const holdingLots = (await exportHoldingLots(db, userId)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      const liabilities = (await exportLiabilities(db, userId)).map(({ userId: _owner, ...row }) => ({
        ...row,
        updatedAt: row.updatedAt.toISOString(),
      }));
      const rules = (await exportRules(db, userId)).map((row) => ({
        id: row.id,
        priority: row.priority,
        conditions: row.conditions,
        actions: row.actions,
        enabled: row.enabled,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      const csvMappings = (await exportCsvMappings(db, userId)).map((row) => ({
        accountId: row.accountId,
        mapping: row.mapping,
        updatedAt: row.updatedAt.toISOString(),
      }));
      const properties = (await exportProperties(db, userId)).map(({ userId: _owner, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      const valuations = (await exportPropertyValuations(db, userId)).map(({ userId: _owner, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      const fxManualRates = (await exportFxManualRates(db, userId)).map(({ userId: _owner, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      const apiKeys = (await listApiKeys(db, userId)).map((key) => ({
        ...key,
        createdAt: key.createdAt.toISOString(),
        expiresAt: iso(key.expiresAt),
        lastUsedAt: iso(key.lastUsedAt),
        revokedAt: iso(key.revokedAt),
      }));
      await write(
        member('balanceUpdates', balanceUpdates) +
          member('securities', await exportSecurities(db, userId)) +
          member('holdings', holdings) +
          member('holdingLots', holdingLots) +
          member('liabilities', liabilities) +
          member('rules', rules) +
          member('csvMappings', csvMappings) +
          member('properties', properties) +
          member('propertyValuations', valuations) +
          member('fxManualRates', fxManualRates) +
          member('apiKeys', apiKeys) +
          '}',
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
