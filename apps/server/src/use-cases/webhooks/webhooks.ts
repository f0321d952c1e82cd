import { randomBytes } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type Database,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@lodestar/db';
import {
  isWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
} from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { assertOutboundUrl, OutboundRefusedError } from '../../outbound/guard';
import { sealSecret } from '../../secrets/secret-box';
import { emitWebhookEvent, webhookPolicy, type WebhookDeps } from '../../webhooks/deliver';

export const WEBHOOK_MESSAGES = {
  url: 'Enter the endpoint’s address, starting with https://',
  urlLong: `Addresses can be at most ${WEBHOOK_URL_MAX} characters`,
  events: `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  limit: `You can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints`,
  notFound: 'No such webhook endpoint',
  disabled: 'Turn the endpoint on before sending it an event',
  enabled: 'Enabled must be true or false',
} as const;

const M = WEBHOOK_MESSAGES;

const eventsSchema = z
  .array(
    z
      .string({ message: M.events })
      .refine(isWebhookEventType, M.events)
      .openapi({ enum: WEBHOOK_EVENT_TYPES }),
    { message: M.events },
  )
  .min(1, M.events)
  .max(WEBHOOK_EVENT_TYPES.length, M.events)
  .transform((events) => [...new Set(events)].sort())
  .openapi({ example: ['transactions.added'] });

const urlSchema = z
  .string({ message: M.url })
  .trim()
  .min(1, M.url)
  .max(WEBHOOK_URL_MAX, M.urlLong)
  .openapi({ example: 'https://example.com/hooks/lodestar' });

export const createWebhookSchema = z.object({ url: urlSchema, events: eventsSchema });
export const updateWebhookSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean({ message: M.enabled }).optional(),
});

/** The URL as the guard judges it (https, public addresses unless private ones are allowed); 400 when refused. */
async function checkedUrl(url: string, allowPrivate: boolean): Promise<string> {
  try {
    const parsed = await assertOutboundUrl(url, webhookPolicy(allowPrivate));
    return parsed.toString();
  } catch (error) {
    const message = error instanceof OutboundRefusedError ? error.message : M.url;
    throw new AppError('VALIDATION_FAILED', message, { items: [{ field: 'url', message, code: 'custom' }] });
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function webhookEndpointView(row: WebhookEndpointView) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    secretPrefix: row.secretPrefix,
    enabled: row.disabledAt === null,
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

export function webhookDeliveryView(row: WebhookDeliveryView) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status as 'pending' | 'sending' | 'succeeded' | 'failed',
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    log: row.attemptLog,
  };
}

type Base = { deps: WebhookDeps; userId: string };

export async function listWebhooks(db: Database, userId: string) {
  return (await listWebhookEndpoints(db, userId)).map(webhookEndpointView);
}

/** Registers an endpoint with a new secret (returned this once, stored sealed). */
export async function createWebhook(input: Base & { url: string; events: string[] }) {
  const { deps, userId } = input;
  const url = await checkedUrl(input.url, deps.allowPrivate);
  if ((await countWebhookEndpoints(deps.db, userId)) >= WEBHOOK_MAX_ENDPOINTS)
    throw new AppError('CONFLICT', M.limit);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const sealed = sealSecret(secret, deps.encryptionKey);
  const endpoint = await insertWebhookEndpoint(deps.db, {
    userId,
    url,
    events: input.events,
    secretCiphertext: sealed.ciphertext,
    secretKeyId: sealed.keyId,
    secretPrefix: secret.slice(0, 12),
    createdAt: deps.now(),
  });
  return { endpoint: webhookEndpointView(endpoint), secret };
}

/** Changes the address or events, or turns the endpoint off or back on (which clears its failure count). */
export async function updateWebhook(
  input: Base & { id: string; url?: string; events?: string[]; enabled?: boolean },
) {
  const { deps, userId, id } = input;
  const existing = await findWebhookEndpoint(deps.db, userId, id);
  if (!existing) throw AppError.notFound(M.notFound);
  const url = input.url === undefined ? undefined : await checkedUrl(input.url, deps.allowPrivate);
  const updated = await updateWebhookEndpoint(deps.db, userId, id, {
    ...(url === undefined ? {} : { url }),
    ...(input.events === undefined ? {} : { events: input.events }),
    ...(input.enabled === undefined
      ? {}
      : input.enabled
        ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
        : existing.disabledAt
          ? {}
          : { disabledAt: deps.now(), disabledReason: 'Turned off' }),
  });
  if (!updated) throw AppError.notFound(M.notFound);
  return webhookEndpointView(updated);
}

export async function removeWebhook(input: Base & { id: string }) {
  if (!(await deleteWebhookEndpoint(input.deps.db, input.userId, input.id)))
    throw AppError.notFound(M.notFound);
}

/** "Send test event": one `webhook.test` event to this endpoint only, delivered like any other. */
export async function sendTestEvent(input: Base & { id: string }) {
  const { deps, userId, id } = input;
  const endpoint = await findWebhookEndpoint(deps.db, userId, id);
  if (!endpoint) throw AppError.notFound(M.notFound);
  if (endpoint.disabledAt) throw new AppError('CONFLICT', M.disabled);
  const { eventId, deliveryIds } = await emitWebhookEvent(
    deps,
    userId,
    WEBHOOK_TEST_EVENT,
    { message: 'This is a test event sent from Settings → Developer.' },
    { endpointId: id },
  );
  return { eventId, deliveryId: deliveryIds[0] ?? null };
}

export async function webhookDeliveries(db: Database, userId: string, id: string) {
  if (!(await findWebhookEndpoint(db, userId, id))) throw AppError.notFound(M.notFound);
  return (await listWebhookDeliveries(db, userId, id, 50)).map(webhookDeliveryView);
}
