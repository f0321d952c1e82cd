import {
  activityHref,
  categoryActivityHref as categoryActivityFor,
  formatDateTokens,
  isMonth,
  monthRange,
  nextMonth,
  previousMonth,
} from '@lodestar/domain';

/** The calendar month of the Expenses page, kept in the URL as ?month=YYYY-MM. */

/** The month it is now in the user's time zone ('YYYY-MM'). */
export function currentMonth(now: Date | number, timeZone: string): string {
  return formatDateTokens(now, 'YYYY-MM', timeZone);
}

/**
 * The month a ?month= value asks for: a well-formed month up to `latest`; anything else (missing,
 * malformed, in the future) means `latest`.
 */
export function parseMonth(value: string | null, latest: string): string {
  if (!value || !isMonth(value) || value > latest) return latest;
  return value;
}

/** The months either side of `month`; no next month after `latest` (nothing can have happened yet). */
export function adjacentMonths(month: string, latest: string): { previous: string; next: string | null } {
  const next = nextMonth(month);
  return { previous: previousMonth(month), next: next > latest ? null : next };
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return MONTH_LABEL.format(new Date(`${month}-01T12:00:00Z`));
}

/** 'November' for '2026-11'. */
export function monthName(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-01T12:00:00Z`));
}

/** Activity filtered to exactly the rows a category's figure counts in the month ('' = Uncategorized). */
export function categoryActivityHref(category: string, month: string): string {
  const { from, to } = monthRange(month);
  return categoryActivityFor(category, from, to);
}

/** Activity searched for a merchant's name within the month. */
export function merchantActivityHref(merchant: string, month: string): string {
  const { from, to } = monthRange(month);
  return activityHref({ search: merchant, date: from, to });
}
