import type { PortfolioRange, TimePeriod } from '@lodestar/domain';
import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The dashboard's calls to `/api/v1` (docs/analytics-api.md: dashboard, portfolio, activity summary,
 * exchange rates), typed by the server's OpenAPI document (lib/api-schema.gen.ts). Every call goes through apiFetch, so failures
 * arrive as ApiError carrying the server's message (and validation items on a 400).
 */

export type DashboardData = ApiSchema<'Dashboard'>;
export type AllocationClass = DashboardData['allocation'][number]['class'];
export type DashboardAccountGroup = DashboardData['accounts'][number];
/** `converted` is the balance in the reporting currency; null when no rate exists for the account's currency. */
export type DashboardAccount = DashboardAccountGroup['accounts'][number];

/**
 * `missing`: currencies without any rate (their balances are left out of the totals); `stale`:
 * currencies converted at a rate more than 7 days older than the day it was used for; `estimated`:
 * currencies converted on days before their first rate at the earliest one (dated `from`).
 */
export type FxNotes = ApiSchema<'FxReport'>;

/** Net-worth history; each point's amounts are integer minor units of the response's currency. */
export type PortfolioData = ApiSchema<'Portfolio'>;
export type PortfolioPoint = PortfolioData['points'][number];

export type ActivitySummary = ApiSchema<'ActivitySummary'>;
export type ActivityPeriodTotals = NonNullable<ActivitySummary['previous']>;
/** `category` '' is Uncategorized. */
export type TopCategory = ActivitySummary['current']['topCategories'][number];
export type MoneyChange = NonNullable<ActivitySummary['change']>['income'];

export type FxRates = ApiSchema<'ExchangeRates'>;
/** `id` is present on manual rates, which can be deleted (DELETE /fx/rates/:id). */
export type FxRateRow = FxRates['rates'][number];

/** A manual rate: 1 `base` = `rate` `quote` from `date` on. */
export type NewManualRate = ApiBody<'/fx/rates', 'post'>;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  data: (period: TimePeriod) => ['dashboard', period] as const,
  portfolio: (range: PortfolioRange) => ['dashboard', 'portfolio', range] as const,
  activitySummary: (period: TimePeriod) => ['dashboard', 'activity-summary', period] as const,
  fx: ['dashboard', 'fx'] as const,
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const dashboardApi = {
  dashboard: (period: TimePeriod) => apiFetch<ApiData<'/dashboard'>>(`/dashboard?${query({ period })}`),
  portfolio: (range: PortfolioRange) => apiFetch<ApiData<'/portfolio'>>(`/portfolio?${query({ range })}`),
  activitySummary: (period: TimePeriod) =>
    apiFetch<ApiData<'/dashboard/activity-summary'>>(`/dashboard/activity-summary?${query({ period })}`),
  fxRates: () => apiFetch<ApiData<'/fx/rates'>>('/fx/rates'),
  addManualRate: (rate: NewManualRate) =>
    apiFetch<ApiData<'/fx/rates', 'post'>>('/fx/rates', { method: 'POST', body: rate }),
  deleteManualRate: (id: string) =>
    apiFetch<ApiData<'/fx/rates/{id}', 'delete'>>(`/fx/rates/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  refreshRates: () => apiFetch<ApiData<'/fx/refresh', 'post'>>('/fx/refresh', { method: 'POST' }),
};
