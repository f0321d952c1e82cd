import {
  type AssetClass,
  isCurrencyCode,
  isIsoDate,
  isPortfolioRange,
  isTimePeriod,
  parseRate,
  type PortfolioRange,
  type TimePeriod,
  toMajorNumber,
} from '@lodestar/domain';
import type { DashboardData, PortfolioPoint } from './api';

/** Texts of spec §8 and of the page's empty state. */
export const DASHBOARD_TEXT = {
  loadError: 'Failed to fetch dashboard data',
  emptyTitle: 'Connect an account to see your net worth',
} as const;

/**
 * The period and history range the dashboard opens with when the URL names none (or an unknown one) and
 * no preference is known; the user's default date range (dateRangeDefaults) picks them otherwise.
 */
export const DEFAULT_PERIOD: TimePeriod = '1-month';
export const DEFAULT_RANGE: PortfolioRange = '1M';

export const RANGE_LABELS: Record<PortfolioRange, string> = {
  '1M': '1M',
  '3M': '3M',
  '6M': '6M',
  '1Y': '1Y',
  ALL: 'All',
};

/** What the range means, for the chart's accessible name and the table caption. */
export const RANGE_DESCRIPTIONS: Record<PortfolioRange, string> = {
  '1M': 'the last month',
  '3M': 'the last 3 months',
  '6M': 'the last 6 months',
  '1Y': 'the last year',
  ALL: 'all time',
};

/** The period named in the URL, else `fallback` (the user's default date range's period). */
export function parsePeriod(value: string | null, fallback: TimePeriod = DEFAULT_PERIOD): TimePeriod {
  return value !== null && isTimePeriod(value) ? value : fallback;
}

/** The history range named in the URL, else `fallback` (the user's default date range's range). */
export function parseRange(value: string | null, fallback: PortfolioRange = DEFAULT_RANGE): PortfolioRange {
  return value !== null && isPortfolioRange(value) ? value : fallback;
}

/** Minor units of `currency` as a major-unit number (chart values only). */
export function major(amountMinor: number, currency: string): number {
  return toMajorNumber({ amountMinor, currency });
}

/**
 * The chart colour (index into the theme's --chart-N series) of an asset class, so a class has the same
 * colour in the doughnut, its legend and the history. Other takes the neutral slate colour: next to
 * Investments' orange, the amber it had in display order read as the same colour.
 */
const CLASS_COLORS: Record<AssetClass, number> = {
  cash: 0,
  investment: 1,
  crypto: 2,
  real_estate: 3,
  other: 6,
  liability: 5,
};

export function classColor(assetClass: string): number {
  return CLASS_COLORS[assetClass as AssetClass] ?? 7;
}

/** The calendar day it is now in `timeZone` ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
}

/** Up, down or unchanged, so a change is told in words and not by colour alone. */
export function direction(value: number): 'Up' | 'Down' | 'No change' {
  if (value > 0) return 'Up';
  if (value < 0) return 'Down';
  return 'No change';
}

/** More than this many daily points and the table lists the last day of each month instead. */
export const DAILY_TABLE_MAX_ROWS = 92;

/**
 * The table rows for a history: every day for short ranges; for long ones the last point of each
 * month (the month's last day, or the latest day of the current month), so the table stays readable.
 */
export function tableRows(points: readonly PortfolioPoint[]): { monthly: boolean; rows: PortfolioPoint[] } {
  if (points.length <= DAILY_TABLE_MAX_ROWS) return { monthly: false, rows: [...points] };
  const rows: PortfolioPoint[] = [];
  points.forEach((point, index) => {
    const next = points[index + 1];
    if (!next || next.date.slice(0, 7) !== point.date.slice(0, 7)) rows.push(point);
  });
  return { monthly: true, rows };
}

/** The Activity page filtered to the rows one spending category's figure counts in the card's period. */
export { categoryActivityHref } from '@lodestar/domain';

/**
 * Whether the exchange-rates dialog is worth offering: the user holds a currency other than the
 * reporting one, or some currency has no rate at all.
 */
export function needsExchangeRates(data: DashboardData): boolean {
  if (data.fx.missing.length > 0) return true;
  return data.accounts.some((group) =>
    group.accounts.some((account) => account.native.currency !== data.currency),
  );
}

export type ManualRateForm = { base: string; date: string; rate: string };
export type ManualRateErrors = Partial<Record<keyof ManualRateForm, string>>;

/** Checks a manual rate as typed: a currency code other than the reporting one, a past date, a rate > 0. */
export function validateManualRate(form: ManualRateForm, quote: string, today: string): ManualRateErrors {
  const errors: ManualRateErrors = {};
  const base = form.base.trim().toUpperCase();
  if (!isCurrencyCode(base)) errors.base = 'Enter a three-letter currency code, such as EUR';
  else if (base === quote) errors.base = `Choose a currency other than ${quote}`;
  if (!isIsoDate(form.date)) errors.date = 'Enter a date';
  else if (form.date > today) errors.date = 'The date cannot be in the future';
  if (form.rate.trim() === '') {
    errors.rate = 'Enter the rate';
  } else {
    try {
      parseRate(form.rate);
    } catch (error) {
      errors.rate = error instanceof Error ? error.message : 'Enter the rate as a positive number';
    }
  }
  return errors;
}
