import { parseIsoDate, type IsoDate } from '../dates';

/**
 * Investment returns (issue 23, docs/domain.md "Investment returns"): time-weighted return (TWR), which
 * measures the investments regardless of when money came and went, and money-weighted return (XIRR), the
 * annual rate the investor's own deposits and withdrawals earned. Amounts are integer minor units of one
 * currency; the results are ratios (0.1 is 10 %), not amounts.
 *
 * Sign convention: a flow is money moved into the account from outside (a deposit, a transfer in: +)
 * or out of it (a withdrawal: −). Dividends, interest and fees are NOT flows: they happen inside the
 * account, so they are part of the return; `investmentIncome` reports them apart.
 */

/** One day of an account: its value at the end of the day and the external flow that day. */
export type ValuationDay = { date: IsoDate; valueMinor: number; flowMinor: number };

/**
 * Time-weighted return over the days given (oldest first; the first day is the starting value, its
 * flow ignored). Each day is a sub-period whose flow arrives at its start:
 * r = value / (previous value + flow) − 1, and TWR = Π(1 + r) − 1.
 *
 * A day that starts with nothing invested or a negative balance (previous value + flow ≤ 0: an empty
 * account, an overdrawn cash position) has no meaningful return and counts as 0 %. Null when there is no
 * sub-period (fewer than two days) or no day had anything invested.
 */
export function timeWeightedReturn(days: readonly ValuationDay[]): number | null {
  let growth = 1;
  let measured = false;
  for (let index = 1; index < days.length; index += 1) {
    const previous = days[index - 1] as ValuationDay;
    const day = days[index] as ValuationDay;
    const invested = previous.valueMinor + day.flowMinor;
    if (invested <= 0) continue;
    growth *= day.valueMinor / invested;
    measured = true;
  }
  return measured ? growth - 1 : null;
}

/** A dated amount from the investor's side: money put in is negative, money taken out (or held at the end) positive. */
export type DatedCashFlow = { date: IsoDate; amountMinor: number };

const DAY_MS = 86_400_000;
const dayNumber = (date: IsoDate) => {
  const { year, month, day } = parseIsoDate(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/**
 * XIRR: the annual rate r (years of 365 days, as spreadsheets count) at which the cash flows' present
 * value is zero: Σ amount / (1 + r)^(days since the first flow / 365) = 0. Newton's method from 10 %,
 * falling back to bisection on (−99.9999 %, 10,000,000 %). Null when the flows do not both put money in
 * and take it out (no rate exists), when they all fall on one day, or when no root is found.
 */
export function xirr(flows: readonly DatedCashFlow[]): number | null {
  const dated = flows.filter((flow) => flow.amountMinor !== 0);
  if (!dated.some((flow) => flow.amountMinor < 0) || !dated.some((flow) => flow.amountMinor > 0)) return null;
  const first = Math.min(...dated.map((flow) => dayNumber(flow.date)));
  const terms = dated.map((flow) => ({
    amount: flow.amountMinor,
    years: (dayNumber(flow.date) - first) / 365,
  }));
  if (terms.every((term) => term.years === 0)) return null;
  const npv = (rate: number) => terms.reduce((sum, term) => sum + term.amount / (1 + rate) ** term.years, 0);
  const slope = (rate: number) =>
    terms.reduce((sum, term) => sum - (term.years * term.amount) / (1 + rate) ** (term.years + 1), 0);
  const scale = terms.reduce((sum, term) => sum + Math.abs(term.amount), 0);
  const tolerance = scale * 1e-12;

  let rate = 0.1;
  for (let step = 0; step < 50; step += 1) {
    const value = npv(rate);
    if (Math.abs(value) <= tolerance) return rate;
    const derivative = slope(rate);
    if (!Number.isFinite(derivative) || derivative === 0) break;
    const next = rate - value / derivative;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - rate) < 1e-12) return next;
    rate = next;
  }

  let low = -0.999999;
  let high = 100_000;
  let lowValue = npv(low);
  if (Math.sign(lowValue) === Math.sign(npv(high))) return null;
  for (let step = 0; step < 300; step += 1) {
    const middle = (low + high) / 2;
    const value = npv(middle);
    if (Math.abs(value) <= tolerance || high - low < 1e-12) return middle;
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = middle;
      lowValue = value;
    } else high = middle;
  }
  return null;
}

/**
 * The cash flows XIRR takes for a period: the starting value put in on the first day, each external flow
 * from the investor's side (a deposit is money put in: negative), and the ending value taken out on the
 * last day.
 */
export function moneyWeightedFlows(days: readonly ValuationDay[]): DatedCashFlow[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || days.length < 2) return [];
  return [
    { date: first.date, amountMinor: -first.valueMinor },
    ...days
      .slice(1)
      .filter((day) => day.flowMinor !== 0)
      .map((day) => ({ date: day.date, amountMinor: -day.flowMinor })),
    { date: last.date, amountMinor: last.valueMinor },
  ];
}

export const INVESTMENT_ACTIVITY = [
  'deposit',
  'withdrawal',
  'buy',
  'sell',
  'dividend',
  'interest',
  'fee',
  'tax',
] as const;
export type InvestmentActivity = (typeof INVESTMENT_ACTIVITY)[number];

/** One investment-account transaction: its kind and signed amount on the account's cash (+ in, − out). */
export type InvestmentTransaction = { date: IsoDate; kind: InvestmentActivity; amountMinor: number };

export type InvestmentBreakdown = {
  /** Deposits minus withdrawals: the external flows. */
  netDepositsMinor: number;
  /** Dividends and interest received. */
  incomeMinor: number;
  /** Fees and taxes paid, as a positive number. */
  costsMinor: number;
};

/**
 * Splits a period's transactions into external flows, income (dividends, interest) and costs (fees,
 * taxes), so a return can be shown with "of which dividends" and "after fees". Buys and sells move cash
 * into securities and back inside the account: they are none of these.
 */
export function investmentBreakdown(transactions: readonly InvestmentTransaction[]): InvestmentBreakdown {
  const breakdown: InvestmentBreakdown = { netDepositsMinor: 0, incomeMinor: 0, costsMinor: 0 };
  for (const transaction of transactions) {
    switch (transaction.kind) {
      case 'deposit':
      case 'withdrawal':
        breakdown.netDepositsMinor += transaction.amountMinor;
        break;
      case 'dividend':
      case 'interest':
        breakdown.incomeMinor += transaction.amountMinor;
        break;
      case 'fee':
      case 'tax':
        breakdown.costsMinor -= transaction.amountMinor;
        break;
      default:
        break;
    }
  }
  return breakdown;
}

/** The flows of each day (deposits and withdrawals only), for building ValuationDays. */
export function externalFlowsByDate(transactions: readonly InvestmentTransaction[]): Map<IsoDate, number> {
  const flows = new Map<IsoDate, number>();
  for (const transaction of transactions) {
    if (transaction.kind !== 'deposit' && transaction.kind !== 'withdrawal') continue;
    flows.set(transaction.date, (flows.get(transaction.date) ?? 0) + transaction.amountMinor);
  }
  return flows;
}
