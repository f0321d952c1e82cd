import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What this process shows Prometheus (GET /metrics, ADR 034). One registry per process: each instance
 * is its own scrape target, and Prometheus sums across them. Every label takes a bounded set of values
 * (a route is the documented path template, never the raw path; a provider is a connector id).
 */

/** A pool whose use is reported (node-postgres: total, idle and waiting clients). */
export type WatchedPool = {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
};

export type JobOutcome = 'completed' | 'failed';
export type SendOutcome = 'sent' | 'failed';

const registry = new Registry();
registry.setDefaultLabels({ service: 'lodestar' });
collectDefaultMetrics({ register: registry, prefix: 'lodestar_' });

const httpDuration = new Histogram({
  name: 'lodestar_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status class, in seconds',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const pools = new Map<string, WatchedPool>();
const poolGauge = (name: string, help: string, read: (pool: WatchedPool) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
    },
  });
poolGauge('lodestar_db_pool_connections', 'Open database connections in the pool', (pool) => pool.totalCount);
poolGauge(
  'lodestar_db_pool_idle_connections',
  'Idle database connections in the pool',
  (pool) => pool.idleCount,
);
poolGauge(
  'lodestar_db_pool_waiting_requests',
  'Queries waiting for a free database connection',
  (pool) => pool.waitingCount,
);
poolGauge(
  'lodestar_db_pool_max_connections',
  'The pool’s connection limit',
  (pool) => pool.options?.max ?? 0,
);

const jobs = new Counter({
  name: 'lodestar_jobs_total',
  help: 'Background jobs run by this process, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'lodestar_job_duration_seconds',
  help: 'How long background jobs ran, by queue, in seconds',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600],
  registers: [registry],
});
const syncs = new Counter({
  name: 'lodestar_syncs_total',
  help: 'Connection syncs finished by this process, by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});
const emails = new Counter({
  name: 'lodestar_emails_total',
  help: 'Email delivery attempts, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const pushes = new Counter({
  name: 'lodestar_push_notifications_total',
  help: 'Web Push deliveries, by outcome (gone: the subscription no longer exists)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const databaseReads = new Counter({
  name: 'lodestar_db_read_routing_total',
  help: 'Requests whose read-only queries were routed, by the handle that served them (replica or primary)',
  labelNames: ['handle'] as const,
  registers: [registry],
});

export const metrics = {
  /** One request routed by the read replica's router (ADR 060). */
  databaseRead(handle: 'replica' | 'primary'): void {
    databaseReads.inc({ handle });
  },
  registry,
  /** One answered request: `route` is the documented template (`/api/v1/accounts/{id}`) or an area. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    httpDuration.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
  },
  /** Reports a pool's use at every scrape (the last pool given a name wins). */
  watchPool(name: string, pool: WatchedPool): void {
    pools.set(name, pool);
  },
  unwatchPool(name: string, pool: WatchedPool): void {
    if (pools.get(name) === pool) pools.delete(name);
  },
  job(queue: string, outcome: JobOutcome, seconds: number): void {
    jobs.inc({ queue, outcome });
    jobDuration.observe({ queue }, seconds);
  },
  /** A finished sync: 'success', 'needs_reauth', 'error', or 'crashed' (the engine threw). */
  sync(provider: string, outcome: string): void {
    syncs.inc({ provider, outcome });
  },
  email(outcome: SendOutcome): void {
    emails.inc({ outcome });
  },
  push(outcome: SendOutcome | 'gone'): void {
    pushes.inc({ outcome });
  },
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function exposition(): Promise<Response> {
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}

/** GET /metrics on the app's own port, for a caller that sends `Authorization: Bearer METRICS_TOKEN`. */
export function metricsEndpoint(token: string): MiddlewareHandler {
  return async (c) => {
    const header = c.req.header('Authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameToken(given, token)) {
      return c.body('Unauthorized\n', 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    }
    return exposition();
  };
}

/**
 * A listener of its own (METRICS_PORT) that serves only GET /metrics, with no token: meant for a port
 * that only the monitoring network reaches.
 */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
