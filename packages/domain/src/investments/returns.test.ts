import { describe, expect, it } from 'vitest';
import {
  externalFlowsByDate,
  investmentBreakdown,
  moneyWeightedFlows,
  timeWeightedReturn,
  xirr,
  type ValuationDay,
} from './returns';

const day = (date: string, valueMinor: number, flowMinor = 0): ValuationDay => ({
  date,
  valueMinor,
  flowMinor,
});

describe('timeWeightedReturn', () => {
  it('is the change in value when nothing moves in or out', () => {
    // 100.00 → 110.00 → 99.00: 1.1 × 0.9 − 1 = −1 %.
    expect(
      timeWeightedReturn([day('2026-01-01', 10_000), day('2026-01-02', 11_000), day('2026-01-03', 9_900)]),
    ).toBeCloseTo(-0.01, 12);
  });

  it('is not moved by a deposit in the middle of the period', () => {
    // Day 2: +10 % on 1,000. Day 3: 1,000 deposited at the start, 2,100 grows 10 % to 2,310.
    // TWR = 1.1 × 1.1 − 1 = 21 %, although the money gained 310 on 2,000 put in.
    const days = [
      day('2026-01-01', 100_000),
      day('2026-01-02', 110_000),
      day('2026-01-03', 231_000, 100_000),
    ];
    expect(timeWeightedReturn(days)).toBeCloseTo(0.21, 12);
  });

  it('counts a withdrawal the same way', () => {
    // 2,000 → 2,200 (+10 %); 1,200 taken out, 1,000 left → 950 (−5 %): 1.1 × 0.95 − 1 = 4.5 %.
    const days = [
      day('2026-01-01', 200_000),
      day('2026-01-02', 220_000),
      day('2026-01-03', 95_000, -120_000),
    ];
    expect(timeWeightedReturn(days)).toBeCloseTo(0.045, 12);
  });

  it('starts measuring when money first arrives in an empty account', () => {
    // 0; 500 deposited, still 500 (0 %); 550 (+10 %).
    const days = [day('2026-01-01', 0), day('2026-01-02', 50_000, 50_000), day('2026-01-03', 55_000)];
    expect(timeWeightedReturn(days)).toBeCloseTo(0.1, 12);
  });

  it('counts a day that starts overdrawn as 0 % instead of a meaningless ratio', () => {
    // −200 → −100 (nothing invested: skipped); 300 deposited onto −100 = 200 → 220 (+10 %).
    const days = [day('2026-01-01', -20_000), day('2026-01-02', -10_000), day('2026-01-03', 22_000, 30_000)];
    expect(timeWeightedReturn(days)).toBeCloseTo(0.1, 12);
  });

  it('survives an account emptied and refilled', () => {
    // 1,000 → 1,050 (+5 %); all 1,050 withdrawn (0 invested: skipped); 100 deposited, still 100 (0 %).
    const days = [
      day('2026-01-01', 100_000),
      day('2026-01-02', 105_000),
      day('2026-01-03', 0, -105_000),
      day('2026-01-04', 10_000, 10_000),
    ];
    expect(timeWeightedReturn(days)).toBeCloseTo(0.05, 12);
  });

  it('measures a single day, and nothing without one', () => {
    expect(timeWeightedReturn([day('2026-01-01', 10_000), day('2026-01-02', 10_300)])).toBeCloseTo(0.03, 12);
    expect(timeWeightedReturn([day('2026-01-01', 10_000)])).toBeNull();
    expect(timeWeightedReturn([])).toBeNull();
    expect(timeWeightedReturn([day('2026-01-01', 0), day('2026-01-02', 0)])).toBeNull();
  });
});

