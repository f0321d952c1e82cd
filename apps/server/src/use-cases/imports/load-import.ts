import {
  findImportTargetAccount,
  findSavedCsvMapping,
  storedPreferences,
  type Database,
  type ImportTargetAccount,
} from '@lodestar/db';
import { mergePreferences, type CsvMapping } from '@lodestar/domain';
import type { ImportEncoding } from '@lodestar/domain/import/encoding';
import { AppError } from '../../http/app-error';
import { dateIn } from '../accounts/today';
import { savedCsvMapping } from './csv-mapping-schema';
import { fileContent, readImportFile, type ImportFile } from './read-import-file';

/** What preview and import both take (docs/money-api.md, "File import"). */
export type ImportInput = {
  accountId: string;
  fileName: string;
  /** The file as text, or (`contentBase64`) its bytes, decoded here in `encoding` or the one detected. */
  content?: string;
  contentBase64?: string;
  encoding?: ImportEncoding;
  /** Which of the file's statements to import, when it holds several (its index in the preview's list). */
  statement?: number;
  mapping?: CsvMapping;
  /** Lines of rows the preview flagged as possible duplicates inside the file that the user keeps. */
  keepLines?: number[];
};

export type LoadedImport = { account: ImportTargetAccount; file: ImportFile };

/**
 * The user's account (400 on `accountId` for anyone else's) and the file read for it: the mapping given, else the
 * account's saved one, else detected with the user's number-format locale for ambiguous dates. Every
 * date of the file must lie between 1900 and a year after `now` in the user's time zone.
 */
export async function loadImport(
  db: Database,
  userId: string,
  input: ImportInput,
  now: Date,
): Promise<LoadedImport> {
  const account = await findImportTargetAccount(db, userId, input.accountId);
  if (!account)
    throw AppError.validation([{ field: 'accountId', message: 'No such account', code: 'not_found' }]);
  const [saved, preferences] = await Promise.all([
    input.mapping ? undefined : findSavedCsvMapping(db, userId, account.id),
    storedPreferences(db, userId),
  ]);
  const settings = mergePreferences(preferences);
  const file = readImportFile({
    fileName: input.fileName,
    ...fileContent(input),
    account,
    ...(input.statement !== undefined && { statement: input.statement }),
    ...(input.mapping && { mapping: input.mapping }),
    ...(saved !== undefined && { savedMapping: savedCsvMapping(saved) }),
    locale: settings.number_format,
    today: dateIn(settings.time_zone, now),
  });
  return { account, file };
}
