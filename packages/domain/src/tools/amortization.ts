import { addMonths, type IsoDate, isIsoDate } from '../dates';
import {
  assertValid,
  checkAmount,
  checkRatePercent,
  checkWholeNumber,
  compactErrors,
  type FieldErrors,
  TOOL_MESSAGES,
} from './validation';

/** The longest term accepted: 100 years. */
export const MAX_TERM_MONTHS = 1200;

/** Amounts in major units of any one currency. */
export type AmortizationInput = {
  /** Amount borrowed, > 0. */
  principal: number;
  /** Nominal yearly rate in percent, 0–100; interest is charged monthly at a twelfth of it. */
  annualRatePercent: number;
  /** Whole months, 1–1200. */
  termMonths: number;
  /** Paid on top of every scheduled payment, straight off the balance; ≥ 0, default 0. */
  extraMonthlyPayment?: number;
  /** The day the loan starts; payment n falls n calendar months later. */
  startDate?: IsoDate;
};

/** One monthly payment. payment + extra = principal + interest. Unrounded major units. */
export type AmortizationRow = {
  /** 1 for the first payment. */
  month: number;
  /** Due date, when the input has a startDate. */
  date?: IsoDate;
  /** The scheduled part (less than the monthly payment only in the final month). */
  payment: number;
  /** The part that reduces the balance (including the extra). */
  principal: number;
  interest: number;
  /** The part paid on top of the scheduled payment. */
  extra: number;
  /** Owed after this payment; exactly 0 after the last. */
  balance: number;
};

export type AmortizationResult = {
  /** The scheduled monthly payment (standard annuity formula), unrounded. */
  monthlyPayment: number;
  rows: AmortizationRow[];
  totals: {
    /** Interest over the actual schedule. */
    interest: number;
    /** Everything paid: principal + interest. */
    paid: number;
    /** Payments until the balance reaches 0 (the term, or fewer with extra payments). */
    months: number;
    /** Interest the loan would cost with no extra payments. */
    interestWithoutExtra: number;
    /** interestWithoutExtra − interest (0 without extra payments). */
    interestSaved: number;
    /** termMonths − months. */
    monthsSaved: number;
    /** Date of the last payment, when the input has a startDate. */
    payoffDate?: IsoDate;
  };
};

/** One message per invalid field (see TOOL_MESSAGES); empty when the input can be calculated. */
export function validateAmortizationInput(input: AmortizationInput): FieldErrors<AmortizationInput> {
  return compactErrors<AmortizationInput>({
    principal: checkAmount(input.principal, { allowZero: false }),
    annualRatePercent: checkRatePercent(input.annualRatePercent),
    termMonths: checkWholeNumber(input.termMonths, 1, MAX_TERM_MONTHS, TOOL_MESSAGES.term),
    extraMonthlyPayment:
      input.extraMonthlyPayment === undefined
        ? undefined
        : checkAmount(input.extraMonthlyPayment, { allowZero: true }),
    startDate:
      input.startDate === undefined || isIsoDate(input.startDate) ? undefined : TOOL_MESSAGES.startDate,
  });
}

/**
 * The level monthly payment that repays `principal` over `termMonths` at a monthly rate of
 * annualRatePercent / 1200: P·r / (1 − (1 + r)^−n), or P / n at 0 %. Major units, unrounded
 * ($200,000 at 6 % over 360 months → 1,199.1010…, shown as $1,199.10).
 */
export function monthlyPayment(principal: number, annualRatePercent: number, termMonths: number): number {
  const rate = annualRatePercent / 1200;
  if (rate === 0) return principal / termMonths;
  return (principal * rate) / (1 - (1 + rate) ** -termMonths);
}

/**
 * Month-by-month repayment of a fixed-rate loan. Interest each month is the balance times a twelfth of
 * the yearly rate; the scheduled payment and any extra go first to that interest, then to the balance.
 * The last payment is exactly what is left (balance plus its interest), so the balance ends at 0 with no
 * overpayment. Amounts are major units, unrounded (round only to display them).
 *
 * Throws a RangeError when validateAmortizationInput reports a problem.
 */
export function amortizationSchedule(input: AmortizationInput): AmortizationResult {
  assertValid(validateAmortizationInput(input), 'amortizationSchedule');
  const { principal, annualRatePercent, termMonths, startDate } = input;
  const extraMonthly = input.extraMonthlyPayment ?? 0;
  const rate = annualRatePercent / 1200;
  const payment = monthlyPayment(principal, annualRatePercent, termMonths);
  // Floating-point residue far below any currency's smallest unit counts as paid off, so the schedule
  // never ends with a near-zero payment.
  const tolerance = Math.max(1e-6, principal * 1e-12);

  const rows: AmortizationRow[] = [];
  let balance = principal;
  let interestTotal = 0;
  for (let month = 1; month <= termMonths; month += 1) {
    const interest = balance * rate;
    const due = balance + interest;
    const date = startDate === undefined ? undefined : addMonths(startDate, month);
    interestTotal += interest;
    if (month === termMonths || due - (payment + extraMonthly) <= tolerance) {
      const extra = Math.max(0, Math.min(extraMonthly, due - payment));
      rows.push({ month, date, payment: due - extra, principal: balance, interest, extra, balance: 0 });
      break;
    }
    const principalPart = payment + extraMonthly - interest;
    balance -= principalPart;
    rows.push({ month, date, payment, principal: principalPart, interest, extra: extraMonthly, balance });
  }

  const interestWithoutExtra = payment * termMonths - principal;
  const months = rows.length;
  return {
    monthlyPayment: payment,
    rows,
    totals: {
      interest: interestTotal,
      paid: principal + interestTotal,
      months,
      interestWithoutExtra,
      interestSaved: extraMonthly > 0 ? Math.max(0, interestWithoutExtra - interestTotal) : 0,
      monthsSaved: termMonths - months,
      payoffDate: rows.at(-1)?.date,
    },
  };
}

/** One loan year (payments 1–12 are year 1): sums of its payments and the balance after the last. */
export type AmortizationYear = {
  year: number;
  /** Everything paid that year, scheduled and extra. */
  paid: number;
  principal: number;
  interest: number;
  extra: number;
  balance: number;
};

/** A schedule's rows summed per loan year (for charts and a table short enough to read). Unrounded. */
export function amortizationByYear(rows: readonly AmortizationRow[]): AmortizationYear[] {
  const years: AmortizationYear[] = [];
  for (const row of rows) {
    const year = Math.ceil(row.month / 12);
    let current = years.at(-1);
    if (current?.year !== year) {
      current = { year, paid: 0, principal: 0, interest: 0, extra: 0, balance: row.balance };
      years.push(current);
    }
    current.paid += row.payment + row.extra;
    current.principal += row.principal;
    current.interest += row.interest;
    current.extra += row.extra;
    current.balance = row.balance;
  }
  return years;
}
