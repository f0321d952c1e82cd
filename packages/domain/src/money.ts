import { currencyExponent } from './currencies';

/**
 * A fiat amount: an integer number of minor units (cents for USD, yen for JPY) in one currency.
 * Sign convention: positive = money into the account, negative = money out.
 */
export type Money = { readonly amountMinor: number; readonly currency: string };

/** Thrown when amounts in two currencies are combined (add, subtract, compare, sum). */
export class CurrencyMismatchError extends Error {
  constructor(a: string, b: string) {
    super(`Cannot combine amounts in ${a} and ${b}`);
    this.name = 'CurrencyMismatchError';
  }
}

/** Builds a Money, refusing fractional or unsafe minor-unit amounts and unknown currencies. */
export function money(amountMinor: number, currency: string): Money {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Minor-unit amount must be a safe integer, got ${amountMinor}`);
  }
  currencyExponent(currency);
  return { amountMinor: amountMinor === 0 ? 0 : amountMinor, currency };
}

/**
 * Parses a decimal amount in major units ('19.99', '-5', 1234.5) into Money without floating-point
 * drift. Extra decimals beyond the currency's exponent are rounded half away from zero.
 */
export function fromMajor(value: string | number, currency: string): Money {
  const exponent = currencyExponent(currency);
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Not a decimal amount: ${String(value)}`);
  }
  const negative = match[1] === '-';
  const whole = match[2] || '0';
  const fraction = match[3] ?? '';
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  let minor = BigInt(whole + kept);
  if ((fraction[exponent] ?? '0') >= '5') minor += 1n;
  const signed = negative ? -minor : minor;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${String(value)}`);
  }
  return money(Number(signed), currency);
}

/** The amount in major units as an exact decimal string ('19.99', '-0.05', '1200' for JPY). */
export function toMajorString(amount: Money): string {
  const exponent = currencyExponent(amount.currency);
  const digits = Math.abs(amount.amountMinor)
    .toString()
    .padStart(exponent + 1, '0');
  const sign = amount.amountMinor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Alias of toMajorString: the exact major-unit decimal string ('19.99' for 1999 USD cents). */
export function toMajor(amount: Money): string {
  return toMajorString(amount);
}

/** The amount in major units as a number, for display and charts only (never for arithmetic). */
export function toMajorNumber(amount: Money): number {
  return amount.amountMinor / 10 ** currencyExponent(amount.currency);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
}

/** a + b. Throws CurrencyMismatchError for different currencies. */
export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

/** a − b. Throws CurrencyMismatchError for different currencies. */
export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

/** Sum of `amounts`, all in `currency` (zero when empty). */
export function sum(amounts: readonly Money[], currency: string): Money {
  return amounts.reduce((total, amount) => add(total, amount), money(0, currency));
}

/** The same amount with the opposite sign (money in ↔ money out); zero stays +0. */
export function negate(amount: Money): Money {
  return money(-amount.amountMinor, amount.currency);
}

/** The magnitude of an amount (sign dropped), in the same currency. */
export function abs(amount: Money): Money {
  return money(Math.abs(amount.amountMinor), amount.currency);
}

/** Whether the amount is exactly zero minor units. */
export function isZero(amount: Money): boolean {
  return amount.amountMinor === 0;
}

/** −1, 0 or 1. Throws CurrencyMismatchError for different currencies. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amountMinor < b.amountMinor ? -1 : a.amountMinor > b.amountMinor ? 1 : 0;
}

/**
 * Splits `amount` in proportion to `ratios` (non-negative, not all zero) by the largest-remainder
 * method: each part gets its floor share, and the minor units left over go one by one to the parts with
 * the largest remainders (earlier parts first on ties). The parts always sum exactly to `amount`.
 */
export function allocate(amount: Money, ratios: readonly number[]): Money[] {
  if (ratios.length === 0) throw new RangeError('allocate needs at least one ratio');
  if (ratios.some((ratio) => !Number.isFinite(ratio) || ratio < 0)) {
    throw new RangeError('allocate ratios must be finite and non-negative');
  }
  const total = ratios.reduce((a, b) => a + b, 0);
  if (total === 0) throw new RangeError('allocate ratios must not all be zero');
  const sign = amount.amountMinor < 0 ? -1 : 1;
  const whole = Math.abs(amount.amountMinor);
  const exact = ratios.map((ratio) => (whole * ratio) / total);
  const parts = exact.map(Math.floor);
  let left = whole - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((part) => money(sign * part, amount.currency));
}

/**
 * Spec §5 money parsing for user input, result in major units: a number passes unchanged; in a string
 * everything except digits, '.' and '-' is removed (so '1.234,5' reads as 1.2345: use the dot as the
 * decimal separator), a number written in parentheses is negative, and anything unparseable is 0.
 * No rounding.
 */
export function parseMoneyInput(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  // Accounting notation: the number itself sits in parentheses ('(45.00)', '$(45.00)', '(1,000) USD').
  const parenthesised = /\([^()]*\d[^()]*\)/.test(trimmed);
  const parsed = Number.parseFloat(trimmed.replace(/[^\d.-]/g, ''));
  if (Number.isNaN(parsed)) return 0;
  return parenthesised ? -Math.abs(parsed) : parsed;
}

/**
 * Spec §5: throws Error('Invalid financial amount') for NaN, else the value (major units) rounded to
 * two decimals, half away from zero (1.005 → 1.01, -2.345 → -2.35).
 */
export function sanitizeFinancialAmount(value: number): number {
  if (Number.isNaN(value)) throw new Error('Invalid financial amount');
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // toFixed avoids exponent notation for small and large values; 10 places cover every exponent.
  return value.toFixed(10).replace(/\.?0+$/, '') || '0';
}
