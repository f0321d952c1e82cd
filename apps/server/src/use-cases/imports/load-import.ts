import {
  findImportTargetAccount,
  findSavedCsvMapping,
  storedPreferences,
  type Database,
  type ImportTargetAccount,
} from '@lodestar/db';
import { mergePreferences, type CsvMapping } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { savedCsvMapping } from './csv-mapping-schema';
import { readImportFile, type ImportFile } from './read-import-file';

/** What preview and import both take (docs/money-api.md, "File import"). */
export type ImportInput = {
  accountId: string;
  fileName: string;
  content: string;
  mapping?: CsvMapping;
};

export type LoadedImport = { account: ImportTargetAccount; file: ImportFile };

/**
 * The user's account (404 for anyone else's) and the file read for it: the mapping given, else the
 * account's saved one, else detected with the user's number-format locale for ambiguous dates.
 */
export async function loadImport(db: Database, userId: string, input: ImportInput): Promise<LoadedImport> {
  const account = await findImportTargetAccount(db, userId, input.accountId);
  if (!account) throw AppError.notFound('No such account');
  const [saved, preferences] = await Promise.all([
    input.mapping ? undefined : findSavedCsvMapping(db, userId, account.id),
    storedPreferences(db, userId),
  ]);
  const file = readImportFile({
    fileName: input.fileName,
    content: input.content,
    account,
    ...(input.mapping && { mapping: input.mapping }),
    ...(saved !== undefined && { savedMapping: savedCsvMapping(saved) }),
    locale: mergePreferences(preferences).number_format,
  });
  return { account, file };
}
