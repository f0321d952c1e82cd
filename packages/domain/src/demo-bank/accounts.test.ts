import { describe, expect, it } from 'vitest';
import { isAccountType } from '../accounts';
import { isCurrencyCode } from '../currencies';
import { isIsoDate } from '../dates';
import { DEMO_BANK_INSTITUTION_NAME, demoBankAccounts, type DemoBankVariant } from './index';

describe('demoBankAccounts', () => {
  const accounts = demoBankAccounts('user-42', 'standard');

  it('lists checking, savings, card, brokerage, mortgage and a euro checking account', () => {
    expect(accounts.map((account) => [account.type, account.subtype, account.currency])).toEqual([
      ['depository', 'checking', 'USD'],
      ['depository', 'savings', 'USD'],
      ['credit', 'credit card', 'USD'],
      ['brokerage', 'brokerage', 'USD'],
      ['loan', 'mortgage', 'USD'],
      ['depository', 'checking', 'EUR'],
    ]);
  });

  it('gives every account a name, official name, 4-digit mask, valid type, currency and the institution', () => {
    for (const account of accounts) {
      expect(account.name.length).toBeGreaterThan(0);
      expect(account.officialName.length).toBeGreaterThan(account.name.length - 1);
      expect(account.mask).toMatch(/^\d{4}$/);
      expect(isAccountType(account.type)).toBe(true);
      expect(isCurrencyCode(account.currency)).toBe(true);
      expect(account.institutionName).toBe(DEMO_BANK_INSTITUTION_NAME);
      expect(account.institutionName).toBe('Lodestar Demo Bank');
    }
    expect(new Set(accounts.map((account) => account.externalId)).size).toBe(6);
    expect(new Set(accounts.map((account) => account.mask)).size).toBe(6);
  });

  it('is stable for a seed and differs between seeds', () => {
    expect(demoBankAccounts('user-42', 'standard')).toEqual(accounts);
    const other = demoBankAccounts('user-43', 'standard');
    expect(other.map((account) => account.externalId)).not.toEqual(
      accounts.map((account) => account.externalId),
    );
  });

  it('gives the card a credit limit and the mortgage its terms', () => {
    const card = accounts.find((account) => account.type === 'credit');
    expect(card?.creditLimitMinor).toBeGreaterThanOrEqual(10_000_00);
    const loan = accounts.find((account) => account.type === 'loan')?.loan;
    expect(loan).toBeDefined();
    expect(Number.isSafeInteger(loan?.originalPrincipalMinor)).toBe(true);
    expect(loan?.interestRatePercent).toMatch(/^\d+(\.\d+)?$/);
    expect(isIsoDate(loan?.originationDate ?? '')).toBe(true);
    expect(loan?.maturityDate.slice(0, 4)).toBe('2049');
    expect(loan?.monthlyPaymentMinor).toBeGreaterThan(1_000_00);
    for (const account of accounts.filter((candidate) => candidate.type !== 'credit')) {
      expect(account.creditLimitMinor).toBeUndefined();
    }
  });

  it('refuses an unknown variant', () => {
    expect(() => demoBankAccounts('x', 'student' as DemoBankVariant)).toThrow(RangeError);
  });
});
