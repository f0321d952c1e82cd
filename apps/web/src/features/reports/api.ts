import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData } from '@/lib/api-client';

/** The user's accounts, for the builder's account filter (names and ids only). */
export function accountOptionsQuery() {
  return queryOptions({
    queryKey: ['accounts', 'report-options'] as const,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/accounts'>>('/accounts', { signal }).then((data) =>
        data.accounts.map((account) => ({ id: account.id, name: account.name, type: account.type })),
      ),
  });
}
