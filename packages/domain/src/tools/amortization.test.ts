import { describe, expect, it } from 'vitest';
import {
  amortizationByYear,
  amortizationSchedule,
  monthlyPayment,
  validateAmortizationInput,
} from './amortization';
import { TOOL_MESSAGES } from './validation';

const cents = (value: number) => Math.round(value * 100) / 100;
const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('monthlyPayment reference values', () => {
  it.each([
    [200_000, 6, 360, 1_199.1],
    [100_000, 5, 360, 536.82],
    [300_000, 4.5, 180, 2_294.98],
    [25_000, 7, 60, 495.03],
    [12_000, 0, 12, 1_000],
    [1_000, 0, 3, 333.33],
  ])('%d at %d %% over %d months → %d', (principal, rate, months, payment) => {
    expect(cents(monthlyPayment(principal, rate, months))).toBe(payment);
  });
});

describe('amortizationSchedule without extra payments', () => {
  const result = amortizationSchedule({ principal: 200_000, annualRatePercent: 6, termMonths: 360 });

  it('runs the full term and ends at exactly 0', () => {
    expect(result.rows).toHaveLength(360);
    expect(result.rows.at(-1)?.balance).toBe(0);
    expect(result.rows.every((row) => row.balance >= 0)).toBe(true);
    expect(result.totals.months).toBe(360);
    expect(result.totals.monthsSaved).toBe(0);
    expect(result.totals.interestSaved).toBe(0);
  });

  it('charges the textbook interest and splits the first payment correctly', () => {
    expect(cents(result.totals.interest)).toBe(231_676.38);
    expect(cents(result.totals.interestWithoutExtra)).toBe(231_676.38);
    expect(cents(result.totals.paid)).toBe(431_676.38);
    const first = result.rows[0];
    expect(first && cents(first.interest)).toBe(1_000);
    expect(first && cents(first.principal)).toBe(199.1);
    expect(first && cents(first.balance)).toBe(199_800.9);
  });

  it('keeps payment + extra = principal + interest on every row, principal summing to the loan', () => {
    for (const row of result.rows)
      expect(row.payment + row.extra).toBeCloseTo(row.principal + row.interest, 6);
    expect(sumOf(result.rows.map((row) => row.principal))).toBeCloseTo(200_000, 6);
    expect(cents(result.rows.at(-1)?.payment ?? 0)).toBe(1_199.1);
  });

  it('handles a 0 % loan with equal principal payments', () => {
    const free = amortizationSchedule({ principal: 1_000, annualRatePercent: 0, termMonths: 3 });
    expect(free.rows.map((row) => row.interest)).toEqual([0, 0, 0]);
    expect(free.rows.at(-1)?.balance).toBe(0);
    expect(free.totals.interest).toBe(0);
    expect(sumOf(free.rows.map((row) => row.payment))).toBeCloseTo(1_000, 9);
  });
});

describe('amortizationSchedule with extra payments', () => {
  const result = amortizationSchedule({
    principal: 200_000,
    annualRatePercent: 6,
    termMonths: 360,
    extraMonthlyPayment: 100,
  });

  it('pays off in the number of months the annuity formula gives', () => {
    // n = −ln(1 − rP/A) / ln(1 + r) with A = 1,299.10 → 294.46, so 295 payments.
    expect(result.totals.months).toBe(295);
    expect(result.totals.monthsSaved).toBe(65);
    expect(result.rows.at(-1)?.balance).toBe(0);
    expect(result.rows.every((row) => row.balance >= 0 && row.payment >= 0 && row.extra >= 0)).toBe(true);
  });

  it('reports the interest saved against the plain schedule', () => {
    expect(result.totals.interest).toBeLessThan(result.totals.interestWithoutExtra);
    expect(result.totals.interestSaved).toBeCloseTo(
      result.totals.interestWithoutExtra - result.totals.interest,
      6,
    );
    expect(cents(result.totals.interestWithoutExtra)).toBe(231_676.38);
  });

  it('ends with a smaller payment that clears the balance exactly', () => {
    const last = result.rows.at(-1);
    expect(last?.balance).toBe(0);
    expect((last?.payment ?? 0) + (last?.extra ?? 0)).toBeLessThan(1_299.1);
    expect(sumOf(result.rows.map((row) => row.principal))).toBeCloseTo(200_000, 6);
  });

  it('settles in the first month when the extra payment exceeds the balance', () => {
    const settled = amortizationSchedule({
      principal: 1_000,
      annualRatePercent: 12,
      termMonths: 12,
      extraMonthlyPayment: 5_000,
    });
    expect(settled.rows).toHaveLength(1);
    const row = settled.rows[0];
    expect(row?.interest).toBeCloseTo(10, 9);
    expect(row?.principal).toBe(1_000);
    expect(row?.payment).toBeCloseTo(monthlyPayment(1_000, 12, 12), 9);
    expect((row?.payment ?? 0) + (row?.extra ?? 0)).toBeCloseTo(1_010, 9);
    expect(row?.balance).toBe(0);
    expect(settled.totals.monthsSaved).toBe(11);
  });
});

