import { describe, expect, it } from 'vitest';
import {
  BUDGET_CATEGORIES,
  budgetFromAverage,
  budgetProgress,
  isBudgetCategory,
  remainingPerDay,
  rolloverInto,
} from './budgets';

describe('budget categories', () => {
  it('are the spec’s categories without income and transfers, plus overall', () => {
    expect(BUDGET_CATEGORIES).toHaveLength(10);
    expect(isBudgetCategory('overall')).toBe(true);
    expect(isBudgetCategory('FOOD_AND_DRINK')).toBe(true);
    for (const value of ['INCOME', 'TRANSFER', 'PERSONAL_CARE', '', 'food_and_drink']) {
      expect(isBudgetCategory(value)).toBe(false);
    }
  });
});

describe('rolloverInto', () => {
  const months = [
    { month: '2025-11', amountMinor: 100, spentMinor: 70 },
    { month: '2025-12', amountMinor: 100, spentMinor: 120 },
    { month: '2026-01', amountMinor: 100, spentMinor: 0 },
  ];
  it('passes on what is left and what is overspent, month after month', () => {
    expect(rolloverInto(months, true)).toBe(10);
    expect(rolloverInto(months, false)).toBe(0);
  });
  it('breaks at a month without a budget', () => {
    const gap = [months[0]!, { month: '2025-12', amountMinor: null, spentMinor: 50 }, months[2]!];
    expect(rolloverInto(gap, true)).toBe(0);
  });
});

describe('budgetProgress', () => {
  it('marks 80 % as near and 100 % as over', () => {
    expect(budgetProgress(null, 5)).toEqual({ status: 'none', percent: null, threshold: null });
    expect(budgetProgress(100, 79)).toMatchObject({ status: 'under', threshold: null });
    expect(budgetProgress(100, 80)).toMatchObject({ status: 'near', threshold: 80, percent: 80 });
    expect(budgetProgress(100, 100)).toMatchObject({ status: 'over', threshold: 100 });
    expect(budgetProgress(0, 1)).toMatchObject({ status: 'over', percent: null });
    expect(budgetProgress(-10, 0)).toMatchObject({ status: 'under' });
  });
});

describe('remainingPerDay and budgetFromAverage', () => {
  it('never promises more than is left', () => {
    expect(remainingPerDay(1000, 3)).toBe(333);
    expect(remainingPerDay(-5, 3)).toBe(0);
    expect(remainingPerDay(100, 0)).toBeNull();
  });
  it('rounds an average up to a whole unit, capped at the largest amount', () => {
    expect(budgetFromAverage(20_001, 100)).toBe(20_100);
    expect(budgetFromAverage(0, 100)).toBeNull();
    expect(budgetFromAverage(-5, 100)).toBeNull();
    expect(budgetFromAverage(500_000_000, 100)).toBe(100_000_000);
  });
});
