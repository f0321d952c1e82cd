import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type AccountType, assetClassOf } from '../accounts';
import { AGGREGATION } from '../constants';
import {
  ASSET_CLASS_LABELS,
  ASSET_CLASSES,
  allocatePercents,
  percentChange,
  percentOf,
  splitMinor,
  summarizeBalances,
} from './net-worth';

const account = (type: AccountType, amountMinor: number) => ({ type, amountMinor });

describe('summarizeBalances', () => {
  it('sums a typical household (liabilities negative when owed)', () => {
    const summary = summarizeBalances([
      account('depository', 400_000),
      account('depository', 100_000),
      account('brokerage', 300_000),
      account('wallet', 100_000),
      account('credit', -50_000),
      account('loan', -20_000),
    ]);
    expect(summary).toEqual({
      netWorthMinor: 830_000,
      assetsMinor: 900_000,
      liabilitiesMinor: -70_000,
      byClass: {
        cash: 500_000,
        investment: 300_000,
        crypto: 100_000,
        real_estate: 0,
        other: 0,
        liability: -70_000,
      },
      allocation: [
        { class: 'cash', label: 'Cash', amountMinor: 500_000, percent: 55.56 },
        { class: 'investment', label: 'Investments', amountMinor: 300_000, percent: 33.33 },
        { class: 'crypto', label: 'Crypto', amountMinor: 100_000, percent: 11.11 },
      ],
      cryptoSharePercent: 11.11,
      cryptoAboveThreshold: true,
    });
  });

  it('is all zero with no accounts', () =>
    expect(summarizeBalances([])).toEqual({
      netWorthMinor: 0,
      assetsMinor: 0,
      liabilitiesMinor: 0,
      byClass: { cash: 0, investment: 0, crypto: 0, real_estate: 0, other: 0, liability: 0 },
      allocation: [],
      cryptoSharePercent: 0,
      cryptoAboveThreshold: false,
    }));

  it('keeps an overpaid card (credit balance) in the liability class', () => {
    const summary = summarizeBalances([
      account('depository', 10_000),
      account('credit', 2_500),
      account('loan', -7_500),
    ]);
    expect(summary.liabilitiesMinor).toBe(-5_000);
    expect(summary.byClass.liability).toBe(-5_000);
    expect(summary.assetsMinor).toBe(10_000);
    expect(summary.netWorthMinor).toBe(5_000);
    expect(summary.allocation.map((slice) => slice.class)).toEqual(['cash']);
  });

  it('lets an overdrawn account lower assets but leaves it out of the allocation', () => {
    const summary = summarizeBalances([account('depository', -1_000), account('investment', 10_000)]);
    expect(summary.assetsMinor).toBe(9_000);
    expect(summary.allocation).toEqual([
      { class: 'investment', label: 'Investments', amountMinor: 10_000, percent: 100 },
    ]);
  });

  it('owes more than it owns: negative net worth, no crypto share', () => {
    const summary = summarizeBalances([account('depository', 1_000), account('loan', -500_000)]);
    expect(summary.netWorthMinor).toBe(-499_000);
    expect(summary.cryptoSharePercent).toBe(0);
  });

  it.each([
    // [crypto, other assets, share, above]
    [10_000, 90_000, 10, false],
    [10_010, 89_990, 10.01, true],
    [9_999, 90_001, 10, false], // 9.999 rounds to 10.00, which is not above 10
    [0, 100_000, 0, false],
    [100_000, 0, 100, true],
  ])('crypto %i of %i other: share %d, above the threshold: %s', (crypto, other, share, above) => {
    const summary = summarizeBalances([account('crypto', crypto), account('depository', other)]);
    expect(summary.cryptoSharePercent).toBe(share);
    expect(summary.cryptoAboveThreshold).toBe(above);
  });

  it('uses the threshold from the constants', () => expect(AGGREGATION.cryptoShareThresholdPercent).toBe(10));

  it('puts every account type in its asset class', () => {
    const summary = summarizeBalances(ACCOUNT_TYPES.map((type) => account(type, 100)));
    for (const assetClass of ASSET_CLASSES) {
      const expected = ACCOUNT_TYPES.filter((type) => assetClassOf(type) === assetClass).length * 100;
      expect(summary.byClass[assetClass]).toBe(expected);
    }
    expect(summary.netWorthMinor).toBe(ACCOUNT_TYPES.length * 100);
  });

  it('orders equal slices by class and still sums to exactly 100', () => {
    const summary = summarizeBalances([
      account('real_estate', 1),
      account('other', 1),
      account('depository', 1),
    ]);
    expect(summary.allocation.map((slice) => [slice.class, slice.percent])).toEqual([
      ['cash', 33.34],
      ['real_estate', 33.33],
      ['other', 33.33],
    ]);
  });

  it('labels every class', () =>
    expect(ASSET_CLASS_LABELS).toEqual({
      cash: 'Cash',
      investment: 'Investments',
      crypto: 'Crypto',
      real_estate: 'Real estate',
      liability: 'Liabilities',
      other: 'Other',
    }));

  it('refuses a fractional amount', () =>
    expect(() => summarizeBalances([account('depository', 1.5)])).toThrow(RangeError));
});

