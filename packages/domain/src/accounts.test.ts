import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS_TEXT,
  ACCOUNT_STATUSES,
  ACCOUNT_TABS,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  accountInTab,
  accountStatusText,
  accountTabOf,
  accountTypeLabel,
  type AccountType,
  assetClassOf,
  isAccountType,
  isLiability,
  normalizeAccountStatus,
  normalizeTransactionStatus,
  TRANSACTION_STATUS_TEXT,
  TRANSACTION_STATUSES,
} from './accounts';

describe('account types (spec §3)', () => {
  it('has the seventeen spec types in order', () => {
    expect(ACCOUNT_TYPES).toEqual([
      'depository',
      'credit',
      'investment',
      'brokerage',
      'loan',
      'exchange',
      'exchange_spot',
      'exchange_margin',
      'exchange_futures',
      'exchange_options',
      'wallet',
      'crypto',
      'crypto_exchange',
      'defi_pool',
      'staking',
      'real_estate',
      'other',
    ]);
  });

  // type, label, asset class, tab, liability
  it.each<[AccountType, string, string, string | undefined, boolean]>([
    ['depository', 'Bank Account', 'cash', 'banks', false],
    ['credit', 'Credit Card', 'liability', 'banks', true],
    ['investment', 'Investment', 'investment', 'brokers', false],
    ['brokerage', 'Brokerage', 'investment', 'brokers', false],
    ['loan', 'Loan', 'liability', 'banks', true],
    ['exchange', 'Exchange', 'crypto', 'exchanges', false],
    ['exchange_spot', 'Exchange (Spot)', 'crypto', 'exchanges', false],
    ['exchange_margin', 'Exchange (Margin)', 'crypto', 'exchanges', false],
    ['exchange_futures', 'Exchange (Futures)', 'crypto', 'exchanges', false],
    ['exchange_options', 'Exchange (Options)', 'crypto', 'exchanges', false],
    ['wallet', 'Wallet', 'crypto', 'wallets', false],
    ['crypto', 'Crypto', 'crypto', 'wallets', false],
    ['crypto_exchange', 'Crypto Exchange', 'crypto', 'exchanges', false],
    ['defi_pool', 'DeFi Pool', 'crypto', 'wallets', false],
    ['staking', 'Staking', 'crypto', 'wallets', false],
    ['real_estate', 'Real Estate', 'real_estate', undefined, false],
    ['other', 'Other', 'other', undefined, false],
  ])('%s: %j, %s, tab %s, liability %s', (type, label, assetClass, tab, liability) => {
    expect(ACCOUNT_TYPE_LABELS[type]).toBe(label);
    expect(accountTypeLabel(type)).toBe(label);
    expect(assetClassOf(type)).toBe(assetClass);
    expect(accountTabOf(type)).toBe(tab);
    expect(isLiability(type)).toBe(liability);
    expect(accountInTab(type, 'all')).toBe(true);
    for (const other of ['banks', 'brokers', 'exchanges', 'wallets'] as const) {
      expect(accountInTab(type, other)).toBe(other === tab);
    }
  });

  it.each([
    ['DEPOSITORY', 'Bank Account'],
    ['money_market', 'Money Market'],
    ['', 'Other'],
    [null, 'Other'],
  ])('labels stored type %j as %j', (type, label) => expect(accountTypeLabel(type)).toBe(label));

  it('recognises only the spec types', () => {
    expect(isAccountType('defi_pool')).toBe(true);
    expect(isAccountType('savings')).toBe(false);
    expect(isAccountType('hasOwnProperty')).toBe(false);
  });

  it('has the spec tabs in order', () => {
    expect(Object.entries(ACCOUNT_TABS)).toEqual([
      ['all', 'All'],
      ['banks', 'Banking'],
      ['brokers', 'Investments'],
      ['exchanges', 'Crypto Exchanges'],
      ['wallets', 'Crypto Wallets'],
    ]);
  });
});

describe('account statuses (spec §4)', () => {
  it('has five canonical statuses', () =>
    expect(ACCOUNT_STATUSES).toEqual(['active', 'syncing', 'needs_reauth', 'error', 'disconnected']));

  it.each([
    ['active', 'active'],
    [undefined, 'active'],
    [null, 'active'],
    ['', 'active'],
    ['weird', 'active'],
    ['syncing', 'syncing'],
    ['needs_reauth', 'needs_reauth'],
    ['reauth_required', 'needs_reauth'],
    ['error', 'error'],
    ['FAILED', 'error'],
    [' failed ', 'error'],
    ['inactive', 'disconnected'],
    ['disconnected', 'disconnected'],
  ])('folds %j into %j', (status, canonical) => expect(normalizeAccountStatus(status)).toBe(canonical));

  it.each([
    ['needs_reauth', 'Reconnect to continue syncing'],
    ['reauth_required', 'Reconnect to continue syncing'],
    ['error', 'Try reconnecting'],
    ['failed', 'Try reconnecting'],
  ])('tells the user what to do for %s', (status, description) =>
    expect(accountStatusText(status).description).toBe(description),
  );

  it('labels every canonical status', () => {
    expect(Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, ACCOUNT_STATUS_TEXT[s].label]))).toEqual({
      active: 'Active',
      syncing: 'Syncing',
      needs_reauth: 'Reconnect needed',
      error: 'Error',
      disconnected: 'Disconnected',
    });
    expect(accountStatusText('inactive').label).toBe('Disconnected');
  });
});

describe('transaction statuses (spec §4)', () => {
  it('has the four statuses', () =>
    expect(TRANSACTION_STATUSES).toEqual(['pending', 'posted', 'failed', 'cancelled']));

  it.each([
    [undefined, 'posted'],
    [null, 'posted'],
    ['', 'posted'],
    ['unknown', 'posted'],
    ['POSTED', 'posted'],
    ['PENDING', 'pending'],
    ['failed', 'failed'],
    ['cancelled', 'cancelled'],
    ['canceled', 'cancelled'],
  ])('normalizes %j to %j', (status, canonical) =>
    expect(normalizeTransactionStatus(status)).toBe(canonical),
  );

  it('explains each status', () => {
    expect(TRANSACTION_STATUS_TEXT).toEqual({
      pending: { label: 'Pending', description: 'May still change or drop off' },
      posted: { label: 'Posted', description: 'Settled by the bank' },
      failed: { label: 'Failed', description: 'The payment did not go through' },
      cancelled: { label: 'Cancelled', description: 'The payment was cancelled' },
    });
  });
});
