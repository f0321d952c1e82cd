import { describe, expect, it } from 'vitest';
import { deleteAccountQuestion, importCountsText, skippedDuplicatesText, transactionsText } from './messages';
import {
  accountGroupOf,
  accountIsInTab,
  balanceDisplay,
  displayAccountName,
  groupAccounts,
  maskText,
  parseAmountInput,
  parseTab,
  syncedText,
  totalsByCurrency,
  validateAccountName,
} from './model';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });

describe('tabs', () => {
  it.each([
    [null, 'all'],
    ['banks', 'banks'],
    ['brokers', 'brokers'],
    ['exchanges', 'exchanges'],
    ['wallets', 'wallets'],
    ['Banks', 'all'],
    ['toString', 'all'],
    ['', 'all'],
  ])('reads ?tab=%s as %s', (value, tab) => {
    expect(parseTab(value)).toBe(tab);
  });

  it.each([
    ['depository', 'banks', true],
    ['credit', 'banks', true],
    ['loan', 'banks', true],
    ['brokerage', 'brokers', true],
    ['investment', 'banks', false],
    ['exchange_spot', 'exchanges', true],
    ['wallet', 'wallets', true],
    ['staking', 'wallets', true],
    ['real_estate', 'banks', false],
    ['real_estate', 'all', true],
    ['DEPOSITORY', 'banks', true],
    ['money_market', 'banks', false],
    ['money_market', 'all', true],
  ] as const)('lists a %s account under %s: %s', (type, tab, listed) => {
    expect(accountIsInTab({ type }, tab)).toBe(listed);
  });
});

describe('groups', () => {
  it.each([
    ['depository', 'cash'],
    ['credit', 'credit'],
    ['loan', 'loan'],
    ['investment', 'investment'],
    ['brokerage', 'investment'],
    ['wallet', 'crypto'],
    ['defi_pool', 'crypto'],
    ['real_estate', 'real_estate'],
    ['other', 'other'],
    ['something_new', 'other'],
  ])('puts %s under %s', (type, group) => {
    expect(accountGroupOf({ type })).toBe(group);
  });

  it('orders groups Cash, Credit cards, Investments, Loans, Real estate, Crypto, Other and totals per currency', () => {
    const groups = groupAccounts([
      { type: 'other', currentBalance: usd(1) },
      { type: 'loan', currentBalance: usd(-500) },
      { type: 'depository', currentBalance: usd(1000) },
      { type: 'wallet', currentBalance: usd(7) },
      { type: 'depository', currentBalance: eur(250) },
      { type: 'depository', currentBalance: usd(2000) },
      { type: 'real_estate', currentBalance: usd(3) },
      { type: 'credit', currentBalance: usd(-40) },
      { type: 'brokerage', currentBalance: usd(9) },
    ]);
    expect(groups.map((group) => group.label)).toEqual([
      'Cash',
      'Credit cards',
      'Investments',
      'Loans',
      'Real estate',
      'Crypto',
      'Other',
    ]);
    expect(groups[0]?.totals).toEqual([usd(3000), eur(250)]);
    expect(groups.map((group) => group.liability)).toEqual([false, true, false, true, false, false, false]);
  });

  it('totals nothing for no amounts', () => {
    expect(totalsByCurrency([])).toEqual([]);
  });
});

describe('how amounts and names read', () => {
  it('shows a liability balance as owed or in credit, other balances as they are', () => {
    expect(balanceDisplay(usd(-45_099), true)).toEqual({ amount: usd(45_099), note: 'owed' });
    expect(balanceDisplay(usd(1_000), true)).toEqual({ amount: usd(1_000), note: 'in credit' });
    expect(balanceDisplay(usd(0), true)).toEqual({ amount: usd(0), note: null });
    expect(balanceDisplay(usd(-500), false)).toEqual({ amount: usd(-500), note: null });
  });

  it('cuts account names to 20 characters (spec §9)', () => {
    expect(displayAccountName('Everyday Checking')).toEqual({ text: 'Everyday Checking', truncated: false });
    expect(displayAccountName('12345678901234567890')).toEqual({
      text: '12345678901234567890',
      truncated: false,
    });
    expect(displayAccountName('123456789012345678901')).toEqual({
      text: '12345678901234567...',
      truncated: true,
    });
  });

  it('masks account numbers', () => {
    expect(maskText('1234')).toBe('•••• 1234');
    expect(maskText(null)).toBeNull();
    expect(maskText('  ')).toBeNull();
  });

  it("says when a connection last synced with the domain's list formatter", () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(syncedText('2025-06-01T11:59:30Z', now)).toBe('Synced just now');
    expect(syncedText('2025-06-01T11:55:00Z', now)).toBe('Synced 5m ago');
    expect(syncedText('2025-06-01T09:00:00Z', now)).toBe('Synced 3h ago');
    expect(syncedText('2025-05-20T12:00:00Z', now)).toBe('Synced 1w ago');
    expect(syncedText(null, now)).toBe('Not synced yet');
    expect(syncedText('garbage', now)).toBe('Not synced yet');
  });
});

describe('validation', () => {
  it.each([
    ['', 'Enter a name'],
    ['   ', 'Enter a name'],
    ['a', undefined],
    ['x'.repeat(60), undefined],
    [`  ${'x'.repeat(60)}  `, undefined],
    ['x'.repeat(61), 'Use at most 60 characters'],
  ])('account name %j → %s', (name, error) => {
    expect(validateAccountName(name)).toBe(error);
  });

  it.each([
    ['1234.56', 2, 1234.56],
    ['1,234.56', 2, 1234.56],
    ['$ 15', 2, 15],
    ['-20', 2, -20],
    ['+7.5', 2, 7.5],
    ['.5', 2, 0.5],
    ['-0', 2, 0],
    ['1200', 0, 1200],
  ])('reads %j (%i decimals) as %d', (text, decimals, value) => {
    expect(parseAmountInput(text, decimals)).toEqual({ value });
  });

  it.each([
    ['', 2, 'Enter an amount'],
    ['abc', 2, 'Enter a number, such as 1234.56'],
    ['1.2.3', 2, 'Enter a number, such as 1234.56'],
    ['-', 2, 'Enter a number, such as 1234.56'],
    ['1.234', 2, 'Use at most 2 decimals'],
    ['12.5', 0, 'This currency has no decimals'],
    ['99999999999999', 2, 'Enter a smaller amount'],
  ])('refuses %j (%i decimals): %s', (text, decimals, error) => {
    expect(parseAmountInput(text, decimals)).toEqual({ error });
  });
});

describe('messages', () => {
  it('asks before deleting, with the transaction count', () => {
    expect(deleteAccountQuestion('Everyday Checking', 42)).toBe(
      'Delete Everyday Checking and its 42 transactions? This cannot be undone.',
    );
    expect(deleteAccountQuestion('Cash Jar', 1)).toBe(
      'Delete Cash Jar and its 1 transaction? This cannot be undone.',
    );
  });

  it('counts new rows and duplicates', () => {
    expect(importCountsText(2, 1)).toBe('2 new, 1 duplicate');
    expect(importCountsText(0, 3)).toBe('0 new, 3 duplicates');
  });

  it('groups the counts of an import toast in the number locale', () => {
    expect(transactionsText(11_999)).toBe('11,999 transactions');
    expect(transactionsText(11_999, 'de-DE')).toBe('11.999 transactions');
    expect(transactionsText(1, 'de-DE')).toBe('1 transaction');
    expect(skippedDuplicatesText(1_234, 'de-DE')).toBe('1.234 duplicates were skipped.');
  });
});
