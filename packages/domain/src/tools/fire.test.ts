import { describe, expect, it } from 'vitest';
import { fireProjection, validateFireInput } from './fire';
import { TOOL_MESSAGES } from './validation';

const base = {
  currentAge: 30,
  currentSavings: 0,
  annualIncome: 100_000,
  annualSpending: 50_000,
  expectedReturnPercent: 0,
  inflationPercent: 0,
};

describe('fireProjection', () => {
  it.each([
    [40_000, 4, 1_000_000],
    [40_000, 3.5, 1_142_857.142857],
    [50_000, 5, 1_000_000],
    [0, 4, 0],
  ])(
    'spending %d at %d %% withdrawal → FIRE number %d',
    (annualSpending, withdrawalRatePercent, fireNumber) => {
      expect(fireProjection({ ...base, annualSpending, withdrawalRatePercent }).fireNumber).toBeCloseTo(
        fireNumber,
        5,
      );
    },
  );

  it('uses the real return (1 + r) / (1 + i) − 1', () => {
    const result = fireProjection({ ...base, expectedReturnPercent: 7, inflationPercent: 3 });
    expect(result.realReturnPercent).toBeCloseTo(3.883495, 5);
    const second = result.rows[1];
    expect(second?.balance).toBe(50_000);
    expect(result.rows[2]?.balance).toBeCloseTo(50_000 * (1.07 / 1.03) + 50_000, 6);
  });

  it('counts years of plain saving at a 0 % real return', () => {
    // FIRE number 1,250,000 at 50,000 a year: 25 years.
    const result = fireProjection(base);
    expect(result.fireNumber).toBe(1_250_000);
    expect(result.annualSavings).toBe(50_000);
    expect(result.savingsRatePercent).toBe(50);
    expect(result.yearsToFi).toBe(25);
    expect(result.fiAge).toBe(55);
    expect(result.rows).toHaveLength(26);
    expect(result.rows.at(-1)).toEqual({ age: 55, balance: 1_250_000 });
  });

  it('reaches FI sooner with growth', () => {
    // 5 % real: 50,000·((1.05^n − 1) / 0.05) ≥ 1,250,000 first at n = 17 (1,292,018).
    const result = fireProjection({ ...base, expectedReturnPercent: 5 });
    expect(result.yearsToFi).toBe(17);
    expect(result.rows.at(-1)?.balance).toBeCloseTo(1_292_018.3, 0);
  });

  it('is 0 years away when savings already cover the FIRE number', () => {
    const result = fireProjection({ ...base, currentSavings: 2_000_000 });
    expect(result.yearsToFi).toBe(0);
    expect(result.fiAge).toBe(30);
    expect(result.rows).toEqual([{ age: 30, balance: 2_000_000 }]);
  });

  it('returns null when FI is not reached by the maximum age, projecting to it', () => {
    const result = fireProjection({ ...base, annualIncome: 50_000, maxAge: 90 });
    expect(result.yearsToFi).toBeNull();
    expect(result.fiAge).toBeNull();
    expect(result.savingsRatePercent).toBe(0);
    expect(result.rows.at(-1)?.age).toBe(90);
    expect(result.rows).toHaveLength(61);
  });

  it('never lets savings go below 0 when spending exceeds income', () => {
    const result = fireProjection({ ...base, currentSavings: 30_000, annualIncome: 40_000 });
    expect(result.annualSavings).toBe(-10_000);
    expect(result.savingsRatePercent).toBe(-25);
    expect(result.rows.slice(0, 5).map((row) => row.balance)).toEqual([30_000, 20_000, 10_000, 0, 0]);
    expect(result.fiAge).toBeNull();
  });

  it('has no savings rate without income', () => {
    expect(
      fireProjection({ ...base, annualIncome: 0, currentSavings: 10_000 }).savingsRatePercent,
    ).toBeNull();
  });

  it('stays finite for the largest accepted values', () => {
    const result = fireProjection({
      ...base,
      currentAge: 0,
      annualIncome: 1e12,
      annualSpending: 1e12,
      expectedReturnPercent: 100,
      maxAge: 120,
    });
    expect(result.fiAge).toBeNull();
    expect(result.rows).toHaveLength(121);
    expect(result.rows.every((row) => Number.isFinite(row.balance))).toBe(true);
  });
});

describe('validateFireInput', () => {
  it('accepts valid input', () => {
    expect(validateFireInput(base)).toEqual({});
    expect(validateFireInput({ ...base, withdrawalRatePercent: 100, maxAge: 120, currentAge: 119 })).toEqual(
      {},
    );
  });

  it.each([
    [{ currentAge: -1 }, 'currentAge', TOOL_MESSAGES.age],
    [{ currentAge: 30.5 }, 'currentAge', TOOL_MESSAGES.age],
    [{ currentAge: 120 }, 'currentAge', TOOL_MESSAGES.age],
    [{ currentSavings: -1 }, 'currentSavings', TOOL_MESSAGES.amountZeroOrMore],
    [{ annualIncome: Number.NaN }, 'annualIncome', TOOL_MESSAGES.enterNumber],
    [{ annualSpending: 5e12 }, 'annualSpending', TOOL_MESSAGES.amountTooLarge],
    [{ expectedReturnPercent: 120 }, 'expectedReturnPercent', TOOL_MESSAGES.rate],
    [{ inflationPercent: -2 }, 'inflationPercent', TOOL_MESSAGES.rate],
    [{ withdrawalRatePercent: 0 }, 'withdrawalRatePercent', TOOL_MESSAGES.withdrawalRate],
    [{ withdrawalRatePercent: 101 }, 'withdrawalRatePercent', TOOL_MESSAGES.withdrawalRate],
    [{ maxAge: 30 }, 'maxAge', TOOL_MESSAGES.maxAge],
    [{ maxAge: 121 }, 'maxAge', TOOL_MESSAGES.maxAge],
  ])('%o → %s: %s', (change, field, message) => {
    expect(validateFireInput({ ...base, ...change })).toEqual({ [field]: message });
  });

  it('makes fireProjection throw instead of projecting', () => {
    expect(() => fireProjection({ ...base, withdrawalRatePercent: 0 })).toThrow(RangeError);
  });
});
