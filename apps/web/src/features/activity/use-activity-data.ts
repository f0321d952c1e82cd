import { CACHE } from '@lodestar/domain/constants';
import type { TransactionCategory } from '@lodestar/domain';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { useFigureDisplay } from '@/components/figure-display';
import { SESSION_QUERY_KEY } from '@/lib/session';
import {
  activityApi,
  activityKeys,
  type BulkChanges,
  bulkUpdateInChunks,
  errorMessage,
  fetchTransactionsPage,
  isUnauthorized,
  type ProposedRule,
  type Transaction,
  type TransactionChanges,
  type PageParam,
  type TransactionsCache,
} from './api';
import { type ActivityFilters, filtersToParams } from './filters';

type RetryPolicy = (failureCount: number, error: unknown) => boolean;

/**
 * The app's retry policy (spec §9: up to 3 times), except that a 401 is not retried: the session check
 * takes over at once.
 */
function useRetryUnlessUnauthorized(): RetryPolicy {
  const queryClient = useQueryClient();
  const retry = queryClient.getDefaultOptions().queries?.retry;
  return useCallback<RetryPolicy>(
    (failureCount, error) => {
      if (isUnauthorized(error)) return false;
      if (typeof retry === 'function') return retry(failureCount, error as Error);
      if (typeof retry === 'number') return failureCount < retry;
      return retry ?? failureCount < CACHE.queryRetries;
    },
    [retry],
  );
}

/**
 * The filtered transactions, a page of PAGE_SIZE at a time (spec §9: fresh 5 min, kept 10 min). While
 * a new filter's first page loads, the previous list stays on screen (placeholder data).
 */
export function useTransactions(filters: ActivityFilters) {
  const key = filtersToParams(filters, { forApi: true }).toString();
  const retry = useRetryUnlessUnauthorized();
  const query = useInfiniteQuery({
    queryKey: activityKeys.paginated(key),
    queryFn: ({ pageParam, signal }) => fetchTransactionsPage(filters, pageParam, signal),
    initialPageParam: { page: 1 } as PageParam,
    getNextPageParam: (lastPage): PageParam | undefined => {
      if (!lastPage.pagination.hasNext || lastPage.data.length === 0) return undefined;
      const next = lastPage.pagination.page + 1;
      return lastPage.pagination.nextCursor
        ? { page: next, after: lastPage.pagination.nextCursor }
        : { page: next };
    },
    placeholderData: keepPreviousData,
    staleTime: CACHE.transactions.staleMs,
    gcTime: CACHE.transactions.gcMs,
    retry,
  });
  const transactions = useMemo(() => {
    const seen = new Set<string>();
    const rows: Transaction[] = [];
    // Offset paging can repeat a row when data changes between two pages: keep the first.
    for (const page of query.data?.pages ?? []) {
      for (const transaction of page.data) {
        if (seen.has(transaction.id)) continue;
        seen.add(transaction.id);
        rows.push(transaction);
      }
    }
    return rows;
  }, [query.data]);
  const last = query.data?.pages.at(-1)?.pagination;
  const total = last?.total ?? 0;
  const unfilteredTotal = last?.unfilteredTotal ?? total;
  // A search past 1,000 matches is counted no further: "1,000+".
  const totalCapped = last?.totalCapped === true;
  // The first day the plan shows (older transactions are kept but not listed); null without a window.
  const visibleFrom = last?.visibleFrom ?? null;
  return { query, key, transactions, total, totalCapped, unfilteredTotal, visibleFrom };
}

/** The accounts for the account filter (GET /accounts → { accounts }). */
export function useAccountOptions() {
  const retry = useRetryUnlessUnauthorized();
  return useQuery({
    queryKey: activityKeys.accounts,
    queryFn: ({ signal }) => activityApi.accounts(signal),
    retry,
  });
}

/** A 401 means the session ended: read the session again, so the app's guard sends the visitor to sign in. */
export function useSessionCheckOnUnauthorized(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [error, queryClient]);
}

type Snapshot = [QueryKey, TransactionsCache | undefined][];

/** Applies `change` to every cached copy of the transactions in `ids` (all filters' lists). */
function patchCachedTransactions(
  queryClient: QueryClient,
  ids: ReadonlySet<string>,
  change: (transaction: Transaction) => Transaction,
): void {
  queryClient.setQueriesData<TransactionsCache>({ queryKey: activityKeys.paginatedAll }, (cache) => {
    if (!cache) return cache;
    let changed = false;
    const pages = cache.pages.map((page) => {
      if (!page.data.some((transaction) => ids.has(transaction.id))) return page;
      changed = true;
      return {
        ...page,
        data: page.data.map((transaction) => (ids.has(transaction.id) ? change(transaction) : transaction)),
      };
    });
    return changed ? { ...cache, pages } : cache;
  });
}

