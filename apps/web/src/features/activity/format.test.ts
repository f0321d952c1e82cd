import { describe, expect, it } from 'vitest';
import { formatGroupDate, formatShortDate, transactionCategoryText, truncateTransactionName } from './format';

describe('transaction names', () => {
  it('shows names of up to 50 characters whole', () => {
    const fifty = 'A'.repeat(50);
    expect(truncateTransactionName(fifty)).toBe(fifty);
    expect(truncateTransactionName('Coffee')).toBe('Coffee');
  });

  it("cuts longer names to their first 47 characters and '...'", () => {
    const name = `${'Amazon Marketplace Order 112-5551234-7654321 '.repeat(2)}`;
    const shown = truncateTransactionName(name);
    expect(shown).toBe(`${name.slice(0, 47)}...`);
    expect([...shown]).toHaveLength(50);
    expect(truncateTransactionName('B'.repeat(51))).toBe(`${'B'.repeat(47)}...`);
  });

  it('never splits an emoji', () => {
    const name = `${'🍕'.repeat(60)}`;
    expect(truncateTransactionName(name)).toBe(`${'🍕'.repeat(47)}...`);
  });
});

describe('category chip text', () => {
  it('trusts a provider category only at confidence 0.7 or more', () => {
    expect(
      transactionCategoryText({ category: 'TRAVEL', categoryConfidence: 0.7, categorySource: 'provider' }),
    ).toBe('Travel');
    expect(
      transactionCategoryText({ category: 'TRAVEL', categoryConfidence: 0.69, categorySource: 'provider' }),
    ).toBe('Uncategorized');
  });

  it("always shows the user's or a rule's category, and Uncategorized for none", () => {
    expect(
      transactionCategoryText({ category: 'MEDICAL', categoryConfidence: 0, categorySource: 'user' }),
    ).toBe('Medical');
    expect(
      transactionCategoryText({ category: 'INCOME', categoryConfidence: 0.1, categorySource: 'rule' }),
    ).toBe('Income');
    expect(
      transactionCategoryText({ category: null, categoryConfidence: 1, categorySource: 'provider' }),
    ).toBe('Uncategorized');
  });
});

describe('transaction dates (preference date_format)', () => {
  it('shows calendar dates in the chosen format, with the weekday on group headers', () => {
    expect(formatShortDate('2025-03-05', 'MM/DD/YYYY')).toBe('03/05/2025');
    expect(formatShortDate('2025-03-05', 'DD.MM.YYYY')).toBe('05.03.2025');
    expect(formatGroupDate('2025-03-05', 'YYYY-MM-DD')).toBe('Wednesday, 2025-03-05');
    expect(formatGroupDate('2025-03-05', 'DD/MM/YYYY')).toBe('Wednesday, 05/03/2025');
  });

  it('shows anything that is not a date as it came', () => {
    expect(formatShortDate('soon', 'MM/DD/YYYY')).toBe('soon');
    expect(formatGroupDate('2025-02-30', 'MM/DD/YYYY')).toBe('2025-02-30');
  });
});
