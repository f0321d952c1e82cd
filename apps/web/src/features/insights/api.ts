import { CACHE } from '@lodestar/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/** GET /insights of docs/analytics-api.md, typed from the OpenAPI document (`npm run api-types`). */

export type Money = ApiSchema<'Money'>;
export type InsightsResponse = ApiData<'/insights'>;
export type Insight = ApiSchema<'Insight'>;
export type InsightSeverity = Insight['severity'];
export type InsightFigure = Insight['figures'][number];
/** Signed as the transactions are: a payment out is negative. */
export type RecurringPayment = ApiSchema<'RecurringPayment'>;
export type Cadence = RecurringPayment['cadence'];

export const insightsKeys = { insights: ['transactions', 'insights'] as const };

export function insightsQuery() {
  return queryOptions({
    queryKey: insightsKeys.insights,
    queryFn: ({ signal }) => apiFetch<InsightsResponse>('/insights', { signal }),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
}
