import { describe, expect, it } from 'vitest';
import { currencyExponent, CURRENCY_CODES, isCurrencyCode } from './currencies';
import {
  abs,
  add,
  allocate,
  compare,
  CurrencyMismatchError,
  fromMajor,
  isZero,
  money,
  negate,
  parseMoneyInput,
  sanitizeFinancialAmount,
  subtract,
  sum,
  toMajor,
  toMajorNumber,
  toMajorString,
} from './money';

describe('currency table', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['ISK', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['TND', 3],
    ['IQD', 3],
    ['JOD', 3],
    ['LYD', 3],
    ['OMR', 3],
    ['CLF', 4],
    ['UYW', 4],
    ['GBP', 2],
    ['CHF', 2],
    ['CNY', 2],
    ['CAD', 2],
    ['AUD', 2],
    ['VND', 0],
    ['CLP', 0],
    ['IDR', 2],
    ['XCG', 2],
    ['HRK', 2],
  ])('%s has %i decimals', (code, exponent) => expect(currencyExponent(code)).toBe(exponent));

  it('rejects unknown and lower-case codes', () => {
    expect(() => currencyExponent('XYZ')).toThrow('Unknown currency code: XYZ');
    expect(isCurrencyCode('usd')).toBe(false);
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
  });
});

describe('Money', () => {
  it('parses major units exactly, without floating-point drift', () => {
    expect(fromMajor('19.99', 'USD')).toEqual({ amountMinor: 1999, currency: 'USD' });
    expect(fromMajor(0.1 + 0.2, 'USD').amountMinor).toBe(30);
    expect(fromMajor('-5', 'USD').amountMinor).toBe(-500);
    expect(fromMajor('1200', 'JPY').amountMinor).toBe(1200);
    expect(fromMajor('1.2345', 'KWD').amountMinor).toBe(1235);
    expect(fromMajor('.5', 'USD').amountMinor).toBe(50);
  });

  it('rounds extra decimals half away from zero', () => {
    expect(fromMajor('0.005', 'USD').amountMinor).toBe(1);
    expect(fromMajor('-0.005', 'USD').amountMinor).toBe(-1);
    expect(fromMajor('0.0049', 'USD').amountMinor).toBe(0);
  });

  it('refuses text that is not a decimal and fractional minor units', () => {
    expect(() => fromMajor('12,50', 'USD')).toThrow('Not a decimal amount');
    expect(() => fromMajor('', 'USD')).toThrow('Not a decimal amount');
    expect(() => money(1.5, 'USD')).toThrow('safe integer');
    expect(() => money(2 ** 60, 'USD')).toThrow('safe integer');
  });

  it('prints major units with the currency exponent', () => {
    expect(toMajorString(money(1999, 'USD'))).toBe('19.99');
    expect(toMajorString(money(-5, 'USD'))).toBe('-0.05');
    expect(toMajorString(money(1200, 'JPY'))).toBe('1200');
    expect(toMajorString(money(1, 'KWD'))).toBe('0.001');
    expect(toMajorNumber(money(-1999, 'USD'))).toBe(-19.99);
    expect(toMajor(money(1999, 'USD'))).toBe('19.99');
    expect(toMajor(money(12345, 'CLF'))).toBe('1.2345');
    expect(toMajor(fromMajor('-1234567.89', 'USD'))).toBe('-1234567.89');
  });

  it('refuses unknown currencies and amounts beyond safe integers', () => {
    expect(() => money(1, 'XXX')).toThrow('Unknown currency code: XXX');
    expect(() => fromMajor('1', 'usd')).toThrow('Unknown currency code');
    expect(() => fromMajor('999999999999999999', 'USD')).toThrow('Amount out of range');
    expect(() => add(money(Number.MAX_SAFE_INTEGER, 'USD'), money(1, 'USD'))).toThrow('safe integer');
    expect(() => fromMajor(Number.NaN, 'USD')).toThrow('Not a finite amount');
  });

  it('adds and subtracts in one currency and refuses mixed currencies', () => {
    expect(add(money(100, 'USD'), money(250, 'USD'))).toEqual(money(350, 'USD'));
    expect(subtract(money(100, 'USD'), money(250, 'USD'))).toEqual(money(-150, 'USD'));
    expect(() => add(money(1, 'USD'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
    expect(() => subtract(money(1, 'USD'), money(1, 'EUR'))).toThrow('Cannot combine amounts in USD and EUR');
    expect(() => compare(money(1, 'USD'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
    expect(sum([money(1, 'EUR'), money(2, 'EUR')], 'EUR')).toEqual(money(3, 'EUR'));
    expect(sum([], 'EUR')).toEqual(money(0, 'EUR'));
  });

  it('negates, compares and tests for zero', () => {
    expect(negate(money(5, 'USD'))).toEqual(money(-5, 'USD'));
    expect(negate(money(0, 'USD')).amountMinor).toBe(0);
    expect(Object.is(negate(money(0, 'USD')).amountMinor, -0)).toBe(false);
    expect(abs(money(-5, 'USD'))).toEqual(money(5, 'USD'));
    expect(isZero(money(0, 'JPY'))).toBe(true);
    expect(compare(money(1, 'USD'), money(2, 'USD'))).toBe(-1);
    expect(compare(money(2, 'USD'), money(2, 'USD'))).toBe(0);
    expect(compare(money(3, 'USD'), money(2, 'USD'))).toBe(1);
  });

  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [5, [3, 7], [2, 3]],
    [1000, [70, 20, 10], [700, 200, 100]],
    [1, [1, 1], [1, 0]],
    [7, [0, 1], [0, 7]],
  ])('allocates %i by %j into %j (largest remainder, exact sum)', (total, ratios, parts) => {
    const result = allocate(money(total, 'USD'), ratios);
    expect(result.map((part) => part.amountMinor)).toEqual(parts);
    expect(result.reduce((a, b) => a + b.amountMinor, 0)).toBe(total);
  });

  it('refuses meaningless allocation ratios', () => {
    expect(() => allocate(money(1, 'USD'), [])).toThrow();
    expect(() => allocate(money(1, 'USD'), [0, 0])).toThrow();
    expect(() => allocate(money(1, 'USD'), [-1, 2])).toThrow();
  });
});

describe('money input (spec §5)', () => {
  it.each<[number | string, number]>([
    [42.5, 42.5],
    [-3, -3],
    ['$1,234.56', 1234.56],
    ['-12.5', -12.5],
    ['(45.00)', -45],
    ['($1,000)', -1000],
    ['USD 99', 99],
    ['€ 1.234,5', 1.2345],
    ['$(45.00)', -45],
    ['(-5)', -5],
    ['(1,000) USD', -1000],
    ['1,000 (approx.)', 1000],
    ['abc', 0],
    ['-', 0],
    ['()', 0],
    ['', 0],
  ])('parses %j as %d', (input, expected) => expect(parseMoneyInput(input)).toBe(expected));

  it('sanitizes to two decimals and refuses NaN', () => {
    expect(sanitizeFinancialAmount(1.005)).toBe(1.01);
    expect(sanitizeFinancialAmount(10)).toBe(10);
    expect(sanitizeFinancialAmount(-2.345)).toBe(-2.35);
    expect(sanitizeFinancialAmount(0.125)).toBe(0.13);
    expect(sanitizeFinancialAmount(19.999)).toBe(20);
    expect(() => sanitizeFinancialAmount(Number.NaN)).toThrow('Invalid financial amount');
  });
});
