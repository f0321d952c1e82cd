import type { Money } from '@lodestar/domain';
import type { CsvMapping } from '@lodestar/domain/import/csv-layout';
import { apiFetch } from '@/lib/api-client';

/**
 * The accounts feature's calls to `/api/v1` (docs/money-api.md: Connections and sync, Accounts, File
 * import), typed as the contract gives them. Every call goes through apiFetch, so failures arrive as
 * ApiError carrying the server's message.
 */

export type ConnectionStatus = 'active' | 'syncing' | 'needs_reauth' | 'error' | 'disconnected';

export type SyncState = { state: 'idle' | 'running'; step: string | null; progress: number | null };

export type Connection = {
  id: string;
  provider: string;
  displayName: string;
  institution: { name: string } | null;
  status: ConnectionStatus | string;
  statusText: { label: string; description: string };
  lastSyncedAt: string | null;
  lastError: string | null;
  sync: SyncState;
};

export type Account = {
  id: string;
  connectionId: string | null;
  name: string;
  officialName: string | null;
  type: string;
  subtype: string | null;
  provider: string;
  status: ConnectionStatus | string;
  currency: string;
  currentBalance: Money;
  availableBalance: Money | null;
  creditLimit: Money | null;
  balanceAsOf: string | null;
  mask: string | null;
  hidden: boolean;
  favorite: boolean;
  institutionName: string | null;
  transactionCount: number;
};

export type NewManualAccount = {
  name: string;
  type: string;
  currency: string;
  /** Major units (docs/money-api.md). */
  balance: number;
};

/**
 * A CSV column mapping as the preview returns it and the import takes back: the domain's CsvMapping
 * (0-based columns per role, delimiter, header row, date format, decimal separator, sign convention,
 * invert sign). The preview may add the detected `headers` and `warnings`.
 */
export type { CsvMapping };
export type PreviewMapping = CsvMapping & { headers?: string[]; warnings?: string[] };

export type ImportFileKind = 'csv' | 'ofx' | 'qif' | string;

export type ImportPreviewRow = {
  line: number;
  date: string;
  /** Money in the contract's usual shape; a bare number is read as major units of the account. */
  amount: Money | number;
  name: string;
  duplicate: boolean;
};

export type ImportPreview = {
  kind: ImportFileKind;
  mapping?: PreviewMapping | null;
  rows: ImportPreviewRow[];
  newCount: number;
  duplicateCount: number;
  warnings: string[];
};

export type ImportRequest = {
  accountId: string;
  fileName: string;
  content: string;
  mapping?: CsvMapping;
};

export type ImportBatchResult = { id: string; importedCount: number; duplicateCount: number };

export type ImportBatch = {
  id: string;
  accountId: string;
  accountName?: string | null;
  fileName: string;
  kind: ImportFileKind;
  status: 'committed' | 'undone' | string;
  importedCount: number;
  duplicateCount: number;
  createdAt: string;
  undoneAt?: string | null;
};

/**
 * Query keys. 'transactions' and 'dashboard' belong to other features; this one only invalidates
 * them (by prefix) after a sync or an import changed the data they show.
 */
export const accountsQueryKeys = {
  accounts: ['accounts'] as const,
  connections: ['connections'] as const,
  imports: ['imports'] as const,
  transactions: ['transactions'] as const,
  dashboard: ['dashboard'] as const,
  preferences: ['user', 'preferences'] as const,
};

const send = (method: string, body?: unknown) => ({ method, body });
const id = (value: string) => encodeURIComponent(value);

export const accountsApi = {
  connections: () => apiFetch<{ connections: Connection[] }>('/connections').then((data) => data.connections),
  connectDemo: (variant: 'standard' | 'needs_reauth') =>
    apiFetch<{ connection: Connection }>('/connections/demo', send('POST', { variant })).then(
      (data) => data.connection,
    ),
  syncConnection: (connectionId: string) =>
    apiFetch<{ connection: Connection }>(`/connections/${id(connectionId)}/sync`, send('POST')).then(
      (data) => data.connection,
    ),
  reconnect: (connectionId: string) =>
    apiFetch<{ connection: Connection }>(`/connections/${id(connectionId)}/reconnect`, send('POST')).then(
      (data) => data.connection,
    ),
  removeConnection: (connectionId: string) =>
    apiFetch<{ id: string }>(`/connections/${id(connectionId)}`, send('DELETE')),
  syncAll: () =>
    apiFetch<{ started: number }>('/plaid/sync', send('POST', { syncType: 'full', forceFullSync: false })),

  accounts: () => apiFetch<{ accounts: Account[] }>('/accounts?tab=all').then((data) => data.accounts),
  createAccount: (account: NewManualAccount) =>
    apiFetch<{ account: Account }>('/accounts', send('POST', account)).then((data) => data.account),
  updateAccount: (accountId: string, changes: { name?: string; hidden?: boolean }) =>
    apiFetch<{ account: Account }>(`/accounts/${id(accountId)}`, send('PATCH', changes)).then(
      (data) => data.account,
    ),
  deleteAccount: (accountId: string) =>
    apiFetch<{ id: string; deletedTransactions: number }>(`/accounts/${id(accountId)}`, send('DELETE')),
  updateBalance: (accountId: string, balance: number, date: string) =>
    apiFetch<{ account: Account }>(
      `/accounts/${id(accountId)}/balance`,
      send('POST', { balance, date }),
    ).then((data) => data.account),
  setFavorite: (accountId: string, favorite: boolean) =>
    apiFetch<{ account: Account }>(`/accounts/${id(accountId)}/favorite`, send('PUT', { favorite })).then(
      (data) => data.account,
    ),

  previewImport: (request: ImportRequest) =>
    apiFetch<ImportPreview>('/imports/preview', send('POST', request)),
  commitImport: (request: ImportRequest) =>
    apiFetch<{ batch: ImportBatchResult }>('/imports', send('POST', request)).then((data) => data.batch),
  imports: () => apiFetch<{ batches: ImportBatch[] }>('/imports').then((data) => data.batches),
  undoImport: (batchId: string) =>
    apiFetch<{ id: string; removed: number }>(`/imports/${id(batchId)}`, send('DELETE')),
};

export { errorMessage, isUnauthorized } from '@/lib/api-client';
