import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { MANUAL_SECURITY_PROVIDER } from './manual-holdings-constants';
import {
  csvMapping,
  financialAccount,
  holding,
  importBatch,
  transaction,
  type ImportBatchPart,
  type ImportHoldingSnapshot,
} from '../schema/index';

/** A database handle or an open transaction: import steps run inside the caller's transaction. */
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows per INSERT: each chunk is one statement over column arrays (unnest), so parameters stay few. */
export const IMPORT_INSERT_CHUNK = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a row at all (anything else is simply not found, never a database error). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

export type ImportTargetAccount = {
  id: string;
  name: string;
  currency: string;
  mask: string | null;
  /** Spec §3 account type: a credit account's card statements may need their signs inverted. */
  type: string;
};

/** The user's account that a file is imported into; undefined when it is not theirs. */
export async function findImportTargetAccount(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<ImportTargetAccount | undefined> {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db
    .select({
      id: financialAccount.id,
      name: financialAccount.name,
      currency: financialAccount.currency,
      mask: financialAccount.mask,
      type: financialAccount.type,
    })
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.id, accountId)))
    .limit(1);
  return row;
}

/** Every account of the user a multi-account file may go into (to match statements by their mask). */
export function listImportTargetAccounts(db: Executor, userId: string): Promise<ImportTargetAccount[]> {
  return db
    .select({
      id: financialAccount.id,
      name: financialAccount.name,
      currency: financialAccount.currency,
      mask: financialAccount.mask,
      type: financialAccount.type,
    })
    .from(financialAccount)
    .where(eq(financialAccount.userId, userId))
    .orderBy(financialAccount.name, financialAccount.id);
}

/** The CSV column mapping saved for the account by its last CSV import, if any. */
export async function findSavedCsvMapping(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ mapping: csvMapping.mapping })
    .from(csvMapping)
    .where(and(eq(csvMapping.userId, userId), eq(csvMapping.accountId, accountId)))
    .limit(1);
  return row?.mapping;
}

export async function saveCsvMapping(
  db: Executor,
  userId: string,
  accountId: string,
  mapping: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(csvMapping)
    .values({ accountId, userId, mapping })
    .onConflictDoUpdate({
      target: csvMapping.accountId,
      set: { mapping, updatedAt: sql`now()` },
      // The account is the user's (checked by the caller); this keeps a foreign row untouchable anyway.
      setWhere: eq(csvMapping.userId, userId),
    });
}

export type ExistingTransactionKey = {
  externalId: string;
  date: string;
  amountMinor: number;
  name: string;
  originalName: string;
};

/**
 * The account's transactions dated from `from` to `to` (inclusive): what an imported file could
 * duplicate by date, amount and name, or by a fingerprint-derived external id. Index-backed
 * (account_id, date) and bounded by the file's own date range.
 */
export function existingTransactionsBetween(
  db: Executor,
  userId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<ExistingTransactionKey[]> {
  return db
    .select({
      externalId: transaction.externalId,
      date: transaction.date,
      amountMinor: transaction.amountMinor,
      name: transaction.name,
      originalName: transaction.originalName,
    })
    .from(transaction)
    .where(
      and(
        eq(transaction.accountId, accountId),
        eq(transaction.userId, userId),
        gte(transaction.date, from),
        lte(transaction.date, to),
      ),
    );
}

/** Which of `externalIds` the account already holds (a bank's ids stay the same whatever the date). */
export async function existingExternalIds(
  db: Executor,
  userId: string,
  accountId: string,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  // An account that holds no transaction holds none of these (a long history's first import): no need
  // to send and probe every id.
  const any = await db.execute(sql`
    select 1 from ${transaction} where account_id = ${accountId} and user_id = ${userId} limit 1`);
  if (any.rows.length === 0) return new Set();
  const result = await db.execute<{ external_id: string }>(sql`
    select external_id from ${transaction}
    where account_id = ${accountId} and user_id = ${userId}
      and external_id = any(${sql.param([...externalIds])}::text[])`);
  return new Set(result.rows.map((row) => row.external_id));
}

/**
 * Serialises imports into one account until the surrounding transaction ends, so two uploads of the
 * same file cannot both find "no duplicates" and both insert.
 */
export async function lockAccountForImport(tx: Executor, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${accountId}`}))`);
}

export type NewImportBatch = {
  userId: string;
  accountId: string;
  fileName: string;
  kind: string;
  importedCount: number;
  duplicateCount: number;
  parts?: ImportBatchPart[];
};

