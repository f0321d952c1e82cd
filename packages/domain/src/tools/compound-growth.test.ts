import { describe, expect, it } from 'vitest';
import { compoundGrowth, validateCompoundGrowthInput } from './compound-growth';
import { TOOL_MESSAGES } from './validation';

const cents = (value: number) => Math.round(value * 100) / 100;

describe('compoundGrowth reference values', () => {
  it.each([
    // Textbook future values: P(1 + r/n)^(nt) and the ordinary annuity 100·((1.005^120 − 1) / 0.005).
    [{ principal: 10_000, monthlyContribution: 0, annualRatePercent: 7, years: 10 }, 20_096.61],
    [
      { principal: 1_000, monthlyContribution: 0, annualRatePercent: 5, years: 10, compoundsPerYear: 1 },
      1_628.89,
    ],
    [
      { principal: 5_000, monthlyContribution: 0, annualRatePercent: 8, years: 5, compoundsPerYear: 4 },
      7_429.74,
    ],
    [
      { principal: 10_000, monthlyContribution: 0, annualRatePercent: 5, years: 1, compoundsPerYear: 365 },
      10_512.67,
    ],
    [{ principal: 0, monthlyContribution: 100, annualRatePercent: 6, years: 10 }, 16_387.93],
    [
      {
        principal: 0,
        monthlyContribution: 100,
        annualRatePercent: 6,
        years: 10,
        contributionTiming: 'start' as const,
      },
      16_469.87,
    ],
    [{ principal: 1_000, monthlyContribution: 100, annualRatePercent: 0, years: 5 }, 7_000],
  ])('%o → %d', (input, balance) => {
    expect(cents(compoundGrowth(input).totals.balance)).toBe(balance);
  });
});

describe('compoundGrowth rows', () => {
  const result = compoundGrowth({
    principal: 1_000,
    monthlyContribution: 50,
    annualRatePercent: 6,
    years: 3,
  });

  it('starts at year 0 with the principal and has one row per year', () => {
    expect(result.rows.map((row) => row.year)).toEqual([0, 1, 2, 3]);
    expect(result.rows[0]).toEqual({ year: 0, contributions: 1_000, interest: 0, balance: 1_000 });
  });

  it('counts contributions cumulatively including the principal', () => {
    expect(result.rows.map((row) => row.contributions)).toEqual([1_000, 1_600, 2_200, 2_800]);
  });

  it('keeps balance = contributions + interest and totals equal to the last row', () => {
    for (const row of result.rows) expect(row.balance).toBeCloseTo(row.contributions + row.interest, 9);
    const last = result.rows.at(-1);
    expect(result.totals).toEqual({
      contributions: last?.contributions,
      interest: last?.interest,
      balance: last?.balance,
    });
    expect(cents(result.totals.interest)).toBe(cents(result.totals.balance - 2_800));
  });

  it('earns nothing at 0 %', () => {
    const flat = compoundGrowth({ principal: 500, monthlyContribution: 10, annualRatePercent: 0, years: 2 });
    expect(flat.rows.every((row) => row.interest === 0)).toBe(true);
  });

  it('stays finite for the largest accepted values', () => {
    const huge = compoundGrowth({
      principal: 1e12,
      monthlyContribution: 1e12,
      annualRatePercent: 100,
      years: 100,
      compoundsPerYear: 365,
    });
    expect(Number.isFinite(huge.totals.balance)).toBe(true);
    expect(huge.totals.balance).toBeGreaterThan(1e40);
  });
});

describe('validateCompoundGrowthInput', () => {
  const valid = { principal: 1_000, monthlyContribution: 100, annualRatePercent: 5, years: 10 };

  it('accepts a valid input', () => {
    expect(validateCompoundGrowthInput(valid)).toEqual({});
    expect(
      validateCompoundGrowthInput({ ...valid, principal: 0, monthlyContribution: 0, annualRatePercent: 0 }),
    ).toEqual({});
    expect(validateCompoundGrowthInput({ ...valid, annualRatePercent: 100, years: 100 })).toEqual({});
  });

  it.each([
    [{ principal: -1 }, 'principal', TOOL_MESSAGES.amountZeroOrMore],
    [{ principal: Number.NaN }, 'principal', TOOL_MESSAGES.enterNumber],
    [{ principal: 1e12 + 1 }, 'principal', TOOL_MESSAGES.amountTooLarge],
    [{ monthlyContribution: -5 }, 'monthlyContribution', TOOL_MESSAGES.amountZeroOrMore],
    [{ annualRatePercent: -0.1 }, 'annualRatePercent', TOOL_MESSAGES.rate],
    [{ annualRatePercent: 100.5 }, 'annualRatePercent', TOOL_MESSAGES.rate],
    [{ annualRatePercent: Number.POSITIVE_INFINITY }, 'annualRatePercent', TOOL_MESSAGES.enterNumber],
    [{ years: 0 }, 'years', TOOL_MESSAGES.years],
    [{ years: 2.5 }, 'years', TOOL_MESSAGES.years],
    [{ years: 101 }, 'years', TOOL_MESSAGES.years],
    [{ compoundsPerYear: 3 }, 'compoundsPerYear', TOOL_MESSAGES.compounding],
    [{ contributionTiming: 'middle' as 'end' }, 'contributionTiming', TOOL_MESSAGES.contributionTiming],
  ])('%o → %s: %s', (change, field, message) => {
    expect(validateCompoundGrowthInput({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('makes compoundGrowth throw instead of calculating', () => {
    expect(() => compoundGrowth({ ...valid, years: 0 })).toThrow(RangeError);
  });
});
