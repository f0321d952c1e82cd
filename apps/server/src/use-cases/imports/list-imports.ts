import { findAccount, listImportBatches, type Database } from '@lodestar/db';
import { AppError } from '../../http/app-error';

/** How many imports the history lists. */
export const IMPORT_HISTORY_LIMIT = 50;

export type ImportBatchView = {
  id: string;
  accountId: string;
  accountName: string;
  fileName: string;
  kind: string;
  status: 'committed' | 'undone';
  importedCount: number;
  duplicateCount: number;
  createdAt: string;
  undoneAt: string | null;
};

/**
 * The user's imports (into one account when given: 404 when it is not theirs), newest first, at most
 * IMPORT_HISTORY_LIMIT.
 */
export async function listImports(options: {
  db: Database;
  userId: string;
  accountId?: string;
}): Promise<ImportBatchView[]> {
  if (
    options.accountId !== undefined &&
    !(await findAccount(options.db, options.userId, options.accountId))
  ) {
    throw AppError.notFound('No such account');
  }
  const rows = await listImportBatches(options.db, options.userId, IMPORT_HISTORY_LIMIT, options.accountId);
  return rows.map((row) => ({
    ...row,
    status: row.status === 'undone' ? 'undone' : 'committed',
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  }));
}
