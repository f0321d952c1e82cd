import type { ReportDefinition } from '@lodestar/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The custom-report endpoints (docs/analytics-api.md "POST /reports/run", ADR 041), typed by the
 * server's OpenAPI document: run a definition, and the saved reports (list, save, change, pin, reorder,
 * duplicate, delete).
 */

export type ReportResult = ApiSchema<'ReportResult'>;
export type ReportResultRow = ReportResult['rows'][number];
export type SavedReport = Omit<ApiSchema<'SavedReport'>, 'definition'> & { definition: ReportDefinition };

export const reportsKeys = {
  all: ['reports'] as const,
  saved: ['reports', 'saved'] as const,
  run: (definition: ReportDefinition) => ['reports', 'run', JSON.stringify(definition)] as const,
};

export const REPORTS_ERROR = 'Failed to load your reports';
export const RUN_ERROR = 'Failed to run the report';

export function runReportQuery(definition: ReportDefinition) {
  return queryOptions({
    queryKey: reportsKeys.run(definition),
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/reports/run', 'post'>>('/reports/run', { method: 'POST', body: definition, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function savedReportsQuery() {
  return queryOptions({
    queryKey: reportsKeys.saved,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/reports'>>('/reports', { signal }).then((data) => data.reports as SavedReport[]),
  });
}

export const reportsApi = {
  create: (body: { name: string; definition: ReportDefinition; pinned?: boolean }) =>
    apiFetch<ApiData<'/reports', 'post'>>('/reports', { method: 'POST', body }).then(
      (data) => data.report as SavedReport,
    ),
  update: (id: string, body: { name?: string; definition?: ReportDefinition; pinned?: boolean }) =>
    apiFetch<ApiData<'/reports/{id}', 'patch'>>(`/reports/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }).then((data) => data.report as SavedReport),
  duplicate: (id: string) =>
    apiFetch<ApiData<'/reports/{id}/duplicate', 'post'>>(`/reports/${encodeURIComponent(id)}/duplicate`, {
      method: 'POST',
    }).then((data) => data.report as SavedReport),
  remove: (id: string) =>
    apiFetch<ApiData<'/reports/{id}', 'delete'>>(`/reports/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  reorder: (ids: readonly string[]) =>
    apiFetch<ApiData<'/reports/order', 'put'>>('/reports/order', { method: 'PUT', body: { ids } }).then(
      (data) => data.reports as SavedReport[],
    ),
};
