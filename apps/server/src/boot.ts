import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import {
  createDb,
  createReadRouter,
  EMBEDDED_DATABASE,
  ensureDatabase,
  migrationsApplied,
  pingDatabase,
  recordStart,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@lodestar/db';
import { createApp } from './app';
import type { Readiness } from './app-types';
import { type Config, parseConfig, trustedOrigins } from './config/env';
import { loadOrCreateSecrets, type StoredSecrets } from './config/secrets-file';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './http/rate-limit';
import { createMailer } from './email/mailer';
import { createLogger, type Logger } from './logger';
import { startJobs, type RunningJobs } from './jobs/boss';
import { backupDatabase } from './backup/backup';
import { createBackground } from './jobs/handlers';
import { startServerInstance, type ServerInstance } from './sync/instance';
import { metrics, startMetricsServer } from './observability/metrics';

export const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Logs before the configured logger exists (level from the raw environment). */
const bootLogger = createLogger(process.env.LOG_LEVEL || 'warn');

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

export type RunningServer = {
  config: Config;
  url: string;
  port: number;
  stop(): Promise<void>;
};

/**
 * Starts Lodestar: configuration, database (embedded unless DATABASE_URL), migrations, HTTP.
 * Resolves once the server accepts connections.
 */
export async function startServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  let stored: StoredSecrets = {};
  const config = parseConfig(env, (missing, dataDir) => {
    stored = loadOrCreateSecrets(resolve(dataDir), [...missing, 'postgresPassword'], (names) =>
      bootLogger.warn(`Generated ${names.join(', ')} into the data directory's secrets.json (mode 0600)`),
    );
    return stored;
  });
  const logger = createLogger(config.logLevel);
  const dataDir = resolve(config.dataDir);

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const password =
      stored.postgresPassword ?? loadOrCreateSecrets(dataDir, ['postgresPassword']).postgresPassword ?? '';
    embedded = await startEmbeddedPostgres({
      dataDir,
      password,
      log: (level, message) => logger[level]({ component: 'postgres' }, message),
    });
    databaseUrl = await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
  }

  const handle = createDb({
    url: databaseUrl,
    poolMax: config.database.poolMax,
    connectionTimeoutMs: config.database.connectionTimeoutMs,
    idleTimeoutMs: config.database.idleTimeoutMs,
    maxLifetimeSeconds: Math.round(config.database.maxLifetimeMs / 1000),
    onError: (error) => logger.error({ err: error }, 'database connection error'),
  });
  let installedAt: Date;
  let instance: ServerInstance;
  // Syncs taken over from a server that stopped beating start again here (the runner exists below).
  const takeover: { start?: (connections: { id: string; userId: string }[]) => void } = {};
  try {
    await runMigrations(handle.pool);
    ({ installedAt } = await recordStart(handle.db, VERSION));
    // Before serving: a restart after a crash frees the leases of the syncs the crash cut short.
    instance = await startServerInstance({
      db: handle.db,
      logger,
      version: VERSION,
      onTakeover: (connections) => takeover.start?.(connections),
    });
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw error;
  }

  metrics.watchPool('primary', handle.pool);
  const replica = config.replica
    ? createDb({
        url: config.replica.url,
        poolMax: config.database.poolMax,
        connectionTimeoutMs: config.database.connectionTimeoutMs,
        idleTimeoutMs: config.database.idleTimeoutMs,
        maxLifetimeSeconds: Math.round(config.database.maxLifetimeMs / 1000),
        onError: (error) => logger.error({ err: error }, 'replica database connection error'),
      })
    : undefined;
  if (replica) metrics.watchPool('replica', replica.pool);
  const readRouter =
    replica && config.replica
      ? createReadRouter({
          primary: handle.db,
          replica,
          maxLagSeconds: config.replica.maxLagSeconds,
          onUnusable: replicaUnusableLog(logger),
        })
      : undefined;
  const rateLimitStore = config.redisUrl
    ? await createRedisRateLimitStore(config.redisUrl)
    : createMemoryRateLimitStore();
  let migrated = false;
  const readiness = async (): Promise<Readiness> => {
    try {
      await pingDatabase(handle.pool);
    } catch {
      return 'database unreachable';
    }
    migrated ||= await migrationsApplied(handle.pool);
    return migrated ? 'ready' : 'migrations pending';
  };
  const webDistDir = existsSync(resolve(DEFAULT_WEB_DIST, 'index.html')) ? DEFAULT_WEB_DIST : undefined;
  if (!webDistDir)
    logger.warn('The web app is not built (apps/web/dist); pages answer 503 until `npm run build`.');

  // Listen first: with PORT=0 the address (and so the public URL that links in emails and the
  // sign-in origin checks use) is only known once the socket is bound.
  // The node adapter's bindings (the socket, for the client address) are passed through as `env`.
  type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;
  const started: { fetch?: Fetch } = {};
  const server = await listen(
    (request, env) => started.fetch?.(request, env) ?? new Response('Starting', { status: 503 }),
    config,
  );
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsServer(config.metrics.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url =
    config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl;
  // The origins requests and sign-ins must come from follow the address actually bound (PORT=0).
  const runtimeConfig: Config = {
    ...config,
    publicUrl: url,
    trustedOrigins: url === config.publicUrl ? config.trustedOrigins : trustedOrigins(url),
  };

  const mailer = createMailer({
    db: handle.db,
    logger,
    from: config.email.from,
    smtpUrl: config.email.smtpUrl,
    resendApiKey: config.email.resendApiKey,
  });
  // Webhooks queue syncs on the job queue once it runs (it starts after the app, below).
  const queue: { jobs?: Promise<RunningJobs | undefined> } = {};
  // Outgoing webhook attempts go on the job queue too; without one the sweep of due deliveries runs them.
  const queueWebhookDelivery = async (deliveryId: string, startAfterSeconds: number) => {
    const running = await queue.jobs;
    if (running) await running.queueWebhookDelivery(deliveryId, startAfterSeconds);
  };
  const app = createApp({
    queueConnectionSync: async (userId, connectionId, requestId) => {
      const running = await queue.jobs;
      if (!running)
        return background.syncRunner.start(userId, connectionId).then(
          () => true,
          () => false,
        );
      return running.queueConnectionSync({ userId, connectionId, ...(requestId ? { requestId } : {}) });
    },
    queueWebhookDelivery,
    queueImport: async (jobId) => {
      const running = await queue.jobs;
      if (running) return running.queueImport(jobId);
      // No job queue: the import runs here (a killed process leaves it running until it is retried).
      void background.runImport(jobId, true).catch((error: unknown) => {
        logger.error({ err: error, importJob: jobId }, 'Import job failed');
      });
    },
    queueExport: async (jobId) => {
      const running = await queue.jobs;
      if (running) return running.queueExport(jobId);
      void background.runExport(jobId, true).catch((error: unknown) => {
        logger.error({ err: error, exportJob: jobId }, 'Export job failed');
      });
    },
    queueCronRun: async (runId) => {
      const running = await queue.jobs;
      if (running) return running.queueCronRun(runId);
      void background.runCronRun(runId, true).catch((error: unknown) => {
        logger.error({ err: error, cronRun: runId }, 'Cron run failed');
      });
    },
    config: runtimeConfig,
    db: handle.db,
    ...(readRouter ? { readRouter } : {}),
    logger,
    mailer,
    version: VERSION,
    installedAt,
    instanceId: instance.id,
    rateLimitStore,
    readiness,
    webDistDir,
  });
  started.fetch = (request, env) => app.fetch(request, env);
  const background = createBackground({
    db: handle.db,
    config: runtimeConfig,
    logger,
    mailer,
    now: () => new Date(),
    instanceId: instance.id,
    queueWebhookDelivery,
  });
  takeover.start = (connections) => {
    for (const connection of connections)
      background.syncRunner.start(connection.userId, connection.id).catch((error: unknown) => {
        logger.warn({ err: error, connectionId: connection.id }, 'Could not resume a sync taken over');
      });
  };
  // The job queue starts beside the server rather than before it (it does not delay the first request).
  // One that cannot start (a database without the rights to create its schema) must not keep the app
  // from serving: it is logged, and cron and the settings buttons still run the same jobs.
  const backupUrl = databaseUrl;
  const jobs: Promise<RunningJobs | undefined> = startJobs({
    connectionString: databaseUrl,
    logger,
    handlers: background.handlers,
    imports: { run: background.runImport, timeoutSeconds: config.imports.jobTimeoutSeconds },
    exports: { run: background.runExport },
    cronRuns: { run: background.runCronRun },
    backup: config.backup.schedule
      ? {
          schedule: config.backup.schedule,
          run: () => backupDatabase({ dataDir, databaseUrl: backupUrl, retention: config.backup.retention }),
        }
      : undefined,
  })
    .then((running) => {
      // The exchange rates once at start (the shipped history, then the feed when due), not only on the
      // hour: a stately queue keeps it to one queued job however many instances start.
      running.boss.send('fx-rates', {}).catch((error: unknown) => {
        logger.error({ err: error }, 'Could not queue the exchange-rate job');
      });
      return running;
    })
    .catch((error: unknown) => {
      logger.error(
        { err: error },
        'Background jobs did not start; notifications and scheduled syncs are off',
      );
      // The shipped rate history still goes in (and the feed is tried once), so amounts convert.
      void background.handlers['fx-rates']().catch(() => undefined);
      return undefined;
    });
  queue.jobs = jobs;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await closeServer(server, logger);
      metricsServer?.closeAllConnections();
      await new Promise((done) => (metricsServer ? metricsServer.close(done) : done(undefined)));
      await (await jobs)?.stop();
      await background.syncRunner.whenIdle();
      await instance.stop();
      await mailer.drain();
      mailer.close();
      await rateLimitStore.close();
      metrics.unwatchPool('primary', handle.pool);
      await handle.close();
      if (replica) {
        metrics.unwatchPool('replica', replica.pool);
        await replica.close();
      }
      await embedded?.stop();
    })());
  return { config: runtimeConfig, url, port, stop };
}

