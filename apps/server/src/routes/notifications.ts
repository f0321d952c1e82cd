import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  deletePushSubscription,
  findUserById,
  mergeStoredPreferences,
  savePushSubscription,
  storedPreferences,
} from '@lodestar/db';
import { mergePreferences, type Preferences, type UnsubscribableKind } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import type { Mailer } from '../email/mailer';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { createNotifier } from '../notifications/notifier';
import { createPushSender, pushPolicy } from '../notifications/push';
import { assertOutboundUrl, OutboundRefusedError } from '../outbound/guard';
import { unsubscribePage } from '../notifications/unsubscribe-page';
import { verifyUnsubscribeToken } from '../notifications/unsubscribe-token';

export const PUSH_NOT_CONFIGURED = 'Push notifications are not configured on this server';

const tags = ['Notifications'];
const security = [{ cookieAuth: [] }];

/** A base64url text decoding to exactly `bytes` bytes. */
const base64url = (bytes: number, message: string) =>
  z
    .string()
    .max(200)
    .refine((value) => /^[\w-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes, {
      message,
    });

const subscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url(65, 'Must be the browser’s P-256 public key (65 bytes, base64url)'),
    auth: base64url(16, 'Must be the browser’s auth secret (16 bytes, base64url)'),
  }),
});

const routes = {
  publicKey: createRoute({
    method: 'get',
    path: '/notifications/push/public-key',
    security: [],
    tags,
    summary: 'The VAPID public key a browser subscribes with',
    responses: {
      200: {
        description: 'The key, base64url',
        content: {
          'application/json': {
            schema: z.object({ success: z.literal(true), data: z.object({ publicKey: z.string() }) }),
          },
        },
      },
      503: { description: PUSH_NOT_CONFIGURED },
    },
  }),
  subscribe: createRoute({
    method: 'post',
    path: '/notifications/push/subscriptions',
    tags,
    security,
    summary: 'Saves this browser’s push subscription (PushSubscription.toJSON())',
    request: { body: { required: true, content: { 'application/json': { schema: subscriptionSchema } } } },
    responses: {
      201: { description: 'Saved' },
      400: { description: 'Validation failed' },
      503: { description: PUSH_NOT_CONFIGURED },
    },
  }),
  unsubscribePush: createRoute({
    method: 'delete',
    path: '/notifications/push/subscriptions',
    tags,
    security,
    summary: 'Removes this browser’s push subscription',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: z.object({ endpoint: z.string().min(1).max(2048) }) } },
      },
    },
    responses: {
      200: { description: 'Removed (or there was none)' },
      400: { description: 'Validation failed' },
    },
  }),
  test: createRoute({
    method: 'post',
    path: '/notifications/test',
    tags,
    security,
    summary: 'Sends a test email and/or push to the signed-in user now',
    responses: {
      200: {
        description: 'Which channels were used',
        content: {
          'application/json': {
            schema: z.object({
              success: z.literal(true),
              data: z.object({ email: z.boolean(), push: z.boolean() }),
            }),
          },
        },
      },
    },
  }),
};

/** The preference change that turns one kind off (docs/settings-api.md "Notifications"). */
function turnOff(kind: UnsubscribableKind, current: Preferences): Partial<Preferences> {
  switch (kind) {
    case 'low_balance':
      return { alert_thresholds: { ...current.alert_thresholds, low_balance: 0 } };
    case 'daily_spending':
      return { alert_thresholds: { ...current.alert_thresholds, spending: null } };
    case 'large_transactions':
      return { notification_types: { ...current.notification_types, large_transactions: false } };
    case 'new_connections':
      return { notification_types: { ...current.notification_types, new_connections: false } };
    case 'weekly_summary':
      return { notification_types: { ...current.notification_types, weekly_summaries: false } };
    case 'budget':
      return { notification_types: { ...current.notification_types, budget_alerts: false } };
  }
}

/** Unsubscribe links, Web Push subscriptions and the test notification (docs/settings-api.md). */
export function notificationsRoutes(deps: RouteDeps & { mailer: Mailer }) {
  const { auth, db, config } = deps;
  const push = createPushSender({
    db,
    logger: deps.logger,
    push: config.push,
    outbound: config.outbound,
    now: deps.now,
  });
  const notifier = createNotifier({
    db,
    mailer: deps.mailer,
    config,
    logger: deps.logger,
    now: deps.now,
    push,
  });

  const endpointPolicy = pushPolicy(config.outbound);
  /**
   * A push endpoint is a known push service's https URL (outbound/guard.ts checks it again, address by
   * address, on every delivery): nothing on this machine or its network unless OUTBOUND_ALLOW_PRIVATE.
   */
  async function checkEndpoint(endpoint: string): Promise<void> {
    try {
      await assertOutboundUrl(endpoint, endpointPolicy);
    } catch (error) {
      if (!(error instanceof OutboundRefusedError)) throw error;
      throw AppError.validation([
        {
          field: 'endpoint',
          message: `Must be the https URL of a push service: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`,
          code: 'invalid_string',
        },
      ]);
    }
  }

  /** The kind a token turns off, when it is genuine and its user still exists. */
  async function verifiedToken(token: string | undefined) {
    const verified = token ? verifyUnsubscribeToken(config.secrets.authSecret, token) : null;
    if (!verified || !(await findUserById(db, verified.userId))) return null;
    return verified;
  }

  const app = new OpenAPIHono<AppEnv>()
    .openapi(routes.publicKey, (c) => {
      if (!push.publicKey) throw new AppError('SERVICE_UNAVAILABLE', PUSH_NOT_CONFIGURED);
      return ok(c, { publicKey: push.publicKey });
    })
    .openapi(routes.subscribe, async (c) => {
      const { userId } = await requireUser(c, auth);
      const body = c.req.valid('json');
      await checkEndpoint(body.endpoint);
      if (!push.enabled) throw new AppError('SERVICE_UNAVAILABLE', PUSH_NOT_CONFIGURED);
      const saved = await savePushSubscription(db, userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      });
      return ok(c, { id: saved.id, endpoint: saved.endpoint, createdAt: saved.createdAt.toISOString() }, 201);
    })
    .openapi(routes.unsubscribePush, async (c) => {
      const { userId } = await requireUser(c, auth);
      const removed = await deletePushSubscription(db, userId, c.req.valid('json').endpoint);
      return ok(c, { removed });
    })
    .openapi(routes.test, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await notifier.sendTest(userId));
    });

  // Plain routes: the answer is a page for a person who clicked a link in an email, not JSON.
  app.get('/notifications/unsubscribe', async (c) => {
    const token = c.req.query('token');
    const verified = await verifiedToken(token);
    const page = verified
      ? unsubscribePage({
          state: 'confirm',
          kind: verified.kind,
          action: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token ?? '')}`,
        })
      : unsubscribePage({ state: 'invalid' });
    return c.html(page.html, page.status);
  });
  // The page's button, and RFC 8058 one-click unsubscribe (the mail provider POSTs the List-Unsubscribe URL).
  app.post('/notifications/unsubscribe', async (c) => {
    const verified = await verifiedToken(c.req.query('token'));
    if (!verified) {
      const page = unsubscribePage({ state: 'invalid' });
      return c.html(page.html, page.status);
    }
    const current = mergePreferences(await storedPreferences(db, verified.userId));
    await mergeStoredPreferences(db, verified.userId, turnOff(verified.kind, current));
    const page = unsubscribePage({ state: 'done', kind: verified.kind });
    return c.html(page.html, page.status);
  });
  return app;
}
