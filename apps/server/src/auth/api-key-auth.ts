import { createHash, randomBytes } from 'node:crypto';
import { findApiKeyByHash, touchApiKey } from '@lodestar/db';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';
import { AppError } from '../http/app-error';

/**
 * Messages of the public API (docs/settings-api.md "API keys"). They say "key", never "API key": the
 * error handler replaces any text naming an API key, token or secret with a generic one.
 */
export const API_KEY_MESSAGES = {
  turnedOff: 'The public API is turned off on this server',
  invalid: 'This key is not valid, or has been revoked or has expired',
  readOnly: 'This key can only read (GET); create a read-write key to make changes',
  notForKeys: 'Keys cannot be used for this; sign in to the app instead',
} as const;

const KEY_PREFIX = 'lsk_';
const KEY_BODY_LENGTH = 32;
/** What the list shows to recognise a key: `lsk_` and the first 8 characters after it. */
export const API_KEY_PREFIX_LENGTH = 12;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_SHAPE = /^lsk_[0-9A-Za-z]{32}$/;
/** Bytes at or above this are skipped, so every base62 character is equally likely (248 = 4 × 62). */
const UNBIASED_LIMIT = 248;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How often one process writes a key's last use, at most (the query also checks, across processes). */
const TOUCH_INTERVAL_MS = 60_000;

/** A new key: `lsk_` + 32 base62 characters (about 190 bits) from the system's secure random source. */
export function generateApiKey(): { secret: string; prefix: string; secretHash: string } {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(KEY_BODY_LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  const secret = `${KEY_PREFIX}${body}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX_LENGTH), secretHash: hashApiKey(secret) };
}

/** Lower-case hex SHA-256 of the whole key: keys are random and long, so no slow hash is needed. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Whether an API key may never call this path (relative to /api/v1), whatever its scope: key management,
 * the account itself (profile, password checks, two-factor, sessions, export, restore, deletion) and
 * disconnect-all, household membership. Reading the profile and the preferences stays open.
 */
export function forbiddenForApiKeys(method: string, path: string): boolean {
  const normalised =
    path
      .replace(/\/{2,}/g, '/')
      .replace(/\/+$/, '')
      .toLowerCase() || '/';
  if (normalised === '/accounts/disconnect-all') return true;
  // Household membership (who may see the data) is the account holder's own business.
  if (normalised === '/household' || normalised.startsWith('/household/')) return true;
  if (normalised === '/user' || normalised.startsWith('/user/')) {
    const readable = normalised === '/user' || normalised === '/user/preferences';
    return !(readable && READ_METHODS.has(method));
  }
  return false;
}

/** The bearer token when it is an API key (`lsk_…`); other bearer tokens (the cron secret) are not ours. */
function bearerApiKey(header: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header?.trim() ?? '');
  const token = match?.[1];
  return token?.startsWith(KEY_PREFIX) ? token : undefined;
}

/** The key with this secret when it exists and is neither revoked nor expired. */
async function liveApiKey(db: RouteDeps['db'], secret: string, now: Date) {
  const found = KEY_SHAPE.test(secret) ? await findApiKeyByHash(db, hashApiKey(secret)) : undefined;
  if (!found || found.key.revokedAt || (found.key.expiresAt && found.key.expiresAt <= now)) return undefined;
  return found;
}

/**
 * The id of the live API key a request presents (`Authorization: Bearer lsk_…`, public API on), or
 * undefined; never throws (the rate limiter asks before `apiKeyAuth` answers 401).
 */
export async function presentedApiKeyId(
  deps: Pick<RouteDeps, 'db' | 'config' | 'now'>,
  authorization: string | undefined,
): Promise<string | undefined> {
  const secret = bearerApiKey(authorization);
  if (secret === undefined || !deps.config.features.publicApi) return undefined;
  return (await liveApiKey(deps.db, secret, deps.now()))?.key.id;
}

/**
 * Authenticates `Authorization: Bearer lsk_…` API keys when the public API is on (docs/settings-api.md).
 * A valid key signs the request in as its user (`requireUser` then answers from it); every other request
 * passes through untouched, so sessions and the cron secret work as before.
 */
export function apiKeyAuth(deps: Pick<RouteDeps, 'db' | 'config' | 'now'>): MiddlewareHandler<AppEnv> {
  const touched = new Map<string, number>();
  return async (c, next) => {
    const secret = bearerApiKey(c.req.header('authorization'));
    if (secret === undefined) return next();
    if (!deps.config.features.publicApi) throw AppError.unauthorized(API_KEY_MESSAGES.turnedOff);
    const now = deps.now();
    const found = await liveApiKey(deps.db, secret, now);
    if (!found) throw AppError.unauthorized(API_KEY_MESSAGES.invalid);
    const method = c.req.method.toUpperCase();
    const path = c.req.path.replace(/^\/api\/v1(?=\/|$)/, '');
    if (forbiddenForApiKeys(method, path)) throw AppError.forbidden(API_KEY_MESSAGES.notForKeys);
    if (found.key.scope !== 'read_write' && !READ_METHODS.has(method)) {
      throw AppError.forbidden(API_KEY_MESSAGES.readOnly);
    }
    c.set('signedIn', { userId: found.user.id, sessionId: `api-key:${found.key.id}`, user: found.user });
    const last = touched.get(found.key.id);
    if (last === undefined || now.getTime() - last >= TOUCH_INTERVAL_MS) {
      touched.set(found.key.id, now.getTime());
      // Keeps the map small on long-running servers: entries older than the interval are useless.
      if (touched.size > 10_000) touched.clear();
      await touchApiKey(deps.db, found.key.id, now, TOUCH_INTERVAL_MS / 1000);
    }
    return next();
  };
}

/** OpenAPI `security` of a route that takes the session cookie or an API key (alternatives). */
export const SESSION_OR_API_KEY = [{ cookieAuth: [] }, { bearerAuth: [] }];
