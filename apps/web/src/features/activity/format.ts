import { categoryLabel, displayCategory, LIMITS } from '@lodestar/domain';
import type { Transaction } from './api';

/** The ellipsis that ends a cut name (docs/money-api.md: 47 + '…'). */
export const ELLIPSIS = '…';

/**
 * Spec §5 / docs/money-api.md: a transaction name of more than 50 characters shows as its first 47
 * and '…'; 50 or fewer show whole. Counts code points, so an emoji is never split.
 */
export function truncateTransactionName(name: string): string {
  const characters = [...name];
  if (characters.length <= LIMITS.transactionNameLimit) return name;
  return `${characters.slice(0, LIMITS.transactionNameTruncateTo).join('')}${ELLIPSIS}`;
}

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
