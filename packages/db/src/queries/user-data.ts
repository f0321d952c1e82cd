import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  accountLiability,
  balanceSnapshot,
  balanceUpdate,
  categorizationRule,
  connection,
  csvMapping,
  financialAccount,
  fxManualRate,
  holding,
  holdingLot,
  institution,
  property,
  propertyValuation,
  security,
  transaction,
  user,
  userPreferences,
} from '../schema/index';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOT_COLUMNS } from './manual-holdings';
import { type BalanceDay, insertBalanceDays } from './balance-runs';
import type { Executor } from './sync';

/**
 * Export order by creation time as the export writes it (milliseconds, as JSON dates carry), then id: a
 * restored copy, whose times are those milliseconds, then lists its rows in the same order.
 */
const asMillis = (column: AnyPgColumn) => sql`date_trunc('milliseconds', ${column})`;

/**
 * Everything a user owns, read for the data export and written back by a restore (docs/settings-api.md
 * "Data"). Readers never select secrets: connection ciphertexts, key ids, cursors and sync leases stay in
 * the database. Large kinds (transactions, snapshots) are read in keyset pages.
 */

/** Connection columns an export may hold (no secret, cursor or sync lease). */
const connectionColumns = {
  id: connection.id,
  provider: connection.provider,
  institutionId: connection.institutionId,
  displayName: connection.displayName,
  status: connection.status,
  settings: connection.settings,
  lastSyncedAt: connection.lastSyncedAt,
  lastError: connection.lastError,
  lastErrorAt: connection.lastErrorAt,
  createdAt: connection.createdAt,
};
export type ExportConnectionRow = Pick<typeof connection.$inferSelect, keyof typeof connectionColumns>;

export type ExportAccountRow = typeof financialAccount.$inferSelect;
export type ExportTransactionRow = typeof transaction.$inferSelect;
export type ExportSnapshotRow = typeof balanceSnapshot.$inferSelect;

