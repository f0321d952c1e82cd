import type { Database } from '@lodestar/db';
import { loadImport, type ImportInput } from './load-import';
import { importedName } from './imported-row';
import { markDuplicates } from './mark-duplicates';
import type { ImportKind, PreviewMapping } from './read-import-file';

/** How many rows a preview lists; the counts cover the whole file. */
export const PREVIEW_ROW_LIMIT = 200;

export type ImportPreview = {
  kind: ImportKind;
  mapping: PreviewMapping | null;
  rows: {
    line: number;
    date: string;
    amount: { amountMinor: number; currency: string };
    name: string;
    duplicate: boolean;
  }[];
  newCount: number;
  duplicateCount: number;
  warnings: string[];
};

/** Reads the file and marks what the account already holds; writes nothing. */
export async function previewImport(options: {
  db: Database;
  userId: string;
  input: ImportInput;
  now: Date;
}): Promise<ImportPreview> {
  const { db, userId, input } = options;
  const { account, file } = await loadImport(db, userId, input, options.now);
  const marked = await markDuplicates(
    db,
    { userId, accountId: account.id, kind: file.kind },
    file.transactions,
  );
  return {
    kind: file.kind,
    mapping: file.mapping ?? null,
    rows: marked.rows.slice(0, PREVIEW_ROW_LIMIT).map(({ row, duplicate }) => ({
      line: row.line,
      date: row.date,
      amount: { amountMinor: row.amountMinor, currency: row.currency },
      name: importedName(row),
      duplicate,
    })),
    newCount: marked.newCount,
    duplicateCount: marked.duplicateCount,
    warnings: file.warnings,
  };
}