export async function insertImportBatch(db: Executor, batch: NewImportBatch): Promise<{ id: string }> {
  const [row] = await db
    .insert(importBatch)
    .values({ ...batch, status: 'committed' })
    .returning({ id: importBatch.id });
  if (!row) throw new Error('import_batch insert returned no row');
  return row;
}

export async function updateImportBatchCounts(
  db: Executor,
  userId: string,
  batchId: string,
  counts: { importedCount: number; duplicateCount: number; parts?: ImportBatchPart[] },
): Promise<void> {
  await db
    .update(importBatch)
    .set(counts)
    .where(and(eq(importBatch.userId, userId), eq(importBatch.id, batchId)));
}

export type ImportedTransactionRow = {
  externalId: string;
  date: string;
  amountMinor: number;
  name: string;
  originalName: string;
  description: string | null;
  category: string | null;
  detailedCategory: string | null;
  categoryConfidence: number;
  providerCategory: string | null;
  /** A payment abroad: the foreign amount (minor units), its currency and the bank's rate (decimal text). */
  foreign?: { amountMinor: number; currency: string; rate: string | null } | null;
};

/** A PostgreSQL array literal of text (NULL for null), built here so it overlaps the previous chunk's insert. */
function textArray(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (index > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}

const numberArray = (values: readonly number[]) => `{${values.join(',')}}`;

function insertChunk(
  target: { userId: string; accountId: string; currency: string; batchId: string },
  chunk: readonly ImportedTransactionRow[],
) {
  const text = (pick: (row: ImportedTransactionRow) => string | null) => textArray(chunk.map(pick));
  return sql`
    insert into ${transaction} (
      user_id, account_id, import_batch_id, currency, category_source, status,
      external_id, date, amount_minor, name, original_name, description,
      category, detailed_category, category_confidence, provider_category,
      foreign_amount_minor, foreign_currency, exchange_rate
    )
    select ${target.userId}, ${target.accountId}::uuid, ${target.batchId}::uuid, ${target.currency},
      'provider', 'posted', u.external_id, u.date, u.amount_minor, u.name, coalesce(u.original_name, u.name),
      u.description, u.category, u.detailed_category, u.category_confidence, u.provider_category,
      u.foreign_amount_minor, u.foreign_currency, u.exchange_rate
    from unnest(
      ${text((row) => row.externalId)}::text[],
      ${text((row) => row.date)}::date[],
      ${numberArray(chunk.map((row) => row.amountMinor))}::bigint[],
      ${text((row) => row.name)}::text[],
      ${text((row) => (row.originalName === row.name ? null : row.originalName))}::text[],
      ${text((row) => row.description)}::text[],
      ${text((row) => row.category)}::text[],
      ${text((row) => row.detailedCategory)}::text[],
      ${numberArray(chunk.map((row) => row.categoryConfidence))}::real[],
      ${text((row) => row.providerCategory)}::text[],
      ${text((row) => (row.foreign ? String(row.foreign.amountMinor) : null))}::bigint[],
      ${text((row) => row.foreign?.currency ?? null)}::text[],
      ${text((row) => row.foreign?.rate ?? null)}::numeric[]
    ) as u(external_id, date, amount_minor, name, original_name, description,
           category, detailed_category, category_confidence, provider_category,
           foreign_amount_minor, foreign_currency, exchange_rate)
    on conflict (account_id, external_id) do nothing
    returning id`;
}

/**
 * Inserts the rows of one import in chunks of IMPORT_INSERT_CHUNK, each chunk one multi-row INSERT over
 * column arrays (a dozen parameters whatever the chunk size). A row whose (account_id, external_id)
 * already exists is skipped (ON CONFLICT DO NOTHING). The next chunk is built while the database
 * writes the previous one. Returns the ids of the rows actually inserted.
 */
export async function insertImportedTransactions(
  db: Executor,
  target: { userId: string; accountId: string; currency: string; batchId: string },
  rows: readonly ImportedTransactionRow[],
  /** Told after each chunk how many of `rows` have been written (a job's progress). */
  onWritten?: (written: number) => void,
): Promise<string[]> {
  const inserted: string[] = [];
  let writing: Promise<{ rows: { id: string }[] }> | undefined;
  let written = 0;
  for (let start = 0; start < rows.length; start += IMPORT_INSERT_CHUNK) {
    const chunk = rows.slice(start, start + IMPORT_INSERT_CHUNK);
    const query = insertChunk(target, chunk);
    if (writing) for (const row of (await writing).rows) inserted.push(row.id);
    // Drizzle queries run when awaited: start this one now, so the next chunk is built meanwhile.
    writing = db.execute<{ id: string }>(query).then((result) => {
      written += chunk.length;
      onWritten?.(written);
      return result;
    });
  }
  if (writing) for (const row of (await writing).rows) inserted.push(row.id);
  return inserted;
}

export type ImportBatchRow = {
  id: string;
  accountId: string;
  accountName: string;
  fileName: string;
  kind: string;
  status: string;
  importedCount: number;
  duplicateCount: number;
  createdAt: Date;
  undoneAt: Date | null;
};

/** The user's imports, newest first (index-backed on user_id, created_at). */
export function listImportBatches(
  db: Executor,
  userId: string,
  limit: number,
  accountId?: string,
): Promise<ImportBatchRow[]> {
  return db
    .select({
      id: importBatch.id,
      accountId: importBatch.accountId,
      accountName: financialAccount.name,
      fileName: importBatch.fileName,
      kind: importBatch.kind,
      status: importBatch.status,
      importedCount: importBatch.importedCount,
      duplicateCount: importBatch.duplicateCount,
      createdAt: importBatch.createdAt,
      undoneAt: importBatch.undoneAt,
    })
    .from(importBatch)
    .innerJoin(financialAccount, eq(financialAccount.id, importBatch.accountId))
    .where(
      accountId === undefined
        ? eq(importBatch.userId, userId)
        : and(eq(importBatch.userId, userId), eq(importBatch.accountId, accountId)),
    )
    .orderBy(desc(importBatch.createdAt), desc(importBatch.id))
    .limit(limit);
}

/** The user's batch, locked for the rest of the transaction (so two undos cannot both run). */
export async function findImportBatchForUpdate(
  db: Executor,
  userId: string,
  batchId: string,
): Promise<{ id: string; accountId: string; status: string; parts: ImportBatchPart[] | null } | undefined> {
  if (!isUuid(batchId)) return undefined;
  const [row] = await db
    .select({
      id: importBatch.id,
      accountId: importBatch.accountId,
      status: importBatch.status,
      parts: importBatch.parts,
    })
    .from(importBatch)
    .where(and(eq(importBatch.userId, userId), eq(importBatch.id, batchId)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Deletes every transaction the batch inserted (in any account) and marks the batch undone (the row
 * stays, for the history). Returns how many were removed and, per account, the earliest date removed.
 */
export async function undoImportBatchRows(
  db: Executor,
  userId: string,
  batchId: string,
  now: Date,
): Promise<{ removed: number; earliestByAccount: Map<string, string> }> {
  const result = await db.execute<{ account_id: string; removed: number; earliest: string }>(sql`
    with removed as (
      delete from ${transaction}
      where user_id = ${userId} and import_batch_id = ${batchId}
      returning account_id, date
    )
    select account_id, count(*)::int as removed, to_char(min(date), 'YYYY-MM-DD') as earliest
    from removed group by account_id`);
  await db
    .update(importBatch)
    .set({ status: 'undone', undoneAt: now })
    .where(and(eq(importBatch.userId, userId), eq(importBatch.id, batchId), isNull(importBatch.undoneAt)));
  let removed = 0;
  const earliestByAccount = new Map<string, string>();
  for (const row of result.rows) {
    removed += row.removed;
    earliestByAccount.set(row.account_id, row.earliest);
  }
  return { removed, earliestByAccount };
}

/**
 * An account's holdings as an import snapshots them, in security order (to compare two snapshots). Holdings
 * added by hand (a `manual` security) are left out: an import neither replaces nor restores them
 * (replaceHoldings), so adding, changing or removing one does not stop an import from being undone.
 */
export async function holdingSnapshot(
  db: Executor,
  scope: { userId: string; accountId: string },
): Promise<ImportHoldingSnapshot[]> {
  const result = await db.execute<ImportHoldingSnapshot>(sql`
    select h.security_id as "securityId", h.quantity::text as quantity, h.price::text as price,
      h.cost_basis::text as "costBasis", h.currency, to_char(h.as_of, 'YYYY-MM-DD') as "asOf"
    from ${holding} h
    join security s on s.id = h.security_id
    where h.user_id = ${scope.userId} and h.account_id = ${scope.accountId}
      and s.provider <> ${MANUAL_SECURITY_PROVIDER}
    order by h.security_id`);
  return result.rows.map((row) => ({
    securityId: row.securityId,
    quantity: row.quantity,
    price: row.price,
    costBasis: row.costBasis,
    currency: row.currency,
    asOf: row.asOf,
  }));
}
