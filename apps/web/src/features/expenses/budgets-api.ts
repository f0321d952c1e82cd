import { CACHE } from '@lodestar/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/** The budget endpoints (ADR 039), typed by the server's OpenAPI document. */

export type BudgetMonth = ApiSchema<'BudgetMonth'>;
export type BudgetLine = ApiSchema<'BudgetLine'>;
export type AverageWindow = '3' | '6' | '12';

export const budgetKeys = {
  all: ['budgets'] as const,
  month: (month: string) => ['budgets', month] as const,
};

export function budgetMonthQuery(month: string) {
  return queryOptions({
    queryKey: budgetKeys.month(month),
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/budgets'>>(`/budgets?month=${encodeURIComponent(month)}`, { signal }),
    staleTime: CACHE.spending.staleMs,
    gcTime: CACHE.spending.gcMs,
  });
}

export const budgetsApi = {
  /** Sets (amount in major units) or removes (null) one category's budget for the month. */
  setAmount: (month: string, category: string, amount: number | null) =>
    apiFetch<BudgetMonth>('/budgets', { method: 'PUT', body: { month, category, amount } }),
  setRollover: (month: string, category: string, rollover: boolean) =>
    apiFetch<BudgetMonth>(`/budgets/rollover?month=${encodeURIComponent(month)}`, {
      method: 'PATCH',
      body: { category, rollover },
    }),
  copyPrevious: (month: string) =>
    apiFetch<BudgetMonth>('/budgets/copy-previous', { method: 'POST', body: { month } }),
  fromAverage: (month: string, months: number) =>
    apiFetch<BudgetMonth>('/budgets/from-average', { method: 'POST', body: { month, months } }),
};