describe('amortizationSchedule dates and large values', () => {
  it('dates each payment a calendar month after the start, clamped to short months', () => {
    const result = amortizationSchedule({
      principal: 3_000,
      annualRatePercent: 5,
      termMonths: 3,
      startDate: '2026-01-31',
    });
    expect(result.rows.map((row) => row.date)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(result.totals.payoffDate).toBe('2026-04-30');
  });

  it('leaves dates out without a start date', () => {
    const result = amortizationSchedule({ principal: 3_000, annualRatePercent: 5, termMonths: 3 });
    expect(result.rows[0]?.date).toBeUndefined();
    expect(result.totals.payoffDate).toBeUndefined();
  });

  it('stays finite and ends at 0 for the largest accepted values', () => {
    const result = amortizationSchedule({ principal: 1e12, annualRatePercent: 100, termMonths: 1_200 });
    expect(Number.isFinite(result.totals.interest)).toBe(true);
    expect(result.rows).toHaveLength(1_200);
    expect(result.rows.at(-1)?.balance).toBe(0);
  });
});

describe('amortizationByYear', () => {
  it('sums payments per loan year and carries the year-end balance', () => {
    const schedule = amortizationSchedule({ principal: 200_000, annualRatePercent: 6, termMonths: 360 });
    const years = amortizationByYear(schedule.rows);
    expect(years).toHaveLength(30);
    expect(years.map((year) => year.year).slice(0, 3)).toEqual([1, 2, 3]);
    const first = years[0];
    // Year 1 of the textbook $200,000 / 6 % / 30-year loan: 11,933.19 interest, 2,456.02 principal.
    expect(first && cents(first.interest)).toBe(11_933.19);
    expect(first && cents(first.principal)).toBe(2_456.02);
    expect(first && cents(first.paid)).toBe(14_389.21);
    expect(first?.balance).toBe(schedule.rows[11]?.balance);
    expect(years.at(-1)?.balance).toBe(0);
    expect(sumOf(years.map((year) => year.interest))).toBeCloseTo(schedule.totals.interest, 6);
  });

  it('ends with a short year when extra payments shorten the loan', () => {
    const schedule = amortizationSchedule({
      principal: 200_000,
      annualRatePercent: 6,
      termMonths: 360,
      extraMonthlyPayment: 100,
    });
    const years = amortizationByYear(schedule.rows);
    expect(years).toHaveLength(25);
    expect(years.at(-1)?.extra).toBeLessThan(100 * 7 + 0.001);
    expect(sumOf(years.map((year) => year.extra))).toBeCloseTo(
      sumOf(schedule.rows.map((row) => row.extra)),
      6,
    );
  });

  it('is empty for no rows', () => {
    expect(amortizationByYear([])).toEqual([]);
  });
});

describe('validateAmortizationInput', () => {
  const valid = { principal: 200_000, annualRatePercent: 6, termMonths: 360 };

  it('accepts valid input', () => {
    expect(validateAmortizationInput(valid)).toEqual({});
    expect(
      validateAmortizationInput({
        ...valid,
        annualRatePercent: 0,
        extraMonthlyPayment: 0,
        startDate: '2026-11-22',
      }),
    ).toEqual({});
  });

  it.each([
    [{ principal: 0 }, 'principal', TOOL_MESSAGES.amountAboveZero],
    [{ principal: -10 }, 'principal', TOOL_MESSAGES.amountAboveZero],
    [{ principal: 2e12 }, 'principal', TOOL_MESSAGES.amountTooLarge],
    [{ annualRatePercent: 101 }, 'annualRatePercent', TOOL_MESSAGES.rate],
    [{ termMonths: 0 }, 'termMonths', TOOL_MESSAGES.term],
    [{ termMonths: 12.5 }, 'termMonths', TOOL_MESSAGES.term],
    [{ termMonths: 1_201 }, 'termMonths', TOOL_MESSAGES.term],
    [{ termMonths: Number.NaN }, 'termMonths', TOOL_MESSAGES.enterNumber],
    [{ extraMonthlyPayment: -1 }, 'extraMonthlyPayment', TOOL_MESSAGES.amountZeroOrMore],
    [{ startDate: '2026-02-30' }, 'startDate', TOOL_MESSAGES.startDate],
  ])('%o → %s: %s', (change, field, message) => {
    expect(validateAmortizationInput({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('rejects a zero term instead of dividing by it', () => {
    expect(() => amortizationSchedule({ ...valid, termMonths: 0 })).toThrow(RangeError);
  });
});
