import { streamTransactions, type Database, type TransactionSort } from '@lodestar/db';
import { categoryLabel, toMajorString } from '@lodestar/domain';
import type { SelectionQuery } from './transaction-schemas';
import { selectionFor } from './list-transactions';
import { toTransactionView, type TransactionView } from './transaction-view';

const HEADER = [
  'Date',
  'Account',
  'Name',
  'Merchant',
  'Category',
  'Amount',
  'Currency',
  'Status',
  'Notes',
  'Tags',
  'Excluded',
  'Original name',
  'Transaction ID',
];

/** A plain decimal number: a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Leading characters that make a spreadsheet evaluate a cell (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) gets a leading apostrophe, plain numbers such as '-12.34' stay numbers; then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function rowCells(view: TransactionView): string[] {
  return [
    view.date,
    view.accountName,
    view.name,
    view.merchantName ?? '',
    categoryLabel(view.category),
    toMajorString(view.amount),
    view.amount.currency,
    view.status,
    view.notes ?? '',
    view.tags.join('; '),
    view.excluded ? 'yes' : 'no',
    view.originalName,
    view.id,
  ];
}

/** `lodestar-transactions-2026-11-22.csv` for the day of `now` (UTC). */
export function exportFileName(now: Date): string {
  return `lodestar-transactions-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Every transaction of the user matching the filters, as a streamed CSV (UTF-8 with a byte-order mark so
 * spreadsheets read accents right; CRLF line ends): the header, then rows in batches of 1,000 read by
 * keyset, so memory stays flat whatever the history's size.
 */
export async function exportTransactionsCsv(options: {
  db: Database;
  userId: string;
  query: SelectionQuery & { sort: TransactionSort };
  /** "Today" for the recurring filter (the user's day of it). */
  now?: Date;
  /** The first day the user's plan shows: the file holds what the listing shows (null: everything). */
  visibleFrom: string | null;
}): Promise<ReadableStream<Uint8Array>> {
  const { db, userId, query } = options;
  const selection = await selectionFor(db, userId, query, options.now ?? new Date(), options.visibleFrom);
  const encoder = new TextEncoder();
  const batches = streamTransactions(db, userId, { selection, sort: query.sort });
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(HEADER)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(
        encoder.encode(next.value.map((row) => csvRow(rowCells(toTransactionView(row)))).join('')),
      );
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
