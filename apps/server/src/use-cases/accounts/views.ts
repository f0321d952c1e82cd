import type { AccountListRow, ConnectionRow } from '@lodestar/db';
import { accountStatusText, normalizeAccountStatus } from '@lodestar/domain';

const money = (amountMinor: number, currency: string) => ({ amountMinor, currency });

export function accountView(row: AccountListRow, favorites: ReadonlySet<string>) {
  const { account } = row;
  return {
    id: account.id,
    connectionId: account.connectionId,
    name: account.name,
    officialName: account.officialName,
    type: account.type,
    subtype: account.subtype,
    provider: account.provider,
    status: normalizeAccountStatus(account.status),
    currency: account.currency,
    currentBalance: money(account.currentBalanceMinor, account.currency),
    availableBalance:
      account.availableBalanceMinor === null ? null : money(account.availableBalanceMinor, account.currency),
    creditLimit: account.creditLimitMinor === null ? null : money(account.creditLimitMinor, account.currency),
    balanceAsOf: account.balanceAsOf?.toISOString() ?? null,
    mask: account.mask,
    hidden: account.hidden,
    favorite: favorites.has(account.id),
    institutionName: row.institutionName,
    transactionCount: Number(row.transactionCount),
  };
}

export type AccountView = ReturnType<typeof accountView>;

export function connectionView(connection: ConnectionRow, institutionName: string | null, running: boolean) {
  const status = normalizeAccountStatus(connection.status);
  return {
    id: connection.id,
    provider: connection.provider,
    displayName: connection.displayName,
    institution: institutionName ? { name: institutionName } : null,
    status,
    statusText: accountStatusText(status),
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    lastError: connection.lastError,
    sync: {
      state: running ? ('running' as const) : ('idle' as const),
      step: running ? (connection.syncProgress?.step ?? null) : null,
      progress: running ? (connection.syncProgress?.progress ?? null) : null,
    },
  };
}

export type ConnectionView = ReturnType<typeof connectionView>;
