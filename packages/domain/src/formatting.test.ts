import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  decimalsForQuantity,
  formatBytes,
  formatCompactCurrency,
  formatCompactNumber,
  formatCurrency,
  formatCurrencyFlow,
  formatDateTime,
  formatDateTokens,
  formatIsoDate,
  formatIsoDayMonth,
  formatIsoMonthYear,
  formatMoney,
  formatNumber,
  formatPercentage,
  formatSignedPercentage,
  formatRelativeTimeLong,
  formatRelativeTimeShort,
  truncate,
  truncateAccountName,
  truncateDescription,
  truncateTransactionName,
} from './formatting';
import { money } from './money';

describe('compact currency (spec §9)', () => {
  it.each([
    [0, 'USD', '$0.00'],
    [5.5, 'USD', '$5.50'],
    [9.99, 'USD', '$9.99'],
    [9.999, 'USD', '$10'],
    [0.004, 'USD', '$0.00'],
    [-0.001, 'USD', '$0.00'],
    [999.4, 'USD', '$999'],
    [999.5, 'USD', '$1.0K'],
    [999_940, 'USD', '$999.9K'],
    [999_960, 'USD', '$1.0M'],
    [1e15, 'USD', '$1,000.0T'],
    [10, 'USD', '$10'],
    [999, 'USD', '$999'],
    [1000, 'USD', '$1.0K'],
    [1500, 'USD', '$1.5K'],
    [999_999, 'USD', '$1.0M'],
    [2_345_678, 'EUR', '€2.3M'],
    [7_100_000_000, 'GBP', '£7.1B'],
    [3.2e12, 'JPY', '¥3.2T'],
    [1500, 'CAD', 'C$1.5K'],
    [1500, 'AUD', 'A$1.5K'],
    [1500, 'CHF', 'CHF 1.5K'],
    [12, 'EUR', '€12'],
    [7.5, 'JPY', '¥7.50'],
    [-1500, 'USD', '-$1.5K'],
    [-5, 'USD', '-$5.00'],
  ])('%d %s → %s', (value, currency, text) => expect(formatCompactCurrency(value, currency)).toBe(text));

  it('defaults to USD in en-US and follows the locale for digits', () => {
    expect(formatCompactCurrency(1234)).toBe('$1.2K');
    expect(formatCompactCurrency(1234, 'EUR', 'de-DE')).toBe('€1,2K');
  });
});

describe('compact number (spec §9)', () => {
  it.each([
    [123.456789, '123.4568'],
    [0.000123456, '0.000123'],
    [0.5, '0.5'],
    [42, '42'],
    [1234, '1.23K'],
    [5_600_000, '5.6M'],
    [-2_000_000_000, '-2B'],
    [0, '0'],
    [-0.25, '-0.25'],
    [999.99999, '1K'],
    [999_999, '1M'],
    [2.5e12, '2.5T'],
  ])('%d → %s', (value, text) => expect(formatCompactNumber(value)).toBe(text));
});

describe('percentage and flow (spec §9)', () => {
  it.each([
    [12.345, '12.35%'],
    [-3.2, '(3.20%)'],
    [0, '—'],
    [100, '100.00%'],
    [-0.001, '—'],
    [0.004, '—'],
    [0.005, '0.01%'],
    [1234.5, '1,234.50%'],
  ])('percentage %d → %s', (value, text) => expect(formatPercentage(value)).toBe(text));

  it.each([
    [3.2, '+3.20%'],
    [-3.2, '(3.20%)'],
    [0, '—'],
    [0.001, '—'],
  ])('signed percentage %d → %s', (value, text) => expect(formatSignedPercentage(value)).toBe(text));

  it.each([
    [1234.56, '$1,235'],
    [-50, '($50)'],
    [0, '$0'],
    [-0.2, '$0'],
    [-1234.5, '($1,235)'],
    [999.5, '$1,000'],
  ])('flow %d → %s', (value, text) => expect(formatCurrencyFlow(value)).toBe(text));

  it('formats flow in other currencies and locales', () => {
    expect(formatCurrencyFlow(-50, 'EUR', 'de-DE')).toBe('(50\u00a0€)');
    expect(formatCurrencyFlow(1200, 'GBP', 'en-GB')).toBe('£1,200');
  });
});

