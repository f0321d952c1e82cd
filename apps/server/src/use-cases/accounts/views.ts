import type { AccountListRow, ConnectionRow } from '@lodestar/db';
import { accountStatusText, normalizeAccountStatus } from '@lodestar/domain';
import { PLAID_PROVIDER } from '../../connectors/plaid/plaid-connector';
import { connectorFor, type ConnectorConfig } from '../../connectors/registry';
import { nextSyncAllowedAt } from '../../sync/budget';

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

export type ConnectionListRow = {
  connection: ConnectionRow;
  institutionName: string | null;
  institutionUrl?: string | null;
  institutionLogo?: string | null;
  institutionColor?: string | null;
  syncRunning: boolean;
};

/** How a connection in needs_reauth or error gets going again. */
export type ReconnectWay = 'in_place' | 'setup_token' | 'plaid_link' | 'link_again';

export function connectionView(row: ConnectionListRow, config: ConnectorConfig, now: Date) {
  const { connection, syncRunning: running } = row;
  const status = normalizeAccountStatus(connection.status);
  const connector = connectorFor(connection.provider, config);
  const nextAllowed = nextSyncAllowedAt(connection, connector?.minSyncIntervalMs, now);
  const reconnect: ReconnectWay =
    connection.provider === PLAID_PROVIDER
      ? 'plaid_link'
      : connector?.reauthenticate
        ? 'in_place'
        : connection.provider === 'simplefin'
          ? 'setup_token'
          : 'link_again';
  return {
    id: connection.id,
    provider: connection.provider,
    displayName: connection.displayName,
    institution: row.institutionName
      ? {
          name: row.institutionName,
          url: row.institutionUrl ?? null,
          logo: row.institutionLogo ?? null,
          primaryColor: row.institutionColor ?? null,
        }
      : null,
    status,
    statusText: accountStatusText(status),
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    lastError: connection.lastError,
    notices: connection.providerNotices,
    syncs: Boolean(connector),
    nextSyncAllowedAt: nextAllowed?.toISOString() ?? null,
    reconnect,
    sync: {
      state: running ? ('running' as const) : ('idle' as const),
      step: running ? (connection.syncProgress?.step ?? null) : null,
      progress: running ? (connection.syncProgress?.progress ?? null) : null,
    },
  };
}

export type ConnectionView = ReturnType<typeof connectionView>;