describe('xirr', () => {
  it('is the plain annual rate for one deposit held a year', () => {
    // 1,000 in on 2025-01-01, 1,100 out 365 days later: 10 %.
    expect(
      xirr([
        { date: '2025-01-01', amountMinor: -100_000 },
        { date: '2026-01-01', amountMinor: 110_000 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it('weights a deposit made mid-period by the time it was invested', () => {
    // 1,000 on day 0 and 1,000 on day 182, 2,200 on day 365:
    // 1,000 (1 + r) + 1,000 (1 + r)^(183/365) = 2,200 → r = 13.4627 %.
    const rate = xirr([
      { date: '2025-01-01', amountMinor: -100_000 },
      { date: '2025-07-02', amountMinor: -100_000 },
      { date: '2026-01-01', amountMinor: 220_000 },
    ]);
    expect(rate).toBeCloseTo(0.13462698, 7);
  });

  it('handles a withdrawal before the end', () => {
    // 1,000 in; 500 out after 90 days; 600 left after 364 days → r = 15.9058 %.
    const rate = xirr([
      { date: '2025-01-01', amountMinor: -100_000 },
      { date: '2025-04-01', amountMinor: 50_000 },
      { date: '2025-12-31', amountMinor: 60_000 },
    ]);
    expect(rate).toBeCloseTo(0.15905825, 7);
  });

  it('annualises a single day', () => {
    // +0.1 % in one day: 1.001^365 − 1 = 44.0251 %.
    const rate = xirr([
      { date: '2026-01-01', amountMinor: -100_000 },
      { date: '2026-01-02', amountMinor: 100_100 },
    ]);
    expect(rate).toBeCloseTo(0.44025131, 7);
  });

  it('finds a loss', () => {
    // 1,000 in, 500 back a year later: −50 %.
    expect(
      xirr([
        { date: '2025-01-01', amountMinor: -100_000 },
        { date: '2026-01-01', amountMinor: 50_000 },
      ]),
    ).toBeCloseTo(-0.5, 9);
  });

  it('has no rate when money only goes one way or everything happens on one day', () => {
    expect(xirr([{ date: '2025-01-01', amountMinor: -100_000 }])).toBeNull();
    expect(
      xirr([
        { date: '2025-01-01', amountMinor: -100_000 },
        { date: '2025-06-01', amountMinor: -100_000 },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2025-01-01', amountMinor: -100_000 },
        { date: '2025-01-01', amountMinor: 100_000 },
      ]),
    ).toBeNull();
    expect(xirr([])).toBeNull();
  });
});

describe('moneyWeightedFlows', () => {
  it('puts the starting value in, each deposit in, and takes the ending value out', () => {
    const days = [
      day('2025-01-01', 100_000),
      day('2025-07-02', 210_000, 100_000),
      day('2026-01-01', 220_000),
    ];
    const flows = moneyWeightedFlows(days);
    expect(flows).toEqual([
      { date: '2025-01-01', amountMinor: -100_000 },
      { date: '2025-07-02', amountMinor: -100_000 },
      { date: '2026-01-01', amountMinor: 220_000 },
    ]);
    expect(xirr(flows)).toBeCloseTo(0.13462698, 7);
  });
});

describe('investmentBreakdown', () => {
  it('keeps deposits, dividends and fees apart, and buys and sells out of all three', () => {
    const transactions = [
      { date: '2026-01-02', kind: 'deposit', amountMinor: 500_000 },
      { date: '2026-01-03', kind: 'buy', amountMinor: -450_000 },
      { date: '2026-01-03', kind: 'fee', amountMinor: -495 },
      { date: '2026-03-15', kind: 'dividend', amountMinor: 1_234 },
      { date: '2026-03-15', kind: 'tax', amountMinor: -185 },
      { date: '2026-03-31', kind: 'interest', amountMinor: 66 },
      { date: '2026-04-01', kind: 'sell', amountMinor: 100_000 },
      { date: '2026-04-02', kind: 'withdrawal', amountMinor: -100_000 },
    ] as const;
    expect(investmentBreakdown(transactions)).toEqual({
      netDepositsMinor: 400_000,
      incomeMinor: 1_300,
      costsMinor: 680,
    });
    expect([...externalFlowsByDate(transactions)]).toEqual([
      ['2026-01-02', 500_000],
      ['2026-04-02', -100_000],
    ]);
  });
});
