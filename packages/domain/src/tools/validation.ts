import { DEFAULT_LOCALE } from '../constants';

/**
 * Input checks shared by the calculators. Each check returns the message to show under the field, or
 * undefined when the value is acceptable; a calculator reports one message per field (the first rule
 * it breaks), keyed by the field's name.
 */

/** Field name → message, for the fields that have a problem. Empty when the input is valid. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * Largest amount (major units) a calculator accepts: far above any household figure, and small enough
 * that a century of growth at 100 % a year stays a finite number.
 */
export const TOOL_MAX_AMOUNT = 1_000_000_000_000;

export const TOOL_MESSAGES = {
  enterNumber: 'Enter a number',
  amountZeroOrMore: 'Enter an amount of 0 or more',
  amountAboveZero: 'Enter an amount greater than 0',
  amountTooLarge: 'Enter an amount up to 1,000,000,000,000',
  rate: 'Enter a rate between 0 and 100',
  withdrawalRate: 'Enter a withdrawal rate above 0 and up to 100',
  years: 'Enter a whole number of years between 1 and 100',
  term: 'Enter a term between 1 month and 100 years',
  compounding: 'Choose how often interest compounds',
  contributionTiming: 'Choose when contributions are made',
  startDate: 'Enter a valid date',
  age: 'Enter an age between 0 and 119',
  maxAge: 'Enter an age after your current age, up to 120',
} as const;

/** An amount in major units: 0 or more (or above 0 without `allowZero`), at most TOOL_MAX_AMOUNT. */
export function checkAmount(value: number, options: { allowZero: boolean }): string | undefined {
  if (!Number.isFinite(value)) return TOOL_MESSAGES.enterNumber;
  if (options.allowZero ? value < 0 : value <= 0) {
    return options.allowZero ? TOOL_MESSAGES.amountZeroOrMore : TOOL_MESSAGES.amountAboveZero;
  }
  if (value > TOOL_MAX_AMOUNT) return TOOL_MESSAGES.amountTooLarge;
  return undefined;
}

/** A yearly rate in percent, 0 to 100 inclusive. */
export function checkRatePercent(value: number): string | undefined {
  if (!Number.isFinite(value)) return TOOL_MESSAGES.enterNumber;
  return value < 0 || value > 100 ? TOOL_MESSAGES.rate : undefined;
}

/** A whole number between `min` and `max` inclusive; `message` explains the range. */
export function checkWholeNumber(
  value: number,
  min: number,
  max: number,
  message: string,
): string | undefined {
  if (!Number.isFinite(value)) return TOOL_MESSAGES.enterNumber;
  return Number.isInteger(value) && value >= min && value <= max ? undefined : message;
}

/** Drops the fields without a message, so a valid input yields `{}`. */
export function compactErrors<T>(errors: FieldErrors<T>): FieldErrors<T> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as FieldErrors<T>;
}

/** Whether a validation result has no messages. */
export function hasNoErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).every((message) => message === undefined);
}

/** Throws a RangeError naming the first invalid field, so a calculator never runs on bad input. */
export function assertValid<T>(errors: FieldErrors<T>, calculator: string): void {
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') throw new RangeError(`${calculator}: ${field}: ${message}`);
  }
}

/** The decimal separator of `locale` ('.' for en-US, ',' for de-DE). */
function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * Reads a number typed into a calculator field; NaN when it is empty or not a number. Spaces,
 * apostrophes, currency symbols and '%' are ignored. When both '.' and ',' appear, the later one is the
 * decimal separator ('1,234.5' and '1.234,5' are both 1234.5). A separator that appears more than once
 * groups thousands ('1,000,000'). A single one is the decimal separator when it is `locale`'s ('12.5'
 * in en-US, '12,5' in de-DE); the other one groups thousands only when exactly three digits follow it
 * ('1,000' in en-US and '10.000' in de-DE are thousands; '12,5' in en-US still reads as 12.5).
 */
export function parseToolNumber(text: string, locale = DEFAULT_LOCALE): number {
  const cleaned = text.trim().replace(/[\s'’_$€£¥%]/g, '');
  if (cleaned === '') return Number.NaN;
  const lastDot = cleaned.lastIndexOf('.');
  const lastComma = cleaned.lastIndexOf(',');
  let decimal: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastComma > lastDot ? ',' : '.';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const once = cleaned.indexOf(separator) === cleaned.lastIndexOf(separator);
    // Repeated separators must group digits in threes ('1.2.3' is not a number).
    if (!once && !/^-?\d{1,3}([.,]\d{3})+$/.test(cleaned)) return Number.NaN;
    const groupsThousands =
      !once || (separator !== decimalSeparator(locale) && /^-?\d{1,3}[.,]\d{3}$/.test(cleaned));
    decimal = groupsThousands ? undefined : separator;
  }
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : /[.,]/g;
  let normalised = cleaned.replaceAll(group, '');
  if (decimal === ',') normalised = normalised.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}
