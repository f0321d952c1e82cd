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
 * import request and (for a large file) its background job each load the same input (ADR 068). Reading
 * a 100,000-row statement (decoding, parsing, checking every row) takes about 3 s. A kept read is used
 * only when every input of the read is the same — the file's content, its name and the encoding chosen,
 * the account's currency, mask and type, the statement chosen, the locale and the day (`fileKey`), and the
 * mapping: the same mapping given or saved, or (for the import) the mapping given being the one the kept
 * read used, as the web app sends the preview's mapping back. So a hit is the read a miss would make, up
 * to the preview's notes on how the columns were detected, which an import does not use. Per process:
 * another instance reads the file itself. One file per user, for at most READ_KEPT_USERS users and
 * READ_KEPT_MS, and forgotten once imported (forgetImportRead), so a large file's rows do not stay in
 * memory.
 */
const READ_KEPT_USERS = 2;
const READ_KEPT_MS = 15 * 60_000;
type KeptRead = { fileKey: string; mappingKey: string; file: ImportFile };
const keptReads = new UserCache<KeptRead>(READ_KEPT_USERS);

function fileKey(parts: unknown[], input: ImportInput): string {
  const hash = createHash('sha256').update(JSON.stringify(parts));
  if (input.contentBase64 !== undefined) hash.update('base64:').update(input.contentBase64);
  else hash.update('text:').update(input.content ?? '');
  return hash.digest('hex');
}

/** A mapping as JSON text (as a request would carry it), so equal mappings compare equal. */
const mappingText = (mapping: CsvMapping | undefined): string =>
  mapping === undefined ? '' : JSON.stringify(sortedKeys(JSON.parse(JSON.stringify(mapping)) as unknown));

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The mapping a read was made with, as a request gives it back (without the preview's notes). */
function mappingUsed(file: ImportFile): string {
  if (!file.mapping) return '';
  const { warnings: _warnings, ...mapping } = file.mapping;
  return mappingText(mapping);
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
  /** For the import itself (not a preview): the preview's read is used when its mapping is the one given. */
  options: { forImport?: boolean } = {},
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
  const key = fileKey(
    [
      account.id,
      account.currency,
      account.mask,
      account.type,
      input.fileName,
      input.encoding ?? null,
      input.statement ?? null,
      settings.number_format,
      today,
    ],
    input,
  );
  const mappingKey = `${mappingText(input.mapping)}|${mappingText(savedMapping)}`;
  const given = input.mapping && mappingText(input.mapping);
  const kept = keptReads.get(
    db,
    userId,
    (entry) =>
      entry.fileKey === key &&
      (entry.mappingKey === mappingKey || (options.forImport === true && given === mappingUsed(entry.file))),
  );
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
  keptReads.set(db, userId, { fileKey: key, mappingKey, file });
  // The timer holds the key only, so an entry evicted or replaced before then is not kept alive by it.
  setTimeout(() => keptReads.delete(db, userId, (entry) => entry.fileKey === key), READ_KEPT_MS).unref();
  return { account, file };
}
