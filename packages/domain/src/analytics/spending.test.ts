import { describe, expect, it } from 'vitest';
import {
  type CategorySums,
  countsTowardSpending,
  cumulativeDaily,
  incomeAndSpending,
  isRefund,
  shareOf,
  type SpendingCandidate,
} from './spending';

const sums = (category: string, inflowMinor: number, outflowMinor: number, count: number): CategorySums => ({
  category,
  inflowMinor,
  outflowMinor,
  count,
});

const MONTH: CategorySums[] = [
  sums('INCOME', 500_000, -10_000, 3), // pay, and a clawback of part of it
  sums('', 2_000, -3_000, 4), // uncategorized: money in is income, money out is spending
  sums('FOOD_AND_DRINK', 1_500, -41_500, 10), // a refund nets off
  sums('TRAVEL', 5_000, 0, 1), // only a refund: negative spending
  sums('MEDICAL', 0, -20_000, 2),
  sums('TRANSFER', 100_000, -100_000, 2), // never counted
];

describe('incomeAndSpending', () => {
  it('applies the income and spending rules with their signs', () =>
    expect(incomeAndSpending(MONTH)).toEqual({
      incomeMinor: 492_000,
      spendingMinor: 58_000,
      count: 20,
      byCategory: [
        { category: 'FOOD_AND_DRINK', label: 'Food & Dining', amountMinor: 40_000, count: 10 },
        { category: 'MEDICAL', label: 'Medical', amountMinor: 20_000, count: 2 },
        { category: '', label: 'Uncategorized', amountMinor: 3_000, count: 4 },
        { category: 'TRAVEL', label: 'Travel', amountMinor: -5_000, count: 1 },
      ],
    }));

  it.each([
    // [hidden, income, spending, count, categories shown]
    [['MEDICAL'], 492_000, 38_000, 18, ['FOOD_AND_DRINK', '', 'TRAVEL']],
    [['INCOME'], 492_000, 58_000, 20, ['FOOD_AND_DRINK', 'MEDICAL', '', 'TRAVEL']],
    [[''], 492_000, 55_000, 20, ['FOOD_AND_DRINK', 'MEDICAL', 'TRAVEL']],
    [['TRAVEL', 'FOOD_AND_DRINK'], 492_000, 23_000, 9, ['MEDICAL', '']],
    [['SOMETHING_ELSE'], 492_000, 58_000, 20, ['FOOD_AND_DRINK', 'MEDICAL', '', 'TRAVEL']],
  ])('hiding %j: income %i, spending %i, %i rows', (hidden, income, spending, count, shown) => {
    const result = incomeAndSpending(MONTH, hidden);
    expect(result.incomeMinor).toBe(income);
    expect(result.spendingMinor).toBe(spending);
    expect(result.count).toBe(count);
    expect(result.byCategory.map((row) => row.category)).toEqual(shown);
  });

  it('is empty for no rows', () =>
    expect(incomeAndSpending([])).toEqual({ incomeMinor: 0, spendingMinor: 0, count: 0, byCategory: [] }));

  it('adds up rows of the same category', () =>
    expect(
      incomeAndSpending([
        sums('TRAVEL', 0, -1_000, 1),
        sums('INCOME', 700, 0, 1),
        sums('TRAVEL', 200, -300, 2),
      ]),
    ).toEqual({
      incomeMinor: 700,
      spendingMinor: 1_100,
      count: 4,
      byCategory: [{ category: 'TRAVEL', label: 'Travel', amountMinor: 1_100, count: 3 }],
    }));

  it('counts a negative INCOME net (more clawed back than paid) against income', () =>
    expect(incomeAndSpending([sums('INCOME', 1_000, -3_000, 2)]).incomeMinor).toBe(-2_000));

  it('orders equal amounts by category code and labels unknown codes in title case', () =>
    expect(
      incomeAndSpending([
        sums('TRAVEL', 0, -500, 1),
        sums('BANK_FEES', 0, -500, 1),
        sums('SOMETHING_NEW', 0, -900, 1),
      ]).byCategory.map((row) => [row.category, row.label]),
    ).toEqual([
      ['SOMETHING_NEW', 'Something New'],
      ['BANK_FEES', 'Bank Fees'],
      ['TRAVEL', 'Travel'],
    ]));

  it('shows a category whose refunds exactly offset its spending as 0', () =>
    expect(incomeAndSpending([sums('TRAVEL', 500, -500, 2)]).byCategory).toEqual([
      { category: 'TRAVEL', label: 'Travel', amountMinor: 0, count: 2 },
    ]));

  it('refuses fractional sums', () =>
    expect(() => incomeAndSpending([sums('TRAVEL', 0.5, 0, 1)])).toThrow(RangeError));
});

