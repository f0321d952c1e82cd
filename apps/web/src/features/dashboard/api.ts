import type { Money, PortfolioRange, TimePeriod } from '@lodestar/domain';
import { apiFetch } from '@/lib/api-client';

/**
 * The dashboard's calls to `/api/v1` (docs/analytics-api.md: dashboard, portfolio, activity summary,
 * exchange rates), typed as the contract gives them. Every call goes through apiFetch, so failures
 * arrive as ApiError carrying the server's message (and validation items on a 400).
 */

export type AllocationClass = 'cash' | 'investment' | 'crypto' | 'real_estate' | 'other';

export type DashboardAccount = {
  id: string;
  name: string;
  institution: string | null;
  status: string;
  native: Money;
  /** The balance in the reporting currency; null when no rate exists for the account's currency. */
  converted: Money | null;
  isLiability: boolean;
};

export type DashboardAccountGroup = {
  type: string;
  label: string;
  total: Money;
  accounts: DashboardAccount[];
};

export type FxNotes = {
  /** Currencies without any rate: their balances are left out of the totals. */
  missing: string[];
  /** Currencies converted at a rate more than 7 days older than the day it was used for. */
  stale: { currency: string; asOf: string }[];
};

export type DashboardData = {
  currency: string;
  asOf: string;
  period: TimePeriod;
  hasAccounts: boolean;
  summary: {
    netWorth: Money;
    assets: Money;
    liabilities: Money;
    cash: Money;
    investments: Money;
    crypto: Money;
    realEstate: Money;
    other: Money;
    change: { amount: Money; percent: number | null; from: string };
  };
  allocation: { class: AllocationClass; label: string; amount: Money; percent: number }[];
  cryptoShare: { percent: number; threshold: number; above: boolean };
  accounts: DashboardAccountGroup[];
  fx: FxNotes;
};

/** One day of net-worth history; amounts are integer minor units of the response's currency. */
export type PortfolioPoint = {
  date: string;
  netWorth: number;
  cash: number;
  investment: number;
  crypto: number;
  real_estate: number;
  other: number;
  /** Negative when money is owed. */
  liability: number;
  account_count: number;
};

export type PortfolioData = {
  currency: string;
  range: PortfolioRange;
  from: string;
  to: string;
  classes: string[];
  points: PortfolioPoint[];
};

export type ActivityPeriodTotals = {
  from: string;
  to: string;
  income: Money;
  spending: Money;
  net: Money;
  transactionCount: number;
};

export type TopCategory = {
  /** '' is Uncategorized. */
  category: string;
  label: string;
  amount: Money;
  percent: number;
  transactionCount: number;
};

export type MoneyChange = { amount: Money; percent: number | null };

export type ActivitySummary = {
  currency: string;
  period: TimePeriod;
  current: ActivityPeriodTotals & { topCategories: TopCategory[] };
  previous: ActivityPeriodTotals | null;
  change: {
    income: MoneyChange;
    spending: MoneyChange;
    net: MoneyChange;
    transactionCount: { amount: number; percent: number | null };
  } | null;
};

export type FxRateRow = {
  /** Present on manual rates, which can be deleted (DELETE /fx/rates/:id). */
  id?: string;
  currency: string;
  /** Units of the reporting currency per 1 `currency`, a decimal string. */
  rate: string;
  date: string;
  source: 'ecb' | 'manual';
  stale: boolean;
};

export type FxRates = { currency: string; rates: FxRateRow[]; lastFetchedAt: string | null };

/** A manual rate: 1 `base` = `rate` `quote` from `date` on. */
export type NewManualRate = { base: string; quote: string; date: string; rate: string };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  data: (period: TimePeriod) => ['dashboard', period] as const,
  portfolio: (range: PortfolioRange) => ['dashboard', 'portfolio', range] as const,
  activitySummary: (period: TimePeriod) => ['dashboard', 'activity-summary', period] as const,
  fx: ['dashboard', 'fx'] as const,
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const dashboardApi = {
  dashboard: (period: TimePeriod) => apiFetch<DashboardData>(`/dashboard?${query({ period })}`),
  portfolio: (range: PortfolioRange) => apiFetch<PortfolioData>(`/portfolio?${query({ range })}`),
  activitySummary: (period: TimePeriod) =>
    apiFetch<ActivitySummary>(`/dashboard/activity-summary?${query({ period })}`),
  fxRates: () => apiFetch<FxRates>('/fx/rates'),
  addManualRate: (rate: NewManualRate) => apiFetch<unknown>('/fx/rates', { method: 'POST', body: rate }),
  deleteManualRate: (id: string) =>
    apiFetch<unknown>(`/fx/rates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  refreshRates: () => apiFetch<{ fetched: number; lastFetchedAt: string }>('/fx/refresh', { method: 'POST' }),
};
