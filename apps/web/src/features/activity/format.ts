import { categoryLabel, displayCategory } from '@lodestar/domain';
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

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 5, 2025' for '2025-03-05' (a calendar date: no time zone shift). */
export function formatShortDate(date: string): string {
  const at = noon(date);
  return Number.isNaN(at.getTime()) ? date : shortDate.format(at);
}

/** 'Wednesday, March 5, 2025' for a date group's header. */
export function formatGroupDate(date: string): string {
  const at = noon(date);
  return Number.isNaN(at.getTime()) ? date : longDate.format(at);
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
