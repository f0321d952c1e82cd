import { describe, expect, it } from 'vitest';
import { hasFraction, normalizeDecimal, percentOf, productMinor } from './decimal';

describe('decimal strings', () => {
  it('normalizes numeric text as PostgreSQL returns it', () => {
    expect(normalizeDecimal('12.500000000000000000')).toBe('12.5');
    expect(normalizeDecimal('3.000')).toBe('3');
    expect(normalizeDecimal('007.10')).toBe('7.1');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(normalizeDecimal('-1.50')).toBe('-1.5');
    expect(() => normalizeDecimal('1e5')).toThrow(RangeError);
    expect(hasFraction('10.000000000000000000')).toBe(false);
    expect(hasFraction('0.000000000000000001')).toBe(true);
  });

  it('multiplies quantity by price exactly and rounds half away from zero once', () => {
    // 0.1 × 0.2 in binary floating point is 0.020000000000000004; here it is exact.
    expect(productMinor('0.1', '0.2', 2)).toBe(2);
    expect(productMinor('3', '250.125', 2)).toBe(75_038);
    expect(productMinor('-3', '250.125', 2)).toBe(-75_038);
    expect(productMinor('0.12345678', '43210.987654321', 2)).toBe(533_469);
    expect(productMinor('1.000000000000000001', '100', 0)).toBe(100);
    expect(productMinor('1500', '150.5', 0)).toBe(225_750);
    expect(productMinor('0', '99', 2)).toBe(0);
    expect(() => productMinor('1e20', '1', 2)).toThrow(RangeError);
    expect(() => productMinor('100000000000000', '1000', 2)).toThrow(RangeError);
  });

  it('gives percentages to two decimals, null over zero', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(-2, 3)).toBe(-66.67);
    expect(percentOf(5, 0)).toBeNull();
    expect(percentOf(0, 7)).toBe(0);
  });
});
