import { hash } from 'node:crypto';
import { existingExternalIds, existingTransactionsBetween } from '@lodestar/db';
import { normalizeMerchant, type ParsedTransaction } from '@lodestar/domain';
import type { ImportKind } from './read-import-file';

/** A database handle or an open transaction. */
type Executor = Parameters<typeof existingTransactionsBetween>[0];

export type MarkedTransaction = {
  row: ParsedTransaction;
  /** The id the row is stored under: the bank's own id when the file has one, else from the fingerprint. */
  storedId: string;
  /** The account already holds it: never imported. */
  duplicate: boolean;
  /**
   * A possible duplicate inside the file: the line of an earlier row of the same file with the same
   * date, amount and name (no bank id to tell them apart). Imported only when the user keeps it.
   */
  repeatOf: number | null;
};

export type MarkedFile = {
  rows: MarkedTransaction[];
  /** Rows neither held nor repeated inside the file. */
  newCount: number;
  duplicateCount: number;
  /** Rows flagged as possible duplicates inside the file (repeatOf set). */
  repeatCount: number;
};

/** The fingerprint without its occurrence number: rows equal on it repeat one another. */
const fingerprintBase = (fingerprint: string) => fingerprint.slice(0, fingerprint.lastIndexOf('|'));

const ID_PREFIX: Record<ImportKind, string> = {
  ofx: 'ofx',
  qfx: 'ofx',
  csv: 'csv',
  qif: 'qif',
  camt: 'camt',
  mt940: 'mt940',
};

/**
 * The external id an imported row is stored under. The bank's id (OFX FITID, a CSV reference column,
 * a CAMT or MT940 end-to-end id or bank reference) → `ofx:<FITID>` (`csv:`, `camt:`, `mt940:`); otherwise `fp:` + the first 32 hex digits of the SHA-256 of the
 * fingerprint (date, amount, normalised name and occurrence within the file), so importing the same
 * export again finds the same ids.
 */
export function storedExternalId(
  kind: ImportKind,
  row: Pick<ParsedTransaction, 'externalId' | 'fingerprint'>,
): string {
  if (row.externalId) return `${ID_PREFIX[kind]}:${row.externalId}`;
  return `fp:${hash('sha256', row.fingerprint, 'hex').slice(0, 32)}`;
}

const dayAndAmount = (date: string, amountMinor: number) => `${date}|${amountMinor}`;

type Candidate = { names: [string, string]; keys?: Set<string>; used: boolean };

/**
 * Marks which rows of a file the account already holds:
 *  1. the same stored id (the bank's id, or the fingerprint id of an earlier import of the same rows);
 *     a bank id repeated inside the file counts once;
 *  2. rows without a bank id: an existing transaction with the same date, amount and merchant
 *     (normalizeMerchant of its name or original name) that no row claimed in step 1 — e.g. the same
 *     purchase synced from the bank. Each existing transaction matches at most one row, so two identical
 *     coffees in the file against one synced coffee leave one new.
 * Identical rows inside one file keep distinct ids (their fingerprints differ by occurrence), but every
 * such row after the first that the account does not hold is flagged `repeatOf` the first one's line:
 * a possible duplicate, imported only when the user keeps it (`keepLines` of the import).
 */
export async function markDuplicates(
  db: Executor,
  scope: { userId: string; accountId: string; kind: ImportKind },
  transactions: readonly ParsedTransaction[],
): Promise<MarkedFile> {
  const rows: MarkedTransaction[] = transactions.map((row) => ({
    row,
    storedId: storedExternalId(scope.kind, row),
    duplicate: false,
    repeatOf: null,
  }));
  const first = transactions[0];
  if (!first) return { rows, newCount: 0, duplicateCount: 0, repeatCount: 0 };

  let from = first.date;
  let to = first.date;
  for (const { date } of transactions) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  const existing = await existingTransactionsBetween(db, scope.userId, scope.accountId, from, to);
  const known = new Set(existing.map((row) => row.externalId));
  const bankIds = rows.filter((item) => item.row.externalId && !known.has(item.storedId));
  const found = await existingExternalIds(
    db,
    scope.userId,
    scope.accountId,
    bankIds.map((item) => item.storedId),
  );
  for (const id of found) known.add(id);

  const seen = new Set<string>();
  for (const item of rows) {
    item.duplicate = known.has(item.storedId) || seen.has(item.storedId);
    seen.add(item.storedId);
  }

  // Existing rows no file row claimed by id, by day and amount; merchant keys are computed on a hit only.
  const candidates = new Map<string, Candidate[]>();
  for (const row of existing) {
    if (seen.has(row.externalId)) continue;
    const slot = dayAndAmount(row.date, row.amountMinor);
    const list = candidates.get(slot);
    const candidate: Candidate = { names: [row.name, row.originalName], used: false };
    if (list) list.push(candidate);
    else candidates.set(slot, [candidate]);
  }
  if (candidates.size > 0) {
    for (const item of rows) {
      if (item.duplicate || item.row.externalId) continue;
      const list = candidates.get(dayAndAmount(item.row.date, item.row.amountMinor));
      if (!list) continue;
      const key = normalizeMerchant(item.row.name);
      const match = list.find((candidate) => {
        if (candidate.used) return false;
        candidate.keys ??= new Set(candidate.names.map((name) => normalizeMerchant(name)));
        return candidate.keys.has(key);
      });
      if (match) {
        match.used = true;
        item.duplicate = true;
      }
    }
  }

  const firstLines = new Map<string, number>();
  for (const item of rows) {
    if (item.row.externalId) continue;
    const base = fingerprintBase(item.row.fingerprint);
    const firstLine = firstLines.get(base);
    if (firstLine === undefined) firstLines.set(base, item.row.line);
    else if (!item.duplicate) item.repeatOf = firstLine;
  }

  let duplicateCount = 0;
  let repeatCount = 0;
  for (const item of rows) {
    if (item.duplicate) duplicateCount += 1;
    else if (item.repeatOf !== null) repeatCount += 1;
  }
  return { rows, newCount: rows.length - duplicateCount - repeatCount, duplicateCount, repeatCount };
}
