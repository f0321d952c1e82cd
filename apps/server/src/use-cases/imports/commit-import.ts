import {
  insertImportBatch,
  insertImportedTransactions,
  lockAccountForImport,
  newestHoldingDate,
  recomputeBalanceSnapshots,
  replaceHoldings,
  saveCsvMapping,
  updateImportBatchCounts,
  upsertSecurities,
  type Database,
} from '@lodestar/db';
import type { CsvMapping, ParsedPosition } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { manualBalanceAnchor, settleManualBalance } from '../accounts/manual-balance';
import { todayFor } from '../accounts/today';
import { applyRulesToTransactions } from '../rules/apply-rules';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import { loadImport, type ImportInput } from './load-import';
import { importedRowMapper } from './imported-row';
import { markDuplicates } from './mark-duplicates';
import { fileError } from './read-import-file';

const FILE_NAME_MAX = 200;

export type ImportResult = {
  id: string;
  importedCount: number;
  duplicateCount: number;
  /** A manual account's balance before and after (rows after its entered balance move it); else null. */
  balance: { beforeMinor: number; afterMinor: number; currency: string } | null;
};

/**
 * Imports a file into one of the user's accounts, all in one database transaction: the batch, the new
 * rows (what the account already holds is skipped), their categories (the file's own, then the user's
 * rules), the CSV mapping for next time and the account's balance history from the earliest new date.
 * Rows the preview flagged as possible duplicates inside the file are imported only when their line is
 * in `keepLines`. A manual account's balance follows (settleManualBalance): rows dated after its
 * entered balance move it. A malformed file, a kept line that is not a possible duplicate, a foreign
 * currency or a tier limit fails before anything is written.
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
  if (file.needsStatementChoice) {
    const accounts = file.statements.map((item) => item.account ?? 'an unnamed account').join(', ');
    const message = `The file holds statements of ${file.statements.length} accounts (${accounts}); choose the one to import into this account (statement), or give this account the last four digits of its number`;
    throw new AppError('VALIDATION_FAILED', message, {
      items: [{ field: 'statement', message, code: 'custom' }],
    });
  }
  if (file.transactions.length === 0 && file.positions.length === 0) {
    throw fileError('The file has no transactions');
  }
  const today = await todayFor(db, userId, options.now);

  return db.transaction(async (tx) => {
    await lockAccountForImport(tx, account.id);
    const marked = await markDuplicates(
      tx,
      { userId, accountId: account.id, kind: file.kind },
      file.transactions,
    );
    const keep = new Set(input.keepLines ?? []);
    const repeats = new Set(
      marked.rows.filter((item) => item.repeatOf !== null).map((item) => item.row.line),
    );
    const stray = [...keep].filter((line) => !repeats.has(line)).sort((a, b) => a - b)[0];
    if (stray !== undefined) {
      const message = `Line ${stray} is not a possible duplicate of an earlier row of the file`;
      throw new AppError('VALIDATION_FAILED', message, {
        items: [{ field: 'keepLines', message, code: 'custom' }],
      });
    }
    const fresh = marked.rows.filter(
      (item) => !item.duplicate && (item.repeatOf === null || keep.has(item.row.line)),
    );
    await assertWithinLimits(tx, userId, { addTransactions: fresh.length }, options.limits);
    const anchor = await manualBalanceAnchor(tx, userId, account.id);

    const batch = await insertImportBatch(tx, {
      userId,
      accountId: account.id,
      fileName: input.fileName.slice(0, FILE_NAME_MAX),
      kind: file.kind,
      importedCount: fresh.length,
      duplicateCount: marked.rows.length - fresh.length,
    });
    const toStored = importedRowMapper();
    const inserted = await insertImportedTransactions(
      tx,
      { userId, accountId: account.id, currency: account.currency, batchId: batch.id },
      fresh.map((item) => toStored(item.row, item.storedId)),
    );
    // Equal unless a bank id repeats inside the file (the lock keeps other writers out meanwhile).
    const importedCount = inserted.length;
    const duplicateCount = marked.rows.length - importedCount;
    if (importedCount !== fresh.length) {
      await updateImportBatchCounts(tx, userId, batch.id, { importedCount, duplicateCount });
    }
    await replaceHoldingsFromFile(tx, userId, account.id, file.positions);
    if (file.mapping) {
      const { warnings: _warnings, ...mapping } = file.mapping;
      await saveCsvMapping(tx, userId, account.id, mapping satisfies CsvMapping);
    }
    let balance: ImportResult['balance'] = null;
    if (importedCount > 0) {
      await applyRulesToTransactions(tx, userId, inserted);
      const settled = await settleManualBalance(tx, userId, account.id, anchor);
      if (settled) balance = { ...settled, currency: account.currency };
      const earliest = fresh.reduce((min, item) => (item.row.date < min ? item.row.date : min), today);
      await recomputeBalanceSnapshots(tx, { userId, accountId: account.id, from: earliest, today });
    }
    return { id: batch.id, importedCount, duplicateCount, balance };
  });
}

/**
 * An investment statement's positions become the account's holdings (securities keyed by the file's
 * CUSIP, ISIN or ticker under provider 'import'), unless the account holds newer ones: an old statement
 * imported for its history leaves today's holdings alone. Undo removes the rows, not the holdings.
 */
async function replaceHoldingsFromFile(
  tx: Parameters<typeof upsertSecurities>[0],
  userId: string,
  accountId: string,
  positions: readonly ParsedPosition[],
): Promise<void> {
  if (positions.length === 0) return;
  const asOf = positions.reduce((max, position) => (position.asOf > max ? position.asOf : max), '');
  const newest = await newestHoldingDate(tx, { userId, accountId });
  if (newest && newest > asOf) return;
  const idOf = (position: ParsedPosition, kind: string) =>
    position.securityId.startsWith(`${kind}:`) ? position.securityId.slice(kind.length + 1) : null;
  const securityIds = await upsertSecurities(
    tx,
    [...new Map(positions.map((position) => [position.securityId, position])).values()].map((position) => ({
      provider: 'import',
      externalId: position.securityId,
      ticker: position.ticker ?? null,
      isin: idOf(position, 'ISIN'),
      cusip: idOf(position, 'CUSIP'),
      name: position.name,
      type: position.kind,
      currency: position.currency,
    })),
  );
  await replaceHoldings(
    tx,
    { userId, accountId },
    positions.flatMap((position) => {
      const securityId = securityIds.get(position.securityId);
      return securityId
        ? [
            {
              securityId,
              quantity: position.units,
              price: position.unitPrice,
              costBasis: null,
              currency: position.currency,
              asOf: position.asOf,
            },
          ]
        : [];
    }),
  );
}
