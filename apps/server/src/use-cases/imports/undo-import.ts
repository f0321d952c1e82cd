import {
  findImportBatchForUpdate,
  recomputeBalanceSnapshots,
  undoImportBatchRows,
  type Database,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { manualBalanceAnchor, settleManualBalance } from '../accounts/manual-balance';
import { todayFor } from '../accounts/today';

/**
 * Undoes a whole import in one transaction: every transaction it added goes (whatever was edited on
 * them since), the batch stays in the history as 'undone', and the account's balance history is
 * recomputed from the earliest removed date; a manual account's balance gives back what the import's
 * rows after its entered balance added (settleManualBalance). 404 for a batch that is not the user's, 409 when it was
 * already undone.
 */
export async function undoImport(options: {
  db: Database;
  userId: string;
  batchId: string;
  now: Date;
}): Promise<{ id: string; removed: number }> {
  const { db, userId, batchId, now } = options;
  const today = await todayFor(db, userId, now);
  return db.transaction(async (tx) => {
    const batch = await findImportBatchForUpdate(tx, userId, batchId);
    if (!batch) throw AppError.notFound('No such import');
    if (batch.status === 'undone') throw new AppError('CONFLICT', 'This import was already undone');
    const anchor = await manualBalanceAnchor(tx, userId, batch.accountId);
    const { removed, earliestDate } = await undoImportBatchRows(tx, userId, batch.id, now);
    if (earliestDate) {
      await settleManualBalance(tx, userId, batch.accountId, anchor);
      await recomputeBalanceSnapshots(tx, {
        userId,
        accountId: batch.accountId,
        from: earliestDate < today ? earliestDate : today,
        today,
      });
    }
    return { id: batch.id, removed };
  });
}
