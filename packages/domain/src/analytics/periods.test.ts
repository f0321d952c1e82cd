import { describe, expect, it } from 'vitest';
import {
  FLOW_PERIODS,
  flowRange,
  isFlowPeriod,
  isMonth,
  isPortfolioRange,
  monthOf,
  monthRange,
  nextMonth,
  PORTFOLIO_RANGES,
  periodRange,
  portfolioRangeStart,
  previousMonth,
  previousRange,
  rangeDays,
} from './periods';

describe('periodRange (rolling day counts ending today)', () => {
  it.each([
    ['1-month', '2026-11-22', '2026-10-24', 30],
    ['3-months', '2026-11-22', '2026-08-24', 91],
    ['6-months', '2026-11-22', '2026-05-25', 182],
    ['1-year', '2026-11-22', '2025-11-23', 365],
    ['1-month', '2024-03-01', '2024-02-01', 30],
    ['1-year', '2024-12-31', '2024-01-02', 365],
  ] as const)('%s ending %s starts %s (%i days)', (period, today, from, days) => {
    const range = periodRange(period, today);
    expect(range).toEqual({ from, to: today });
    expect(rangeDays(range)).toBe(days);
  });

  it.each([
    ['2023-04-05', { from: '2023-04-05', to: '2026-11-22' }],
    [undefined, { from: '2026-11-22', to: '2026-11-22' }],
    ['2026-11-22', { from: '2026-11-22', to: '2026-11-22' }],
    ['2026-12-01', { from: '2026-11-22', to: '2026-11-22' }],
  ])('all-time with first date %s', (firstDate, expected) =>
    expect(periodRange('all-time', '2026-11-22', firstDate)).toEqual(expected),
  );

  it('ignores firstDate for rolling periods', () =>
    expect(periodRange('1-month', '2026-11-22', '2020-01-01').from).toBe('2026-10-24'));

  it('refuses a malformed today', () =>
    expect(() => periodRange('1-month', '2026-02-30')).toThrow(RangeError));
});

describe('previousRange (same length, immediately before)', () => {
  it.each([
    [
      { from: '2026-10-24', to: '2026-11-22' },
      { from: '2026-09-24', to: '2026-10-23' },
    ],
    [
      { from: '2026-11-22', to: '2026-11-22' },
      { from: '2026-11-21', to: '2026-11-21' },
    ],
    [
      { from: '2024-03-01', to: '2024-03-31' },
      { from: '2024-01-30', to: '2024-02-29' },
    ],
    [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
    ],
  ])('before %j is %j', (range, expected) => {
    const previous = previousRange(range);
    expect(previous).toEqual(expected);
    expect(rangeDays(previous)).toBe(rangeDays(range));
  });

  it('refuses a range that ends before it starts', () =>
    expect(() => previousRange({ from: '2026-11-22', to: '2026-11-21' })).toThrow(RangeError));
});

describe('flowRange (calendar month, quarter, year)', () => {
  it('lists the periods', () => expect(FLOW_PERIODS).toEqual(['monthly', 'quarterly', 'yearly']));

  it.each([
    ['monthly', '2026-11-22', '2026-11-01', '2026-11-30'],
    ['monthly', '2024-02-10', '2024-02-01', '2024-02-29'],
    ['monthly', '2026-12-31', '2026-12-01', '2026-12-31'],
    ['quarterly', '2026-01-01', '2026-01-01', '2026-03-31'],
    ['quarterly', '2026-06-30', '2026-04-01', '2026-06-30'],
    ['quarterly', '2026-08-15', '2026-07-01', '2026-09-30'],
    ['quarterly', '2026-11-22', '2026-10-01', '2026-12-31'],
    ['yearly', '2026-11-22', '2026-01-01', '2026-12-31'],
  ] as const)('%s containing %s is %s..%s', (period, date, from, to) =>
    expect(flowRange(period, date)).toEqual({ from, to }),
  );

  it.each([
    ['monthly', true],
    ['quarterly', true],
    ['weekly', false],
    ['Monthly', false],
  ])('isFlowPeriod(%j) is %s', (value, expected) => expect(isFlowPeriod(value)).toBe(expected));
});

describe('portfolioRangeStart (calendar months back, never before the first snapshot)', () => {
  it('lists the ranges', () => expect(PORTFOLIO_RANGES).toEqual(['1M', '3M', '6M', '1Y', 'ALL']));

  it.each([
    ['1M', '2026-11-22', null, '2026-10-22'],
    ['1M', '2026-03-31', null, '2026-02-28'],
    ['3M', '2026-05-31', null, '2026-02-28'],
    ['6M', '2024-08-31', null, '2024-02-29'],
    ['1Y', '2026-11-22', null, '2025-11-22'],
    ['1Y', '2026-11-22', '2026-06-01', '2026-06-01'],
    ['1Y', '2026-11-22', '2025-11-22', '2025-11-22'],
    ['1M', '2026-11-22', '2020-01-01', '2026-10-22'],
    ['ALL', '2026-11-22', '2021-03-04', '2021-03-04'],
    ['ALL', '2026-11-22', null, '2026-11-22'],
  ] as const)('%s ending %s with earliest %s starts %s', (range, today, earliest, start) =>
    expect(portfolioRangeStart(range, today, earliest)).toBe(start),
  );

  it.each([
    ['1Y', true],
    ['ALL', true],
    ['1y', false],
    ['2Y', false],
  ])('isPortfolioRange(%j) is %s', (value, expected) => expect(isPortfolioRange(value)).toBe(expected));
});

describe('months', () => {
  it.each([
    ['2026-11', { from: '2026-11-01', to: '2026-11-30', days: 30 }],
    ['2024-02', { from: '2024-02-01', to: '2024-02-29', days: 29 }],
    ['2025-02', { from: '2025-02-01', to: '2025-02-28', days: 28 }],
    ['2026-12', { from: '2026-12-01', to: '2026-12-31', days: 31 }],
  ])('monthRange(%s)', (month, expected) => expect(monthRange(month)).toEqual(expected));

  it.each([
    ['2026-11', true],
    ['2026-01', true],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-1', false],
    ['2026-11-01', false],
    ['', false],
  ])('isMonth(%j) is %s', (value, expected) => expect(isMonth(value)).toBe(expected));

  it.each([
    ['2026-01', '2025-12', '2026-02'],
    ['2026-12', '2026-11', '2027-01'],
    ['2024-03', '2024-02', '2024-04'],
  ])('around %s: previous %s, next %s', (month, previous, next) => {
    expect(previousMonth(month)).toBe(previous);
    expect(nextMonth(month)).toBe(next);
  });

  it.each([
    ['2026-11-22', '2026-11'],
    ['2024-02-29', '2024-02'],
  ])('monthOf(%s) is %s', (date, month) => expect(monthOf(date)).toBe(month));

  it.each([
    () => monthRange('2026-13'),
    () => previousMonth('26-01'),
    () => nextMonth('2026-1'),
    () => monthOf('2026-02-30'),
  ])('refuses malformed input (%#)', (call) => expect(call).toThrow(RangeError));
});
