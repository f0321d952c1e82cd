import { describe, expect, it } from 'vitest';
import {
  investmentActivityOf,
  isPerformanceRange,
  performanceOf,
  performanceRangeStart,
  valuationDays,
} from './performance';
import type { InvestmentTransaction } from './returns';

describe('performanceRangeStart', () => {
  it.each([
    ['1m', '2026-03-31', '2026-02-28'],
    ['3m', '2026-11-25', '2026-08-25'],
    ['ytd', '2026-11-25', '2026-01-01'],
    ['1y', '2026-11-25', '2025-11-25'],
    ['all', '2026-11-25', null],
  ] as const)('%s ending %s starts on %s', (range, today, start) => {
    expect(performanceRangeStart(range, today)).toBe(start);
  });

  it('knows its ranges, in lower case only', () => {
    expect(isPerformanceRange('ytd')).toBe(true);
    expect(isPerformanceRange('YTD')).toBe(false);
    expect(isPerformanceRange('6m')).toBe(false);
  });
});

describe('investmentActivityOf', () => {
  it.each([
    ['INVESTMENT_BUY', -500, 'buy'],
    ['investment_sell', 500, 'sell'],
    ['BUY', -10, 'buy'],
    ['INVESTMENT_REINVEST', -20, 'buy'],
    ['INCOME_DIVIDENDS', 120, 'dividend'],
    ['INVESTMENT_DIVIDEND', 120, 'dividend'],
    ['INVESTMENT_CAPITAL_GAIN', 40, 'dividend'],
    ['INVESTMENT_INTEREST', 3, 'interest'],
    ['INCOME_INTEREST_EARNED', 3, 'interest'],
    ['INVESTMENT_FEE', -100, 'fee'],
    ['BANK_FEES_OTHER_BANK_FEES', -100, 'fee'],
    ['INVESTMENT_TAX', -30, 'tax'],
    ['TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS', 100_000, 'deposit'],
    ['TRANSFER_OUT_ACCOUNT_TRANSFER', -50_000, 'withdrawal'],
    ['INVESTMENT_CASH', 2_000, 'deposit'],
    [null, -1, 'withdrawal'],
  ] as const)('%s of %i is %s', (code, amount, kind) => {
    expect(investmentActivityOf(code, amount)).toBe(kind);
  });
});

describe('valuationDays', () => {
  const tx = (
    date: string,
    kind: InvestmentTransaction['kind'],
    amountMinor: number,
  ): InvestmentTransaction => ({
    date,
    kind,
    amountMinor,
  });

  it('fills days without a value with the previous one and puts each day’s deposits and withdrawals on it', () => {
    const values = new Map([
      ['2026-01-01', 100_000],
      ['2026-01-03', 160_000],
    ]);
    const transactions = [
      tx('2026-01-01', 'deposit', 100_000),
      tx('2026-01-03', 'deposit', 50_000),
      tx('2026-01-03', 'buy', -50_000),
      tx('2026-01-03', 'dividend', 1_000),
    ];
    expect(valuationDays(values, transactions, '2026-01-01', '2026-01-04')).toEqual([
      { date: '2026-01-01', valueMinor: 100_000, flowMinor: 0 },
      { date: '2026-01-02', valueMinor: 100_000, flowMinor: 0 },
      { date: '2026-01-03', valueMinor: 160_000, flowMinor: 50_000 },
      { date: '2026-01-04', valueMinor: 160_000, flowMinor: 0 },
    ]);
  });
});

describe('performanceOf', () => {
  it('gives TWR, XIRR and deposits, income and costs after the first day, worked by hand', () => {
    // 1,000.00 on 2025-01-01; +10 % to 1,100 by mid-year; on 2026-01-01 1,000 is deposited and the
    // 2,100 grows 10 % to 2,310. TWR = 1.1 × 1.1 − 1 = 21 %. XIRR: −1,000 at year 0, −1,000 and +2,310
    // at year 1 (365 days): 1,000 × (1 + r) = 1,310, r = 31 %. A dividend of 5.00 and a fee of 2.00
    // happen inside the account; the deposit on the first day is in its starting value.
    const days = [
      { date: '2025-01-01', valueMinor: 100_000, flowMinor: 0 },
      { date: '2025-07-02', valueMinor: 110_000, flowMinor: 0 },
      { date: '2026-01-01', valueMinor: 231_000, flowMinor: 100_000 },
    ];
    const transactions: InvestmentTransaction[] = [
      { date: '2025-01-01', kind: 'deposit', amountMinor: 100_000 },
      { date: '2026-01-01', kind: 'deposit', amountMinor: 100_000 },
      { date: '2025-07-02', kind: 'dividend', amountMinor: 500 },
      { date: '2026-01-01', kind: 'fee', amountMinor: -200 },
    ];
    const result = performanceOf(days, transactions);
    expect(result).toMatchObject({
      startValueMinor: 100_000,
      endValueMinor: 231_000,
      netDepositsMinor: 100_000,
      incomeMinor: 500,
      costsMinor: 200,
    });
    expect(result.timeWeighted).toBeCloseTo(0.21, 12);
    expect(result.moneyWeighted).toBeCloseTo(0.31, 9);
  });

  it('has no returns for a single day', () => {
    const result = performanceOf([{ date: '2026-01-01', valueMinor: 100, flowMinor: 0 }], []);
    expect(result).toMatchObject({
      timeWeighted: null,
      moneyWeighted: null,
      startValueMinor: 100,
      endValueMinor: 100,
    });
  });
});
