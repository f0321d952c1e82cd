import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  deleteConnection,
  findConnection,
  insertConnection,
  listConnections,
  upsertInstitution,
} from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { DEMO_ACCOUNT_COUNT, DEMO_INSTITUTION } from '../connectors/demo/demo-connector';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { AccountStatusSchema, COOKIE_AUTH, jsonResponse } from '../http/openapi';
import type { SyncRunner } from '../sync/runner';
import { startUserSyncs } from '../sync/start-syncs';
import { PLAID_PROVIDER } from '../connectors/plaid/plaid-connector';
import { providerOutboundPolicy } from '../connectors/access';
import { providerStates } from '../use-cases/accounts/providers';
import { connectSimplefin } from '../use-cases/accounts/connect-simplefin';
import { reconnectConnection } from '../use-cases/accounts/reconnect-connection';
import { removePlaidItem } from '../use-cases/plaid/remove-item';
import { connectionView } from '../use-cases/accounts/views';
import { assertWithinLimits, userLimits } from '../use-cases/limits/user-limits';

const tags = ['Connections'];
const ConnectionSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    displayName: z.string(),
    institution: z
      .object({
        name: z.string(),
        url: z.string().nullable().openapi({ description: 'The institution’s website, when known' }),
        logo: z
          .string()
          .nullable()
          .openapi({ description: 'Logo as the provider sends it (data: or https URL), when it sends one' }),
        primaryColor: z.string().nullable().openapi({ description: 'Brand colour (#rrggbb), when sent' }),
      })
      .nullable(),
    status: AccountStatusSchema,
    statusText: z.object({ label: z.string(), description: z.string() }),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    notices: z.array(z.string()).openapi({
      description: 'What the provider said about the connection on its last answer (SimpleFIN errors)',
    }),
    syncs: z.boolean().openapi({ description: 'Whether the source syncs (false: file imports, manual)' }),
    nextSyncAllowedAt: z.string().nullable().openapi({
      description: 'Inside the provider’s request budget: when the next sync is allowed',
    }),
    reconnect: z.enum(['in_place', 'setup_token', 'plaid_link', 'link_again']).openapi({
      description:
        'How the connection gets going again: reconnect in place, paste a new SimpleFIN setup token, sign in through Plaid Link in update mode (POST /plaid/link-token with connectionId, then POST /connections/{id}/reconnect), or remove and link again',
    }),
    sync: z.object({
      state: z.enum(['idle', 'running']),
      step: z.string().nullable(),
      progress: z.number().nullable(),
    }),
  })
  .openapi('Connection');
const ProviderSchema = z
  .object({
    id: z.enum(['plaid', 'simplefin', 'demo', 'import', 'manual']),
    name: z.string(),
    configured: z.boolean(),
    missing: z.array(z.string()).openapi({ description: 'Settings to set before it works (names only)' }),
    setupUrl: z.string().nullable().openapi({ description: 'Where a user gets what the provider needs' }),
  })
  .openapi('ConnectionProvider');
