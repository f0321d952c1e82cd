/** Reuses the summary periods of spec §3 (catalog TIME_PERIODS), exported from there. */
import type { TimePeriod } from '../catalog';
import { daysBetween } from '../categorization/text';
import {
  addDays,
  addMonths,
  dateRangeStart,
  type DateRange,
  type IsoDate,
  isIsoDate,
  parseIsoDate,
} from '../dates';
import { EARLIEST_USER_DATE } from '../input-bounds';

const maxDate = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b);

/** An inclusive range of calendar days: `from` ≤ `to`, both ISO dates. */
export type DateSpan = { from: IsoDate; to: IsoDate };

/**
 * Length in days of each rolling summary period (docs/analytics-api.md "Periods"): day counts rather
 * than calendar months, so a period and the one before it always have the same length.
 */
export const PERIOD_DAYS: Record<Exclude<TimePeriod, 'all-time'>, number> = {
  '1-month': 30,
  '3-months': 91,
  '6-months': 182,
  '1-year': 365,
};

/**
 * The days a summary period covers, ending `today` inclusive: '1-month' is the 30 days ending today,
 * '3-months' 91, '6-months' 182, '1-year' 365; 'all-time' runs from `firstDate` (the first transaction
 * or snapshot) or, without one, today alone. A `firstDate` after today is treated as today.
 */
export function periodRange(period: TimePeriod, today: IsoDate, firstDate?: IsoDate): DateSpan {
  parseIsoDate(today);
  if (period === 'all-time') {
    const from = firstDate !== undefined && daysBetween(firstDate, today) >= 0 ? firstDate : today;
    return { from, to: today };
  }
  return { from: addDays(today, -(PERIOD_DAYS[period] - 1)), to: today };
}

/** Number of days in an inclusive range (a one-day range has 1). Throws RangeError when `to` < `from`. */
export function rangeDays(range: DateSpan): number {
  const days = daysBetween(range.from, range.to) + 1;
  if (days < 1) throw new RangeError(`Range ends before it starts: ${range.from}..${range.to}`);
  return days;
}

/** The range of the same length ending the day before `range` starts (the comparison period). */
export function previousRange(range: DateSpan): DateSpan {
  const days = rangeDays(range);
  const to = addDays(range.from, -1);
  return { from: addDays(to, -(days - 1)), to };
}

/** Expense-flow periods: calendar month, quarter or year. */
export const FLOW_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type FlowPeriod = (typeof FLOW_PERIODS)[number];

/** Whether `value` is one of the expense-flow periods. */
export function isFlowPeriod(value: string): value is FlowPeriod {
  return (FLOW_PERIODS as readonly string[]).includes(value);
}

/** The calendar month, quarter (Jan–Mar, Apr–Jun, …) or year containing `date`, first to last day. */
export function flowRange(period: FlowPeriod, date: IsoDate): DateSpan {
  const { year, month } = parseIsoDate(date);
  const startMonth = period === 'monthly' ? month : period === 'quarterly' ? month - ((month - 1) % 3) : 1;
  const length = period === 'monthly' ? 1 : period === 'quarterly' ? 3 : 12;
  const from = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  return { from, to: addDays(addMonths(from, length), -1) };
}

/** Net-worth history ranges of GET /portfolio. */
export const PORTFOLIO_RANGES = ['1M', '3M', '6M', '1Y', 'ALL'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];

/** Whether `value` is one of the portfolio ranges (exact, upper-case). */
export function isPortfolioRange(value: string): value is PortfolioRange {
  return (PORTFOLIO_RANGES as readonly string[]).includes(value);
}

const PORTFOLIO_MONTHS: Record<Exclude<PortfolioRange, 'ALL'>, number> = {
  '1M': 1,
  '3M': 3,
  '6M': 6,
  '1Y': 12,
};

/**
 * First day of a net-worth history range ending `today`: the same day 1, 3, 6 or 12 calendar months back
 * (clamped to a shorter month's end, via addMonths), never before `earliest` (the first snapshot);
 * 'ALL' starts at `earliest`, or today when there is no history yet.
 */
