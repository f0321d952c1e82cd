import type { InfiniteData } from '@tanstack/react-query';
import {
  ApiError,
  apiFetch,
  API_BASE,
  type ApiBody,
  type ApiData,
  type ApiSchema,
  type FetchLike,
} from '@/lib/api-client';
import { type ActivityFilters, filtersToParams } from './filters';

/**
 * The transactions, accounts and rules endpoints of docs/money-api.md, typed by the server's OpenAPI
 * document (lib/api-schema.gen.ts). Every call goes through apiFetch, so failures arrive as ApiError with the server's message.
 */

export type Money = ApiSchema<'Money'>;

export type Transaction = ApiSchema<'Transaction'>;
export type TransactionStatus = Transaction['status'];

export type Pagination = ApiSchema<'Pagination'>;

export type TransactionPage = { data: Transaction[]; pagination: Pagination };

/** The fields of an account the filters need. */
export type AccountOption = Pick<
  ApiSchema<'Account'>,
  'id' | 'name' | 'type' | 'hidden' | 'institutionName' | 'mask'
>;

export type TransactionChanges = ApiBody<'/transactions/{id}', 'patch'>;

export type BulkChanges = ApiBody<'/transactions/bulk', 'post'>['changes'];

/** The rule the server proposes for "apply to similar"; sent back unchanged to create it. */
export type ProposedRule = ApiData<'/rules/preview', 'post'>['rule'];

/** Rows per request: the contract allows up to 200; 100 keeps each response small and quick. */
export const PAGE_SIZE = 100;

/** Ids per bulk request (docs/money-api.md: `ids` ≤ 500). */
export const BULK_CHUNK_SIZE = 500;

export const activityKeys = {
  transactions: ['transactions'] as const,
  paginatedAll: ['transactions', 'paginated'] as const,
  paginated: (queryString: string) => ['transactions', 'paginated', queryString] as const,
  accounts: ['accounts', 'activity-filter-options'] as const,
};

/**
 * Which page to load: its number, and the previous page's cursor (the server then reads the rows just
 * after that page from its index, as fast at page 5,000 as at page 2).
 */
export type PageParam = { page: number; after?: string };
export type TransactionsCache = InfiniteData<TransactionPage, PageParam>;

/** The query string of GET /transactions/paginated for `filters` and `page` (without the '?'). */
export function transactionsQueryString(
  filters: ActivityFilters,
  page: number,
  limit = PAGE_SIZE,
  after?: string,
): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [key, value] of filtersToParams(filters, { forApi: true })) params.set(key, value);
  if (after) params.set('after', after);
  return params.toString();
}

/** Where "Export CSV" downloads from: the same filters as the list, no paging. */
export function exportCsvUrl(filters: ActivityFilters): string {
  const query = filtersToParams(filters, { forApi: true }).toString();
  return `${API_BASE}/transactions/export.csv${query ? `?${query}` : ''}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPagination(value: unknown, page: number, rows: number, limit: number): Pagination {
  const source = isObject(value) ? value : {};
  const number = (key: string, fallback: number) =>
    typeof source[key] === 'number' && Number.isFinite(source[key]) ? source[key] : fallback;
  const total = number('total', (page - 1) * limit + rows);
  const pageSize = number('pageSize', limit);
  const totalPages = number('totalPages', Math.max(1, Math.ceil(total / Math.max(1, pageSize))));
  const hasNext = typeof source.hasNext === 'boolean' ? source.hasNext : page < totalPages;
  const unfilteredTotal = number('unfilteredTotal', total);
  const nextCursor = typeof source.nextCursor === 'string' ? source.nextCursor : null;
  const totalCapped = source.totalCapped === true;
  return {
    total,
    page: number('page', page),
    pageSize,
    totalPages,
    hasNext,
    totalCapped,
    unfilteredTotal,
    nextCursor,
    visibleFrom: typeof source.visibleFrom === 'string' ? source.visibleFrom : null,
  };
}

/**
 * One page of transactions. This endpoint answers `{ success, data: Transaction[], pagination }`:
 * `pagination` sits beside `data`, which apiFetch does not return, so the response is also read here
 * (through apiFetch's fetch hook) for it. A server that nests both inside `data` is understood too.
 */
export async function fetchTransactionsPage(
  filters: ActivityFilters,
  { page, after }: PageParam,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  let outerPagination: unknown;
  const capture: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    if (response.ok) {
      try {
        const body: unknown = await response.clone().json();
        if (isObject(body)) outerPagination = body.pagination;
      } catch {
        // apiFetch reports a body that is not JSON.
      }
    }
    return response;
  };
  const data = await apiFetch<unknown>(
    `/transactions/paginated?${transactionsQueryString(filters, page, PAGE_SIZE, after)}`,
    { signal },
    capture,
  );
  let rows: unknown = data;
  let pagination = outerPagination;
  if (isObject(data) && Array.isArray(data.data)) {
    rows = data.data;
    pagination = data.pagination ?? outerPagination;
  }
  if (!Array.isArray(rows)) throw new ApiError(200, 'INVALID_RESPONSE', 'Invalid response format');
  const transactions = rows as Transaction[];
  return { data: transactions, pagination: readPagination(pagination, page, transactions.length, PAGE_SIZE) };
}

const send = (method: string, body?: unknown) => ({ method, body });

export const activityApi = {
  accounts: (signal?: AbortSignal) =>
    apiFetch<ApiData<'/accounts'>>('/accounts', { signal }).then((data) => data.accounts),
  updateTransaction: (id: string, changes: TransactionChanges) =>
    apiFetch<ApiData<'/transactions/{id}', 'patch'>>(
      `/transactions/${encodeURIComponent(id)}`,
      send('PATCH', changes),
    ).then((data) => data.transaction),
  bulkUpdate: (ids: string[], changes: BulkChanges) =>
    apiFetch<ApiData<'/transactions/bulk', 'post'>>(
      '/transactions/bulk',
      send('POST', { ids, changes }),
    ).then((data) => data.updated),
  previewRule: (transactionId: string, category: ApiBody<'/rules/preview', 'post'>['category']) =>
    apiFetch<ApiData<'/rules/preview', 'post'>>('/rules/preview', send('POST', { transactionId, category })),
  createRule: (rule: ProposedRule) => apiFetch<ApiData<'/rules', 'post'>>('/rules', send('POST', rule)),
};

/** Splits `ids` into requests of at most BULK_CHUNK_SIZE and sends them in turn; returns the total updated. */
export async function bulkUpdateInChunks(
  ids: readonly string[],
  changes: BulkChanges,
  onProgress?: (done: number) => void,
): Promise<number> {
  let updated = 0;
  for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
    const chunk = ids.slice(start, start + BULK_CHUNK_SIZE);
    updated += await activityApi.bulkUpdate(chunk, changes);
    onProgress?.(start + chunk.length);
  }
  return updated;
}

export { isUnauthorized } from '@/lib/api-client';

/** Spec §8: 'Failed to fetch transactions: {status} - {body}'. */
export function fetchTransactionsErrorText(error: unknown): string {
  if (error instanceof ApiError) return `Failed to fetch transactions: ${error.status} - ${error.message}`;
  const message = error instanceof Error && error.message ? error.message : 'Network error';
  return `Failed to fetch transactions: 0 - ${message}`;
}

/** A failure's message for a toast description. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}