const idParam = z.object({ id: z.uuid({ message: 'No such connection' }) });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/connections',
    tags,
    security: COOKIE_AUTH,
    summary: 'Linked sources with their status and sync progress',
    responses: { 200: jsonResponse(z.object({ connections: z.array(ConnectionSchema) }), 'Connections') },
  }),
  providers: createRoute({
    method: 'get',
    path: '/connections/providers',
    tags,
    security: COOKIE_AUTH,
    summary: 'The ways to add accounts, each with whether this server is set up for it (never a secret)',
    responses: { 200: jsonResponse(z.object({ providers: z.array(ProviderSchema) }), 'Providers') },
  }),
  simplefin: createRoute({
    method: 'post',
    path: '/simplefin/connect',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Link SimpleFIN Bridge with a setup token (claimed once), or give a SimpleFIN connection a new one',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              setupToken: z
                .string()
                .trim()
                .min(1, { message: 'Paste the setup token from SimpleFIN Bridge' })
                .max(2_000, { message: 'This is not a SimpleFIN setup token' }),
              connectionId: z.uuid({ message: 'No such connection' }).optional().openapi({
                description: 'Reconnect this SimpleFIN connection with the new token instead of adding one',
              }),
            }),
          },
        },
      },
    },
    responses: {
      201: jsonResponse(z.object({ connection: ConnectionSchema }), 'Connected; the first sync runs now'),
      400: { description: 'Not a setup token, or SimpleFIN refused it (already claimed or unknown)' },
      502: { description: 'SimpleFIN did not answer' },
    },
  }),
  demo: createRoute({
    method: 'post',
    path: '/connections/demo',
    tags,
    security: COOKIE_AUTH,
    summary: 'Connect the demo bank (about two years of made-up but plausible history)',
    request: {
      body: {
        required: false,
        content: {
          'application/json': {
            schema: z.object({ variant: z.enum(['standard', 'needs_reauth']).default('standard') }),
          },
        },
      },
    },
    responses: {
      201: jsonResponse(z.object({ connection: ConnectionSchema }), 'Connected; the first sync runs now'),
    },
  }),
  sync: createRoute({
    method: 'post',
    path: '/connections/{id}/sync',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sync one connection now',
    request: { params: idParam },
    responses: {
      202: jsonResponse(z.object({ connection: ConnectionSchema }), 'Started'),
      409: { description: 'Already syncing' },
    },
  }),
  reconnect: createRoute({
    method: 'post',
    path: '/connections/{id}/reconnect',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sign in to the source again, then sync',
    request: { params: idParam },
    responses: {
      202: jsonResponse(z.object({ connection: ConnectionSchema }), 'Reconnected; syncing'),
      409: { description: 'The source cannot be reconnected in place' },
      502: { description: 'The source refused the sign-in' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/connections/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Remove a connection with its accounts and their transactions',
    request: { params: idParam },
    responses: { 200: jsonResponse(z.object({ id: z.string() }), 'Removed') },
  }),
  syncAll: createRoute({
    method: 'post',
    path: '/plaid/sync',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sync every connection of the user (spec §7 bank-data sync)',
    request: {
      body: {
        required: false,
        content: {
          'application/json': {
            schema: z.object({
              syncType: z.literal('full').optional(),
              forceFullSync: z.boolean().default(false),
            }),
          },
        },
      },
    },
    responses: { 200: jsonResponse(z.object({ started: z.number().int() }), 'Started') },
  }),
};

export function connectionsRoutes(deps: RouteDeps & { syncRunner: SyncRunner }) {
  const { db, auth, syncRunner } = deps;

  async function viewOf(userId: string, connectionId: string) {
    const rows = await listConnections(db, userId);
    const row = rows.find((candidate) => candidate.connection.id === connectionId);
    if (!row) throw AppError.notFound('No such connection');
    return connectionView(row, deps.config, deps.now());
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      const rows = await listConnections(db, userId);
      return ok(c, {
        connections: rows.map((row) => connectionView(row, deps.config, deps.now())),
      });
    })
    .openapi(routes.providers, async (c) => {
      await requireUser(c, auth);
      return ok(c, { providers: providerStates(deps.config) });
    })
    .openapi(routes.simplefin, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { setupToken, connectionId } = c.req.valid('json');
      const connection = await connectSimplefin({
        db,
        userId,
        setupToken,
        ...(connectionId ? { connectionId } : {}),
        encryptionKey: deps.config.secrets.encryptionKey,
        outbound: providerOutboundPolicy(deps.config),
      });
      await syncRunner.start(userId, connection.id, { ignoreBudget: true });
      return ok(c, { connection: await viewOf(userId, connection.id) }, 201);
    })
    .openapi(routes.demo, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { variant } = c.req.valid('json');
      await assertWithinLimits(
        db,
        userId,
        { addAccounts: DEMO_ACCOUNT_COUNT },
        await userLimits(deps, userId),
      );
      const institutionId = await upsertInstitution(db, { provider: 'demo', ...DEMO_INSTITUTION });
      const created = await insertConnection(db, {
        userId,
        provider: 'demo',
        institutionId,
        displayName:
          variant === 'needs_reauth' ? `${DEMO_INSTITUTION.name} (re-auth needed)` : DEMO_INSTITUTION.name,
        settings: { variant, seed: randomUUID() },
      });
      await syncRunner.start(userId, created.id);
      return ok(c, { connection: await viewOf(userId, created.id) }, 201);
    })
    .openapi(routes.sync, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await syncRunner.start(userId, id, { userRequested: true });
      return ok(c, { connection: await viewOf(userId, id) }, 202);
    })
    .openapi(routes.reconnect, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await reconnectConnection({ db, config: deps.config, userId, connectionId: id, now: deps.now() });
      await syncRunner.start(userId, id);
      return ok(c, { connection: await viewOf(userId, id) }, 202);
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      const found = await findConnection(db, userId, id);
      if (!found) throw AppError.notFound('No such connection');
      if (found.provider === PLAID_PROVIDER)
        await removePlaidItem({ config: deps.config, logger: c.get('logger'), connection: found });
      if (!(await deleteConnection(db, userId, id))) throw AppError.notFound('No such connection');
      return ok(c, { id });
    })
    .openapi(routes.syncAll, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { forceFullSync } = c.req.valid('json');
      return ok(c, { started: await startUserSyncs(deps, userId, { full: forceFullSync }) });
    });
}
