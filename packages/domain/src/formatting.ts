import { currencyExponent } from './currencies';
import { DECIMALS, DEFAULT_CURRENCY, DEFAULT_LOCALE, LIMITS } from './constants';
import { type Money, toMajorNumber } from './money';

/** Formatters of spec §9. Pure: `now` and time zones are passed in; output uses the given locale. */

const COMPACT_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CAD: 'C$',
  AUD: 'A$',
};
const SCALES = [
  { value: 1e3, suffix: 'K' },
  { value: 1e6, suffix: 'M' },
  { value: 1e9, suffix: 'B' },
  { value: 1e12, suffix: 'T' },
] as const;
type Scale = (typeof SCALES)[number];

function plain(value: number, minimumFractionDigits: number, maximumFractionDigits: number, locale: string) {
  return new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits }).format(value);
}

const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * The suffix scale for a magnitude, chosen after rounding so that a value never prints as '1,000'
 * of a smaller unit (999.6 → 1.0K, 999,960 → 1.0M). Undefined means no suffix.
 */
function pickScale(magnitude: number, unscaledDecimals: number, scaledDecimals: number): Scale | undefined {
  if (roundTo(magnitude, unscaledDecimals) < 1000) return undefined;
  return (
    SCALES.find((scale) => roundTo(magnitude / scale.value, scaledDecimals) < 1000) ??
    SCALES[SCALES.length - 1]
  );
}

/**
 * Compact currency (spec §9), `value` in major units: below 1,000 two decimals only when under 10
 * ($5.50, $999), then K, M, B, T with one decimal ($1.5K, $2.3M), rounded half away from zero by
 * Intl. Symbols for USD $, EUR €, GBP £, JPY ¥, CAD C$ and AUD A$; other currencies are prefixed with
 * their code ('CHF 1.5K'). Negative values get a leading minus before the symbol ('-$1.5K').
 */
export function formatCompactCurrency(
  value: number,
  currency = DEFAULT_CURRENCY,
  locale = DEFAULT_LOCALE,
): string {
  const symbol = COMPACT_SYMBOLS[currency] ?? `${currency} `;
  const magnitude = Math.abs(value);
  const scale = pickScale(magnitude, 0, 1);
  const text = scale
    ? `${plain(magnitude / scale.value, 1, 1, locale)}${scale.suffix}`
    : plain(magnitude, roundTo(magnitude, 2) < 10 ? 2 : 0, roundTo(magnitude, 2) < 10 ? 2 : 0, locale);
  const isZero = /^[0.,\s]*$/.test(text.replace(/[KMBT]$/, ''));
  return `${value < 0 && !isZero ? '-' : ''}${symbol}${text}`;
}

/**
 * Compact number (spec §9): up to 4 decimals by default, up to 6 for magnitudes below 1, then K, M, B,
 * T with up to 2 decimals ('1.23K'). Trailing zeros are dropped; negatives get a leading minus.
 */
export function formatCompactNumber(value: number, locale = DEFAULT_LOCALE): string {
  const magnitude = Math.abs(value);
  const scale = pickScale(magnitude, 4, 2);
  if (scale) return `${value < 0 ? '-' : ''}${plain(magnitude / scale.value, 0, 2, locale)}${scale.suffix}`;
  return plain(value, 0, magnitude > 0 && magnitude < 1 ? 6 : 4, locale);
}

/** The dash shown for a zero percentage (an em dash, U+2014). */
export const ZERO_PERCENT_TEXT = '—';

/**
 * Percentage (spec §9), `value` already in percent (12.5 → '12.50%'): two decimals, negatives in
 * parentheses ('(3.20%)'), and anything that rounds to 0.00 shown as the dash '—'.
 */
export function formatPercentage(value: number, locale = DEFAULT_LOCALE): string {
  if (roundTo(Math.abs(value), 2) === 0) return ZERO_PERCENT_TEXT;
  const text = `${plain(Math.abs(value), 2, 2, locale)}%`;
  return value < 0 ? `(${text})` : text;
}

