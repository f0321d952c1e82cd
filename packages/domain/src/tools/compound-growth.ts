import {
  assertValid,
  checkAmount,
  checkRatePercent,
  checkWholeNumber,
  compactErrors,
  type FieldErrors,
  TOOL_MESSAGES,
} from './validation';

/** How many times a year interest can compound: yearly, half-yearly, quarterly, monthly, weekly, daily. */
export const COMPOUNDING_FREQUENCIES = [1, 2, 4, 12, 52, 365] as const;
export type CompoundingFrequency = (typeof COMPOUNDING_FREQUENCIES)[number];

/** Whether a contribution goes in at the start of each month (earning that month's interest) or its end. */
export const CONTRIBUTION_TIMINGS = ['start', 'end'] as const;
export type ContributionTiming = (typeof CONTRIBUTION_TIMINGS)[number];

/** Amounts in major units of any one currency (the calculator does not care which). */
export type CompoundGrowthInput = {
  /** Starting balance, ≥ 0. */
  principal: number;
  /** Added every month, ≥ 0. */
  monthlyContribution: number;
  /** Nominal yearly rate in percent (7 means 7 %), 0–100. */
  annualRatePercent: number;
  /** Whole years, 1–100. */
  years: number;
  /** Times a year interest compounds; 12 (monthly) by default. */
  compoundsPerYear?: number;
  /** 'end' (default): contributions earn interest from the following month. */
  contributionTiming?: ContributionTiming;
};

/** The position at the end of a year; year 0 is the starting point. Cumulative, unrounded. */
export type CompoundGrowthRow = {
  year: number;
  /** Principal plus every contribution so far. */
  contributions: number;
  /** Interest earned so far. */
  interest: number;
  /** contributions + interest. */
  balance: number;
};

export type CompoundGrowthResult = {
  /** Year 0 (the principal) through the last year. */
  rows: CompoundGrowthRow[];
  totals: { contributions: number; interest: number; balance: number };
};

/** One message per invalid field (see TOOL_MESSAGES); empty when the input can be calculated. */
export function validateCompoundGrowthInput(input: CompoundGrowthInput): FieldErrors<CompoundGrowthInput> {
  const errors: FieldErrors<CompoundGrowthInput> = {
    principal: checkAmount(input.principal, { allowZero: true }),
    monthlyContribution: checkAmount(input.monthlyContribution, { allowZero: true }),
    annualRatePercent: checkRatePercent(input.annualRatePercent),
    years: checkWholeNumber(input.years, 1, 100, TOOL_MESSAGES.years),
  };
  if (
    input.compoundsPerYear !== undefined &&
    !(COMPOUNDING_FREQUENCIES as readonly number[]).includes(input.compoundsPerYear)
  ) {
    errors.compoundsPerYear = TOOL_MESSAGES.compounding;
  }
  if (
    input.contributionTiming !== undefined &&
    !(CONTRIBUTION_TIMINGS as readonly string[]).includes(input.contributionTiming)
  ) {
    errors.contributionTiming = TOOL_MESSAGES.contributionTiming;
  }
  return compactErrors(errors);
}

/**
 * Growth of a balance with a fixed monthly contribution, year by year. Amounts are major units and
 * are not rounded (round only to display them).
 *
 * Contributions are monthly whatever the compounding frequency, so interest is applied each month at
 * the equivalent monthly rate (1 + r/n)^(n/12) − 1: a lump sum grows exactly as with n compoundings a
 * year ($10,000 at 7 % monthly for 10 years → $20,096.61), and a contribution earns interest from the
 * month it arrives. With 'start' timing a contribution earns that month's interest too.
 *
 * Throws a RangeError when validateCompoundGrowthInput reports a problem.
 */
export function compoundGrowth(input: CompoundGrowthInput): CompoundGrowthResult {
  assertValid(validateCompoundGrowthInput(input), 'compoundGrowth');
  const { principal, monthlyContribution, annualRatePercent, years } = input;
  const perYear = input.compoundsPerYear ?? 12;
  const timing = input.contributionTiming ?? 'end';
  const monthlyRate = (1 + annualRatePercent / 100 / perYear) ** (perYear / 12) - 1;

  let balance = principal;
  let contributions = principal;
  const rows: CompoundGrowthRow[] = [{ year: 0, contributions, interest: 0, balance }];
  for (let year = 1; year <= years; year += 1) {
    for (let month = 0; month < 12; month += 1) {
      if (timing === 'start') balance += monthlyContribution;
      balance *= 1 + monthlyRate;
      if (timing === 'end') balance += monthlyContribution;
      contributions += monthlyContribution;
    }
    rows.push({ year, contributions, interest: balance - contributions, balance });
  }
  return { rows, totals: { contributions, interest: balance - contributions, balance } };
}
