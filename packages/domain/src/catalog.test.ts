import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUS_TEXT,
  ACCOUNT_TABS,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  accountInTab,
  assetClassOf,
  isLiability,
  normalizeAccountStatus,
  normalizeTransactionStatus,
  TRANSACTION_STATUS_TEXT,
} from './accounts';
import { isTimePeriod, isUsState, stablecoinDecimals, TIME_PERIODS, US_STATES } from './catalog';
import { addDays, addMonths, dateRangeStart, defaultHistoryStart, isIsoDate, periodStart } from './dates';

describe('time periods', () => {
  it('lists the spec options', () => {
    expect(TIME_PERIODS).toEqual({
      '1-month': 'Last Month',
      '3-months': 'Last 3 Months',
      '6-months': 'Last 6 Months',
      '1-year': 'Last Year',
      'all-time': 'All Time',
    });
    expect(isTimePeriod('3-months')).toBe(true);
    expect(isTimePeriod('2-months')).toBe(false);
  });

  it.each([
    ['1-month', '2026-03-31', '2026-02-28'],
    ['3-months', '2026-05-15', '2026-02-15'],
    ['6-months', '2024-08-31', '2024-02-29'],
    ['1-year', '2026-11-22', '2025-11-22'],
    ['all-time', '2026-11-22', '2020-01-01'],
  ] as const)('%s ending %s starts %s', (period, today, start) =>
    expect(periodStart(period, today)).toBe(start),
  );

  it.each([
    ['7d', '2026-11-22', '2026-11-16'],
    ['30d', '2026-11-22', '2026-10-24'],
    ['90d', '2026-11-22', '2026-08-25'],
    ['1y', '2026-11-22', '2025-11-22'],
    ['ytd', '2026-11-22', '2026-01-01'],
    ['all', '2026-11-22', '2020-01-01'],
  ] as const)('date range %s ending %s starts %s', (range, today, start) =>
    expect(dateRangeStart(range, today)).toBe(start),
  );

  it('does calendar arithmetic on ISO dates', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(defaultHistoryStart('2026-11-22')).toBe('2026-05-22');
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
  });
});

describe('stablecoins and states', () => {
  it.each([
    ['USDT', 6],
    ['usdc', 6],
    ['DAI', 18],
    ['GUSD', 2],
    ['EURS', 2],
    ['EUROC', 6],
    ['PAXG', 18],
  ])('%s has %i decimals', (symbol, decimals) => expect(stablecoinDecimals(symbol)).toBe(decimals));

  it('knows nothing of unlisted tokens', () => expect(stablecoinDecimals('DOGE')).toBeUndefined());

  it('checks US states case-insensitively, with DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(isUsState('ca')).toBe(true);
    expect(isUsState('Dc')).toBe(true);
    expect(isUsState('PR')).toBe(false);
    expect(isUsState('')).toBe(false);
  });
});

describe('accounts', () => {
  it('has the seventeen spec types with user labels', () => {
    expect(ACCOUNT_TYPES).toHaveLength(17);
    expect(ACCOUNT_TYPE_LABELS.depository).toBe('Bank Account');
    expect(ACCOUNT_TYPE_LABELS.credit).toBe('Credit Card');
  });

  it('classifies types for net worth', () => {
    expect(assetClassOf('depository')).toBe('cash');
    expect(assetClassOf('brokerage')).toBe('investment');
    expect(assetClassOf('staking')).toBe('crypto');
    expect(assetClassOf('real_estate')).toBe('real_estate');
    expect(isLiability('credit')).toBe(true);
    expect(isLiability('loan')).toBe(true);
    expect(isLiability('depository')).toBe(false);
  });

  it('places types on the spec tabs', () => {
    expect(ACCOUNT_TABS).toEqual({
      all: 'All',
      banks: 'Banking',
      brokers: 'Investments',
      exchanges: 'Crypto Exchanges',
      wallets: 'Crypto Wallets',
    });
    expect(accountInTab('depository', 'banks')).toBe(true);
    expect(accountInTab('exchange_futures', 'exchanges')).toBe(true);
    expect(accountInTab('wallet', 'wallets')).toBe(true);
    expect(accountInTab('brokerage', 'banks')).toBe(false);
    expect(accountInTab('real_estate', 'all')).toBe(true);
  });

  it.each([
    ['active', 'active'],
    [undefined, 'active'],
    ['weird', 'active'],
    ['syncing', 'syncing'],
    ['needs_reauth', 'needs_reauth'],
    ['reauth_required', 'needs_reauth'],
    ['error', 'error'],
    ['FAILED', 'error'],
    ['inactive', 'disconnected'],
    ['disconnected', 'disconnected'],
  ])('folds account status %j into %j', (status, canonical) =>
    expect(normalizeAccountStatus(status)).toBe(canonical),
  );

  it('tells users what to do per status', () => {
    expect(ACCOUNT_STATUS_TEXT.needs_reauth.description).toBe('Reconnect to continue syncing');
    expect(ACCOUNT_STATUS_TEXT.error.description).toBe('Try reconnecting');
  });

  it('defaults transaction status to posted', () => {
    expect(normalizeTransactionStatus(undefined)).toBe('posted');
    expect(normalizeTransactionStatus('PENDING')).toBe('pending');
    expect(normalizeTransactionStatus('canceled')).toBe('cancelled');
    expect(TRANSACTION_STATUS_TEXT.pending.description).toBe('May still change or drop off');
  });
});