/**
 * Logs why reads left the replica at most once a minute (the router checks every second): the lag, or
 * the error's code and message, never the connection string.
 */
function replicaUnusableLog(logger: Logger) {
  let lastLogged = 0;
  return (reason: { lagSeconds?: number; error?: unknown }) => {
    const at = Date.now();
    if (at - lastLogged < 60_000) return;
    lastLogged = at;
    const error = reason.error as { code?: unknown; message?: unknown } | undefined;
    logger.warn(
      {
        component: 'replica',
        ...(reason.lagSeconds !== undefined ? { lagSeconds: reason.lagSeconds } : {}),
        ...(error ? { code: error.code, reason: error.message } : {}),
      },
      'Reads use the primary: the replica is behind or unreachable',
    );
  };
}

function listen(fetch: Parameters<typeof serve>[0]['fetch'], config: Config): Promise<Server> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }) as Server;
    server.once('listening', () => resolvePromise(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(`Port ${config.port} on ${config.host} is already in use. Set PORT to a free port.`),
        );
      } else reject(error);
    });
  });
}

/** Stops accepting connections, lets in-flight requests finish, then cuts what is left. */
function closeServer(server: Server, logger: Logger): Promise<void> {
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => {
      logger.warn('Shutdown grace period over; closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolvePromise();
    });
    server.closeIdleConnections();
  });
}
