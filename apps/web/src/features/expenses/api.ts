import { CACHE, type FlowPeriod } from '@lodestar/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

/**
 * The spending-summary and expense-flow endpoints of docs/analytics-api.md, typed as the contract gives
 * them, with their query keys and cache times (spec §9: spending and expense flow 5 min fresh / 10 min kept).
 */

export type Money = { amountMinor: number; currency: string };
export type Change = { amount: Money; percent: number | null };

export type CategorySpending = {
  /** A category code; '' is Uncategorized. */
  category: string;
  label: string;
  amount: Money;
  previousAmount: Money;
  change: Change;
  /** Share of the month's spending, in percent. */
  percent: number;
  transactionCount: number;
};

export type MerchantSpending = {
  merchant: string;
  category: string;
  amount: Money;
  transactionCount: number;
};

export type DailySpending = {
  day: number;
  /** Minor units of the response's currency. */
  cumulative: number;
  previousCumulative: number | null;
};

export type SpendingSummary = {
  currency: string;
  month: string;
  previousMonth: string;
  total: Money;
  previousTotal: Money;
  change: Change;
  income: Money;
  byCategory: CategorySpending[];
  byMerchant: MerchantSpending[];
  daily: DailySpending[];
  hiddenCategories: string[];
};

export type FlowNodeKind = 'source' | 'income' | 'category' | 'other' | 'savings' | 'deficit';

export type ExpenseFlow = {
  currency: string;
  period: FlowPeriod;
  from: string;
  to: string;
  income: Money;
  spending: Money;
  /** Negative when spending exceeded income (the deficit). */
  savings: Money;
  /** `amount` in minor units of `currency`. */
  nodes: { id: string; label: string; kind: FlowNodeKind; amount: number }[];
  links: { from: string; to: string; amount: number }[];
};

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
      apiFetch<SpendingSummary>(`/transactions/spending-summary?month=${encodeURIComponent(month)}`, {
        signal,
      }),
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
        return await apiFetch<ExpenseFlow>(`/expenses/flow?period=${period}&date=${date}`, { signal });
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
      apiFetch<{ accounts: unknown[] }>('/accounts', { signal }).then(
        (data) => (data.accounts ?? []).length > 0,
      ),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
}
