/** Exact arithmetic on decimal strings for price changes (never floats for amounts). */

function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

const decimals = (value: string) => value.split('.')[1]?.length ?? 0;

function unscale(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** a − b, exactly. */
export function decimalSubtract(a: string, b: string): string {
  const scale = Math.max(decimals(a), decimals(b));
  return unscale(scaled(a, scale) - scaled(b, scale), scale);
}

/** (a − b) / b × 100 rounded to 2 decimals (a percentage, not an amount); null when b is zero. */
export function percentChange(a: string, b: string): number | null {
  const scale = Math.max(decimals(a), decimals(b));
  const base = scaled(b, scale);
  if (base === 0n) return null;
  // Basis points of a hundredth of a percent, rounded half away from zero.
  const numerator = (scaled(a, scale) - base) * 100_000n;
  const quotient = numerator / base;
  const rounded = quotient >= 0n ? (quotient + 5n) / 10n : (quotient - 5n) / 10n;
  return Number(rounded) / 100;
}
