import { describe, expect, it } from 'vitest';
import { type CategorizedTransaction, effectiveCategory, resolveCategory } from './effective-category';

describe('effectiveCategory (spec §5: confidence threshold 0.7)', () => {
  it.each<[CategorizedTransaction, string | null]>([
    [{ category: 'TRAVEL', categoryConfidence: 0.7 }, 'TRAVEL'],
    [{ category: 'TRAVEL', categoryConfidence: 0.69 }, null],
    [{ category: 'TRAVEL', categoryConfidence: 'HIGH' }, 'TRAVEL'],
    [{ category: 'TRAVEL', categoryConfidence: 'MEDIUM' }, null],
    [{ category: 'TRAVEL', categoryConfidence: null }, null],
    [{ category: 'TRAVEL' }, null],
    [{ category: 'TRAVEL', categoryConfidence: Number.NaN }, null],
    [{ category: 'PERSONAL_CARE', categoryConfidence: 0.99 }, null],
    [{ category: null, categoryConfidence: 0.99 }, null],
    [{}, null],
    // A user-set category always wins, whatever the provider's confidence.
    [{ userCategory: 'MEDICAL', category: 'TRAVEL', categoryConfidence: 0.1 }, 'MEDICAL'],
    [{ userCategory: 'MEDICAL', category: 'TRAVEL', categoryConfidence: 0.99 }, 'MEDICAL'],
    [{ userCategory: 'not-a-category', category: 'TRAVEL', categoryConfidence: 0.99 }, 'TRAVEL'],
    [{ userCategory: '', category: 'TRAVEL', categoryConfidence: 0.2 }, null],
    // One-column storage: the source says who set it.
    [{ category: 'MEDICAL', categorySource: 'user', categoryConfidence: 0 }, 'MEDICAL'],
    [{ category: 'MEDICAL', categorySource: 'rule', categoryConfidence: 0 }, 'MEDICAL'],
    [{ category: 'MEDICAL', categorySource: 'provider', categoryConfidence: 0.3 }, null],
  ])('%j → %s', (tx, expected) => expect(effectiveCategory(tx)).toBe(expected));

  it('reports the confidence and the source', () => {
    expect(resolveCategory({ userCategory: 'INCOME' })).toEqual({
      category: 'INCOME',
      confidence: 1,
      source: 'user',
    });
    expect(resolveCategory({ category: 'INCOME', categoryConfidence: 'VERY_HIGH' })).toEqual({
      category: 'INCOME',
      confidence: 0.95,
      source: 'provider',
    });
    expect(resolveCategory({ category: 'INCOME', categorySource: 'rule' })).toEqual({
      category: 'INCOME',
      confidence: 1,
      source: 'rule',
    });
    expect(resolveCategory({ category: 'INCOME', categoryConfidence: 0.2 })).toEqual({
      category: null,
      confidence: 0,
      source: 'none',
    });
  });
});