/** A change or gain as a percentage: formatPercentage with a leading '+' on rises ('+3.20%'). */
export function formatSignedPercentage(value: number, locale = DEFAULT_LOCALE): string {
  const text = formatPercentage(value, locale);
  return value > 0 && text !== ZERO_PERCENT_TEXT ? `+${text}` : text;
}

/**
 * Currency flow (spec §9), `value` in major units: whole units (rounded half away from zero),
 * negatives in parentheses: $1,235 and ($50); an amount that rounds to zero shows as '$0'.
 */
export function formatCurrencyFlow(
  value: number,
  currency = DEFAULT_CURRENCY,
  locale = DEFAULT_LOCALE,
): string {
  const text = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(Math.abs(value));
  return value < 0 && Math.round(Math.abs(value)) !== 0 ? `(${text})` : text;
}

/**
 * A Money in its own currency with exactly the currency's exponent of decimals ('$1,234.56', '¥1,200',
 * 'KWD 1.234'); negatives with the locale's minus sign. No rounding happens: minor units are exact.
 */
export function formatMoney(amount: Money, locale = DEFAULT_LOCALE): string {
  const digits = currencyExponent(amount.currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: amount.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajorNumber(amount));
}

/**
 * A major-unit amount as currency in `locale`, with the currency's ISO exponent of decimals (USD 2,
 * JPY 0, KWD 3), rounded half away from zero by Intl. For display only; store Money, not floats.
 */
export function formatCurrency(value: number, currency = DEFAULT_CURRENCY, locale = DEFAULT_LOCALE): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A number in the user's number format (spec §3 `number_format` is a locale: en-US 1,234.50, de-DE
 * 1.234,50), with exactly `decimals` decimals (default 2), rounded half away from zero by Intl.
 */
export function formatNumber(value: number, locale = DEFAULT_LOCALE, decimals = 2): string {
  return plain(value, decimals, decimals, locale);
}

/**
 * Decimals to show for an asset quantity (spec §9): crypto always 8, other quantities with a fractional
 * part 4 (fractional shares), whole quantities 2 (the regular money precision).
 */
export function decimalsForQuantity(quantity: number, isCrypto: boolean): number {
  if (isCrypto) return DECIMALS.crypto;
  return Number.isInteger(quantity) ? DECIMALS.regular : DECIMALS.fractional;
}

const KB = 1024;
const MB = 1024 * KB;

/**
 * A file size: from 1 MB (1,048,576 bytes) in megabytes with two decimals (spec §9: '1.50 MB'); below
 * that in kilobytes with one decimal ('3.2 KB'), so a small statement does not read '0.00 MB'; under
 * 1 KB in bytes ('512 bytes', '1 byte').
 */
export function formatBytes(bytes: number): string {
  const kilobytes = (bytes / KB).toFixed(1);
  if (bytes >= MB || Number(kilobytes) >= 1024) return `${(bytes / MB).toFixed(2)} MB`;
  if (bytes >= KB) return `${kilobytes} KB`;
  const whole = Math.max(0, Math.round(bytes));
  return `${whole} ${whole === 1 ? 'byte' : 'bytes'}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * Relative time for lists (spec §9): 'Just now' under a minute, then '5m', '3h', '2d', '1w'–'3w'
 * (under 4 weeks), then months '1mo', '14mo'. Future times read as 'Just now'.
 */
export function formatRelativeTimeShort(at: Date | number, now: Date | number): string {
  const elapsed = Number(now) - Number(at);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d`;
  if (elapsed < 4 * WEEK) return `${Math.floor(elapsed / WEEK)}w`;
  return `${Math.max(1, Math.floor(elapsed / (30 * DAY)))}mo`;
}

/**
 * Relative time in settings (spec §9): under an hour 'Just now', under a day 'Nh ago', under a week
 * 'Nd ago', else a short date in the user's locale and time zone ('Nov 3, 2026').
 */