describe('money and numbers', () => {
  it('uses the currency exponent', () => {
    expect(formatMoney(money(123456, 'USD'))).toBe('$1,234.56');
    expect(formatMoney(money(1200, 'JPY'))).toBe('¥1,200');
    expect(formatMoney(money(-1234, 'KWD'))).toBe('-KWD\u00a01.234');
    expect(formatMoney(money(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00a0€');
  });

  it.each([
    [1234.567, 'USD', 'en-US', '$1,234.57'],
    [1234.5, 'JPY', 'en-US', '¥1,235'],
    [1.2345, 'KWD', 'en-US', 'KWD\u00a01.235'],
    [-5, 'USD', 'en-US', '-$5.00'],
    [1234.5, 'EUR', 'fr-FR', '1\u202f234,50\u00a0€'],
  ])('formatCurrency(%d, %s, %s) → %j', (value, currency, locale, text) =>
    expect(formatCurrency(value, currency, locale)).toBe(text),
  );

  it('follows the number format preference', () => {
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.50');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,50');
    expect(formatNumber(1234.5, 'fr-FR')).toBe('1\u202f234,50');
    expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.50');
    expect(formatNumber(1234.5, 'ja-JP', 0)).toBe('1,235');
    expect(formatNumber(0.123456, 'zh-CN', 4)).toBe('0.1235');
    expect(formatNumber(1234.5)).toBe('1,234.50');
  });

  it('chooses decimals per quantity (crypto 8, fractional 4, regular 2)', () => {
    expect(decimalsForQuantity(0.5, true)).toBe(8);
    expect(decimalsForQuantity(10.25, false)).toBe(4);
    expect(decimalsForQuantity(10, false)).toBe(2);
    expect(decimalsForQuantity(3, true)).toBe(8);
  });

  it('shows sizes from 1 MB in megabytes, smaller files in kilobytes or bytes', () => {
    expect(formatBytes(1_572_864)).toBe('1.50 MB');
    expect(formatBytes(1024 * 1024)).toBe('1.00 MB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.00 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatBytes(1024 * 1023)).toBe('1023.0 KB');
    expect(formatBytes(3277)).toBe('3.2 KB');
    expect(formatBytes(10_000)).toBe('9.8 KB');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(0)).toBe('0 bytes');
  });
});

describe('relative time (spec §9)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [30_000, 'Just now'],
    [5 * minute, '5m'],
    [3 * hour, '3h'],
    [2 * day, '2d'],
    [7 * day, '1w'],
    [27 * day, '3w'],
    [28 * day, '1mo'],
    [65 * day, '2mo'],
    [-minute, 'Just now'],
    [59_999, 'Just now'],
    [minute, '1m'],
    [59 * minute, '59m'],
    [hour, '1h'],
    [23 * hour, '23h'],
    [day, '1d'],
    [6 * day, '6d'],
    [14 * day, '2w'],
    [365 * day, '12mo'],
  ])('list style %d ms ago → %s', (elapsed, text) => {
    expect(formatRelativeTimeShort(ago(elapsed), now)).toBe(text);
    expect(formatRelativeTimeShort(now.getTime() - elapsed, now.getTime())).toBe(text);
  });

  it.each([
    [59 * minute, 'Just now'],
    [hour, '1h ago'],
    [23 * hour, '23h ago'],
    [day, '1d ago'],
    [6 * day, '6d ago'],
    [7 * day, 'Nov 15, 2026'],
    [10 * day, 'Nov 12, 2026'],
  ])('settings style %d ms ago → %s', (elapsed, text) =>
    expect(formatRelativeTimeLong(ago(elapsed), now)).toBe(text),
  );

  it('shows the settings short date in the locale and time zone', () => {
    const at = new Date('2026-01-01T03:00:00Z');
    expect(formatRelativeTimeLong(at, now, 'en-US', 'America/New_York')).toBe('Dec 31, 2025');
    expect(formatRelativeTimeLong(at, now, 'en-GB', 'Europe/London')).toBe('1 Jan 2026');
  });
});