async function snapshotTransactions(queryClient: QueryClient): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: activityKeys.paginatedAll });
  return queryClient.getQueriesData<TransactionsCache>({ queryKey: activityKeys.paginatedAll });
}

function restoreTransactions(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** The local view of `changes`: a category set here becomes the user's own. */
function applyChanges(transaction: Transaction, changes: TransactionChanges | BulkChanges): Transaction {
  const next: Transaction = { ...transaction, ...changes };
  if ('category' in changes) next.categorySource = 'user';
  return next;
}

/**
 * Lists filtered by what just changed (e.g. Uncategorized) keep their rows until the next fetch; every
 * cached list is marked stale so it is read again the next time it is shown.
 */
function markTransactionsStale(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: activityKeys.transactions, refetchType: 'none' });
}

export const UPDATE_FAILED = 'Failed to update transaction';

/** PATCH /transactions/:id, shown at once and rolled back when the server refuses. */
export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TransactionChanges }) =>
      activityApi.updateTransaction(id, changes),
    onMutate: async ({ id, changes }) => {
      const snapshot = await snapshotTransactions(queryClient);
      patchCachedTransactions(queryClient, new Set([id]), (transaction) =>
        applyChanges(transaction, changes),
      );
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restoreTransactions(queryClient, context?.snapshot);
      if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      toast.error(UPDATE_FAILED, { description: errorMessage(error) });
    },
    onSuccess: (transaction, { id }) => {
      if (transaction && typeof transaction === 'object') {
        patchCachedTransactions(queryClient, new Set([id]), (current) => ({ ...current, ...transaction }));
      }
      void markTransactionsStale(queryClient);
    },
  });
}

/** POST /transactions/bulk in requests of ≤ 500 ids, shown at once and rolled back on failure. */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  const { formatCount } = useFigureDisplay();
  return useMutation({
    mutationFn: ({ ids, changes }: { ids: string[]; changes: BulkChanges; label: string }) => {
      const toastId =
        ids.length > 500 ? toast.loading(`Updating ${formatCount(ids.length)} transactions…`) : undefined;
      return bulkUpdateInChunks(ids, changes, (done) => {
        if (toastId !== undefined) {
          toast.loading(`Updating ${formatCount(done)} of ${formatCount(ids.length)} transactions…`, {
            id: toastId,
          });
        }
      }).finally(() => {
        if (toastId !== undefined) toast.dismiss(toastId);
      });
    },
    onMutate: async ({ ids, changes }) => {
      const snapshot = await snapshotTransactions(queryClient);
      patchCachedTransactions(queryClient, new Set(ids), (transaction) => applyChanges(transaction, changes));
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      restoreTransactions(queryClient, context?.snapshot);
      if (isUnauthorized(error)) {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      } else {
        // Earlier chunks may have been saved: read the truth again.
        void queryClient.invalidateQueries({ queryKey: activityKeys.transactions });
      }
      toast.error('Failed to update transactions', { description: errorMessage(error) });
    },
    onSuccess: (updated, { label }) => {
      toast.success(
        `${label}: ${formatCount(updated)} ${updated === 1 ? 'transaction' : 'transactions'} updated`,
      );
      void markTransactionsStale(queryClient);
    },
  });
}

/** POST /rules/preview: how many transactions a rule from this one would change. */
export function useRulePreview() {
  return useMutation({
    mutationFn: ({ transactionId, category }: { transactionId: string; category: TransactionCategory }) =>
      activityApi.previewRule(transactionId, category),
    onError: (error) =>
      toast.error('Failed to find similar transactions', { description: errorMessage(error) }),
  });
}

/** POST /rules with the previewed rule; the server applies it to existing matches, so lists are re-read. */
export function useCreateRule() {
  const queryClient = useQueryClient();
  const { formatCount } = useFigureDisplay();
  return useMutation({
    mutationFn: (rule: ProposedRule) => activityApi.createRule(rule),
    onError: (error) => toast.error('Failed to create rule', { description: errorMessage(error) }),
    onSuccess: ({ applied }) => {
      const count = typeof applied === 'number' ? applied : 0;
      toast.success('Rule created', {
        description: `${formatCount(count)} similar ${count === 1 ? 'transaction was' : 'transactions were'} updated.`,
      });
      void queryClient.invalidateQueries({ queryKey: activityKeys.transactions });
    },
  });
}
