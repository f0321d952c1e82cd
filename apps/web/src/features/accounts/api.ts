import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The accounts feature's calls to `/api/v1` (docs/money-api.md: Connections and sync, Accounts, File
 * import), typed by the server's OpenAPI document (lib/api-schema.gen.ts). Every call goes through apiFetch, so failures arrive as
 * ApiError carrying the server's message.
 */

export type ConnectionStatus = ApiSchema<'Connection'>['status'];

export type Connection = ApiSchema<'Connection'>;
export type SyncState = Connection['sync'];

export type Account = ApiSchema<'Account'>;
export type AccountDetail = ApiSchema<'AccountDetail'>;
export type AccountTransaction = ApiSchema<'Transaction'>;

/** A way to add accounts and whether this server is set up for it (GET /connections/providers). */
export type Provider = ApiSchema<'ConnectionProvider'>;

/** `balance` in major units (docs/money-api.md). */
export type NewManualAccount = ApiBody<'/accounts', 'post'>;

/**
 * A CSV column mapping as the preview returns it and the import takes back: the domain's CsvMapping
 * (0-based columns per role, delimiter, header row, date format, decimal separator, sign convention,
 * invert sign). The preview adds the detected `headers` and `warnings`.
 */
export type CsvMapping = ApiSchema<'CsvMapping'>;
export type PreviewMapping = NonNullable<ImportPreview['mapping']>;

export type ImportPreview = ApiSchema<'ImportPreview'>;
export type ImportFileKind = ImportPreview['kind'];
export type ImportPreviewRow = ImportPreview['rows'][number];

export type ImportRequest = ApiSchema<'ImportRequest'>;
/** A multi-account file imported whole: each statement into its account (docs/money-api.md). */
export type StatementsImportRequest = ApiBody<'/imports/statements', 'post'>;
export type StatementAccountChoice = NonNullable<StatementsImportRequest['statementAccounts']>[number];
export type StatementsPreview = ApiSchema<'StatementsPreview'>;
export type StatementPreview = StatementsPreview['statements'][number];

export type ImportBatchResult = ApiSchema<'ImportResult'>;
/** A multi-account import: what each statement added to its account. */
export type StatementsImportResult = ApiSchema<'StatementsImportResult'>;
/** A file of more than 10,000 rows imported in the background (docs/money-api.md "Large files"). */
export type ImportJob = ApiSchema<'ImportJob'>;

export type ImportBatch = ApiSchema<'ImportBatch'>;

/**
 * Query keys. 'transactions' and 'dashboard' belong to other features; this one only invalidates
 * them (by prefix) after a sync or an import changed the data they show.
 */
export const accountsQueryKeys = {
  accounts: ['accounts'] as const,
  account: (accountId: string) => ['accounts', 'detail', accountId] as const,
  accountTransactions: (accountId: string) => ['transactions', 'account', accountId] as const,
  connections: ['connections'] as const,
  providers: ['connections', 'providers'] as const,
  imports: ['imports'] as const,
  accountImports: (accountId: string) => ['imports', 'account', accountId] as const,
  transactions: ['transactions'] as const,
  dashboard: ['dashboard'] as const,
  preferences: ['user', 'preferences'] as const,
};

const send = (method: string, body?: unknown) => ({ method, body });
const id = (value: string) => encodeURIComponent(value);

