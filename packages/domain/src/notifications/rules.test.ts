import { describe, expect, it } from 'vitest';
import {
  daysAboveThreshold,
  isSecurityAlert,
  isUnsubscribableKind,
  largeTransactions,
  lowBalanceAccounts,
  thresholdMinor,
} from './rules';

describe('thresholdMinor (major units of the preference → minor units)', () => {
  it.each([
    [100, 'USD', 10_000],
    [0.01, 'USD', 1],
    [1_000, 'JPY', 1_000],
    [12.345, 'EUR', 1_235],
    [0, 'GBP', 0],
  ])('%d %s → %d', (major, currency, minor) => {
    expect(thresholdMinor(major, currency)).toBe(minor);
  });
});

describe('lowBalanceAccounts', () => {
  const accounts = [
    { id: 'a', name: 'Checking', type: 'depository', balanceMinor: 5_000 },
    { id: 'b', name: 'Savings', type: 'depository', balanceMinor: 9_999 },
    { id: 'c', name: 'Card', type: 'credit', balanceMinor: -50_000 },
    { id: 'd', name: 'Brokerage', type: 'brokerage', balanceMinor: 10 },
    { id: 'e', name: 'Euro', type: 'depository', balanceMinor: null },
    { id: 'f', name: 'Overdrawn', type: 'depository', balanceMinor: -1_200 },
    { id: 'g', name: 'Exactly', type: 'depository', balanceMinor: 10_000 },
  ];
  it.each([
    [10_000, ['f', 'a', 'b']],
    [5_000, ['f']],
    [1, ['f']],
    [0, []],
  ])('threshold %d → %o (cash accounts only, lowest first, 0 = off)', (threshold, ids) => {
    expect(lowBalanceAccounts(accounts, threshold).map((a) => a.id)).toEqual(ids);
  });
});

describe('daysAboveThreshold', () => {
  const days = [
    { date: '2026-11-18', amountMinor: 30_000 },
    { date: '2026-11-17', amountMinor: 20_000 },
    { date: '2026-11-17', amountMinor: 15_000 },
    { date: '2026-11-19', amountMinor: 25_000 },
  ];
  it.each([
    [null, []],
    [
      25_000,
      [
        { date: '2026-11-17', amountMinor: 35_000 },
        { date: '2026-11-18', amountMinor: 30_000 },
      ],
    ],
    [30_000, [{ date: '2026-11-17', amountMinor: 35_000 }]],
    [40_000, []],
  ])('threshold %s → %o (days added up, strictly above)', (threshold, expected) => {
    expect(daysAboveThreshold(days, threshold)).toEqual(expected);
  });
});

describe('largeTransactions', () => {
  const rows = [
    { id: '1', date: '2026-11-19', name: 'Rent', amountMinor: -150_000 },
    { id: '2', date: '2026-11-19', name: 'Salary', amountMinor: 500_000 },
    { id: '3', date: '2026-11-18', name: 'Laptop', amountMinor: -100_000 },
    { id: '4', date: '2026-11-18', name: 'Coffee', amountMinor: -99_999 },
    { id: '5', date: '2026-11-17', name: 'Yen shop', amountMinor: null },
  ];
  it.each([
    [100_000, ['1', '3']],
    [150_000, ['1']],
    [200_000, []],
  ])('threshold %d → %o (outflows of at least it, largest first)', (threshold, ids) => {
    expect(largeTransactions(rows, threshold).map((r) => r.id)).toEqual(ids);
  });
});

describe('isSecurityAlert', () => {
  it.each([
    [{ id: '1', type: 'sign_in', newDevice: true }, true],
    [{ id: '2', type: 'sign_in', newDevice: false }, false],
    [{ id: '3', type: 'password_changed', newDevice: false }, true],
    [{ id: '4', type: 'two_factor_enabled', newDevice: false }, true],
    [{ id: '5', type: 'two_factor_disabled', newDevice: false }, true],
    [{ id: '6', type: 'passkey_added', newDevice: false }, true],
    [{ id: '7', type: 'passkey_removed', newDevice: false }, true],
    [{ id: '8', type: 'sign_out', newDevice: true }, false],
    [{ id: '9', type: 'sign_in_failed', newDevice: true }, false],
  ])('%o → %s', (event, expected) => {
    expect(isSecurityAlert(event)).toBe(expected);
  });
});

describe('isUnsubscribableKind', () => {
  it.each([
    ['low_balance', true],
    ['weekly_summary', true],
    ['security_alert', false],
    ['product_updates', false],
  ])('%s → %s', (kind, expected) => {
    expect(isUnsubscribableKind(kind)).toBe(expected);
  });
});
