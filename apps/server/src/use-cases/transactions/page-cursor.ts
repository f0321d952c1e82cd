import { isUuid, TRANSACTION_SORTS, type TransactionKeyset, type TransactionSort } from '@lodestar/db';

/**
 * The listing's page cursor (`pagination.nextCursor`, sent back as `after`): the sort and the last row's
 * sort key and id, base64url-encoded so clients treat it as opaque.
 */
export function encodePageCursor(
  sort: TransactionSort,
  row: { date: string; amountMinor: number; id: string },
) {
  const key = sort === 'date_desc' || sort === 'date_asc' ? row.date : String(row.amountMinor);
  return Buffer.from(`${sort}~${key}~${row.id}`, 'utf8').toString('base64url');
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^-?\d{1,16}$/;

/** The keyset a cursor names, or undefined when it is not one this server made for `sort`. */
export function decodePageCursor(cursor: string, sort: TransactionSort): TransactionKeyset | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const [cursorSort, key, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('~');
  if (rest.length > 0 || cursorSort !== sort || !TRANSACTION_SORTS.includes(cursorSort)) return undefined;
  if (key === undefined || id === undefined || !isUuid(id)) return undefined;
  const byDate = sort === 'date_desc' || sort === 'date_asc';
  if (byDate) {
    const parsed = new Date(`${key}T00:00:00Z`);
    if (!DATE.test(key) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== key) {
      return undefined;
    }
    return { key, id: id.toLowerCase() };
  }
  if (!AMOUNT.test(key)) return undefined;
  const amount = Number(key);
  return Number.isSafeInteger(amount) ? { key: amount, id: id.toLowerCase() } : undefined;
}
