import {
  findImportBatchForUpdate,
  holdingSnapshot,
  recomputeBalanceSnapshots,
  replaceHoldings,
  undoImportBatchRows,
  type Database,
  type ImportHoldingSnapshot,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { manualBalanceAnchor, settleManualBalance } from '../accounts/manual-balance';
import { todayFor } from '../accounts/today';

/** Field by field: a snapshot read back from jsonb has its keys in another order. */
const sameHoldings = (a: readonly ImportHoldingSnapshot[], b: readonly ImportHoldingSnapshot[]) =>
  a.length === b.length &&
  a.every((row, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      row.securityId === other.securityId &&
      row.quantity === other.quantity &&
      row.price === other.price &&
      row.costBasis === other.costBasis &&
      row.currency === other.currency &&
      row.asOf === other.asOf
    );
  });

/**
 * Undoes a whole import in one transaction, in every account it wrote to: every transaction it added
 * goes (whatever was edited on them since), holdings it replaced go back to what they were (the ones it
 * created are removed; holdings added by hand are left as they are, ADR 069), the batch stays in the history as 'undone', and each account's balance history
 * is recomputed from the earliest removed date; a manual account's balance gives back what the import's
 * rows after its entered balance added (settleManualBalance). When an account's holdings changed after
 * the import (a sync, a later import), putting the old ones back would not be exact: 409, nothing undone
 * (ADR 052). 404 for a batch that is not the user's, 409 when it was already undone.
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
    const parts = batch.parts ?? [{ accountId: batch.accountId }];
    for (const part of parts) {
      if (!part.holdings) continue;
      const current = await holdingSnapshot(tx, { userId, accountId: part.accountId });
      if (!sameHoldings(current, part.holdings.after)) {
        throw new AppError(
          'CONFLICT',
          'The holdings this import set have changed since (a sync or a later import), so undoing it could not put the earlier ones back exactly; nothing was undone',
        );
      }
    }
    const anchors = new Map<string, Awaited<ReturnType<typeof manualBalanceAnchor>>>();
    for (const part of parts) {
      anchors.set(part.accountId, await manualBalanceAnchor(tx, userId, part.accountId));
    }
    const { removed, earliestByAccount } = await undoImportBatchRows(tx, userId, batch.id, now);
    for (const part of parts) {
      if (part.holdings) {
        await replaceHoldings(tx, { userId, accountId: part.accountId }, part.holdings.before);
      }
      const earliestDate = earliestByAccount.get(part.accountId);
      if (!earliestDate) continue;
      await settleManualBalance(tx, userId, part.accountId, anchors.get(part.accountId));
      await recomputeBalanceSnapshots(tx, {
        userId,
        accountId: part.accountId,
        from: earliestDate < today ? earliestDate : today,
        today,
      });
    }
    return { id: batch.id, removed };
  });
}
