import { addDays, addMonths, type IsoDate } from '../dates';
import {
  externalFlowsByDate,
  investmentBreakdown,
  type InvestmentActivity,
  type InvestmentBreakdown,
  type InvestmentTransaction,
  moneyWeightedFlows,
  timeWeightedReturn,
  type ValuationDay,
  xirr,
} from './returns';

/**
 * Investment performance over a range (issue 23, docs/domain.md "Investment performance"): which
 * transactions are deposits, trades, income or costs, the ranges, and the daily value series that TWR
 * and XIRR take.
 */

export const PERFORMANCE_RANGES = ['1m', '3m', 'ytd', '1y', 'all'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

export function isPerformanceRange(value: string): value is PerformanceRange {
  return (PERFORMANCE_RANGES as readonly string[]).includes(value);
}

/**
 * The first day a range measures (its returns start from the value at the end of the day before):
 * the same day 1 or 3 months or a year back, January 1st of this year, or null for 'all' (from the
 * first day there is a value).
 */
export function performanceRangeStart(range: PerformanceRange, today: IsoDate): IsoDate | null {
  switch (range) {
    case '1m':
      return addMonths(today, -1);
    case '3m':
      return addMonths(today, -3);
    case 'ytd':
      return `${today.slice(0, 4)}-01-01`;
    case '1y':
      return addMonths(today, -12);
    default:
      return null;
  }
}

/** Detailed category codes of trades (a security bought or sold for cash inside the account). */
export const INVESTMENT_TRADE_CODES = [
  'BUY',
  'SELL',
  'TRADE',
  'TRADES',
  'INVESTMENT_BUY',
  'INVESTMENT_SELL',
  'INVESTMENT_REINVEST',
  'INVESTMENT_CANCEL',
] as const;
const TRADE_CODES: ReadonlySet<string> = new Set(INVESTMENT_TRADE_CODES);
const DIVIDEND_CODES: ReadonlySet<string> = new Set([
  'INCOME_DIVIDENDS',
  'INVESTMENT_DIVIDEND',
  'INVESTMENT_CAPITAL_GAIN',
  'INVESTMENT_INCOME',
]);
const INTEREST_CODES: ReadonlySet<string> = new Set(['INCOME_INTEREST_EARNED', 'INVESTMENT_INTEREST']);
const TAX_CODES: ReadonlySet<string> = new Set(['INVESTMENT_TAX', 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT']);

/**
 * What an investment account's transaction is, from its detailed category code as connectors and
 * imports write it (Plaid `INVESTMENT_<type>`, OFX/QIF `INVESTMENT_…`, the demo bank's `INVESTMENT_BUY`
 * and `INCOME_DIVIDENDS`, exchanges' `BUY`/`SELL`): trades (buy when cash goes out, sell when it comes
 * in), dividends and capital-gain distributions, interest, fees (`INVESTMENT_FEE`, `BANK_FEES_…`) and
 * taxes. Everything else moves money into or out of the account from outside — a deposit when the
 * amount is positive, a withdrawal when negative — including Plaid's `INVESTMENT_CASH`, which does not
 * tell a deposit from a dividend.
 */
export function investmentActivityOf(
  detailedCategory: string | null,
  amountMinor: number,
): InvestmentActivity {
  const code = (detailedCategory ?? '').trim().toUpperCase();
  if (TRADE_CODES.has(code)) return amountMinor < 0 ? 'buy' : 'sell';
  if (DIVIDEND_CODES.has(code)) return 'dividend';
  if (INTEREST_CODES.has(code)) return 'interest';
  if (code === 'INVESTMENT_FEE' || code.startsWith('BANK_FEES')) return 'fee';
  if (TAX_CODES.has(code)) return 'tax';
  return amountMinor >= 0 ? 'deposit' : 'withdrawal';
}

/**
 * The valuation days of one account from `first` to `last`: the end-of-day values given (a day
 * without one keeps the previous value) and each day's external flows from `transactions`. The first
 * day is the starting value; flows on it are not counted (they are in that value).
 */
export function valuationDays(
  values: ReadonlyMap<IsoDate, number>,
  transactions: readonly InvestmentTransaction[],
  first: IsoDate,
  last: IsoDate,
): ValuationDay[] {
  const flows = externalFlowsByDate(transactions);
  const days: ValuationDay[] = [];
  let value = values.get(first) ?? 0;
  for (let date = first; date <= last; date = addDays(date, 1)) {
    value = values.get(date) ?? value;
    days.push({ date, valueMinor: value, flowMinor: date === first ? 0 : (flows.get(date) ?? 0) });
  }
  return days;
}

export type Performance = InvestmentBreakdown & {
  startValueMinor: number;
  endValueMinor: number;
  /** Ratios (0.1 = 10 %); null when there is none (see timeWeightedReturn, xirr). */
  timeWeighted: number | null;
  moneyWeighted: number | null;
};

/** TWR, XIRR and the breakdown of a range, from its valuation days and the transactions after its first day. */
export function performanceOf(
  days: readonly ValuationDay[],
  transactions: readonly InvestmentTransaction[],
): Performance {
  const first = days[0];
  const counted = first ? transactions.filter((transaction) => transaction.date > first.date) : [];
  return {
    ...investmentBreakdown(counted),
    startValueMinor: first?.valueMinor ?? 0,
    endValueMinor: days.at(-1)?.valueMinor ?? 0,
    timeWeighted: timeWeightedReturn(days),
    moneyWeighted: xirr(moneyWeightedFlows(days)),
  };
}
