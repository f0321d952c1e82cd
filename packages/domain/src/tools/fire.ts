import {
  assertValid,
  checkAmount,
  checkRatePercent,
  checkWholeNumber,
  compactErrors,
  type FieldErrors,
  TOOL_MESSAGES,
} from './validation';

/** Oldest age a projection runs to. */
export const FIRE_MAX_AGE = 120;

/** Amounts in major units of today's money (one currency). */
export type FireInput = {
  /** Whole years, 0–119. */
  currentAge: number;
  /** Invested savings today, ≥ 0. */
  currentSavings: number;
  /** Yearly take-home income, ≥ 0. */
  annualIncome: number;
  /** Yearly spending, ≥ 0; assumed to stay the same in real terms in retirement. */
  annualSpending: number;
  /** Nominal yearly investment return in percent, 0–100. */
  expectedReturnPercent: number;
  /** Yearly inflation in percent, 0–100. */
  inflationPercent: number;
  /** Share of the portfolio withdrawn in the first year of retirement, in percent; default 4. */
  withdrawalRatePercent?: number;
  /** The projection stops at this age; default 100, at most 120, after currentAge. */
  maxAge?: number;
};

/** Invested savings at the start of a year of age, in today's money. */
export type FireRow = { age: number; balance: number };

export type FireResult = {
  /** Portfolio that covers annualSpending at the withdrawal rate: spending ÷ rate, in today's money. */
  fireNumber: number;
  /** annualIncome − annualSpending (negative when spending exceeds income). */
  annualSavings: number;
  /** annualSavings ÷ annualIncome in percent; null without income. */
  savingsRatePercent: number | null;
  /** (1 + return) ÷ (1 + inflation) − 1, in percent. */
  realReturnPercent: number;
  /** Whole years until savings reach the FIRE number: 0 when already there, null when not by maxAge. */
  yearsToFi: number | null;
  /** currentAge + yearsToFi, or null. */
  fiAge: number | null;
  /** From currentAge to fiAge, or to maxAge when FI is never reached. */
  rows: FireRow[];
};

/** One message per invalid field (see TOOL_MESSAGES); empty when the input can be projected. */
export function validateFireInput(input: FireInput): FieldErrors<FireInput> {
  const withdrawal = input.withdrawalRatePercent;
  const maxAge = input.maxAge;
  const ageError = checkWholeNumber(input.currentAge, 0, FIRE_MAX_AGE - 1, TOOL_MESSAGES.age);
  return compactErrors<FireInput>({
    currentAge: ageError,
    currentSavings: checkAmount(input.currentSavings, { allowZero: true }),
    annualIncome: checkAmount(input.annualIncome, { allowZero: true }),
    annualSpending: checkAmount(input.annualSpending, { allowZero: true }),
    expectedReturnPercent: checkRatePercent(input.expectedReturnPercent),
    inflationPercent: checkRatePercent(input.inflationPercent),
    withdrawalRatePercent:
      withdrawal === undefined
        ? undefined
        : !Number.isFinite(withdrawal)
          ? TOOL_MESSAGES.enterNumber
          : withdrawal <= 0 || withdrawal > 100
            ? TOOL_MESSAGES.withdrawalRate
            : undefined,
    maxAge:
      maxAge === undefined
        ? undefined
        : checkWholeNumber(
            maxAge,
            ageError === undefined ? input.currentAge + 1 : 1,
            FIRE_MAX_AGE,
            TOOL_MESSAGES.maxAge,
          ),
  });
}

/**
 * When invested savings could cover spending for good (financial independence), in today's money.
 *
 * Everything is in real terms: income and spending are assumed to rise with inflation, so the yearly
 * savings (income − spending) stay level in today's money and the portfolio grows at the real return
 * (1 + r) / (1 + i) − 1. Each year the balance earns that return, then the year's savings are added; a
 * shortfall is taken from savings, which never go below 0. FI is the first age at which the balance
 * reaches the FIRE number (annual spending ÷ withdrawal rate: $40,000 at 4 % → $1,000,000).
 *
 * Throws a RangeError when validateFireInput reports a problem.
 */
export function fireProjection(input: FireInput): FireResult {
  assertValid(validateFireInput(input), 'fireProjection');
  const { currentAge, currentSavings, annualIncome, annualSpending } = input;
  const withdrawalRate = (input.withdrawalRatePercent ?? 4) / 100;
  const maxAge = input.maxAge ?? 100;
  const realReturn = (1 + input.expectedReturnPercent / 100) / (1 + input.inflationPercent / 100) - 1;
  const fireNumber = annualSpending / withdrawalRate;
  const annualSavings = annualIncome - annualSpending;

  let balance = currentSavings;
  const rows: FireRow[] = [{ age: currentAge, balance }];
  let fiAge: number | null = balance >= fireNumber ? currentAge : null;
  for (let age = currentAge + 1; fiAge === null && age <= maxAge; age += 1) {
    balance = Math.max(0, balance * (1 + realReturn) + annualSavings);
    rows.push({ age, balance });
    if (balance >= fireNumber) fiAge = age;
  }

  return {
    fireNumber,
    annualSavings,
    savingsRatePercent: annualIncome > 0 ? (annualSavings / annualIncome) * 100 : null,
    realReturnPercent: realReturn * 100,
    yearsToFi: fiAge === null ? null : fiAge - currentAge,
    fiAge,
    rows,
  };
}
