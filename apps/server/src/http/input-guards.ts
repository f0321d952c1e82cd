import { nulCharacterItems, type ValidationItem } from '@lodestar/domain';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-types';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/current-user';
import { AppError } from './app-error';
import type { OperationIndex } from './operations';

/**
 * Request-wide rules every operation gets before its own validation runs, so a new endpoint cannot
 * forget them: the session is checked first, text with NUL characters is refused with the field named,
 * and nothing personal is kept by a cache.
 */

/** A Bearer token that is not one of our API keys (`lsk_…`): the cron secret, checked by its route. */
function hasForeignBearer(header: string | undefined): boolean {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header?.trim() ?? '');
  return match?.[1] !== undefined && !match[1].startsWith('lsk_');
}

/**
 * Every documented operation not declared public (`security: []`) answers 401 to a request without a
 * session or API key, before its parameters are validated: someone signed out learns nothing of what an
 * endpoint expects. An operation that also accepts the cron secret checks a foreign Bearer token itself.
 */
export function authenticateFirst(operations: OperationIndex, auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = operations.match(c.req.method, c.req.path);
    if (match && !match.operation.public) {
      const cronCaller =
        match.operation.schemes.includes('cronSecret') && hasForeignBearer(c.req.header('authorization'));
      if (!cronCaller) await requireUser(c, auth);
    }
    await next();
  };
}

function refuse(items: ValidationItem[]): never {
  const [first] = items;
  // A statement file's line-numbered message is the answer's own text, as for other faults in a file.
  if (first && items.length === 1 && first.message.startsWith('Line ')) {
    throw new AppError('VALIDATION_FAILED', first.message, { items });
  }
  throw AppError.validation(items);
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any path parameter, query value or JSON body field
 * (value or key) is a 400 naming the field, before anything is written. The body is read through Hono's
 * cache, so the route's own validator reads the same parse; a body that is not JSON is left to it.
 */
export function refuseNulCharacters(
  options: {
    operations?: OperationIndex;
    /** Read a copy of the body: the request is handed on whole (better-auth reads it itself). */
    copyBody?: boolean;
    /** Paths whose route reads the body as a stream and checks it itself (a restore of any size). */
    streamedBodies?: readonly string[];
  } = {},
): MiddlewareHandler<AppEnv> {
  const { operations, copyBody = false, streamedBodies = [] } = options;
  return async (c, next) => {
    const items: ValidationItem[] = [];
    const params = operations?.match(c.req.method, c.req.path)?.params ?? {};
    items.push(...nulCharacterItems(params));
    let rawPath = c.req.path;
    try {
      rawPath = decodeURIComponent(c.req.path);
    } catch {
      // A malformed escape is the router's 404, not ours.
    }
    if (items.length === 0 && rawPath.includes('\u0000')) {
      items.push(...nulCharacterItems({ path: rawPath }));
    }
    // A map, not an object: a parameter named `__proto__` must be a key like any other.
    const query = new Map<string, string[]>();
    for (const [key, value] of new URL(c.req.url).searchParams)
      query.set(key, [...(query.get(key) ?? []), value]);
    items.push(
      ...nulCharacterItems(Object.fromEntries(query)).map((item) => ({
        ...item,
        field: item.field.replace(/\.\d+$/, ''),
      })),
    );
    const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    const streamed = streamedBodies.includes(c.req.path);
    if (
      contentType === 'application/json' &&
      c.req.method !== 'GET' &&
      c.req.method !== 'HEAD' &&
      !streamed
    ) {
      let body: unknown;
      try {
        // Read as text first: later readers (a webhook checking the SHA-256 of the exact bytes) get
        // the body as it came, and JSON readers parse the same cached text.
        body = JSON.parse(copyBody ? await c.req.raw.clone().text() : await c.req.text());
      } catch {
        body = undefined;
      }
      items.push(...nulCharacterItems(body));
    }
    if (items.length > 0) refuse(items);
    await next();
  };
}

/**
 * Personal answers (balances, transactions, sessions) must not be kept by the browser's or a proxy's
 * cache (issue 21 item 9): every API answer says `no-store` unless its route chose otherwise.
 */
export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('cache-control')) return;
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      // A response passed through from elsewhere may have immutable headers: copy it.
      const copy = new Response(c.res.body, c.res);
      copy.headers.set('Cache-Control', 'no-store');
      c.res = copy;
    }
  };
}
