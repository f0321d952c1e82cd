import { describe, expect, it } from 'vitest';
import { assertValid, hasNoErrors, parseToolNumber } from './validation';

describe('parseToolNumber', () => {
  it.each([
    ['1000', 1000],
    ['  42 ', 42],
    ['1,000', 1000],
    ['1,234,567.89', 1_234_567.89],
    ['1.234,5', 1234.5],
    ['12,5', 12.5],
    ['12,50', 12.5],
    ['$200,000', 200_000],
    ['7%', 7],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['-3', -3],
    ['1 000 000', 1_000_000],
    ["1'000", 1000],
    ['1.000', 1],
  ])('%s → %d', (text, value) => {
    expect(parseToolNumber(text)).toBe(value);
  });

  it.each([
    ['10.000', 10_000],
    ['1.234.567', 1_234_567],
    ['12,5', 12.5],
    ['1,000', 1],
    ['10.5', 10.5],
    ['1.234,56', 1234.56],
    ['200 000', 200_000],
  ])('de-DE: %s → %d', (text, value) => {
    expect(parseToolNumber(text, 'de-DE')).toBe(value);
  });

  it.each(['', '   ', 'abc', '12abc', '1.2.3', '1,00,000', '--1', '-'])('%s → NaN', (text) => {
    expect(parseToolNumber(text)).toBeNaN();
  });
});

describe('hasNoErrors and assertValid', () => {
  it('passes an empty result and rejects one with a message', () => {
    expect(hasNoErrors({})).toBe(true);
    expect(hasNoErrors<{ years: number }>({ years: 'Enter a number' })).toBe(false);
    expect(() => assertValid({}, 'test')).not.toThrow();
    expect(() => assertValid<{ years: number }>({ years: 'Enter a number' }, 'test')).toThrow(
      'test: years: Enter a number',
    );
  });
});
