import { describe, expect, it } from 'vitest';
import { categoryLabel, TRANSACTION_CATEGORY_VALUES } from '../categories';
import {
  DETAILED_CATEGORY_OVERRIDES,
  mapProviderCategory,
  parseConfidence,
  PLAID_PRIMARY_CATEGORIES,
  type ProviderCategoryInput,
  type ProviderCategoryResult,
} from './provider-categories';

const HIGH = 0.8;
const MEDIUM = 0.5;

describe('mapProviderCategory: Plaid personal-finance primaries', () => {
  it.each([
    ['INCOME', 'INCOME'],
    ['TRANSFER_IN', 'TRANSFER'],
    ['TRANSFER_OUT', 'TRANSFER'],
    ['LOAN_DISBURSEMENTS', 'TRANSFER'],
    ['LOAN_PAYMENTS', 'LOAN_PAYMENTS'],
    ['BANK_FEES', 'GENERAL_SERVICES'],
    ['ENTERTAINMENT', 'ENTERTAINMENT'],
    ['FOOD_AND_DRINK', 'FOOD_AND_DRINK'],
    ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE'],
    ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT'],
    ['MEDICAL', 'MEDICAL'],
    ['PERSONAL_CARE', 'GENERAL_SERVICES'],
    ['GENERAL_SERVICES', 'GENERAL_SERVICES'],
    ['GOVERNMENT_AND_NON_PROFIT', 'GENERAL_SERVICES'],
    ['TRANSPORTATION', 'TRANSPORTATION'],
    ['TRAVEL', 'TRAVEL'],
    ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES'],
    ['TRANSFER', 'TRANSFER'],
  ])('%s → %s', (primary, category) => {
    expect(mapProviderCategory({ primary, confidence: 'VERY_HIGH' })).toMatchObject({
      category,
      confidence: 0.95,
    });
  });

  it('maps every primary to one of the twelve or to null', () => {
    for (const category of Object.values(PLAID_PRIMARY_CATEGORIES)) {
      if (category !== null) expect(TRANSACTION_CATEGORY_VALUES).toContain(category);
    }
  });

  it('keeps the wider label of primaries outside the twelve as the detailed code', () => {
    expect(mapProviderCategory({ primary: 'PERSONAL_CARE' })).toEqual({
      category: 'GENERAL_SERVICES',
      detailed: 'PERSONAL_CARE',
      confidence: HIGH,
    });
    expect(categoryLabel(mapProviderCategory({ primary: 'BANK_FEES' }).detailed)).toBe('Bank Fees');
    expect(categoryLabel(mapProviderCategory({ primary: 'GOVERNMENT_AND_NON_PROFIT' }).detailed)).toBe(
      'Government & Non-Profit',
    );
  });
});

