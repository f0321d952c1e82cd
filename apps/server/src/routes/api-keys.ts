import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyMetadata } from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { API_KEY_MESSAGES, generateApiKey } from '../auth/api-key-auth';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { assertFeature } from '../use-cases/limits/user-limits';

export const API_KEY_INPUT_MESSAGES = {
  name: 'Enter a name for the key',
  nameLong: 'Key names can be at most 60 characters',
  scope: "Choose the key's access: read or read_write",
  expiresInDays: 'Choose an expiry from 1 to 3650 days, or none',
  notFound: 'No such key',
} as const;

const M = API_KEY_INPUT_MESSAGES;
const DAY_MS = 86_400_000;
const tags = ['API keys'];

const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(['read', 'read_write']),
    prefix: z.string().openapi({ description: 'The first 12 characters of the key, to recognise it' }),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi('ApiKey');

const createBody = z.object({
  name: z.string({ message: M.name }).trim().min(1, M.name).max(60, M.nameLong),
  scope: z.enum(['read', 'read_write'], { message: M.scope }),
  expiresInDays: z
    .number({ message: M.expiresInDays })
    .int(M.expiresInDays)
    .min(1, M.expiresInDays)
    .max(3650, M.expiresInDays)
    .nullish(),
});

const keysDescription =
  'Keys authenticate the public API (when the server sets FEATURE_PUBLIC_API=true) with ' +
  '`Authorization: Bearer lsk_…`. A `read` key may only GET; a `read_write` key may also write. No key may ' +
  'manage keys, the account (/user/*: profile changes, password checks, two-factor, sessions, export, ' +
  'restore, deletion) or disconnect all accounts (403). Revoked, expired or unknown keys answer 401. ' +
  'Managing keys needs the session cookie; with the public API off it answers 403.';

const routes = {
  list: createRoute({
    method: 'get',
    path: '/user/api-keys',
    tags,
    security: COOKIE_AUTH,
    summary: "The user's API keys, newest first (revoked ones included; never the secret)",
    description: keysDescription,
    responses: {
      200: jsonResponse(z.array(ApiKeySchema), 'API keys'),
      403: { description: 'The public API is turned off on this server' },
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/user/api-keys',
    tags,
    security: COOKIE_AUTH,
    summary: 'Create a key; the answer holds its secret, shown this one time only',
    description: keysDescription,
    request: { body: jsonBody(createBody) },
    responses: {
      201: jsonResponse(z.object({ key: ApiKeySchema, secret: z.string() }), 'Created'),
      400: { description: 'Validation failed' },
      403: {
        description:
          'The public API is turned off on this server, or (UPGRADE_REQUIRED) the plan has no API access',
      },
    },
  }),
  revoke: createRoute({
    method: 'delete',
    path: '/user/api-keys/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Revoke a key (it stays in the list, marked revoked)',
    request: { params: z.object({ id: z.uuid({ message: M.notFound }) }) },
    responses: {
      200: jsonResponse(ApiKeySchema, 'Revoked'),
      403: { description: 'The public API is turned off on this server' },
      404: { description: 'No such key' },
    },
  }),
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the API shows of a key. */
export function apiKeyView(key: ApiKeyMetadata) {
  return {
    id: key.id,
    name: key.name,
    scope: key.scope === 'read_write' ? ('read_write' as const) : ('read' as const),
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  };
}

/** API key management for the Developer section (docs/settings-api.md "API keys"). */
export function apiKeysRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  const requireOn = () => {
    if (!deps.config.features.publicApi) throw AppError.forbidden(API_KEY_MESSAGES.turnedOff);
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireOn();
      return ok(c, (await listApiKeys(db, userId)).map(apiKeyView));
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireOn();
      await assertFeature(deps, userId, 'apiAccess');
      const { name, scope, expiresInDays } = c.req.valid('json');
      const now = deps.now();
      const { secret, prefix, secretHash } = generateApiKey();
      const key = await insertApiKey(db, {
        userId,
        name,
        scope,
        prefix,
        secretHash,
        createdAt: now,
        expiresAt: expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS) : null,
      });
      return ok(c, { key: apiKeyView(key), secret }, 201);
    })
    .openapi(routes.revoke, async (c) => {
      const { userId } = await requireUser(c, auth);
      requireOn();
      const key = await revokeApiKey(db, userId, c.req.valid('param').id, deps.now());
      if (!key) throw AppError.notFound(M.notFound);
      return ok(c, apiKeyView(key));
    });
}
