import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { WEBHOOK_EVENTS, WEBHOOK_MAX_ENDPOINTS } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { assertFeature } from '../use-cases/limits/user-limits';
import {
  createWebhook,
  createWebhookSchema,
  listWebhooks,
  removeWebhook,
  sendTestEvent,
  updateWebhook,
  updateWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveries,
} from '../use-cases/webhooks/webhooks';
import type { WebhookDeps } from '../webhooks/deliver';

const tags = ['Webhooks'];

const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    secretPrefix: z.string(),
    enabled: z.boolean(),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    consecutiveFailures: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('WebhookEndpoint');

const DeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'sending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    log: z.array(
      z.object({
        at: z.string(),
        status: z.number().int().nullable(),
        error: z.string().nullable(),
        ms: z.number(),
      }),
    ),
  })
  .openapi('WebhookDelivery');

const idParam = z.object({ id: z.uuid({ message: WEBHOOK_MESSAGES.notFound }) });

const description =
  'Each event is POSTed as JSON `{ id, type, createdAt, data }` with the headers Lodestar-Event-Id, ' +
  'Lodestar-Event-Type, Lodestar-Timestamp and Lodestar-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of ' +
  '"<timestamp>.<body>" with the endpoint secret>`). A 2xx answer is success; anything else is retried with ' +
  'exponential backoff for 24 hours. Endpoints must be https on public addresses unless the server sets ' +
  'WEBHOOKS_ALLOW_PRIVATE=true. Pro plan only when billing is configured.';

const routes = {
  list: createRoute({
    method: 'get',
    path: '/webhooks',
    tags,
    security: COOKIE_AUTH,
    summary: "The user's webhook endpoints and the events they may receive",
    description,
    responses: {
      200: jsonResponse(
        z.object({
          endpoints: z.array(EndpointSchema),
          events: z.array(z.object({ type: z.string(), label: z.string() })),
          maxEndpoints: z.number().int(),
        }),
        'Endpoints',
      ),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/webhooks',
    tags,
    security: COOKIE_AUTH,
    summary: 'Register an endpoint; the answer holds its signing secret, shown this one time only',
    description,
    request: { body: jsonBody(createWebhookSchema) },
    responses: {
      201: jsonResponse(z.object({ endpoint: EndpointSchema, secret: z.string() }), 'Created'),
      400: { description: 'Validation failed (an address the guard refuses included)' },
      403: { description: 'UPGRADE_REQUIRED: webhooks are part of the Pro plan' },
      409: { description: 'Already five endpoints' },
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/webhooks/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Change the address or events, or turn the endpoint off or on again',
    request: { params: idParam, body: jsonBody(updateWebhookSchema) },
    responses: {
      200: jsonResponse(EndpointSchema, 'Updated'),
      400: { description: 'Validation failed' },
      404: { description: 'No such endpoint' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/webhooks/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete an endpoint with its delivery log',
    request: { params: idParam },
    responses: {
      200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'),
      404: { description: 'No such endpoint' },
    },
  }),
  test: createRoute({
    method: 'post',
    path: '/webhooks/{id}/test',
    tags,
    security: COOKIE_AUTH,
    summary: 'Send a webhook.test event to this endpoint (delivered in the background; see its log)',
    request: { params: idParam },
    responses: {
      202: jsonResponse(z.object({ eventId: z.string(), deliveryId: z.string().nullable() }), 'Queued'),
      404: { description: 'No such endpoint' },
      409: { description: 'The endpoint is turned off' },
    },
  }),
  deliveries: createRoute({
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    tags,
    security: COOKIE_AUTH,
    summary: "The endpoint's latest 50 deliveries, newest first, with every attempt's status code",
    request: { params: idParam },
    responses: {
      200: jsonResponse(z.object({ deliveries: z.array(DeliverySchema) }), 'Deliveries'),
      404: { description: 'No such endpoint' },
    },
  }),
};

/** Settings → Developer → Webhooks (ADR 040). */
export function webhooksRoutes(deps: RouteDeps & { webhooks: WebhookDeps }) {
  const { auth, db } = deps;
  const webhookDeps = deps.webhooks;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, {
        endpoints: await listWebhooks(db, userId),
        events: Object.entries(WEBHOOK_EVENTS).map(([type, label]) => ({ type, label })),
        maxEndpoints: WEBHOOK_MAX_ENDPOINTS,
      });
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      await assertFeature(deps, userId, 'webhooks');
      const { url, events } = c.req.valid('json');
      return ok(c, await createWebhook({ deps: webhookDeps, userId, url, events }), 201);
    })
    .openapi(routes.update, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      // Turning an endpoint off, or deleting it, stays possible after a downgrade; changing it does not.
      if (body.url !== undefined || body.events !== undefined || body.enabled === true)
        await assertFeature(deps, userId, 'webhooks');
      return ok(c, await updateWebhook({ deps: webhookDeps, userId, id, ...body }));
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      await removeWebhook({ deps: webhookDeps, userId, id: c.req.valid('param').id });
      return ok(c, { deleted: true as const });
    })
    .openapi(routes.test, async (c) => {
      const { userId } = await requireUser(c, auth);
      await assertFeature(deps, userId, 'webhooks');
      return ok(c, await sendTestEvent({ deps: webhookDeps, userId, id: c.req.valid('param').id }), 202);
    })
    .openapi(routes.deliveries, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { deliveries: await webhookDeliveries(db, userId, c.req.valid('param').id) });
    });
}
