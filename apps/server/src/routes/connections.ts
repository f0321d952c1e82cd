import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  deleteConnection,
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
import { reconnectConnection } from '../use-cases/accounts/reconnect-connection';
import { connectionView } from '../use-cases/accounts/views';
import { assertWithinLimits, userLimits } from '../use-cases/limits/user-limits';

const tags = ['Connections'];
const ConnectionSchema = z
  .object({
    id: z.string(),
    provider: z.string(),
    displayName: z.string(),
    institution: z.object({ name: z.string() }).nullable(),
    status: AccountStatusSchema,
    statusText: z.object({ label: z.string(), description: z.string() }),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    sync: z.object({
      state: z.enum(['idle', 'running']),
      step: z.string().nullable(),
      progress: z.number().nullable(),
    }),
  })
  .openapi('Connection');
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
    return connectionView(row.connection, row.institutionName, row.syncRunning);
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      const rows = await listConnections(db, userId);
      return ok(c, {
        connections: rows.map((row) => connectionView(row.connection, row.institutionName, row.syncRunning)),
      });
    })
    .openapi(routes.demo, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { variant } = c.req.valid('json');
      await assertWithinLimits(db, userId, { addAccounts: DEMO_ACCOUNT_COUNT }, userLimits(deps, userId));
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
      await syncRunner.start(userId, id);
      return ok(c, { connection: await viewOf(userId, id) }, 202);
    })
    .openapi(routes.reconnect, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await reconnectConnection({ db, userId, connectionId: id, now: deps.now() });
      await syncRunner.start(userId, id);
      return ok(c, { connection: await viewOf(userId, id) }, 202);
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!(await deleteConnection(db, userId, id))) throw AppError.notFound('No such connection');
      return ok(c, { id });
    })
    .openapi(routes.syncAll, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { forceFullSync } = c.req.valid('json');
      let started = 0;
      for (const { connection } of await listConnections(db, userId)) {
        try {
          await syncRunner.start(userId, connection.id, { full: forceFullSync });
          started += 1;
        } catch (error) {
          // A running sync or a source that does not sync is skipped, not an error of the whole call.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return ok(c, { started });
    });
}
