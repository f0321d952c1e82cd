import { percentOf as domainPercentOf } from '@lodestar/domain';

/**
 * Exact arithmetic on the decimal strings quantities and prices are stored as (numeric(38, 18)), so an
 * 8-decimal crypto quantity times a price never drifts the way binary floating point would.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

type Scaled = { digits: bigint; scale: number };

function parse(value: string): Scaled {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const fraction = match[3] ?? '';
  const digits = BigInt((match[2] ?? '0') + fraction);
  return { digits: match[1] === '-' ? -digits : digits, scale: fraction.length };
}

/** The shortest form of a decimal string: '12.500000000000000000' → '12.5', '3.000' → '3', '-0' → '0'. */
export function normalizeDecimal(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const whole = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = /^0*$/.test(whole + fraction);
  const sign = match[1] === '-' && !zero ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Whether a decimal string has a non-zero fractional part ('12.5' yes, '12.000' no). */
export function hasFraction(value: string): boolean {
  return normalizeDecimal(value).includes('.');
}

/**
 * `quantity × price` in minor units of a currency with `exponent` decimals (USD 2, JPY 0), computed
 * exactly and rounded once, half away from zero. Throws RangeError when the result is not a safe integer.
 */
export function productMinor(quantity: string, price: string, exponent: number): number {
  const a = parse(quantity);
  const b = parse(price);
  const num = a.digits * b.digits * 10n ** BigInt(exponent);
  const den = 10n ** BigInt(a.scale + b.scale);
  const negative = num < 0n;
  const magnitude = negative ? -num : num;
  let quotient = magnitude / den;
  if ((magnitude % den) * 2n >= den) quotient += 1n;
  const result = negative ? -quotient : quotient;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${quantity} × ${price}`);
  }
  return result === 0n ? 0 : Number(result);
}

/** The domain's percentOf (2 decimals, half away from zero), null instead of an error when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : domainPercentOf(part, whole);
}
