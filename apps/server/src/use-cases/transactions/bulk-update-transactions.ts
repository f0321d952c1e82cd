import { updateTransactionsFields, type Database, type TransactionChanges } from '@lodestar/db';
import { AppError } from '../../http/app-error';

export const SOME_TRANSACTIONS_NOT_FOUND = 'Some of these transactions were not found; nothing was changed';

/**
 * Applies the same changes to up to 500 of the user's transactions in one database transaction: when any
 * id is not one of the user's transactions, nothing is written (400 on `ids`: an id in a body that is
 * not the caller's is bad input, not a missing page).
 */
export async function bulkUpdateTransactions(options: {
  db: Database;
  userId: string;
  ids: readonly string[];
  changes: Pick<TransactionChanges, 'category' | 'excluded' | 'tags'>;
}): Promise<{ updated: number }> {
  const { db, userId, ids, changes } = options;
  return db.transaction(async (tx) => {
    const updated = await updateTransactionsFields(tx, userId, ids, changes);
    if (updated !== ids.length)
      throw AppError.validation([{ field: 'ids', message: SOME_TRANSACTIONS_NOT_FOUND, code: 'not_found' }]);
    return { updated };
  });
}
