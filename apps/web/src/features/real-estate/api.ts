import { CACHE } from '@lodestar/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * The real-estate endpoints of docs/analytics-api.md, typed from the OpenAPI document. Query keys sit
 * under ['dashboard'] (a property is part of net worth), so invalidating ['dashboard'] refreshes them.
 */

export type Address = ApiSchema<'PropertyAddress'>;
/** `mortgage.balance` is what is owed, positive. */
export type Property = ApiSchema<'Property'>;
export type Valuation = ApiSchema<'PropertyValuation'>;
export type PropertyDetail = ApiSchema<'PropertyDetail'>;
export type Properties = ApiData<'/real-estate'>;

/** Request bodies: amounts in major units. */
export type NewProperty = {
  name: string;
  address: {
    line1: string;
    line2?: string;
    city: string;
    state?: string;
    postalCode?: string;
    country: string;
  };
  purchasePrice: number;
  purchaseDate: string;
  currency: string;
  currentValue?: number;
  valuationDate?: string;
  mortgageAccountId?: string | null;
};

export type PropertyChanges = Partial<Omit<NewProperty, 'currency'>>;

export type NewValuation = { date: string; value: number; note?: string };

export const realEstateKeys = {
  all: ['dashboard', 'real-estate'] as const,
  list: ['dashboard', 'real-estate', 'list'] as const,
  detail: (id: string) => ['dashboard', 'real-estate', 'detail', id] as const,
};

const CACHE_TIMES = { staleTime: CACHE.dashboard.staleMs, gcTime: CACHE.dashboard.gcMs };
const id = (value: string) => encodeURIComponent(value);

export function propertiesQuery() {
  return queryOptions({
    queryKey: realEstateKeys.list,
    queryFn: ({ signal }) => apiFetch<Properties>('/real-estate', { signal }),
    ...CACHE_TIMES,
  });
}

export function propertyQuery(propertyId: string) {
  return queryOptions({
    queryKey: realEstateKeys.detail(propertyId),
    queryFn: ({ signal }) => apiFetch<PropertyDetail>(`/real-estate/${id(propertyId)}`, { signal }),
    ...CACHE_TIMES,
  });
}

export const realEstateApi = {
  create: (body: NewProperty) => apiFetch<PropertyDetail>('/real-estate', { method: 'POST', body }),
  update: (propertyId: string, body: PropertyChanges) =>
    apiFetch<PropertyDetail>(`/real-estate/${id(propertyId)}`, { method: 'PATCH', body }),
  remove: (propertyId: string) =>
    apiFetch<ApiData<'/real-estate/{id}', 'delete'>>(`/real-estate/${id(propertyId)}`, { method: 'DELETE' }),
  addValuation: (propertyId: string, body: NewValuation) =>
    apiFetch<PropertyDetail>(`/real-estate/${id(propertyId)}/valuations`, { method: 'POST', body }),
  removeValuation: (propertyId: string, valuationId: string) =>
    apiFetch<PropertyDetail>(`/real-estate/${id(propertyId)}/valuations/${id(valuationId)}`, {
      method: 'DELETE',
    }),
};

/** The user's loan accounts (GET /accounts?tab=all), the candidates for a property's mortgage. */
export type LoanAccount = Pick<
  ApiData<'/accounts'>['accounts'][number],
  'id' | 'name' | 'type' | 'currency' | 'hidden'
>;

export function loanAccountsQuery() {
  return queryOptions({
    // Under ['accounts'], so adding or removing an account refreshes the choices.
    queryKey: ['accounts', 'real-estate-loans'] as const,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/accounts'>>('/accounts?tab=all', { signal }).then((data) =>
        data.accounts.filter((account) => account.type === 'loan'),
      ),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
}
