import { createHash } from 'node:crypto';
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
import { UserCache } from '../user-cache';
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
 * The file as last read for a user, kept so the steps of one import read it once: the preview, the
 * import request and (for a large file) its background job each load the same input. Reading a
 * 100,000-row statement (decoding, parsing, checking every row) takes about 3 s. The key covers every
 * input of the read (the file's content, the account's currency, mask and type, the statement chosen,
 * the mapping given or saved, the locale and the day), so a hit is the read a miss would make. Per
 * process: another instance reads the file itself. One file per user, for at most READ_KEPT_USERS users
 * and READ_KEPT_MS, and forgotten once imported (forgetImportRead), so a large file's rows do not stay
 * in memory.
 */
const READ_KEPT_USERS = 2;
const READ_KEPT_MS = 15 * 60_000;
type KeptRead = { key: string; file: ImportFile };
const keptReads = new UserCache<KeptRead>(READ_KEPT_USERS);

function readKey(parts: unknown[], input: ImportInput): string {
  const hash = createHash('sha256').update(JSON.stringify(parts));
  if (input.contentBase64 !== undefined) hash.update('base64:').update(input.contentBase64);
  else hash.update('text:').update(input.content ?? '');
  return hash.digest('hex');
}

/** Forgets the user's kept read (after an import, which is done with it). */
export function forgetImportRead(db: Database, userId: string): void {
  keptReads.delete(db, userId);
}

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
  const savedMapping = saved === undefined ? undefined : savedCsvMapping(saved);
  const today = dateIn(settings.time_zone, now);
  const key = readKey(
    [
      account.id,
      account.currency,
      account.mask,
      account.type,
      input.fileName,
      input.encoding ?? null,
      input.statement ?? null,
      input.mapping ?? null,
      savedMapping ?? null,
      settings.number_format,
      today,
    ],
    input,
  );
  const kept = keptReads.get(db, userId, (entry) => entry.key === key);
  if (kept) return { account, file: kept.file };
  const file = readImportFile({
    fileName: input.fileName,
    ...fileContent(input),
    account,
    ...(input.statement !== undefined && { statement: input.statement }),
    ...(input.mapping && { mapping: input.mapping }),
    ...(savedMapping !== undefined && { savedMapping }),
    locale: settings.number_format,
    today,
  });
  keptReads.set(db, userId, { key, file });
  // The timer holds the key only, so an entry evicted or replaced before then is not kept alive by it.
  setTimeout(() => keptReads.delete(db, userId, (entry) => entry.key === key), READ_KEPT_MS).unref();
  return { account, file };
}