describe('countsTowardSpending', () => {
  const base: SpendingCandidate = {
    status: 'posted',
    excluded: false,
    transferPairId: null,
    categoryShown: 'FOOD_AND_DRINK',
    providerCategory: 'FOOD_AND_DRINK',
    detailedCategory: 'FOOD_AND_DRINK_GROCERIES',
  };

  it.each<[string, Partial<SpendingCandidate>, boolean]>([
    ['a posted purchase', {}, true],
    ['a pending purchase', { status: 'pending' }, true],
    ['a failed payment', { status: 'failed' }, false],
    ['a cancelled payment', { status: 'cancelled' }, false],
    ['an excluded row', { excluded: true }, false],
    ['a transfer leg', { transferPairId: 'a1b2' }, false],
    ['a row shown as TRANSFER', { categoryShown: 'TRANSFER' }, false],
    ['an uncategorized row', { categoryShown: '' }, true],
    ['income', { categoryShown: 'INCOME' }, true],
    ['a trade by provider category', { providerCategory: 'INVESTMENT' }, false],
    ['a trade by detailed category', { detailedCategory: 'INVESTMENT_BUY' }, false],
    ['a BUY', { providerCategory: 'buy' }, false],
    ['no provider categories', { providerCategory: null, detailedCategory: undefined }, true],
    ['empty provider categories', { providerCategory: '', detailedCategory: '' }, true],
  ])('%s: %s', (_, change, expected) => expect(countsTowardSpending({ ...base, ...change })).toBe(expected));
});

describe('shareOf', () => {
  it.each([
    [25, 100, 25],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [-5, 100, -5],
    [5, 0, 0],
    [5, -10, 0],
    [0, 100, 0],
  ])('%i of %i is %d %%', (part, total, expected) => expect(shareOf(part, total)).toBe(expected));
});

describe('cumulativeDaily', () => {
  it.each([
    [
      [
        { day: 1, amountMinor: 100 },
        { day: 3, amountMinor: 50 },
        { day: 3, amountMinor: 25 },
      ],
      4,
      [100, 100, 175, 175],
    ],
    [[], 3, [0, 0, 0]],
    [[{ day: 2, amountMinor: -40 }], 2, [0, -40]],
    // Days outside 1..days (after today, malformed) add nothing.
    [
      [
        { day: 0, amountMinor: 1 },
        { day: 5, amountMinor: 1 },
        { day: 1.5, amountMinor: 1 },
        { day: 2, amountMinor: 10 },
      ],
      3,
      [0, 10, 10],
    ],
    [[{ day: 1, amountMinor: 5 }], 0, []],
  ])('%j over %i days → %j', (daily, days, expected) =>
    expect(cumulativeDaily(daily, days)).toEqual(expected),
  );

  it('has one entry per day of a 31-day month', () => expect(cumulativeDaily([], 31)).toHaveLength(31));

  it.each([-1, 2.5, Number.NaN])('refuses %d days', (days) =>
    expect(() => cumulativeDaily([], days)).toThrow(RangeError),
  );
});

describe('isRefund', () => {
  const base: SpendingCandidate & { amountMinor: number } = {
    status: 'posted',
    excluded: false,
    transferPairId: null,
    categoryShown: 'SHOPPING',
    amountMinor: 2_499,
  };

  it.each<[string, Partial<typeof base>, boolean]>([
    ['money back on a purchase category', {}, true],
    ['a pending refund', { status: 'pending' }, true],
    ['a purchase (money out)', { amountMinor: -2_499 }, false],
    ['a zero amount', { amountMinor: 0 }, false],
    ['income', { categoryShown: 'INCOME' }, false],
    ['uncategorized money in', { categoryShown: '' }, false],
    ['a transfer in', { transferPairId: 'a1b2' }, false],
    ['an excluded credit', { excluded: true }, false],
    ['a sale of shares', { providerCategory: 'INVESTMENT' }, false],
  ])('%s: %s', (_, change, expected) => expect(isRefund({ ...base, ...change })).toBe(expected));
});
