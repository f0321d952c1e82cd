import { CACHE, HOLDING_TYPE_LABELS, HOLDING_TYPES, type HoldingType, type Money } from '@lodestar/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * GET /investments/holdings of docs/analytics-api.md, typed as the contract gives it, with its query key
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

export type Holding = {
  id: string;
  accountId: string;
  accountName: string;
  symbol: string | null;
  name: string;
  type: HoldingType;
  /** Decimal string. */
  quantity: string;
  /** Spec §9: crypto 8, fractional 4, whole 2. */
  quantityDecimals: number;
  /** Decimal string in the holding's currency. */
  price: { amount: string; currency: string };
  priceAsOf: string;
  native: Money;
  /** In the reporting currency; null when no rate exists. */
  converted: Money | null;
  costBasis: Money | null;
  unrealizedGain: Money | null;
  unrealizedGainPercent: number | null;
};

export type Holdings = {
  currency: string;
  data: Holding[];
  pagination: { total: number; page: number; pageSize: number; totalPages: number; hasNext: boolean };
  totals: { value: Money; costBasis: Money; unrealizedGain: Money };
  allocation: {
    byType: { type: HoldingType; label: string; amount: Money; percent: number }[];
    byAccount: { accountId: string; name: string; amount: Money; percent: number }[];
  };
};

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
