import {
  ACCOUNT_TABS,
  type AccountTab,
  accountInTab,
  assetClassOf,
  isAccountType,
  isLiability,
} from '@lodestar/domain/accounts';
import { formatRelativeTimeShort, truncateAccountName } from '@lodestar/domain/formatting';
import type { Money } from '@lodestar/domain/money';
import type { Account, Connection } from './api';

/** Pure rules of the Accounts screen: tabs, grouping, totals, how balances and sync times read. */

/** The tab named in the URL (`?tab=`), or 'all' for a missing or unknown value. */
export function parseTab(value: string | null): AccountTab {
  return value !== null && Object.hasOwn(ACCOUNT_TABS, value) ? (value as AccountTab) : 'all';
}

/** The stored type folded to one of the spec's types, or undefined for a type the domain does not know. */
function knownType(type: string) {
  const lower = type.trim().toLowerCase();
  return isAccountType(lower) ? lower : undefined;
}

/** Whether an account belongs under `tab`; a type the domain does not know is listed only under 'all'. */
export function accountIsInTab(account: Pick<Account, 'type'>, tab: AccountTab): boolean {
  const type = knownType(account.type);
  return type ? accountInTab(type, tab) : tab === 'all';
}

/** Whether the account is a credit card or loan: its balance is shown as what is owed. */
export function accountIsLiability(account: Pick<Account, 'type'>): boolean {
  const type = knownType(account.type);
  return type ? isLiability(type) : false;
}

/** Manual accounts have no connection (docs/money-api.md); only they take a balance by hand. */
export function isManualAccount(account: Pick<Account, 'connectionId' | 'provider'>): boolean {
  return account.connectionId === null || account.provider === 'manual';
}

export const ACCOUNT_GROUPS = {
  cash: 'Cash',
  credit: 'Credit cards',
  investment: 'Investments',
  loan: 'Loans',
  real_estate: 'Real estate',
  crypto: 'Crypto',
  other: 'Other',
} as const;
export type AccountGroupId = keyof typeof ACCOUNT_GROUPS;
const GROUP_ORDER = Object.keys(ACCOUNT_GROUPS) as AccountGroupId[];

/** The group an account is listed under, from the domain's asset class (liabilities split in two). */
export function accountGroupOf(account: Pick<Account, 'type'>): AccountGroupId {
  const type = knownType(account.type);
  if (!type) return 'other';
  if (type === 'credit') return 'credit';
  if (type === 'loan') return 'loan';
  const assetClass = assetClassOf(type);
  return assetClass === 'liability' ? 'loan' : assetClass;
}

/** Sums per currency, in the order each currency first appears; an empty list gives no totals. */
export function totalsByCurrency(amounts: readonly Money[]): Money[] {
  const totals = new Map<string, number>();
  for (const amount of amounts) {
    totals.set(amount.currency, (totals.get(amount.currency) ?? 0) + amount.amountMinor);
  }
  return [...totals].map(([currency, amountMinor]) => ({ amountMinor, currency }));
}

export type AccountGroup<T extends Pick<Account, 'type' | 'currentBalance'>> = {
  id: AccountGroupId;
  label: string;
  accounts: T[];
  totals: Money[];
  liability: boolean;
};

/** Accounts grouped by type in a fixed order (Cash, Credit cards, …, Other), empty groups left out. */
export function groupAccounts<T extends Pick<Account, 'type' | 'currentBalance'>>(
  accounts: readonly T[],
): AccountGroup<T>[] {
  const byGroup = new Map<AccountGroupId, T[]>();
  for (const account of accounts) {
    const group = accountGroupOf(account);
    byGroup.set(group, [...(byGroup.get(group) ?? []), account]);
  }
  return GROUP_ORDER.filter((id) => byGroup.has(id)).map((id) => {
    const members = byGroup.get(id) ?? [];
    return {
      id,
      label: ACCOUNT_GROUPS[id],
      accounts: members,
      totals: totalsByCurrency(members.map((account) => account.currentBalance)),
      liability: id === 'credit' || id === 'loan',
    };
  });
}

/**
 * How a balance reads. Liabilities carry a negative balance when money is owed (domain): it is shown
 * as a positive amount 'owed'; a positive balance on a card is money 'in credit'.
 */
export function balanceDisplay(
  balance: Money,
  liability: boolean,
): { amount: Money; note: 'owed' | 'in credit' | null } {
  if (!liability || balance.amountMinor === 0) return { amount: balance, note: null };
  const amount = { amountMinor: Math.abs(balance.amountMinor), currency: balance.currency };
  return { amount, note: balance.amountMinor < 0 ? 'owed' : 'in credit' };
}

/** The spec's account-name truncation (20 characters) and whether anything was cut. */
export function displayAccountName(name: string): { text: string; truncated: boolean } {
  const text = truncateAccountName(name);
  return { text, truncated: text !== name };
}

/** '•••• 1234' for a mask, or null. */
export function maskText(mask: string | null): string | null {
  const digits = mask?.trim();
  return digits ? `•••• ${digits}` : null;
}

/** 'Synced 5m ago', 'Synced just now' or 'Not synced yet', with the domain's list formatter (spec §9). */
export function syncedText(lastSyncedAt: string | null, now: number): string {
  if (!lastSyncedAt) return 'Not synced yet';
  const at = Date.parse(lastSyncedAt);
  if (Number.isNaN(at)) return 'Not synced yet';
  const relative = formatRelativeTimeShort(at, now);
  return relative === 'Just now' ? 'Synced just now' : `Synced ${relative} ago`;
}

/** Whether any connection has a sync under way (the connections list is then polled every second). */
export function anySyncRunning(connections: readonly Pick<Connection, 'sync'>[] | undefined): boolean {
  return (connections ?? []).some((connection) => connection.sync.state === 'running');
}

/** Ids of the connections whose sync is running. */
export function runningSyncIds(
  connections: readonly Pick<Connection, 'id' | 'sync'>[] | undefined,
): Set<string> {
  return new Set((connections ?? []).filter((c) => c.sync.state === 'running').map((c) => c.id));
}

/** Providers whose data comes from a file or from the user: nothing to sync or reconnect. */
export function canSync(connection: Pick<Connection, 'provider'>): boolean {
  return connection.provider !== 'file' && connection.provider !== 'manual';
}

/** Account names are 1 to 60 characters after trimming. */
export const ACCOUNT_NAME_MAX = 60;

export function validateAccountName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Enter a name';
  if ([...trimmed].length > ACCOUNT_NAME_MAX) return `Use at most ${ACCOUNT_NAME_MAX} characters`;
  return undefined;
}

/**
 * Reads an amount typed in major units ('1,234.56', '-20', '$15') into a number, or an error message.
 * Group separators, spaces and currency symbols are ignored; at most the currency's decimals.
 */
export function parseAmountInput(
  text: string,
  decimals: number,
): { value: number; error?: undefined } | { value?: undefined; error: string } {
  const cleaned = text
    .trim()
    .replace(/[\s,]/g, '')
    .replace(/\p{Sc}/gu, '');
  if (cleaned === '') return { error: 'Enter an amount' };
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || `${match[2] ?? ''}${match[3] ?? ''}` === '') {
    return { error: 'Enter a number, such as 1234.56' };
  }
  if ((match[3] ?? '').length > decimals) {
    return {
      error: decimals === 0 ? 'This currency has no decimals' : `Use at most ${decimals} decimals`,
    };
  }
  const value = Number(cleaned);
  if (!Number.isFinite(value) || Math.abs(value) >= 1e13) return { error: 'Enter a smaller amount' };
  return { value: value === 0 ? 0 : value };
}
