import { apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';

/** Settings → Developer → Webhooks (ADR 040), typed by the server's OpenAPI document. */

export type WebhookEndpoint = ApiSchema<'WebhookEndpoint'>;
export type WebhookDelivery = ApiSchema<'WebhookDelivery'>;
export type WebhookList = ApiData<'/webhooks'>;
export type CreatedWebhook = ApiData<'/webhooks', 'post'>;

export const webhookKeys = {
  list: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export const webhooksApi = {
  list: () => apiFetch<WebhookList>('/webhooks'),
  create: (url: string, events: string[]) =>
    apiFetch<CreatedWebhook>('/webhooks', { method: 'POST', body: { url: url.trim(), events } }),
  setEnabled: (id: string, enabled: boolean) =>
    apiFetch<WebhookEndpoint>(`/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: { enabled } }),
  remove: (id: string) => apiFetch<unknown>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  test: (id: string) =>
    apiFetch<ApiData<'/webhooks/{id}/test', 'post'>>(`/webhooks/${encodeURIComponent(id)}/test`, {
      method: 'POST',
      body: {},
    }),
  deliveries: (id: string) =>
    apiFetch<ApiData<'/webhooks/{id}/deliveries'>>(`/webhooks/${encodeURIComponent(id)}/deliveries`),
};
