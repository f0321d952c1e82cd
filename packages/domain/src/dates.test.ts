import { describe, expect, it } from 'vitest';
import { dateRangeDefaults } from './analytics/periods';
import {
  addDays,
  addMonths,
  DATE_RANGES,
  dateRangeStart,
  defaultHistoryStart,
  HISTORY_START,
  isDateRange,
  isIsoDate,
  parseIsoDate,
  periodStart,
} from './dates';

describe('period starts (spec §3 time periods)', () => {
  it.each([
    ['1-month', '2026-03-31', '2026-02-28'],
    ['1-month', '2026-01-15', '2025-12-15'],
    ['3-months', '2026-05-15', '2026-02-15'],
    ['6-months', '2024-08-31', '2024-02-29'],
    ['1-year', '2026-11-22', '2025-11-22'],
    ['1-year', '2024-02-29', '2023-02-28'],
    ['all-time', '2026-11-22', '2020-01-01'],
  ] as const)('%s ending %s starts %s', (period, today, start) =>
    expect(periodStart(period, today)).toBe(start),
  );

  it('refuses a malformed today', () => expect(() => periodStart('1-month', '2026-13-01')).toThrow());
});

describe('default_date_range starts (spec §3 preferences)', () => {
  it('has the six values', () => expect(DATE_RANGES).toEqual(['7d', '30d', '90d', '1y', 'ytd', 'all']));

  it.each([
    ['7d', '2026-11-22', '2026-11-16'],
    ['30d', '2026-11-22', '2026-10-24'],
    ['90d', '2026-11-22', '2026-08-25'],
    ['1y', '2026-11-22', '2025-11-22'],
    ['ytd', '2026-11-22', '2026-01-01'],
    ['ytd', '2026-01-01', '2026-01-01'],
    ['all', '2026-11-22', '2020-01-01'],
  ] as const)('%s ending %s starts %s', (range, today, start) =>
    expect(dateRangeStart(range, today)).toBe(start),
  );

  it.each([
    ['30d', true],
    ['ytd', true],
    ['14d', false],
  ])('isDateRange(%j) is %s', (value, expected) => expect(isDateRange(value)).toBe(expected));
});

describe('calendar arithmetic (spec §9 dates)', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-29', -29, '2026-02-28'],
  ])('%s + %i days = %s', (date, days, result) => expect(addDays(date, days)).toBe(result));

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -13, '2025-02-28'],
  ])('%s + %i months = %s', (date, months, result) => expect(addMonths(date, months)).toBe(result));

  it('goes six months back by default and starts history in 2020', () => {
    expect(defaultHistoryStart('2026-11-22')).toBe('2026-05-22');
    expect(HISTORY_START).toBe('2020-01-01');
  });

  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-2-3', false],
    ['2026-11-22T00:00:00Z', false],
    ['', false],
  ])('isIsoDate(%j) is %s', (value, expected) => expect(isIsoDate(value)).toBe(expected));

  it('parses the parts of a date', () =>
    expect(parseIsoDate('2026-07-04')).toEqual({ year: 2026, month: 7, day: 4 }));
});

describe('default_date_range on each page (one mapping for every page)', () => {
  it.each([
    [
      '7d',
      '2026-11-22',
      { period: '1-month', portfolioRange: '1M', flowPeriod: 'monthly', activityFrom: '2026-11-16' },
    ],
    [
      '30d',
      '2026-11-22',
      { period: '1-month', portfolioRange: '1M', flowPeriod: 'monthly', activityFrom: '2026-10-24' },
    ],
    [
      '90d',
      '2026-11-22',
      { period: '3-months', portfolioRange: '3M', flowPeriod: 'quarterly', activityFrom: '2026-08-25' },
    ],
    [
      '1y',
      '2026-11-22',
      { period: '1-year', portfolioRange: '1Y', flowPeriod: 'yearly', activityFrom: '2025-11-22' },
    ],
    [
      'all',
      '2026-11-22',
      { period: 'all-time', portfolioRange: 'ALL', flowPeriod: 'yearly', activityFrom: null },
    ],
  ] as const)('%s as of %s', (range, today, expected) =>
    expect(dateRangeDefaults(range, today)).toEqual(expected),
  );

  it.each([
    ['2026-01-30', '1-month', '1M'],
    ['2026-01-31', '3-months', '3M'],
    ['2026-04-01', '3-months', '3M'],
    ['2026-04-02', '6-months', '6M'],
    ['2026-07-01', '6-months', '6M'],
    ['2026-07-02', '1-year', '1Y'],
    ['2024-12-31', '1-year', '1Y'],
  ] as const)('year to date on %s opens %s (%s)', (today, period, portfolioRange) =>
    expect(dateRangeDefaults('ytd', today)).toEqual({
      period,
      portfolioRange,
      flowPeriod: 'yearly',
      activityFrom: `${today.slice(0, 4)}-01-01`,
    }),
  );
});
