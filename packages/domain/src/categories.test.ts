import { describe, expect, it } from 'vitest';
import {
  CATEGORY_DISPLAY_LABELS,
  CATEGORY_GROUP_LABELS,
  categoryGroupLabel,
  categoryLabel,
  CONFIDENCE_LEVELS,
  displayCategory,
  isConfidentCategory,
  isInvestmentCategory,
  isTransactionCategory,
  PRIMARY_CATEGORY_GROUPS,
  primaryCategoryOf,
  TRANSACTION_CATEGORIES,
  TRANSACTION_CATEGORY_VALUES,
} from './categories';

describe('transaction categories (spec §3)', () => {
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
    expect(TRANSACTION_CATEGORY_VALUES).toHaveLength(12);
  });

  it.each([
    ['MEDICAL', true],
    ['TRANSFER', true],
    ['medical', false],
    ['PERSONAL_CARE', false],
    ['toString', false],
  ])('isTransactionCategory(%j) is %s', (value, expected) =>
    expect(isTransactionCategory(value)).toBe(expected),
  );

  it('covers the fifteen codes of the wider display map, agreeing with the fixed labels', () => {
    expect(Object.keys(CATEGORY_DISPLAY_LABELS).sort()).toEqual(
      [
        'TRANSFER',
        'FOOD_AND_DRINK',
        'TRANSPORTATION',
        'GENERAL_MERCHANDISE',
        'ENTERTAINMENT',
        'RENT_AND_UTILITIES',
        'MEDICAL',
        'TRAVEL',
        'GENERAL_SERVICES',
        'HOME_IMPROVEMENT',
        'PERSONAL_CARE',
        'LOAN_PAYMENTS',
        'GOVERNMENT_AND_NON_PROFIT',
        'BANK_FEES',
        'INCOME',
      ].sort(),
    );
    for (const value of TRANSACTION_CATEGORY_VALUES) {
      expect(CATEGORY_DISPLAY_LABELS[value]).toBe(TRANSACTION_CATEGORIES[value]);
    }
  });

  it('uses exactly the fourteen spec group labels', () => {
    expect(CATEGORY_GROUP_LABELS).toEqual([
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
    ]);
    expect(new Set(Object.values(PRIMARY_CATEGORY_GROUPS))).toEqual(new Set(CATEGORY_GROUP_LABELS));
  });

  it.each([
    ['INCOME', 'Income'],
    ['TRANSFER', 'Transfers'],
    ['FOOD_AND_DRINK', 'Food & Drink'],
    ['TRANSPORTATION', 'Transportation'],
    ['TRAVEL', 'Travel'],
    ['GENERAL_MERCHANDISE', 'Shopping'],
    ['ENTERTAINMENT', 'Entertainment'],
    ['RENT_AND_UTILITIES', 'Bills'],
    ['LOAN_PAYMENTS', 'Bills'],
    ['GENERAL_SERVICES', 'Services'],
    ['MEDICAL', 'Medical'],
    ['PERSONAL_CARE', 'Personal Care'],
    ['HOME_IMPROVEMENT', 'Home Improvement'],
    ['GOVERNMENT_AND_NON_PROFIT', 'Government'],
    ['BANK_FEES', 'Bank Fees'],
    ['FOOD_AND_DRINK_GROCERIES', 'Food & Drink'],
    ['rent_and_utilities_gas_and_electricity', 'Bills'],
    ['INVESTMENT_BUY', 'Trades'],
    ['SOMETHING_NEW', 'Something New'],
    [null, 'Uncategorized'],
  ])('groups %j under %j', (code, label) => expect(categoryGroupLabel(code)).toBe(label));

  it.each([
    ['FOOD_AND_DRINK', 'Food & Dining'],
    ['food_and_drink', 'Food & Dining'],
    [' TRANSFER ', 'Transfers'],
    ['RENT_AND_UTILITIES', 'Rent & Utilities'],
    ['FOOD_AND_DRINK_GROCERIES', 'Food & Dining'],
    ['TRANSFER_IN_DEPOSIT', 'Transfers'],
    ['PERSONAL_CARE', 'Personal Care'],
    ['PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS', 'Personal Care'],
    ['BANK_FEES_OVERDRAFT_FEES', 'Bank Fees'],
    ['GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT', 'Government & Non-Profit'],
    ['INVESTMENT', 'Trades'],
    ['INVESTMENT_BUY', 'Trades'],
    ['buy', 'Trades'],
    ['SELL', 'Trades'],
    ['SOMETHING_NEW', 'Something New'],
    ['crypto-staking reward', 'Crypto Staking Reward'],
    [null, 'Uncategorized'],
    [undefined, 'Uncategorized'],
    ['', 'Uncategorized'],
    ['  ', 'Uncategorized'],
  ])('labels %j as %j', (code, label) => expect(categoryLabel(code)).toBe(label));

  it.each([
    ['TRANSFER_IN_DEPOSIT', 'TRANSFER'],
    ['FOOD_AND_DRINK', 'FOOD_AND_DRINK'],
    ['general_services_insurance', 'GENERAL_SERVICES'],
    ['TRANSFERS', undefined],
    ['NOPE', undefined],
  ])('the primary code of %j is %j', (code, primary) => expect(primaryCategoryOf(code)).toBe(primary));

  it.each([
    ['INVESTMENT', true],
    ['investment_dividend', true],
    ['TRADE', true],
    ['INCOME', false],
  ])('isInvestmentCategory(%j) is %s', (code, expected) => expect(isInvestmentCategory(code)).toBe(expected));
});

describe('category confidence (spec §3, §5: threshold 0.7)', () => {
  it('lists the confidence levels', () =>
    expect(CONFIDENCE_LEVELS).toEqual(['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN']));

  it.each([
    [1, true],
    [0.7, true],
    [0.69, false],
    [0, false],
    [Number.NaN, false],
    ['VERY_HIGH', true],
    ['HIGH', true],
    ['MEDIUM', false],
    ['LOW', false],
    ['UNKNOWN', false],
    [null, false],
    [undefined, false],
  ] as const)('confidence %j trusted: %s', (confidence, trusted) =>
    expect(isConfidentCategory(confidence)).toBe(trusted),
  );

  it.each([
    ['FOOD_AND_DRINK', 0.9, 'Food & Dining'],
    ['FOOD_AND_DRINK', 0.7, 'Food & Dining'],
    ['FOOD_AND_DRINK', 0.5, 'Uncategorized'],
    ['TRAVEL', 'LOW', 'Uncategorized'],
    ['TRAVEL', 'HIGH', 'Travel'],
    ['TRAVEL', null, 'Uncategorized'],
    ['TRAVEL', undefined, 'Travel'],
  ] as const)('shows %s at confidence %j as %j', (code, confidence, label) =>
    expect(displayCategory(code, confidence)).toBe(label),
  );
});
