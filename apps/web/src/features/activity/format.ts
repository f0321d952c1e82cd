import { categoryLabel, type DateFormat, displayCategory, formatIsoDate, isIsoDate } from '@lodestar/domain';
import type { Transaction } from './api';

/** Spec §5: names over 50 characters show their first 47 and '...' (the domain's one rule). */
export { truncateTransactionName } from '@lodestar/domain';

/**
 * What the category chip says: a provider's category only at confidence ≥ 0.7 (spec §5, the server
 * already nulls it below that; checked again here), a rule's or the user's always.
 */
export function transactionCategoryText(
  transaction: Pick<Transaction, 'category' | 'categoryConfidence' | 'categorySource'>,
): string {
  return transaction.categorySource === 'provider'
    ? displayCategory(transaction.category, transaction.categoryConfidence)
    : categoryLabel(transaction.category);
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/**
 * A transaction's date in the user's date format: '03/05/2025' for '2025-03-05' with MM/DD/YYYY. A
 * calendar date, so no time zone shifts it; anything that is not an ISO date shows as it came.
 */
export function formatShortDate(date: string, dateFormat: DateFormat): string {
  return isIsoDate(date) ? formatIsoDate(date, dateFormat) : date;
}

/** 'Wednesday, 03/05/2025' for a date group's header and the details sheet. */
export function formatGroupDate(date: string, dateFormat: DateFormat): string {
  if (!isIsoDate(date)) return date;
  return `${weekday.format(new Date(`${date}T12:00:00Z`))}, ${formatIsoDate(date, dateFormat)}`;
}

/** 'Card', 'In store' and the like from snake_case codes. */
export function humanize(code: string | null | undefined): string {
  if (!code) return '—';
  const text = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const STATUS_LABELS: Record<Transaction['status'], string> = {
  pending: 'Pending',
  posted: 'Posted',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const CATEGORY_SOURCE_LABELS: Record<Transaction['categorySource'], string> = {
  provider: 'From your bank',
  rule: 'From a rule',
  user: 'Set by you',
};
