import {
  findTransactionItem,
  isUuid,
  updateTransactionFields,
  type Database,
  type TransactionChanges,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { toTransactionView, type TransactionView } from './transaction-view';

export const TRANSACTION_NOT_FOUND = 'Transaction not found';

/**
 * Changes one of the user's transactions. A category chosen here is the user's own (categorySource
 * 'user', confidence 1): syncs and rules never replace it.
 */
export async function updateTransaction(options: {
  db: Database;
  userId: string;
  transactionId: string;
  changes: TransactionChanges;
}): Promise<TransactionView> {
  const { db, userId, transactionId, changes } = options;
  if (!isUuid(transactionId)) throw AppError.notFound(TRANSACTION_NOT_FOUND);
  const updated = await updateTransactionFields(db, userId, transactionId, changes);
  const row = updated ? await findTransactionItem(db, userId, transactionId) : undefined;
  if (!row) throw AppError.notFound(TRANSACTION_NOT_FOUND);
  return toTransactionView(row);
}