export async function exportProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({ name: user.name, email: user.email, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row;
}

export function exportConnections(db: Executor, userId: string): Promise<ExportConnectionRow[]> {
  return db
    .select(connectionColumns)
    .from(connection)
    .where(eq(connection.userId, userId))
    .orderBy(asMillis(connection.createdAt), asc(connection.id));
}

/** The institutions the user's connections point at (shared reference rows). */
export function exportInstitutions(db: Executor, userId: string) {
  return db
    .select({
      id: institution.id,
      provider: institution.provider,
      externalId: institution.externalId,
      name: institution.name,
      url: institution.url,
    })
    .from(institution)
    .where(
      inArray(
        institution.id,
        db.select({ id: connection.institutionId }).from(connection).where(eq(connection.userId, userId)),
      ),
    )
    .orderBy(asc(institution.provider), asc(institution.externalId), asc(institution.id));
}

export function exportAccounts(db: Executor, userId: string): Promise<ExportAccountRow[]> {
  return db
    .select()
    .from(financialAccount)
    .where(eq(financialAccount.userId, userId))
    .orderBy(asMillis(financialAccount.createdAt), asc(financialAccount.id));
}

/** One page of the user's transactions in (date, id) order after `after`; the user-date index serves it. */
export function pageExportTransactions(
  db: Executor,
  userId: string,
  after: { date: string; id: string } | undefined,
  limit: number,
): Promise<ExportTransactionRow[]> {
  const beyond = after
    ? or(
        gt(transaction.date, after.date),
        and(eq(transaction.date, after.date), gt(transaction.id, after.id)),
      )
    : undefined;
  return db
    .select()
    .from(transaction)
    .where(and(eq(transaction.userId, userId), beyond))
    .orderBy(asc(transaction.date), asc(transaction.id))
    .limit(limit);
}

/** One page of one account's daily balances after `afterDate` (primary-key range). */
export function pageExportSnapshots(
  db: Executor,
  userId: string,
  accountId: string,
  afterDate: string | undefined,
  limit: number,
): Promise<ExportSnapshotRow[]> {
  return db
    .select()
    .from(balanceSnapshot)
    .where(
      and(
        eq(balanceSnapshot.userId, userId),
        eq(balanceSnapshot.accountId, accountId),
        afterDate ? gt(balanceSnapshot.date, afterDate) : undefined,
      ),
    )
    .orderBy(asc(balanceSnapshot.date))
    .limit(limit);
}

export function exportBalanceUpdates(db: Executor, userId: string) {
  return db
    .select()
    .from(balanceUpdate)
    .where(eq(balanceUpdate.userId, userId))
    .orderBy(asc(balanceUpdate.accountId), asc(balanceUpdate.date), asc(balanceUpdate.id));
}

export function exportHoldings(db: Executor, userId: string) {
  return db
    .select()
    .from(holding)
    .where(eq(holding.userId, userId))
    .orderBy(asc(holding.accountId), asc(holding.id));
}

/** The lots (buys) of the user's manual holdings, each holding's in the order they are listed. */
export function exportHoldingLots(db: Executor, userId: string) {
  return db
    .select({ ...LOT_COLUMNS, createdAt: holdingLot.createdAt })
    .from(holdingLot)
    .where(eq(holdingLot.userId, userId))
    .orderBy(asc(holdingLot.holdingId), asc(holdingLot.date), asc(holdingLot.createdAt), asc(holdingLot.id));
}

/** What lenders reported for the user's cards and loans (APRs, payments, due dates), per account. */
export function exportLiabilities(db: Executor, userId: string) {
  return db
    .select()
    .from(accountLiability)
    .where(eq(accountLiability.userId, userId))
    .orderBy(asc(accountLiability.accountId));
}

/** The securities the user's holdings point at (shared reference rows). */
export function exportSecurities(db: Executor, userId: string) {
  return db
    .select({
      id: security.id,
      provider: security.provider,
      externalId: security.externalId,
      ticker: security.ticker,
      name: security.name,
      type: security.type,
      currency: security.currency,
    })
    .from(security)
    .where(
      inArray(
        security.id,
        db.select({ id: holding.securityId }).from(holding).where(eq(holding.userId, userId)),
      ),
    )
    .orderBy(asc(security.provider), asc(security.externalId), asc(security.id));
}

export function exportRules(db: Executor, userId: string) {
  return db
    .select()
    .from(categorizationRule)
    .where(eq(categorizationRule.userId, userId))
    .orderBy(
      asc(categorizationRule.priority),
      asMillis(categorizationRule.createdAt),
      asc(categorizationRule.id),
    );
}

export function exportCsvMappings(db: Executor, userId: string) {
  return db.select().from(csvMapping).where(eq(csvMapping.userId, userId)).orderBy(asc(csvMapping.accountId));
}

export function exportProperties(db: Executor, userId: string) {
  return db
    .select()
    .from(property)
    .where(eq(property.userId, userId))
    .orderBy(asMillis(property.createdAt), asc(property.id));
}

export function exportPropertyValuations(db: Executor, userId: string) {
  return db
    .select()
    .from(propertyValuation)
    .where(eq(propertyValuation.userId, userId))
    .orderBy(asc(propertyValuation.propertyId), asc(propertyValuation.date), asc(propertyValuation.id));
}

export function exportFxManualRates(db: Executor, userId: string) {
  return db
    .select()
    .from(fxManualRate)
    .where(eq(fxManualRate.userId, userId))
    .orderBy(asc(fxManualRate.base), asc(fxManualRate.quote), asc(fxManualRate.date), asc(fxManualRate.id));
}

/** Takes the user's row lock: two restores (or a restore and an account creation) of one user queue up. */
export async function lockUserForRestore(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select 1 from "user" where id = ${userId} for update`);
}

/** `(provider, external_id) in ((…), …)`: the rows of the given natural keys. */
function naturalKeyIn(
  provider: typeof institution.provider | typeof security.provider,
  externalId: typeof institution.externalId | typeof security.externalId,
  rows: readonly { provider: string; externalId: string }[],
): SQL {
  const keys = rows.map((row) => sql`(${row.provider}, ${row.externalId})`);
  return sql`(${provider}, ${externalId}) in (${sql.join(keys, sql`, `)})`;
}

/**
 * Makes sure the shared reference rows exist, never changing existing ones (a restore must not rename
 * another user's bank or security), and returns their ids by `provider\u0000externalId`.
 */
export async function ensureInstitutions(
  db: Executor,
  rows: { provider: string; externalId: string; name: string; url: string | null }[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  await db.insert(institution).values(rows).onConflictDoNothing();
  const found = await db
    .select({ id: institution.id, provider: institution.provider, externalId: institution.externalId })
    .from(institution)
    .where(naturalKeyIn(institution.provider, institution.externalId, rows));
  return new Map(found.map((row) => [`${row.provider}\u0000${row.externalId}`, row.id]));
}

/** As ensureInstitutions, for securities. */
export async function ensureSecurities(
  db: Executor,
  rows: Omit<typeof security.$inferInsert, 'id' | 'createdAt'>[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  await db.insert(security).values(rows).onConflictDoNothing();
  const found = await db
    .select({ id: security.id, provider: security.provider, externalId: security.externalId })
    .from(security)
    .where(naturalKeyIn(security.provider, security.externalId, rows));
  return new Map(found.map((row) => [`${row.provider}\u0000${row.externalId}`, row.id]));
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
function batchSize(columns: number): number {
  return Math.max(1, Math.floor(60_000 / columns));
}

async function inBatches<T>(rows: readonly T[], columns: number, write: (batch: T[]) => Promise<unknown>) {
  const size = batchSize(columns);
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** The restore's writes: each kind in batches of thousands of rows per statement (statement triggers run once per batch). */
export const restoreWriters = {
  connections: (db: Executor, rows: (typeof connection.$inferInsert)[]) =>
    inBatches(rows, 14, (batch) => db.insert(connection).values(batch)),
  accounts: (db: Executor, rows: (typeof financialAccount.$inferInsert)[]) =>
    inBatches(rows, 20, (batch) => db.insert(financialAccount).values(batch)),
  transactions: (db: Executor, rows: (typeof transaction.$inferInsert)[]) =>
    inBatches(rows, 30, (batch) => db.insert(transaction).values(batch)),
  snapshots: (db: Executor, rows: BalanceDay[]) =>
    inBatches(rows, 5, (batch) => insertBalanceDays(db, batch)),
  balanceUpdates: (db: Executor, rows: (typeof balanceUpdate.$inferInsert)[]) =>
    inBatches(rows, 6, (batch) => db.insert(balanceUpdate).values(batch)),
  holdings: (db: Executor, rows: (typeof holding.$inferInsert)[]) =>
    inBatches(rows, 10, (batch) => db.insert(holding).values(batch)),
  holdingLots: (db: Executor, rows: (typeof holdingLot.$inferInsert)[]) =>
    inBatches(rows, 7, (batch) => db.insert(holdingLot).values(batch)),
  liabilities: (db: Executor, rows: (typeof accountLiability.$inferInsert)[]) =>
    inBatches(rows, 16, (batch) => db.insert(accountLiability).values(batch)),
  rules: (db: Executor, rows: (typeof categorizationRule.$inferInsert)[]) =>
    inBatches(rows, 8, (batch) => db.insert(categorizationRule).values(batch)),
  csvMappings: (db: Executor, rows: (typeof csvMapping.$inferInsert)[]) =>
    inBatches(rows, 4, (batch) => db.insert(csvMapping).values(batch)),
  properties: (db: Executor, rows: (typeof property.$inferInsert)[]) =>
    inBatches(rows, 17, (batch) => db.insert(property).values(batch)),
  propertyValuations: (db: Executor, rows: (typeof propertyValuation.$inferInsert)[]) =>
    inBatches(rows, 8, (batch) => db.insert(propertyValuation).values(batch)),
  fxManualRates: (db: Executor, rows: (typeof fxManualRate.$inferInsert)[]) =>
    inBatches(rows, 7, (batch) => db.insert(fxManualRate).values(batch)),
};

/**
 * Disconnect all (docs/settings-api.md): the accounts fed by the user's connections become
 * `disconnected`, then the connections go, their encrypted secrets and cursors with them. The accounts'
 * `connection_id` is set to null by the foreign key; transactions, snapshots and holdings stay.
 */
export async function disconnectAllConnections(
  db: Executor,
  userId: string,
): Promise<{ accounts: number; connections: number }> {
  const accounts = await db
    .update(financialAccount)
    .set({ status: 'disconnected', updatedAt: new Date() })
    .where(
      and(
        eq(financialAccount.userId, userId),
        inArray(
          financialAccount.connectionId,
          db.select({ id: connection.id }).from(connection).where(eq(connection.userId, userId)),
        ),
      ),
    )
    .returning({ id: financialAccount.id });
  const connections = await db
    .delete(connection)
    .where(eq(connection.userId, userId))
    .returning({ id: connection.id });
  return { accounts: accounts.length, connections: connections.length };
}

/** Sets the restored preferences over the user's own (JSONB `||`: restored keys win). */
export async function restorePreferences(
  db: Executor,
  userId: string,
  preferences: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        preferences: sql`${userPreferences.preferences} || excluded.preferences`,
        updatedAt: sql`now()`,
      },
    });
}