export function formatRelativeTimeLong(
  at: Date | number,
  now: Date | number,
  locale = DEFAULT_LOCALE,
  timeZone = 'UTC',
): string {
  const elapsed = Number(now) - Number(at);
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d ago`;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(at);
}

/**
 * Cuts `text` to at most `max` characters (code points, so emoji are never split), ending in '...'
 * when cut: a 60-character name with max 50 becomes 47 characters + '...'.
 */
export function truncate(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  return `${characters.slice(0, Math.max(0, max - 3)).join('')}...`;
}

/** Transaction names show at most 50 characters (47 + '...'). */
export function truncateTransactionName(name: string): string {
  return truncate(name, LIMITS.transactionNameLimit);
}

/** Descriptions show at most 500 characters (497 + '...'). */
export function truncateDescription(description: string): string {
  return truncate(description, LIMITS.descriptionLimit);
}

/** Account names show at most 20 characters (17 + '...'). */
export function truncateAccountName(name: string): string {
  return truncate(name, LIMITS.accountNameTruncateTo);
}

/** Preference `date_format` patterns (spec §3). */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/**
 * Formats an instant with tokens MM, DD, YYYY, YY (spec §9) as seen in `timeZone`.
 * Other characters are kept as they are.
 */
export function formatDateTokens(at: Date | number, pattern: string, timeZone = 'UTC'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const year = parts.year ?? '';
  return pattern.replace(/YYYY|YY|MM|DD/g, (token) => {
    switch (token) {
      case 'YYYY':
        return year;
      case 'YY':
        return year.slice(-2);
      case 'MM':
        return parts.month ?? '';
      default:
        return parts.day ?? '';
    }
  });
}

/** A calendar date ('YYYY-MM-DD', no time zone) in a `date_format` pattern. */
export function formatIsoDate(date: string, pattern: DateFormat): string {
  return formatDateTokens(new Date(`${date}T12:00:00Z`), pattern, 'UTC');
}

/** Each date format without its year (chart ticks over less than a year) and without its day. */
const DATE_FORMAT_PARTS: Record<DateFormat, { dayMonth: string; monthYear: string }> = {
  'MM/DD/YYYY': { dayMonth: 'MM/DD', monthYear: 'MM/YYYY' },
  'DD/MM/YYYY': { dayMonth: 'DD/MM', monthYear: 'MM/YYYY' },
  'YYYY-MM-DD': { dayMonth: 'MM-DD', monthYear: 'YYYY-MM' },
  'DD.MM.YYYY': { dayMonth: 'DD.MM', monthYear: 'MM.YYYY' },
};

/** A calendar date ('YYYY-MM-DD') as day and month in a `date_format`'s order: '11/22', '22.11', '11-22'. */
export function formatIsoDayMonth(date: string, pattern: DateFormat): string {
  return formatDateTokens(new Date(`${date}T12:00:00Z`), DATE_FORMAT_PARTS[pattern].dayMonth, 'UTC');
}

/** A calendar month ('YYYY-MM' or a date in it) in a `date_format`'s order: '11/2026', '2026-11', '11.2026'. */
export function formatIsoMonthYear(month: string, pattern: DateFormat): string {
  return formatDateTokens(
    new Date(`${month.slice(0, 7)}-01T12:00:00Z`),
    DATE_FORMAT_PARTS[pattern].monthYear,
    'UTC',
  );
}

/**
 * An instant (a sync, an import, a sign-in) as the user reads it: the calendar day in `timeZone` in the
 * `date_format` pattern, then the wall-clock time there in the `locale`'s style ('11/22/2026, 9:05 AM'
 * for en-US, '22.11.2026, 09:05' for de-DE).
 */
export function formatDateTime(
  at: Date | number,
  pattern: DateFormat,
  timeZone = 'UTC',
  locale = DEFAULT_LOCALE,
): string {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(at);
  return `${formatDateTokens(at, pattern, timeZone)}, ${time}`;
}
