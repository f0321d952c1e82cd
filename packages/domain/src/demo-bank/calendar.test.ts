import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import { dayNumber, isBankDay, isBankHoliday, isoOf, isTradingDay, weekday } from './calendar';

describe('demo bank calendar', () => {
  it('round-trips ISO dates and knows the weekday', () => {
    let date = '2019-12-25';
    for (let i = 0; i < 2_600; i++) {
      expect(isoOf(dayNumber(date))).toBe(date);
      date = addDays(date, 1);
    }
    expect(weekday(dayNumber('2026-11-22'))).toBe(0);
    expect(weekday(dayNumber('2025-07-04'))).toBe(5);
  });

  it('knows the 2025 Federal Reserve holidays', () => {
    const holidays: string[] = [];
    for (let day = dayNumber('2025-01-01'); day <= dayNumber('2025-12-31'); day++) {
      if (isBankHoliday(day)) holidays.push(isoOf(day));
    }
    expect(holidays).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-10-13',
      '2025-11-11',
      '2025-11-27',
      '2025-12-25',
    ]);
  });

  it('moves Sunday holidays to Monday but not Saturday ones to Friday (banks)', () => {
    expect(isBankDay(dayNumber('2022-12-26'))).toBe(false); // Christmas on a Sunday
    expect(isBankDay(dayNumber('2026-07-03'))).toBe(true); // July 4 on a Saturday
  });

  it('closes the exchange on Good Friday and the Friday before a Saturday holiday, not on Columbus Day', () => {
    expect(isTradingDay(dayNumber('2025-04-18'))).toBe(false);
    expect(isTradingDay(dayNumber('2026-07-03'))).toBe(false);
    expect(isTradingDay(dayNumber('2025-10-13'))).toBe(true);
    expect(isTradingDay(dayNumber('2022-12-31'))).toBe(false);
    expect(isTradingDay(dayNumber('2021-12-31'))).toBe(true); // New Year on a Saturday: open
  });
});
