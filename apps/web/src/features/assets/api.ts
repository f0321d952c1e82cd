import { CACHE, HOLDING_TYPE_LABELS, HOLDING_TYPES, type HoldingType } from '@lodestar/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiSchema } from '@/lib/api-client';

/**
 * GET /investments/holdings of docs/analytics-api.md, typed from the OpenAPI document, with its query key
 * (under ['dashboard'], so changes to accounts and rates refresh it) and the dashboard's cache times.
 */

export { HOLDING_TYPES, type HoldingType };
export type HoldingFilter = HoldingType | 'all';

/** The filter's choices in words (the server's allocation labels for the same types). */
export const HOLDING_FILTER_LABELS: Record<HoldingFilter, string> = {
  all: 'All types',
  ...HOLDING_TYPE_LABELS,
};

export const HOLDING_FILTERS: readonly HoldingFilter[] = ['all', ...HOLDING_TYPES];

/** Spec §7: holdings are read a page of 100 at a time. */
export const HOLDINGS_PAGE_SIZE = 100;

export type Holding = ApiSchema<'Holding'>;
export type Holdings = ApiSchema<'Holdings'>;

export const holdingsKeys = {
  page: (page: number, type: HoldingFilter) => ['dashboard', 'holdings', page, type] as const,
};

/** Spec §8: the title of the holdings' error state. */
export const HOLDINGS_ERROR = 'Failed to fetch investment holdings';

export function holdingsQuery(page: number, type: HoldingFilter) {
  return queryOptions({
    queryKey: holdingsKeys.page(page, type),
    queryFn: ({ signal }) =>
      apiFetch<Holdings>(
        `/investments/holdings?${new URLSearchParams({
          page: String(page),
          limit: String(HOLDINGS_PAGE_SIZE),
          type,
        }).toString()}`,
        { signal },
      ),
    // The page shown stays while the next page or another type loads.
    placeholderData: keepPreviousData,
    staleTime: CACHE.dashboard.staleMs,
    gcTime: CACHE.dashboard.gcMs,
  });
}
