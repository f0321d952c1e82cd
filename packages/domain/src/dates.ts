import { DATES } from './constants';
import type { TimePeriod } from './catalog';

/** Calendar dates are ISO 'YYYY-MM-DD' strings; arithmetic is done in UTC so no time zone shifts them. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Date.UTC without its quirk of reading years 0–99 as 1900–1999 ('0001-01-01' is year 1). */
function utc(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

/** Parses 'YYYY-MM-DD' strictly (real calendar dates only). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(value);
  if (!match) throw new RangeError(`Not an ISO date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = utc(year, month - 1, day);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${value}`);
  }
  return { year, month, day };
}

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

function format(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  return format(utc(year, month - 1, day + days));
}

/** `date` plus `months`, clamped to the end of a shorter month (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const firstOfTarget = utc(year, month - 1 + months, 1);
  const lastDay = utc(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, lastDay));
  return format(firstOfTarget);
}

/** The first day the history goes back to (spec §9: 2020). */
export const HISTORY_START: IsoDate = `${DATES.historicalStartYear}-01-01`;

/**
 * First day (inclusive) of a summary period ending `today` (spec §3 period options): the same day
 * N months back (clamped to month end), or the history start for 'all-time'.
 */
export function periodStart(period: TimePeriod, today: IsoDate): IsoDate {
  switch (period) {
    case '1-month':
      return addMonths(today, -1);
    case '3-months':
      return addMonths(today, -3);
    case '6-months':
      return addMonths(today, -6);
    case '1-year':
      return addMonths(today, -12);
    case 'all-time':
      return HISTORY_START;
  }
}

export const DATE_RANGES = ['7d', '30d', '90d', '1y', 'ytd', 'all'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** What each `default_date_range` covers, named for what it is (a window ending today, not a calendar period). */
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last 12 months',
  ytd: 'Year to date',
  all: 'All time',
};

/** Whether `value` is a `default_date_range` preference value. */
export function isDateRange(value: string): value is DateRange {
  return (DATE_RANGES as readonly string[]).includes(value);
}

/**
 * First day (inclusive) of a `default_date_range` preference ending `today` (inclusive): '7d' covers
 * seven calendar days including today, '1y' the same day a year back, 'ytd' January 1 of today's year,
 * 'all' the history start (2020-01-01).
 */
export function dateRangeStart(range: DateRange, today: IsoDate): IsoDate {
  switch (range) {
    case '7d':
      return addDays(today, -6);
    case '30d':
      return addDays(today, -29);
    case '90d':
      return addDays(today, -89);
    case '1y':
      return addMonths(today, -12);
    case 'ytd':
      return `${today.slice(0, 4)}-01-01`;
    case 'all':
      return HISTORY_START;
  }
}

/** Default start of transaction history views: six months back (spec §9). */
export function defaultHistoryStart(today: IsoDate): IsoDate {
  return addMonths(today, -DATES.defaultMonthsBack);
}
