import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/** The CEXes screen's calls (docs/crypto.md, Exchanges), typed by the OpenAPI document. */

export type ExchangeConnection = ApiSchema<'ExchangeConnection'>;
export type ExchangeHolding = ApiSchema<'ExchangeHolding'>;
export type SupportedExchanges = ApiData<'/connections/exchanges/supported'>;
export type SupportedExchange = SupportedExchanges['exchanges'][number];
export type NewExchange = ApiBody<'/connections/exchanges', 'post'>;
export type ExchangeList = ApiData<'/connections/exchanges'>;

export const exchangesQueryKeys = {
  exchanges: ['exchanges', 'list'] as const,
  supported: ['exchanges', 'supported'] as const,
  /** Other features' data an exchange changes (invalidated by prefix). */
  affected: [['accounts'], ['connections'], ['dashboard'], ['holdings'], ['analytics']] as const,
};

export const exchangesApi = {
  list: () => apiFetch<ExchangeList>('/connections/exchanges'),
  supported: () => apiFetch<SupportedExchanges>('/connections/exchanges/supported'),
  connect: (body: NewExchange) =>
    apiFetch<ApiData<'/connections/exchanges', 'post'>>('/connections/exchanges', {
      method: 'POST',
      body,
    }).then((data) => data.connection),
  remove: (id: string) =>
    apiFetch<ApiData<'/connections/{id}', 'delete'>>(`/connections/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  syncAll: () => apiFetch<ApiData<'/crypto/sync', 'post'>>('/crypto/sync', { method: 'POST' }),
};
