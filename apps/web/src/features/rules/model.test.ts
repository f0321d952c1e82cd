import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ListedRule } from './api';
import {
  AMOUNT_MESSAGE,
  describeActions,
  describeConditions,
  formOf,
  matchedText,
  moved,
  partsOf,
  serverErrors,
} from './model';

const rule = (overrides: Partial<ListedRule> = {}): ListedRule => ({
  id: 'r1',
  priority: 100,
  conditions: { merchantEquals: 'blue bottle coffee', direction: 'out' },
  actions: { category: 'FOOD_AND_DRINK' },
  enabled: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  matched: 3,
  ...overrides,
});

const words = { locale: 'en-US', accountName: (id: string) => (id === 'a1' ? 'Checking' : undefined) };

describe('rules in words', () => {
  it('describes conditions and actions one per line', () => {
    expect(
      describeConditions(
        {
          merchantEquals: 'blue bottle coffee',
          nameContains: 'café',
          direction: 'out',
          amountMinMinor: 1_00,
          amountMaxMinor: 25_50,
          currency: 'USD',
          accountIds: ['a1', 'gone'],
        },
        words,
      ),
    ).toEqual([
      'Merchant is “blue bottle coffee”',
      'Name contains “café”',
      'Money out',
      'Amount from $1.00 to $25.50',
      'Accounts: Checking, an account no longer listed',
    ]);
    expect(describeConditions({ amountMinMinor: 1_000, currency: 'JPY' }, words)).toEqual([
      'Amount at least ¥1,000',
    ]);
    expect(
      describeActions({ category: 'FOOD_AND_DRINK', rename: 'Coffee', markTransfer: true, exclude: true }),
    ).toEqual(['Category: Food & Dining', 'Rename to “Coffee”', 'Mark as a transfer', 'Leave out of totals']);
  });

  it('says how many transactions a rule matches, or that it is off', () => {
    const count = (n: number) => n.toLocaleString('en-US');
    expect(matchedText(rule({ matched: 1 }), count)).toBe('Matches 1 transaction');
    expect(matchedText(rule({ matched: 1234 }), count)).toBe('Matches 1,234 transactions');
    expect(matchedText(rule({ matched: 0 }), count)).toBe('Matches no transactions');
    expect(matchedText(rule({ matched: null, enabled: false }), count)).toBe('Turned off');
  });
});

describe('the edit form', () => {
  it('round-trips a rule, amounts in major units', () => {
    const saved = rule({
      conditions: { nameContains: 'rent', amountMinMinor: 1_200_00, currency: 'USD', accountIds: ['a1'] },
      actions: { category: 'RENT_AND_UTILITIES', exclude: true },
    });
    const form = formOf(saved);
    expect(form).toMatchObject({ amountMin: '1200.00', currency: 'USD', category: 'RENT_AND_UTILITIES' });
    expect(partsOf(form)).toEqual({
      ok: true,
      parts: { conditions: saved.conditions, actions: saved.actions, enabled: true },
    });
  });

  it('gives the domain’s messages by field', () => {
    const empty = { ...formOf(rule()), merchantEquals: '', direction: 'any' as const };
    expect(partsOf(empty)).toEqual({ ok: false, errors: { conditions: 'Add at least one condition' } });
    const noCurrency = { ...formOf(rule()), amountMax: '5' };
    expect(partsOf(noCurrency)).toEqual({
      ok: false,
      errors: { currency: 'Choose a currency for the amount range' },
    });
    const badAmount = { ...formOf(rule()), amountMin: 'five', currency: 'usd' };
    expect(partsOf(badAmount)).toMatchObject({ ok: false, errors: { amountMin: AMOUNT_MESSAGE } });
    const nothing = { ...formOf(rule()), category: 'none' as const };
    expect(partsOf(nothing)).toEqual({ ok: false, errors: { actions: 'Add at least one action' } });
  });

  it('maps a refused save to its fields', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      {
        field: 'conditions',
        message: 'Another rule already has exactly these conditions',
        code: 'duplicate',
      },
      { field: 'conditions.amountMinMinor', message: 'Too big', code: 'custom' },
    ]);
    expect(serverErrors(error, 'x')).toEqual({
      conditions: 'Another rule already has exactly these conditions',
      amountMin: 'Too big',
    });
    expect(serverErrors(new Error('Network down'), 'x')).toEqual({ form: 'Network down' });
  });
});

describe('moved', () => {
  it('moves one id up or down, and not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
