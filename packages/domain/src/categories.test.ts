import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  CONFIDENCE_LEVELS,
  isConfidentCategory,
  PRIMARY_CATEGORY_GROUPS,
  primaryCategoryOf,
  TRANSACTION_CATEGORIES,
} from './categories';

describe('transaction categories', () => {
  it('has the twelve spec values and labels in order', () => {
    expect(Object.entries(TRANSACTION_CATEGORIES)).toEqual([
      ['FOOD_AND_DRINK', 'Food & Dining'],
      ['GENERAL_MERCHANDISE', 'Shopping'],
      ['TRANSPORTATION', 'Transportation'],
      ['ENTERTAINMENT', 'Entertainment'],
      ['TRAVEL', 'Travel'],
      ['INCOME', 'Income'],
      ['TRANSFER', 'Transfers'],
      ['LOAN_PAYMENTS', 'Loan Payments'],
      ['GENERAL_SERVICES', 'Services'],
      ['RENT_AND_UTILITIES', 'Rent & Utilities'],
      ['HOME_IMPROVEMENT', 'Home Improvement'],
      ['MEDICAL', 'Medical'],
    ]);
  });

  it('maps the fifteen primary codes onto the spec group labels', () => {
    expect(Object.keys(PRIMARY_CATEGORY_GROUPS)).toHaveLength(15);
    expect(new Set(Object.values(PRIMARY_CATEGORY_GROUPS))).toEqual(
      new Set([
        'Income',
        'Transfers',
        'Food & Drink',
        'Transportation',
        'Travel',
        'Shopping',
        'Entertainment',
        'Bills',
        'Services',
        'Medical',
        'Personal Care',
        'Home Improvement',
        'Government',
        'Bank Fees',
      ]),
    );
  });

  it.each([
    ['FOOD_AND_DRINK', 'Food & Dining'],
    ['food_and_drink', 'Food & Dining'],
    ['FOOD_AND_DRINK_GROCERIES', 'Food & Drink'],
    ['PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS', 'Personal Care'],
    ['BANK_FEES_OVERDRAFT_FEES', 'Bank Fees'],
    ['GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT', 'Government'],
    ['RENT_AND_UTILITIES_RENT', 'Bills'],
    ['INVESTMENT', 'Trades'],
    ['INVESTMENT_BUY', 'Trades'],
    ['SOMETHING_NEW', 'Something New'],
    [null, 'Uncategorized'],
    ['', 'Uncategorized'],
  ])('labels %j as %j', (code, label) => expect(categoryLabel(code)).toBe(label));

  it('finds the primary code of a detailed code', () => {
    expect(primaryCategoryOf('TRANSFER_IN_DEPOSIT')).toBe('TRANSFER');
    expect(primaryCategoryOf('NOPE')).toBeUndefined();
  });

  it('trusts a category only at confidence 0.7 or above', () => {
    expect(isConfidentCategory(0.7)).toBe(true);
    expect(isConfidentCategory(0.69)).toBe(false);
    expect(isConfidentCategory('VERY_HIGH')).toBe(true);
    expect(isConfidentCategory('HIGH')).toBe(true);
    expect(isConfidentCategory('MEDIUM')).toBe(false);
    expect(isConfidentCategory(undefined)).toBe(false);
    expect(CONFIDENCE_LEVELS).toEqual(['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN']);
  });
});
