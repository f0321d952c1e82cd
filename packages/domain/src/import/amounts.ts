import { currencyExponent } from '../currencies';
import { fromMajor } from '../money';

/** The character that separates whole units from the fraction in a file's amounts. */
export type DecimalSeparator = '.' | ',';

type Cleaned = { negative: boolean; body: string };

const PLAIN = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * Strips what banks wrap around a number: currency symbols and codes, spaces (also no-break ones),
 * Swiss apostrophes, a sign in front or behind ('12,50-'), accounting parentheses and a trailing
 * CR/DR marker. Returns the bare digits-and-separators body and whether the value is negative.
 */
function clean(raw: string): Cleaned | undefined {
  // Most cells are plain ('-12.50'): skip the regular expressions below for them.
  if (PLAIN.test(raw))
    return raw[0] === '-'
      ? { negative: true, body: raw.slice(1) }
      : { negative: false, body: raw[0] === '+' ? raw.slice(1) : raw };
  let text = raw.trim().replace(/\u2212/g, '-');
  let negative = false;
  const marker = /(?<=[\d\s)])\s*(CR|DR)\.?$/i.exec(text);
  if (marker) {
    negative = marker[1]?.toUpperCase() === 'DR';
    text = text.slice(0, marker.index);
  }
  const parenthesised = /^\((.*)\)$/.exec(text.trim());
  if (parenthesised) {
    negative = !negative;
    text = parenthesised[1] ?? '';
  }
  text = text
    .replace(/\p{Sc}/gu, '')
    .trim()
    .replace(/^[A-Z]{3}(?![A-Za-z])|(?<![A-Za-z])[A-Z]{3}$/g, '');
  text = text.replace(/\s+/g, '').replace(/(?<=\d)['’](?=\d)/g, '');
  const sign = /^([+-])?(.*?)(-)?$/.exec(text);
  if (!sign) return undefined;
  if (sign[1] === '-' || sign[3] === '-') negative = !negative;
  if (sign[1] && sign[3]) return undefined;
  return { negative, body: sign[2] ?? '' };
}

const BODY: Record<DecimalSeparator, RegExp> = {
  // Whole part without grouping, or grouped by thousands (or Indian lakhs: 1,23,456), then a fraction.
  '.': /^(?:\d+|\d{1,3}(?:,\d{2,3})*,\d{3})(?:\.\d*)?$|^\.\d+$/,
  ',': /^(?:\d+|\d{1,3}(?:\.\d{2,3})*\.\d{3})(?:,\d*)?$|^,\d+$/,
};

/**
 * Parses one amount cell of a bank export into signed minor units of `currency`, reading `decimal`
 * as the decimal separator and the other one as a thousands separator ('1.234,56' with ',' →
 * 123456 for EUR). Accepts '-12.50', '12.50-', '(12.50)', '£1,234.56', '12.50 CR'/'12.50 DR',
 * '1 234,56', "1'234.56". Digits beyond the currency's exponent are rounded half away from zero.
 * Returns undefined for anything else (including an empty cell).
 */
export function parseAmountCell(
  raw: string,
  decimal: DecimalSeparator,
  currency: string,
): number | undefined {
  const cleaned = clean(raw);
  if (!cleaned || !BODY[decimal].test(cleaned.body)) return undefined;
  const thousands = decimal === '.' ? ',' : '.';
  let plain = cleaned.body.split(thousands).join('');
  if (decimal === ',') plain = plain.replace(',', '.');
  if (plain.endsWith('.')) plain = plain.slice(0, -1);
  const minor = toMinorUnits(plain, currency);
  if (minor === undefined) return undefined;
  return cleaned.negative && minor !== 0 ? -minor : minor;
}

/** '1234.5' → 123450 for a 2-decimal currency; exact integer arithmetic when it fits, else fromMajor. */
function toMinorUnits(plain: string, currency: string): number | undefined {
  const exponent = currencyExponent(currency);
  const dot = plain.indexOf('.');
  const whole = dot < 0 ? plain : plain.slice(0, dot);
  const fraction = dot < 0 ? '' : plain.slice(dot + 1);
  // Up to 15 digits stay below 2^53, so the product and sum are exact.
  if (fraction.length <= exponent && whole.length + exponent <= 15) {
    return Number(whole || '0') * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  }
  try {
    return fromMajor(plain, currency).amountMinor;
  } catch {
    return undefined;
  }
}

/**
 * What one amount says about the decimal separator: '1.234,56' and '-12,50' say ',', '1,234.56' and
 * '12.5' say '.', while '1,234', '1.234' and '12' say nothing (undefined).
 */
export function decimalSeparatorOf(raw: string): DecimalSeparator | undefined {
  const body = clean(raw)?.body ?? '';
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : undefined;
  if (!separator) return undefined;
  const other: DecimalSeparator = separator === '.' ? ',' : '.';
  if (body.indexOf(separator) !== body.lastIndexOf(separator)) return other;
  const fraction = body.length - body.lastIndexOf(separator) - 1;
  return fraction === 3 ? undefined : separator;
}

/**
 * Parses an amount whose decimal separator is not declared (OFX TRNAMT, QIF T/U) into signed minor
 * units: the value's own separators decide (see decimalSeparatorOf); an ambiguous value reads '.' as
 * the decimal separator ('1,234' → 1234.00, '1.234' → 1.234, rounded to the currency's exponent).
 */
export function parseLooseAmount(raw: string, currency: string): number | undefined {
  const decimal = decimalSeparatorOf(raw) ?? '.';
  return (
    parseAmountCell(raw, decimal, currency) ?? parseAmountCell(raw, decimal === '.' ? ',' : '.', currency)
  );
}
