import { listImportBatches, type Database } from '@lodestar/db';

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

/** The user's imports, newest first, at most IMPORT_HISTORY_LIMIT. */
export async function listImports(options: { db: Database; userId: string }): Promise<ImportBatchView[]> {
  const rows = await listImportBatches(options.db, options.userId, IMPORT_HISTORY_LIMIT);
  return rows.map((row) => ({
    ...row,
    status: row.status === 'undone' ? 'undone' : 'committed',
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  }));
}
