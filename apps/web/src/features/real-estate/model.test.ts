import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { Valuation } from './api';
import { addressText, checkNewProperty, emptyForm, serverErrors, valuationSteps } from './model';

const valuation = (date: string, amountMinor: number, source: Valuation['source'] = 'manual'): Valuation => ({
  id: date,
  date,
  value: { amountMinor, currency: 'USD' },
  source,
  note: null,
});

describe('valuationSteps', () => {
  it('holds each value until the day before the next valuation, then runs to today', () => {
    expect(
      valuationSteps(
        [valuation('2025-03-01', 50000000), valuation('2020-06-15', 45000000, 'purchase')],
        '2026-11-22',
      ),
    ).toEqual([
      { date: '2020-06-15', value: 450000, kind: 'valuation' },
      { date: '2025-02-28', value: 450000, kind: 'step' },
      { date: '2025-03-01', value: 500000, kind: 'valuation' },
      { date: '2026-11-22', value: 500000, kind: 'today' },
    ]);
  });

  it('needs no step between consecutive days, nor a today point for a valuation made today', () => {
    expect(
      valuationSteps([valuation('2026-11-21', 100), valuation('2026-11-22', 200)], '2026-11-22'),
    ).toEqual([
      { date: '2026-11-21', value: 1, kind: 'valuation' },
      { date: '2026-11-22', value: 2, kind: 'valuation' },
    ]);
  });
});

describe('checkNewProperty', () => {
  it('builds the body in major units with the optional parts left out', () => {
    const result = checkNewProperty({
      ...emptyForm('USD'),
      name: ' Oak Villa ',
      line1: '7 Oak Avenue',
      city: 'Austin',
      state: 'TX',
      country: 'us',
      purchasePrice: '$450,000.50',
      purchaseDate: '2021-04-01',
    });
    expect(result.errors).toEqual({});
    expect(result.body).toEqual({
      name: 'Oak Villa',
      address: { line1: '7 Oak Avenue', city: 'Austin', state: 'TX', country: 'US' },
      purchasePrice: 450000.5,
      purchaseDate: '2021-04-01',
      currency: 'USD',
      mortgageAccountId: null,
    });
  });

  it('asks for a US state only in the US, and for positive amounts', () => {
    const base = {
      ...emptyForm('EUR'),
      name: 'Flat',
      line1: '1 Rue',
      city: 'Paris',
      purchaseDate: '2021-04-01',
    };
    expect(checkNewProperty({ ...base, purchasePrice: '0' }).errors).toEqual({
      'address.state': 'Choose a US state',
      purchasePrice: 'Enter the purchase price',
    });
    expect(
      checkNewProperty({ ...base, country: 'FR', purchasePrice: '1', currentValue: '-4' }).errors,
    ).toEqual({
      currentValue: 'Enter the value',
    });
  });
});

describe('serverErrors', () => {
  it('puts the items on the fields they name and the rest above the buttons', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', [
      { field: 'address.state', message: 'Choose a US state', code: 'custom' },
      { field: 'body', message: 'Invalid request', code: 'invalid_body' },
    ]);
    expect(serverErrors(error, ['address.state'])).toEqual({
      fields: { 'address.state': 'Choose a US state' },
      form: 'Invalid request',
    });
    expect(serverErrors(new ApiError(403, 'FORBIDDEN', 'Your plan allows 3 accounts.'), [])).toEqual({
      fields: {},
      form: 'Your plan allows 3 accounts.',
    });
  });
});

describe('addressText', () => {
  it('joins the parts that are there', () => {
    expect(
      addressText({
        line1: '1 Rue',
        line2: null,
        city: 'Paris',
        state: null,
        postalCode: '75001',
        country: 'FR',
      }),
    ).toBe('1 Rue, Paris, 75001, FR');
  });
});