export const accountsApi = {
  connections: () => apiFetch<ApiData<'/connections'>>('/connections').then((data) => data.connections),
  providers: () =>
    apiFetch<ApiData<'/connections/providers'>>('/connections/providers').then((data) => data.providers),
  connectSimplefin: (body: ApiBody<'/simplefin/connect', 'post'>) =>
    apiFetch<ApiData<'/simplefin/connect', 'post'>>('/simplefin/connect', send('POST', body)).then(
      (data) => data.connection,
    ),
  plaidLinkToken: (body: ApiBody<'/plaid/link-token', 'post'>) =>
    apiFetch<ApiData<'/plaid/link-token', 'post'>>('/plaid/link-token', send('POST', body)),
  /** Link's public token → a new connection (201) or the connection this login is already linked as (200). */
  plaidExchange: (body: ApiBody<'/plaid/exchange', 'post'>) =>
    apiFetch<ApiData<'/plaid/exchange', 'post'>>('/plaid/exchange', send('POST', body)),
  connectDemo: (variant: 'standard' | 'needs_reauth') =>
    apiFetch<ApiData<'/connections/demo', 'post'>>('/connections/demo', send('POST', { variant })).then(
      (data) => data.connection,
    ),
  syncConnection: (connectionId: string) =>
    apiFetch<ApiData<'/connections/{id}/sync', 'post'>>(
      `/connections/${id(connectionId)}/sync`,
      send('POST'),
    ).then((data) => data.connection),
  reconnect: (connectionId: string) =>
    apiFetch<ApiData<'/connections/{id}/reconnect', 'post'>>(
      `/connections/${id(connectionId)}/reconnect`,
      send('POST'),
    ).then((data) => data.connection),
  removeConnection: (connectionId: string) =>
    apiFetch<ApiData<'/connections/{id}', 'delete'>>(`/connections/${id(connectionId)}`, send('DELETE')),
  syncAll: () =>
    apiFetch<ApiData<'/plaid/sync', 'post'>>(
      '/plaid/sync',
      send('POST', { syncType: 'full', forceFullSync: false }),
    ),

  accounts: () => apiFetch<ApiData<'/accounts'>>('/accounts?tab=all').then((data) => data.accounts),
  account: (accountId: string) => apiFetch<ApiData<'/accounts/{id}'>>(`/accounts/${id(accountId)}`),
  /** The account's newest transactions (every date, every status). */
  accountTransactions: (accountId: string, limit: number) =>
    apiFetch<AccountTransaction[]>(
      `/transactions/paginated?${new URLSearchParams({
        page: '1',
        limit: String(limit),
        filter: 'all',
        sort: 'date_desc',
        accounts: accountId,
      }).toString()}`,
    ),
  createAccount: (account: NewManualAccount) =>
    apiFetch<ApiData<'/accounts', 'post'>>('/accounts', send('POST', account)).then((data) => data.account),
  updateAccount: (accountId: string, changes: ApiBody<'/accounts/{id}', 'patch'>) =>
    apiFetch<ApiData<'/accounts/{id}', 'patch'>>(`/accounts/${id(accountId)}`, send('PATCH', changes)).then(
      (data) => data.account,
    ),
  deleteAccount: (accountId: string) =>
    apiFetch<ApiData<'/accounts/{id}', 'delete'>>(`/accounts/${id(accountId)}`, send('DELETE')),
  updateBalance: (accountId: string, balance: number, date: string) =>
    apiFetch<ApiData<'/accounts/{id}/balance', 'post'>>(
      `/accounts/${id(accountId)}/balance`,
      send('POST', { balance, date }),
    ).then((data) => data.account),
  setFavorite: (accountId: string, favorite: boolean) =>
    apiFetch<ApiData<'/accounts/{id}/favorite', 'put'>>(
      `/accounts/${id(accountId)}/favorite`,
      send('PUT', { favorite }),
    ).then((data) => data.account),

  previewImport: (request: ImportRequest) =>
    apiFetch<ApiData<'/imports/preview', 'post'>>('/imports/preview', send('POST', request)),
  /** The import, or for a file of more than 10,000 rows the background job importing it. */
  commitImport: (request: ImportRequest) =>
    apiFetch<ApiData<'/imports', 'post'>>('/imports', send('POST', request)),
  importJob: (jobId: string) =>
    apiFetch<ApiData<'/imports/jobs/{id}'>>(`/imports/jobs/${id(jobId)}`).then((data) => data.job),
  previewStatements: (request: StatementsImportRequest) =>
    apiFetch<ApiData<'/imports/statements/preview', 'post'>>(
      '/imports/statements/preview',
      send('POST', request),
    ),
  /** The import, or for a file of more than 10,000 rows in all the background job importing it. */
  commitStatements: (request: StatementsImportRequest) =>
    apiFetch<ApiData<'/imports/statements', 'post'>>('/imports/statements', send('POST', request)),
  imports: (accountId?: string) =>
    apiFetch<ApiData<'/imports'>>(accountId ? `/imports?accountId=${id(accountId)}` : '/imports').then(
      (data) => data.batches,
    ),
  undoImport: (batchId: string) =>
    apiFetch<ApiData<'/imports/{id}', 'delete'>>(`/imports/${id(batchId)}`, send('DELETE')),
};

export { errorMessage, isUnauthorized } from '@/lib/api-client';
