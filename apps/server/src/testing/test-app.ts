import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { migrationsApplied, pingDatabase, recordStart, type ReadRouter } from '@lodestar/db';
import { createApp, type AppDeps } from '../app';
import { parseConfig } from '../config/env';
import { createMailer } from '../email/mailer';
import { createMemoryRateLimitStore } from '../http/rate-limit';
import { createLogger } from '../logger';
import { startServerInstance } from '../sync/instance';
import { quickPasswordHashing } from './quick-password-hashing';

const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

/** A real app over a fresh database, with logs captured as parsed JSON lines. */
export async function createTestApp(
  overrides: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    mountRoutes?: Parameters<typeof createApp>[1];
    /** A router between a replica and this app's (primary) database, built once that database exists. */
    readRouter?: (primary: TestDatabase) => ReadRouter;
  } = {},
) {
  const database: TestDatabase = await createTestDatabase();
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  const config = parseConfig({
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: TEST_SECRET,
    AUTH_SECRET: TEST_SECRET,
    CRON_SECRET: TEST_SECRET,
    LOG_LEVEL: 'info',
    ...overrides.env,
  });
  const logger = createLogger(config.logLevel, sink);
  const mailer = createMailer({
    db: database.db,
    logger,
    from: config.email.from,
    smtpUrl: config.email.smtpUrl,
    resendApiKey: config.email.resendApiKey,
  });
  const instance = await startServerInstance({ db: database.db, logger, version: '0.0.0-test' });
  const app = createApp(
    {
      config,
      db: database.db,
      logger,
      mailer,
      version: '0.0.0-test',
      installedAt: (await recordStart(database.db, '0.0.0-test')).installedAt,
      rateLimitStore: createMemoryRateLimitStore(),
      instanceId: instance.id,
      readiness: async () => {
        try {
          await pingDatabase(database.pool);
        } catch {
          return 'database unreachable';
        }
        return (await migrationsApplied(database.pool)) ? 'ready' : 'migrations pending';
      },
      webDistDir: undefined,
      // Real scrypt at a test's cost; `deps: { passwordHashing: undefined }` keeps the app's own.
      passwordHashing: quickPasswordHashing,
      ...(overrides.readRouter ? { readRouter: overrides.readRouter(database) } : {}),
      ...overrides.deps,
    },
    overrides.mountRoutes,
  );
  return {
    app,
    config,
    database,
    logLines,
    mailer,
    instanceId: instance.id,
    async close() {
      await instance.stop();
      await mailer.drain();
      mailer.close();
      await database.drop();
    },
  };
}