describe('truncation (spec §5, §9)', () => {
  it('cuts transaction names at 50 to 47 plus an ellipsis', () => {
    const long = 'x'.repeat(60);
    expect(truncateTransactionName(long)).toBe(`${'x'.repeat(47)}...`);
    expect(truncateTransactionName('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts account names to 20 characters', () => {
    expect(truncateAccountName('Everyday Checking Account')).toBe('Everyday Checking...');
    expect(truncateAccountName('Everyday Checking Account')).toHaveLength(20);
    expect(truncateAccountName('Savings')).toBe('Savings');
    expect(truncate('ab', 1)).toBe('...');
    expect(truncate('😀😀😀😀😀', 4)).toBe('😀...');
  });

  it('cuts descriptions at 500 characters', () => {
    expect(truncateDescription('d'.repeat(500))).toBe('d'.repeat(500));
    expect(truncateDescription('d'.repeat(501))).toBe(`${'d'.repeat(497)}...`);
    expect(truncateDescription('d'.repeat(501))).toHaveLength(500);
  });
});

describe('dates (spec §9 tokens, §3 date formats)', () => {
  const at = new Date('2026-03-05T02:30:00Z');

  it('formats tokens in the given time zone', () => {
    expect(formatDateTokens(at, 'MM/DD/YYYY', 'UTC')).toBe('03/05/2026');
    expect(formatDateTokens(at, 'DD.MM.YY', 'UTC')).toBe('05.03.26');
    // 02:30 UTC is still the 4th in New York.
    expect(formatDateTokens(at, 'YYYY-MM-DD', 'America/New_York')).toBe('2026-03-04');
    expect(formatDateTokens(at, 'DD/MM/YYYY', 'Asia/Tokyo')).toBe('05/03/2026');
  });

  it('formats calendar dates without shifting them', () => {
    expect(formatIsoDate('2026-12-31', 'DD.MM.YYYY')).toBe('31.12.2026');
    expect(formatIsoDate('2026-01-02', 'MM/DD/YYYY')).toBe('01/02/2026');
    expect(formatIsoDate('2026-01-02', 'DD/MM/YYYY')).toBe('02/01/2026');
    expect(formatIsoDate('2026-01-02', 'YYYY-MM-DD')).toBe('2026-01-02');
    expect(DATE_FORMATS).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY']);
  });

  it.each([
    ['MM/DD/YYYY', '11/22', '11/2026'],
    ['DD/MM/YYYY', '22/11', '11/2026'],
    ['YYYY-MM-DD', '11-22', '2026-11'],
    ['DD.MM.YYYY', '22.11', '11.2026'],
  ] as const)('shortens %s to day and month %s, month and year %s', (pattern, dayMonth, monthYear) => {
    expect(formatIsoDayMonth('2026-11-22', pattern)).toBe(dayMonth);
    expect(formatIsoMonthYear('2026-11', pattern)).toBe(monthYear);
    expect(formatIsoMonthYear('2026-11-22', pattern)).toBe(monthYear);
  });

  it('formats an instant with the date format, the time zone and the locale', () => {
    const instant = new Date('2026-11-23T02:05:00Z');
    // ICU puts a narrow no-break space before PM in newer versions, a plain one in older.
    expect(formatDateTime(instant, 'MM/DD/YYYY', 'America/New_York', 'en-US')).toMatch(
      /^11\/22\/2026, 9:05\sPM$/,
    );
    expect(formatDateTime(instant, 'DD.MM.YYYY', 'Europe/Paris', 'de-DE')).toBe('23.11.2026, 03:05');
    expect(formatDateTime(instant, 'YYYY-MM-DD', 'Asia/Tokyo', 'ja-JP')).toBe('2026-11-23, 11:05');
  });
});
