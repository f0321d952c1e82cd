import { assetClassOf, isAccountType } from '../accounts';
import { currencyExponent } from '../currencies';
import type { IsoDate } from '../dates';

/**
 * Which accounts, days, transactions and security events a notification reports
 * (docs/settings-api.md "Notifications"). Amounts are integer minor units of the user's reporting
 * currency, already converted by the caller; an amount that could not be converted is null and skipped.
 */

export const NOTIFICATION_KINDS = [
  'low_balance',
  'daily_spending',
  'large_transactions',
  'new_connections',
  'weekly_summary',
  'security_alert',
  'budget',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds a user can unsubscribe from by email link (security alerts always carry no such link). */
export const UNSUBSCRIBABLE_KINDS = [
  'low_balance',
  'daily_spending',
  'large_transactions',
  'new_connections',
  'weekly_summary',
  'budget',
] as const satisfies readonly NotificationKind[];
export type UnsubscribableKind = (typeof UNSUBSCRIBABLE_KINDS)[number];

export function isUnsubscribableKind(value: string): value is UnsubscribableKind {
  return (UNSUBSCRIBABLE_KINDS as readonly string[]).includes(value);
}

/** A threshold in major units (preferences store major units, step 0.01) as minor units of `currency`. */
export function thresholdMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

export type BalanceCandidate = {
  id: string;
  name: string;
  type: string;
  /** Current balance in the reporting currency; null when it could not be converted. */
  balanceMinor: number | null;
};

/**
 * Cash accounts (checking, savings, …) whose balance is below the threshold, lowest first. A threshold
 * of 0 turns the alert off (the preference cannot be empty, so 0 is how it is switched off).
 */
export function lowBalanceAccounts<T extends BalanceCandidate>(
  accounts: readonly T[],
  thresholdMinorUnits: number,
): (T & { balanceMinor: number })[] {
  if (thresholdMinorUnits <= 0) return [];
  return accounts
    .filter(
      (account): account is T & { balanceMinor: number } =>
        account.balanceMinor !== null &&
        isAccountType(account.type) &&
        assetClassOf(account.type) === 'cash' &&
        account.balanceMinor < thresholdMinorUnits,
    )
    .sort((a, b) => a.balanceMinor - b.balanceMinor || a.name.localeCompare(b.name));
}

/** Spending of one local day (positive = money spent) in the reporting currency. */
export type DaySpending = { date: IsoDate; amountMinor: number };

/**
 * Days whose spending was above the threshold (strictly), in date order. Several rows of one day (one
 * per currency) are added first; a null threshold means the alert is off.
 */
export function daysAboveThreshold(
  days: readonly DaySpending[],
  thresholdMinorUnits: number | null,
): DaySpending[] {
  if (thresholdMinorUnits === null) return [];
  const totals = new Map<IsoDate, number>();
  for (const day of days) totals.set(day.date, (totals.get(day.date) ?? 0) + day.amountMinor);
  return [...totals]
    .filter(([, amount]) => amount > thresholdMinorUnits)
    .map(([date, amountMinor]) => ({ date, amountMinor }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

export type TransactionCandidate = {
  id: string;
  date: IsoDate;
  name: string;
  /** Signed amount in the reporting currency (negative = money out); null when not convertible. */
  amountMinor: number | null;
};

/** Outflows of at least the threshold, largest first (ties by date, then id). */
export function largeTransactions<T extends TransactionCandidate>(
  rows: readonly T[],
  thresholdMinorUnits: number,
): (T & { amountMinor: number })[] {
  return rows
    .filter(
      (row): row is T & { amountMinor: number } =>
        row.amountMinor !== null && row.amountMinor < 0 && -row.amountMinor >= thresholdMinorUnits,
    )
    .sort(
      (a, b) => a.amountMinor - b.amountMinor || a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
    );
}

/** Security events that warrant an alert and how the alert names them. */
export const SECURITY_ALERT_TEXT = {
  sign_in: 'A sign-in from a new device',
  password_changed: 'Your password was changed',
  password_reset: 'Your password was reset',
  two_factor_enabled: 'Two-factor authentication was turned on',
  two_factor_disabled: 'Two-factor authentication was turned off',
  passkey_added: 'A passkey was added',
  passkey_removed: 'A passkey was removed',
} as const;
export type SecurityAlertType = keyof typeof SECURITY_ALERT_TEXT;

/** An event of the security log; `newDevice` tells whether a sign-in came from a device not seen before. */
export type SecurityEventCandidate = { id: string; type: string; newDevice: boolean };

/** Whether an event is alerted: every listed type, and a sign-in only from a new device. */
export function isSecurityAlert<T extends SecurityEventCandidate>(
  event: T,
): event is T & { type: SecurityAlertType } {
  if (!(event.type in SECURITY_ALERT_TEXT)) return false;
  return event.type !== 'sign_in' || event.newDevice;
}
