import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The rules endpoints of docs/money-api.md, typed by the server's OpenAPI document
 * (lib/api-schema.gen.ts): the list with each rule's matched count, edit, order, run and delete.
 */

export type ListedRule = ApiSchema<'ListedRule'>;
export type RuleConditions = ApiSchema<'RuleConditions'>;
export type RuleActions = ApiSchema<'RuleActions'>;
export type RulePatch = ApiBody<'/rules/{id}', 'patch'>;

export const rulesKeys = {
  all: ['rules'] as const,
};

/** The title of the page's error state. */
export const RULES_ERROR = 'Failed to load your rules';

export function rulesQuery() {
  return queryOptions({
    queryKey: rulesKeys.all,
    queryFn: ({ signal }) => apiFetch<ApiData<'/rules'>>('/rules', { signal }).then((data) => data.rules),
  });
}

export const rulesApi = {
  update: (id: string, patch: RulePatch) =>
    apiFetch<ApiData<'/rules/{id}', 'patch'>>(`/rules/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: patch,
    }),
  reorder: (ids: readonly string[]) =>
    apiFetch<ApiData<'/rules/order', 'put'>>('/rules/order', { method: 'PUT', body: { ids } }).then(
      (data) => data.rules,
    ),
  run: () => apiFetch<ApiData<'/rules/run', 'post'>>('/rules/run', { method: 'POST' }),
  remove: (id: string) =>
    apiFetch<ApiData<'/rules/{id}', 'delete'>>(`/rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