export function portfolioRangeStart(
  range: PortfolioRange,
  today: IsoDate,
  earliest: IsoDate | null,
): IsoDate {
  parseIsoDate(today);
  // History stored before dates were bounded may reach back to year 1: ALL starts at 1900 at the earliest.
  if (range === 'ALL') return earliest === null ? today : maxDate(earliest, EARLIEST_USER_DATE);
  const start = addMonths(today, -PORTFOLIO_MONTHS[range]);
  return earliest !== null && daysBetween(start, earliest) > 0 ? earliest : start;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `value` is a calendar month written 'YYYY-MM'. */
export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

function checkMonth(month: string): void {
  if (!isMonth(month)) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
}

/** First and last day of a 'YYYY-MM' month and its number of days. Throws RangeError on a bad month. */
export function monthRange(month: string): { from: IsoDate; to: IsoDate; days: number } {
  checkMonth(month);
  const from = `${month}-01`;
  const to = addDays(addMonths(from, 1), -1);
  return { from, to, days: Number(to.slice(8)) };
}

/** The 'YYYY-MM' month before `month` (2026-01 → 2025-12). */
export function previousMonth(month: string): string {
  checkMonth(month);
  return addMonths(`${month}-01`, -1).slice(0, 7);
}

/** The 'YYYY-MM' month after `month` (2025-12 → 2026-01). */
export function nextMonth(month: string): string {
  checkMonth(month);
  return addMonths(`${month}-01`, 1).slice(0, 7);
}

/** The 'YYYY-MM' month containing an ISO date. Throws RangeError on a bad date. */
export function monthOf(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return date.slice(0, 7);
}

/**
 * What a `default_date_range` preference means on each page that has a period of its own, written once
 * so every page agrees. Each page takes the smallest of its options that still covers the preferred
 * range (a 7-day preference opens the dashboard on its shortest period, 'Last 30 days').
 */
export type DateRangeDefaults = {
  /** Dashboard summary period (spec §3 time period options). */
  period: TimePeriod;
  /** Net-worth history range (GET /portfolio). */
  portfolioRange: PortfolioRange;
  /** Expense-flow period. */
  flowPeriod: FlowPeriod;
  /** First day of the Activity list's date filter; null shows all history. */
  activityFrom: IsoDate | null;
};

const PORTFOLIO_OF_PERIOD: Record<TimePeriod, PortfolioRange> = {
  '1-month': '1M',
  '3-months': '3M',
  '6-months': '6M',
  '1-year': '1Y',
  'all-time': 'ALL',
};

/**
 * The summary period covering the year so far: the number of days since January 1 (inclusive) against
 * the periods' lengths in days (30, 91, 182; anything longer is the year).
 */
function yearToDatePeriod(today: IsoDate): TimePeriod {
  const { year } = parseIsoDate(today);
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
  if (days <= 30) return '1-month';
  if (days <= 91) return '3-months';
  if (days <= 182) return '6-months';
  return '1-year';
}

const PERIOD_OF_RANGE: Record<Exclude<DateRange, 'ytd'>, TimePeriod> = {
  '7d': '1-month',
  '30d': '1-month',
  '90d': '3-months',
  '1y': '1-year',
  all: 'all-time',
};

const FLOW_OF_RANGE: Record<DateRange, FlowPeriod> = {
  '7d': 'monthly',
  '30d': 'monthly',
  '90d': 'quarterly',
  '1y': 'yearly',
  ytd: 'yearly',
  all: 'yearly',
};

/**
 * Each page's default for a `default_date_range` preference as of `today` (see DateRangeDefaults):
 * 7d/30d → Last 30 days, 1M, monthly flow, activity from 6/29 days back; 90d → Last 3 months, 3M,
 * quarterly; 1y → Last 12 months, 1Y, yearly; ytd → the shortest period covering January 1 to today, yearly
 * flow, activity from January 1; all → All time, ALL, yearly, no activity date filter.
 */
export function dateRangeDefaults(range: DateRange, today: IsoDate): DateRangeDefaults {
  const period = range === 'ytd' ? yearToDatePeriod(today) : PERIOD_OF_RANGE[range];
  return {
    period,
    portfolioRange: PORTFOLIO_OF_PERIOD[period],
    flowPeriod: FLOW_OF_RANGE[range],
    activityFrom: range === 'all' ? null : dateRangeStart(range, today),
  };
}