describe('allocatePercents (largest remainder, sums to 100)', () => {
  it.each([
    [
      [1, 1, 1],
      [33.34, 33.33, 33.33],
    ],
    [
      [1, 2],
      [33.33, 66.67],
    ],
    [[5], [100]],
    [
      [0, 0],
      [0, 0],
    ],
    [[], []],
    [
      [0, 7],
      [0, 100],
    ],
    [
      [1, 1, 1, 1, 1, 1, 1],
      [14.29, 14.29, 14.29, 14.29, 14.28, 14.28, 14.28],
    ],
    [
      [9_000_000_000_000, 1],
      [100, 0],
    ],
  ])('%j → %j', (amounts, expected) => expect(allocatePercents(amounts)).toEqual(expected));

  it.each([[[3, 7, 11, 13, 17, 19, 23]], [[999_999, 1, 1]], [[123_456_789, 987_654_321, 5]]])(
    '%j adds up to exactly 100',
    (amounts) => {
      const hundredths = allocatePercents(amounts).reduce(
        (total, percent) => total + Math.round(percent * 100),
        0,
      );
      expect(hundredths).toBe(10_000);
    },
  );

  it.each([[[-1, 2]], [[1.5]]])('refuses %j', (amounts) =>
    expect(() => allocatePercents(amounts)).toThrow(RangeError),
  );
});

describe('percentChange', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [0, 100, -100],
    [100, 100, 0],
    [-50, -100, 50], // a debt halved is an improvement
    [-150, -100, -50],
    [50, -100, 150],
    [1, 3, -66.67],
    [2, 3, -33.33],
    [100_125, 100_000, 0.13], // 0.125 rounds half away from zero
    [99_875, 100_000, -0.13],
    [3, 1, 200],
  ])('from %i to %i is %d %%', (current, previous, expected) =>
    expect(percentChange(current, previous)).toBe(expected),
  );

  it.each([
    [5, 0],
    [0, 0],
    [-5, 0],
  ])('from 0 to %i is null', (current, previous) => expect(percentChange(current, previous)).toBeNull());
});

describe('percentOf', () => {
  it.each([
    [1, 8, 12.5],
    [1, 3, 33.33],
    [-1, 3, -33.33],
    [1, 400, 0.25],
    [1, 80_000, 0], // 0.00125 → 0, never −0
    [-1, 80_000, 0],
    [0.5, 3, 16.67],
    [1.005, 100, 1.01],
  ])('%d of %d is %d %%', (part, whole, expected) =>
    expect(Object.is(percentOf(part, whole), expected)).toBe(true),
  );

  it('refuses a zero whole', () => expect(() => percentOf(1, 0)).toThrow(RangeError));
});

describe('splitMinor', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1_000, [500, 300, 200], [500, 300, 200]],
    [-7, [3, 4], [-3, -4]],
    [90_909, [50_000, 50_000], [45_455, 45_454]],
    // A refund in one category: weights of both signs still add up to the total.
    [1_099, [1_500, -500], [1_649, -550]],
    [0, [0, 0], [0, 0]],
  ])('splits %d over %j as %j', (total, weights, expected) => {
    const parts = splitMinor(total, weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('refuses weights adding up to 0 for a non-zero total, and fractions', () => {
    expect(() => splitMinor(5, [1, -1])).toThrow(RangeError);
    expect(() => splitMinor(1.5, [1])).toThrow(RangeError);
  });
});
