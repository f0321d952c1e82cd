import { CACHE, type FlowPeriod } from '@lodestar/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The spending-summary and expense-flow endpoints of docs/analytics-api.md, typed by the server's
 * OpenAPI document (lib/api-schema.gen.ts), with their query keys and cache times (spec §9: spending
 * and expense flow 5 min fresh / 10 min kept).
 */

export type Money = ApiSchema<'Money'>;

/**
 * `byCategory[].category` is a category code ('' is Uncategorized) and `percent` its share of the
 * month's spending; `daily[].cumulative` is in minor units of the response's currency.
 */
export type SpendingSummary = ApiSchema<'SpendingSummary'>;
export type Change = SpendingSummary['change'];
export type CategorySpending = SpendingSummary['byCategory'][number];
export type MerchantSpending = SpendingSummary['byMerchant'][number];
export type DailySpending = SpendingSummary['daily'][number];

/** `savings` is negative when spending exceeded income; node and link amounts are minor units. */
export type ExpenseFlow = ApiSchema<'ExpenseFlow'>;
export type FlowNodeKind = ExpenseFlow['nodes'][number]['kind'];

export const expensesKeys = {
  spendingSummary: (month: string) => ['transactions', 'spending-summary', month] as const,
  expenseFlow: (period: FlowPeriod, date: string) => ['transactions', 'expense-flow', period, date] as const,
  // Under ['accounts'] so the accounts feature's invalidations refresh it too.
  anyAccount: ['accounts', 'expenses-any-account'] as const,
};

export function spendingSummaryQuery(month: string) {
  return queryOptions({
    queryKey: expensesKeys.spendingSummary(month),
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/transactions/spending-summary'>>(
        `/transactions/spending-summary?month=${encodeURIComponent(month)}`,
        {
          signal,
        },
      ),
    staleTime: CACHE.spending.staleMs,
    gcTime: CACHE.spending.gcMs,
  });
}

/** Spec §7: the page prefetches the months either side of the one shown (the next only up to `latest`). */
export function prefetchAdjacentMonths(
  queryClient: QueryClient,
  months: { previous: string; next: string | null },
): void {
  void queryClient.prefetchQuery(spendingSummaryQuery(months.previous));
  if (months.next) void queryClient.prefetchQuery(spendingSummaryQuery(months.next));
}

/**
 * Spec §8 'Failed to fetch expense flow: {status} - {body}'. Kept an ApiError with the server's status,
 * so a 401 still reads as the end of the session.
 */
export function expenseFlowError(error: unknown): ApiError {
  if (error instanceof ApiError) {
    return new ApiError(
      error.status,
      error.code,
      `Failed to fetch expense flow: ${error.status} - ${error.message}`,
      error.items,
    );
  }
  const message = error instanceof Error && error.message ? error.message : 'Network error';
  return new ApiError(0, 'NETWORK_ERROR', `Failed to fetch expense flow: 0 - ${message}`);
}

export function expenseFlowQuery(period: FlowPeriod, date: string) {
  return queryOptions({
    queryKey: expensesKeys.expenseFlow(period, date),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<ApiData<'/expenses/flow'>>(`/expenses/flow?period=${period}&date=${date}`, {
          signal,
        });
      } catch (error) {
        throw expenseFlowError(error);
      }
    },
    staleTime: CACHE.expenseFlow.staleMs,
    gcTime: CACHE.expenseFlow.gcMs,
  });
}

/** Whether the user has any account at all (a new user sees one "connect an account" state instead). */
export function anyAccountQuery() {
  return queryOptions({
    queryKey: expensesKeys.anyAccount,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/accounts'>>('/accounts', { signal }).then(
        (data) => (data.accounts ?? []).length > 0,
      ),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
}
