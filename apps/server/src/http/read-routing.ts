import type { Database, ReadRouter } from '@lodestar/db';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-types';
import { metrics } from '../observability/metrics';
import type { OperationIndex } from './operations';

/**
 * The one list of operations that may read from the replica (DATABASE_REPLICA_URL, ADR 060): read-only
 * listings and analytics, where a few seconds' lag is harmless. Everything else (every write, and every
 * read in the same request as a write or that the web app makes to confirm one) reads from the primary.
 * A route reads through `readDbOf(c, db)`, which is the primary for an operation left out here.
 */
export const REPLICA_READS: ReadonlySet<string> = new Set([
  'GET /accounts',
  'GET /transactions/paginated',
  'GET /dashboard',
  'GET /dashboard/data',
  'GET /balance',
  'GET /portfolio',
  'GET /dashboard/activity-summary',
  'GET /transactions/spending-summary',
  'GET /expenses/flow',
  'GET /insights',
  // A POST only because a definition does not fit a query string: it reads and never writes.
  'POST /reports/run',
]);

/** Whether a request changes nothing (its author's next reads may then use the replica). */
const readsOnly = (method: string, key: string | undefined) =>
  method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || (key !== undefined && REPLICA_READS.has(key));

/** Users who wrote recently, bounded: entries older than the sticky window are dropped as others arrive. */
const MAX_RECENT_WRITERS = 10_000;

/**
 * Chooses the database handle of each API request: the replica for an operation in REPLICA_READS while
 * the router finds it close enough, unless the signed-in user wrote in this process within the router's
 * sticky window (their write may not have reached the replica yet); otherwise the primary. Runs after the
 * household middleware, so the user is the one whose data the request reads.
 */
export function readRouting(options: {
  operations: OperationIndex;
  primary: Database;
  router: ReadRouter | undefined;
  now: () => Date;
}): MiddlewareHandler<AppEnv> {
  const { operations, primary, router, now } = options;
  const lastWrite = new Map<string, number>();
  const wroteRecently = (userId: string, at: number) => {
    const when = lastWrite.get(userId);
    return when !== undefined && at - when < (router?.stickySeconds ?? 0) * 1000;
  };
  return async (c, next) => {
    const match = operations.match(c.req.method, c.req.path);
    const key = match ? `${match.operation.method} ${match.operation.path}` : undefined;
    const userId = c.get('signedIn')?.userId;
    if (router && key && REPLICA_READS.has(key)) {
      const fresh = userId !== undefined && wroteRecently(userId, now().getTime());
      const choice = fresh ? { handle: 'primary' as const, db: primary } : await router.choose();
      c.set('readDb', choice.db);
      metrics.databaseRead(choice.handle);
    }
    await next();
    if (router && userId !== undefined && !readsOnly(c.req.method, key)) {
      const at = now().getTime();
      lastWrite.delete(userId);
      lastWrite.set(userId, at);
      for (const user of lastWrite.keys()) {
        if (lastWrite.size <= MAX_RECENT_WRITERS && wroteRecently(user, at)) break;
        lastWrite.delete(user);
      }
    }
  };
}

/** The handle a read-only use case reads through: the one chosen for this request, else the primary. */
export function readDbOf(c: Context<AppEnv>, primary: Database): Database {
  return c.get('readDb') ?? primary;
}
