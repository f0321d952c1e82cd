import { describe, expect, it } from 'vitest';
import type { PortfolioPoint } from './api';
import { categoryActivityHref, parsePeriod, tableRows, todayIn, validateManualRate } from './model';

const point = (date: string): PortfolioPoint => ({
  date,
  netWorth: 0,
  cash: 0,
  investment: 0,
  crypto: 0,
  real_estate: 0,
  other: 0,
  liability: 0,
  account_count: 1,
  estimated: false,
});

function days(from: string, count: number): PortfolioPoint[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    point(new Date(start + index * 86_400_000).toISOString().slice(0, 10)),
  );
}

describe('dashboard model', () => {
  it('reads the period from the URL, falling back to the last month', () => {
    expect(parsePeriod('6-months')).toBe('6-months');
    expect(parsePeriod('2-weeks')).toBe('1-month');
    expect(parsePeriod(null)).toBe('1-month');
  });

  it('keeps daily table rows up to 92 days, then the last day of each month', () => {
    expect(tableRows(days('2026-08-23', 92))).toMatchObject({ monthly: false });
    const { monthly, rows } = tableRows(days('2026-01-15', 100));
    expect(monthly).toBe(true);
    expect(rows.map((row) => row.date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-24']);
  });

  it('links a category to its counted rows of the whole period, Uncategorized included', () => {
    expect(categoryActivityHref('FOOD_AND_DRINK', '2026-10-24', '2026-11-22')).toBe(
      '/activity?filter=counted&categories=FOOD_AND_DRINK&date=2026-10-24&to=2026-11-22',
    );
    expect(categoryActivityHref('', '2026-10-24', '2026-11-22')).toBe(
      '/activity?filter=counted&categories=UNCATEGORIZED&date=2026-10-24&to=2026-11-22',
    );
  });

  it('checks a manual rate', () => {
    const today = '2026-11-22';
    expect(validateManualRate({ base: 'eur', date: today, rate: '1.0842' }, 'USD', today)).toEqual({});
    expect(validateManualRate({ base: 'EURO', date: '2026-11-23', rate: '0' }, 'USD', today)).toEqual({
      base: 'Enter a three-letter currency code, such as EUR',
      date: 'The date cannot be in the future',
      rate: 'Enter the rate as a positive number',
    });
    expect(validateManualRate({ base: 'USD', date: '', rate: ' ' }, 'USD', today)).toEqual({
      base: 'Choose a currency other than USD',
      date: 'Enter a date',
      rate: 'Enter the rate',
    });
  });

  it('tells the day in the user’s time zone', () => {
    const evening = new Date('2026-11-23T03:30:00Z');
    expect(todayIn('America/New_York', evening)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', evening)).toBe('2026-11-23');
  });
});
