import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listConnections } from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { plaidApiFor } from '../connectors/plaid/client';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonResponse } from '../http/openapi';
import type { SyncRunner } from '../sync/runner';
import { connectionView } from '../use-cases/accounts/views';
import { userLimits } from '../use-cases/limits/user-limits';
import { duplicateMessage, exchangePublicToken } from '../use-cases/plaid/exchange';
import { createLinkToken } from '../use-cases/plaid/link';
import { handlePlaidWebhook } from '../use-cases/plaid/webhook';
import { createWebhookVerifier, WebhookRejectedError } from '../use-cases/plaid/webhook-verifier';

const tags = ['Plaid'];
const ConnectionRef = z.object({ id: z.string(), displayName: z.string(), status: z.string() });

const routes = {
  linkToken: createRoute({
    method: 'post',
    path: '/plaid/link-token',
    tags,
    security: COOKIE_AUTH,
    summary: 'A Plaid Link token (with connectionId: update mode, to sign in to that bank again)',
    request: {
      body: {
        required: false,
        content: {
          'application/json': {
            schema: z.object({ connectionId: z.uuid({ message: 'No such connection' }).optional() }),
          },
        },
      },
    },
    responses: {
      200: jsonResponse(z.object({ linkToken: z.string(), expiration: z.string() }), 'Link token'),
      502: { description: 'Plaid did not create a link session' },
      409: { description: 'Plaid is not configured on this server (PLAID_CLIENT_ID, PLAID_SECRET)' },
    },
  }),
  exchange: createRoute({
    method: 'post',
    path: '/plaid/exchange',
    tags,
    security: COOKIE_AUTH,
    summary: 'Link’s public token → a connection whose first sync starts now',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              publicToken: z
                .string({ message: 'publicToken is required' })
                .trim()
                .min(1, 'publicToken is required')
                .max(200, 'publicToken is too long'),
              institution: z
                .object({
                  institutionId: z.string().trim().min(1).max(100),
                  name: z.string().trim().min(1).max(200),
                })
                .nullable()
                .default(null),
            }),
          },
        },
      },
    },
    responses: {
      201: jsonResponse(
        z.object({
          connection: ConnectionRef,
          duplicateOf: z.null(),
        }),
        'Linked; the first sync runs now (GET /connections shows its progress)',
      ),
      200: jsonResponse(
        z.object({ connection: z.null(), duplicateOf: ConnectionRef, message: z.string() }),
        'This login is already linked: reconnect that connection instead',
      ),
      502: { description: 'Plaid refused the token or did not answer' },
      409: { description: 'Plaid is not configured on this server' },
    },
  }),
  webhook: createRoute({
    method: 'post',
    path: '/plaid/webhook',
    tags,
    security: [],
    summary: 'Plaid webhooks (verified: ES256 Plaid-Verification JWT, body SHA-256, at most 5 minutes old)',
    request: {
      headers: z.object({
        'plaid-verification': z
          .string({ message: 'The Plaid-Verification header is required' })
          .min(1, 'The Plaid-Verification header is required')
          .max(4096, 'The Plaid-Verification header is too long'),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .object({
                webhook_type: z.string().max(100),
                webhook_code: z.string().max(100),
                item_id: z.string().max(200).optional(),
              })
              .passthrough(),
          },
        },
      },
    },
    responses: {
      200: jsonResponse(z.object({ received: z.literal(true) }), 'Verified and handled (or acknowledged)'),
      401: { description: 'Signature, body hash or age not accepted; nothing was done' },
    },
  }),
};

export function plaidRoutes(
  deps: RouteDeps & {
    syncRunner: SyncRunner;
    queueConnectionSync: (userId: string, connectionId: string, requestId?: string) => Promise<boolean>;
  },
) {
  const { db, auth, config, logger, syncRunner } = deps;
  const verify = createWebhookVerifier({ api: () => plaidApiFor(config), now: deps.now });

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.linkToken, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { connectionId } = c.req.valid('json');
      return ok(c, await createLinkToken({ db, config, userId, ...(connectionId ? { connectionId } : {}) }));
    })
    .openapi(routes.exchange, async (c) => {
      const { userId } = await requireUser(c, auth);
      const input = c.req.valid('json');
      const result = await exchangePublicToken({
        db,
        config,
        logger: c.get('logger'),
        userId,
        input,
        accountLimit: await userLimits(deps, userId),
      });
      if (result.kind === 'duplicate') {
        const existing = (await listConnections(db, userId)).find(
          (row) => row.connection.id === result.connectionId,
        );
        if (!existing) throw AppError.notFound('No such connection');
        return ok(
          c,
          {
            connection: null,
            duplicateOf: {
              id: existing.connection.id,
              displayName: existing.connection.displayName,
              status: existing.connection.status,
            },
            message: duplicateMessage(existing.connection.displayName),
          },
          200,
        );
      }
      await syncRunner.start(userId, result.connectionId);
      const row = (await listConnections(db, userId)).find(
        (item) => item.connection.id === result.connectionId,
      );
      if (!row) throw AppError.notFound('No such connection');
      const view = connectionView(row, deps.config, deps.now());
      return ok(
        c,
        {
          connection: { id: view.id, displayName: view.displayName, status: view.status },
          duplicateOf: null,
        },
        201,
      );
    })
    .openapi(routes.webhook, async (c) => {
      const raw = await c.req.text();
      try {
        await verify(raw, c.req.valid('header')['plaid-verification']);
      } catch (error) {
        if (error instanceof WebhookRejectedError) {
          logger.warn({ reason: error.message }, 'Plaid webhook refused');
          throw AppError.unauthorized('Webhook signature not accepted');
        }
        throw error;
      }
      const outcome = await handlePlaidWebhook({
        db,
        logger,
        body: c.req.valid('json'),
        // The request id goes with the job, into the logs of the sync it runs.
        queueSync: (userId, connectionId) =>
          deps.queueConnectionSync(userId, connectionId, c.get('requestId')),
      });
      logger.info({ outcome }, 'Plaid webhook handled');
      return ok(c, { received: true as const }, 200);
    });
}
