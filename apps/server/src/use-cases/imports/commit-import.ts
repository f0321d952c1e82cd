import {
  insertImportBatch,
  insertImportedTransactions,
  lockAccountForImport,
  recomputeBalanceSnapshots,
  saveCsvMapping,
  updateImportBatchCounts,
  type Database,
} from '@lodestar/db';
import type { CsvMapping } from '@lodestar/domain';
import { todayFor } from '../accounts/today';
import { applyRulesToTransactions } from '../rules/apply-rules';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import { loadImport, type ImportInput } from './load-import';
import { importedRowMapper } from './imported-row';
import { markDuplicates } from './mark-duplicates';
import { fileError } from './read-import-file';

const FILE_NAME_MAX = 200;

export type ImportResult = { id: string; importedCount: number; duplicateCount: number };

/**
 * Imports a file into one of the user's accounts, all in one database transaction: the batch, the new
 * rows (what the account already holds is skipped), their categories (the file's own, then the user's
 * rules), the CSV mapping for next time and the account's balance history from the earliest new date.
 * A malformed file, a foreign currency or a tier limit fails before anything is written.
 */
export async function commitImport(options: {
  db: Database;
  userId: string;
  input: ImportInput;
  limits: UserLimits;
  now: Date;
}): Promise<ImportResult> {
  const { db, userId, input } = options;
  const { account, file } = await loadImport(db, userId, input, options.now);
  if (file.transactions.length === 0) throw fileError('The file has no transactions');
  const today = await todayFor(db, userId, options.now);

  return db.transaction(async (tx) => {
    await lockAccountForImport(tx, account.id);
    const marked = await markDuplicates(
      tx,
      { userId, accountId: account.id, kind: file.kind },
      file.transactions,
    );
    await assertWithinLimits(tx, userId, { addTransactions: marked.newCount }, options.limits);

    const batch = await insertImportBatch(tx, {
      userId,
      accountId: account.id,
      fileName: input.fileName.slice(0, FILE_NAME_MAX),
      kind: file.kind,
      importedCount: marked.newCount,
      duplicateCount: marked.duplicateCount,
    });
    const toStored = importedRowMapper();
    const fresh = marked.rows.filter((item) => !item.duplicate);
    const inserted = await insertImportedTransactions(
      tx,
      { userId, accountId: account.id, currency: account.currency, batchId: batch.id },
      fresh.map((item) => toStored(item.row, item.storedId)),
    );
    // Equal unless a bank id repeats inside the file (the lock keeps other writers out meanwhile).
    const importedCount = inserted.length;
    const duplicateCount = marked.rows.length - importedCount;
    if (importedCount !== marked.newCount) {
      await updateImportBatchCounts(tx, userId, batch.id, { importedCount, duplicateCount });
    }
    if (file.mapping) {
      const { warnings: _warnings, ...mapping } = file.mapping;
      await saveCsvMapping(tx, userId, account.id, mapping satisfies CsvMapping);
    }
    if (importedCount > 0) {
      await applyRulesToTransactions(tx, userId, inserted);
      const earliest = fresh.reduce((min, item) => (item.row.date < min ? item.row.date : min), today);
      await recomputeBalanceSnapshots(tx, { userId, accountId: account.id, from: earliest, today });
    }
    return { id: batch.id, importedCount, duplicateCount };
  });
}
