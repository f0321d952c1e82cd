import { CACHE } from '@lodestar/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /insights of docs/analytics-api.md, typed as the contract gives it. */

export type Money = { amountMinor: number; currency: string };

export type InsightSeverity = 'positive' | 'info' | 'warning';

export type InsightFigure = {
  label: string;
  value: Money | number | string;
  format: 'money' | 'percent' | 'date' | 'text' | 'number';
};

export type Insight = {
  id: string;
  kind: string;
  severity: InsightSeverity;
  title: string;
  explanation: string;
  figures: InsightFigure[];
  links: { label: string; href: string }[];
};

export type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';

export type RecurringPayment = {
  key: string;
  name: string;
  category: string;
  accountId: string;
  cadence: Cadence;
  /** Signed as the transactions are: a payment out is negative. */
  averageAmount: Money;
  lastAmount: Money;
  lastDate: string;
  nextDate: string;
  nextAmount: Money;
  occurrences: number;
  priceIncrease: { from: Money; to: Money; date: string } | null;
  href: string;
};

export type InsightsResponse = {
  currency: string;
  asOf: string;
  insights: Insight[];
  recurring: RecurringPayment[];
};

export const insightsKeys = { insights: ['transactions', 'insights'] as const };

export function insightsQuery() {
  return queryOptions({
    queryKey: insightsKeys.insights,
    queryFn: ({ signal }) => apiFetch<InsightsResponse>('/insights', { signal }),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
}