describe('mapProviderCategory: detailed codes', () => {
  it.each<[ProviderCategoryInput, ProviderCategoryResult]>([
    [
      { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES', confidence: 'HIGH' },
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES', confidence: 0.8 },
    ],
    [
      { detailed: 'TRANSPORTATION_GAS', confidence: 0.91 },
      { category: 'TRANSPORTATION', detailed: 'TRANSPORTATION_GAS', confidence: 0.91 },
    ],
    [
      { detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER', confidence: 'VERY_HIGH' },
      { category: 'TRANSFER', detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER', confidence: 0.95 },
    ],
    [
      { detailed: 'LOAN_DISBURSEMENTS_AUTO', confidence: 'HIGH' },
      { category: 'TRANSFER', detailed: 'LOAN_DISBURSEMENTS_AUTO', confidence: 0.8 },
    ],
    [
      { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', confidence: 'HIGH' },
      { category: 'TRANSFER', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', confidence: 0.8 },
    ],
    [
      { primary: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT', confidence: 'HIGH' },
      { category: 'LOAN_PAYMENTS', detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT', confidence: 0.8 },
    ],
    [
      { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_AUTOMOTIVE', confidence: 'HIGH' },
      { category: 'TRANSPORTATION', detailed: 'GENERAL_SERVICES_AUTOMOTIVE', confidence: 0.8 },
    ],
    [
      { primary: 'personal care', detailed: 'personal_care_hair_and_beauty', confidence: 'high' },
      { category: 'GENERAL_SERVICES', detailed: 'PERSONAL_CARE_HAIR_AND_BEAUTY', confidence: 0.8 },
    ],
    // A detailed code of another primary is dropped: the primary wins.
    [
      { primary: 'FOOD_AND_DRINK', detailed: 'TRAVEL_FLIGHTS', confidence: 'HIGH' },
      { category: 'FOOD_AND_DRINK', detailed: null, confidence: 0.8 },
    ],
    // An unknown primary with a known detailed code: the detailed code decides.
    [
      { primary: 'SOMETHING', detailed: 'MEDICAL_DENTAL_CARE', confidence: 'MEDIUM' },
      { category: 'MEDICAL', detailed: 'MEDICAL_DENTAL_CARE', confidence: 0.5 },
    ],
    [
      { primary: 'OTHER', detailed: 'OTHER_OTHER', confidence: 'HIGH' },
      { category: null, detailed: null, confidence: 0 },
    ],
    [
      { primary: 'INVESTMENT', detailed: 'INVESTMENT_BUY', confidence: 'HIGH' },
      { category: null, detailed: 'INVESTMENT_BUY', confidence: 0 },
    ],
    [
      { primary: 'NOPE', confidence: 'HIGH' },
      { category: null, detailed: null, confidence: 0 },
    ],
    [{}, { category: null, detailed: null, confidence: 0 }],
  ])('%j → %j', (input, expected) => expect(mapProviderCategory(input)).toEqual(expected));

  it('has overrides only towards the twelve', () => {
    for (const category of Object.values(DETAILED_CATEGORY_OVERRIDES)) {
      expect(TRANSACTION_CATEGORY_VALUES).toContain(category);
    }
  });
});

describe('mapProviderCategory: confidence', () => {
  it.each<[ProviderCategoryInput['confidence'], number]>([
    ['VERY_HIGH', 0.95],
    ['HIGH', 0.8],
    ['MEDIUM', 0.5],
    ['LOW', 0.25],
    ['UNKNOWN', 0],
    ['very high', 0.95],
    [0.7, 0.7],
    ['0.65', 0.65],
    [1.4, 1],
    [-2, 0],
    [Number.NaN, 0],
    ['SURE', 0],
    [undefined, HIGH],
    [null, HIGH],
    ['  ', HIGH],
  ])('%j → %d', (confidence, expected) => {
    expect(mapProviderCategory({ primary: 'TRAVEL', confidence }).confidence).toBe(expected);
  });

  it('parses confidences on their own', () => {
    expect(parseConfidence(undefined)).toBeUndefined();
    expect(parseConfidence('LOW')).toBe(0.25);
    expect(parseConfidence(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('does not lend a Plaid confidence to the fallback source', () => {
    expect(
      mapProviderCategory({ primary: 'OTHER', confidence: 'VERY_HIGH', qifCategory: 'Groceries' }),
    ).toEqual({
      category: 'FOOD_AND_DRINK',
      detailed: 'FOOD_AND_DRINK_GROCERIES',
      confidence: HIGH,
    });
    expect(mapProviderCategory({ confidence: 'LOW', qifCategory: 'Groceries' }).confidence).toBe(0.25);
  });

  it('prefers Plaid over legacy over free text', () => {
    expect(
      mapProviderCategory({ primary: 'TRAVEL', legacy: ['Food and Drink'], qifCategory: 'Rent' }).category,
    ).toBe('TRAVEL');
    expect(mapProviderCategory({ legacy: ['Food and Drink'], qifCategory: 'Rent' }).category).toBe(
      'FOOD_AND_DRINK',
    );
  });
});

describe('mapProviderCategory: Plaid legacy hierarchy', () => {
  it.each<[string[], ProviderCategoryResult]>([
    [
      ['Food and Drink', 'Restaurants'],
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT', confidence: HIGH },
    ],
    [
      ['Food and Drink', 'Restaurants', 'Coffee Shop'],
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE', confidence: HIGH },
    ],
    [
      ['Food and Drink', 'Restaurants', 'Thai'],
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_RESTAURANT', confidence: HIGH },
    ],
    [
      ['Shops', 'Supermarkets and Groceries'],
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES', confidence: HIGH },
    ],
    [['Shops'], { category: 'GENERAL_MERCHANDISE', detailed: null, confidence: MEDIUM }],
    [
      ['Shops', 'Beer, Wine & Spirits'],
      { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR', confidence: HIGH },
    ],
    [
      ['Travel', 'Taxi'],
      { category: 'TRANSPORTATION', detailed: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', confidence: HIGH },
    ],
    [
      ['Travel', 'Gas Stations'],
      { category: 'TRANSPORTATION', detailed: 'TRANSPORTATION_GAS', confidence: HIGH },
    ],
    [
      ['Travel', 'Airlines and Aviation Services'],
      { category: 'TRAVEL', detailed: 'TRAVEL_FLIGHTS', confidence: HIGH },
    ],
    [['Transfer', 'Payroll'], { category: 'INCOME', detailed: 'INCOME_WAGES', confidence: HIGH }],
    [['Transfer', 'Credit'], { category: 'TRANSFER', detailed: null, confidence: MEDIUM }],
    [
      ['Payment', 'Credit Card'],
      { category: 'TRANSFER', detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', confidence: HIGH },
    ],
    [
      ['Payment', 'Rent'],
      { category: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT', confidence: HIGH },
    ],
    [
      ['Service', 'Utilities', 'Electric'],
      {
        category: 'RENT_AND_UTILITIES',
        detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
        confidence: HIGH,
      },
    ],
    [
      ['Bank Fees', 'Overdraft'],
      { category: 'GENERAL_SERVICES', detailed: 'BANK_FEES_OVERDRAFT_FEES', confidence: HIGH },
    ],
    [
      ['Interest', 'Interest Earned'],
      { category: 'INCOME', detailed: 'INCOME_INTEREST_EARNED', confidence: HIGH },
    ],
    [['Tax', 'Refund'], { category: 'INCOME', detailed: 'INCOME_TAX_REFUND', confidence: HIGH }],
    [
      ['Healthcare', 'Healthcare Services', 'Dentists'],
      { category: 'MEDICAL', detailed: 'MEDICAL_DENTAL_CARE', confidence: HIGH },
    ],
    [
      ['Recreation', 'Gyms and Fitness Centers'],
      { category: 'GENERAL_SERVICES', detailed: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS', confidence: HIGH },
    ],
    // Unknown top level: free-text words on its parts, vaguely.
    [['Groceries'], { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES', confidence: MEDIUM }],
    [['Interest'], { category: null, detailed: null, confidence: 0 }],
    [[], { category: null, detailed: null, confidence: 0 }],
  ])('%j → %j', (legacy, expected) => expect(mapProviderCategory({ legacy })).toEqual(expected));
});

describe('mapProviderCategory: free-text QIF/CSV categories', () => {
  it.each<[string, string | null, string | null, number]>([
    ['Groceries', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['groceries', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['  RESTAURANTS ', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT', HIGH],
    ['Food & Dining', 'FOOD_AND_DRINK', null, HIGH],
    ['Gas', 'TRANSPORTATION', 'TRANSPORTATION_GAS', HIGH],
    ['Auto:Fuel', 'TRANSPORTATION', 'TRANSPORTATION_GAS', HIGH],
    ['Auto:Service', 'TRANSPORTATION', 'GENERAL_SERVICES_AUTOMOTIVE', HIGH],
    ['Auto:Tyres', 'TRANSPORTATION', null, HIGH],
    ['Auto:Insurance', 'GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE', HIGH],
    ['Utilities:Gas', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', HIGH],
    ['Bills > Gas', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', HIGH],
    ['Utilities:Gas & Electric', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', HIGH],
    ['Rent', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT', HIGH],
    ['Salary', 'INCOME', 'INCOME_WAGES', HIGH],
    ['Interest Inc', 'INCOME', 'INCOME_INTEREST_EARNED', HIGH],
    ['Groceries/Vacation', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['[Savings Account]', 'TRANSFER', null, HIGH],
    ['Credit Card Payment', 'TRANSFER', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', HIGH],
    ['Bank Fees', 'GENERAL_SERVICES', 'BANK_FEES', HIGH],
    ['Mortgage', 'LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT', HIGH],
    ['Weekly groceries run', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', MEDIUM],
    ['Lebensmittel', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['Miete', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT', HIGH],
    ['Gehalt', 'INCOME', 'INCOME_WAGES', HIGH],
    ['Überweisung', 'TRANSFER', null, HIGH],
    ['Loyer', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT', HIGH],
    ['Salaire', 'INCOME', 'INCOME_WAGES', HIGH],
    ['Électricité', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', HIGH],
    ['Supermercado', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['Gasolina', 'TRANSPORTATION', 'TRANSPORTATION_GAS', HIGH],
    ['Nómina', 'INCOME', 'INCOME_WAGES', HIGH],
    ['Boodschappen', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES', HIGH],
    ['Misc', null, null, 0],
    ['', null, null, 0],
  ])('%j → %s / %s @ %d', (qifCategory, category, detailed, confidence) => {
    expect(mapProviderCategory({ qifCategory })).toEqual({ category, detailed, confidence });
  });
});
