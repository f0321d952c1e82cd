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

/** GET /investments (docs/markets-api.md "Investments"): day change, weight and price date per holding. */
export type Investments = ApiSchema<'Investments'>;
export type InvestmentHolding = ApiSchema<'InvestmentHolding'>;

export const investmentsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'investments'] as const,
    queryFn: ({ signal }) => apiFetch<Investments>('/investments', { signal }),
    staleTime: CACHE.dashboard.staleMs,
    gcTime: CACHE.dashboard.gcMs,
  });

/** GET /investments/performance (docs/markets-api.md "Performance"). */
export type InvestmentPerformance = ApiSchema<'InvestmentPerformance'>;
export type PerformanceFigures = ApiSchema<'PerformanceFigures'>;
export type PerformanceRange = InvestmentPerformance['range'];

export const PERFORMANCE_RANGE_LABELS: Record<PerformanceRange, string> = {
  '1m': '1M',
  '3m': '3M',
  ytd: 'YTD',
  '1y': '1Y',
  all: 'All',
};

export const performanceQuery = (range: PerformanceRange) =>
  queryOptions({
    queryKey: ['dashboard', 'investment-performance', range] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvestmentPerformance>(`/investments/performance?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: CACHE.dashboard.staleMs,
    gcTime: CACHE.dashboard.gcMs,
  });

/** Why a holding has no day change, in words. */
export const DAY_CHANGE_REASONS: Record<NonNullable<InvestmentHolding['dayChangeUnavailable']>, string> = {
  no_symbol: 'No ticker to quote',
  not_quoted: 'Not quoted',
  unknown_symbol: 'Ticker not found',
  quote_unavailable: 'No quote right now',
  no_previous_close: 'No previous close',
  currency_differs: 'Quoted in another currency',
  pegged: 'Valued at its peg',
};

/** Why an account has no performance figures, in words. */
export const PERFORMANCE_REASONS: Record<
  NonNullable<InvestmentPerformance['accounts'][number]['unavailable']>,
  string
> = {
  holdings_not_in_history:
    'Not measured: this account traded in the period, and its balance history values today’s holdings on every day.',
  no_history: 'No balance history yet.',
};
