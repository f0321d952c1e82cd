import { describe, expect, it } from 'vitest';
import { isoWeekOf, lastCompletedPeriod, localDate, periodContaining } from './periods';

describe('localDate (the calendar date of an instant in a time zone)', () => {
  it.each([
    ['2026-11-20T04:59:00Z', 'America/New_York', '2026-11-19'],
    ['2026-11-20T05:00:00Z', 'America/New_York', '2026-11-20'],
    ['2026-11-19T15:30:00Z', 'Asia/Tokyo', '2026-11-20'],
    ['2026-11-19T12:59:00Z', 'Australia/Sydney', '2026-11-19'],
    ['2026-11-19T13:00:00Z', 'Australia/Sydney', '2026-11-20'],
    ['2026-03-29T00:30:00Z', 'Europe/London', '2026-03-29'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(localDate(new Date(instant), zone)).toBe(date);
  });
});

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-19', 2026, 47, '2026-11-16'],
    ['2026-11-22', 2026, 47, '2026-11-16'],
    ['2026-11-23', 2026, 48, '2026-11-23'],
    ['2026-12-31', 2026, 53, '2026-12-28'],
    ['2027-01-01', 2026, 53, '2026-12-28'],
    ['2027-01-04', 2027, 1, '2027-01-04'],
    ['2024-12-30', 2025, 1, '2024-12-30'],
    ['2021-01-03', 2020, 53, '2020-12-28'],
  ])('%s is %i-W%i (Monday %s)', (date, year, week, monday) => {
    expect(isoWeekOf(date)).toEqual({ year, week, monday });
  });
});

describe('periodContaining', () => {
  it.each([
    ['2026-11-19', 'daily', { key: '2026-11-19', from: '2026-11-19', to: '2026-11-19' }],
    ['2026-11-19', 'weekly', { key: '2026-W47', from: '2026-11-16', to: '2026-11-22' }],
    ['2026-11-19', 'iso_week', { key: '2026-W47', from: '2026-11-16', to: '2026-11-22' }],
    ['2026-11-19', 'monthly', { key: '2026-11', from: '2026-11-01', to: '2026-11-30' }],
    ['2024-02-10', 'monthly', { key: '2024-02', from: '2024-02-01', to: '2024-02-29' }],
    ['2027-01-02', 'weekly', { key: '2026-W53', from: '2026-12-28', to: '2027-01-03' }],
  ] as const)('%s %s → %o', (date, unit, period) => {
    expect(periodContaining(date, unit)).toEqual(period);
  });
});

describe('lastCompletedPeriod (the period that ended before today)', () => {
  it.each([
    ['2026-11-20', 'daily', { key: '2026-11-19', from: '2026-11-19', to: '2026-11-19' }],
    ['2026-03-01', 'daily', { key: '2026-02-28', from: '2026-02-28', to: '2026-02-28' }],
    ['2026-11-20', 'weekly', { key: '2026-W46', from: '2026-11-09', to: '2026-11-15' }],
    ['2026-11-16', 'weekly', { key: '2026-W46', from: '2026-11-09', to: '2026-11-15' }],
    ['2027-01-05', 'iso_week', { key: '2026-W53', from: '2026-12-28', to: '2027-01-03' }],
    ['2026-11-20', 'monthly', { key: '2026-10', from: '2026-10-01', to: '2026-10-31' }],
    ['2026-01-01', 'monthly', { key: '2025-12', from: '2025-12-01', to: '2025-12-31' }],
  ] as const)('on %s (%s) → %o', (today, unit, period) => {
    expect(lastCompletedPeriod(today, unit)).toEqual(period);
  });
});
