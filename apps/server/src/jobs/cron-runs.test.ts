import { idleJobHandlers } from '../testing/idle-job-handlers';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { findCronRun, registerServerInstance, user } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { createMailer, type Mailer } from '../email/mailer';
import { createLogger } from '../logger';
import { CRON_RUN_QUEUE_NAME, startJobs, type RunningJobs } from './boss';
import { queueCronRun } from './cron-runs';
import { createBackground, type Background } from './handlers';
import { until } from '../testing/server-process';

/**
 * `POST /cron/trigger-all` as a pg-boss job: two job queues on one database stand for two instances; a
 * run queued through one is done once, by one of them, and its outcome is read from the database.
 */

const SECRET = 'cron-runs-test-secret-0123456789-abcdefghij';
const logger = createLogger('silent');
let database: TestDatabase;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({
    db: database.db,
    logger,
    from: 'test@example.com',
    smtpUrl: undefined,
    resendApiKey: undefined,
  });
  await database.db.insert(user).values([
    { id: 'cron-user-1', name: 'Grace Hopper', email: 'grace@example.com' },
    { id: 'cron-user-2', name: 'Ada Lovelace', email: 'ada@example.com' },
  ]);
});
afterAll(async () => {
  mailer.close();
  await database.drop();
});

const quietHandlers = idleJobHandlers();

async function instance(name: string, ran: string[]): Promise<{ jobs: RunningJobs; background: Background }> {
  const config = parseConfig({
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
  });
  const instanceId = await registerServerInstance(database.db, { host: name, pid: 1, version: 'test' });
  const background = createBackground({
    db: database.db,
    config,
    logger,
    mailer,
    now: () => new Date(),
    instanceId,
  });
  const jobs = await startJobs({
    connectionString: database.url,
    logger,
    pollingIntervalSeconds: 0.5,
    handlers: quietHandlers,
    cronRuns: {
      run: async (runId, lastAttempt) => {
        ran.push(name);
        return background.runCronRun(runId, lastAttempt);
      },
    },
  });
  return { jobs, background };
}

describe('cron runs on pg-boss', () => {
  it('runs a queued run once, on one of two instances, and any reader sees its outcome', async () => {
    const ran: string[] = [];
    const a = await instance('A', ran);
    const b = await instance('B', ran);
    try {
      const queued = await queueCronRun(
        {
          db: database.db,
          logger,
          now: () => new Date(),
          syncRunner: a.background.syncRunner,
          queueCronRun: (runId) => a.jobs.queueCronRun(runId),
        },
        null,
      );
      expect(queued).toMatchObject({ scope: 'all', state: 'queued', successful: 0, failed: 0 });
      const done = await until(async () => {
        const row = await findCronRun(database.db, queued.id, { everyUser: true });
        return row?.state === 'done' ? row : undefined;
      }, 'the run to end');
      // Each user's notification check counted once; neither has a connection to sync.
      expect(done).toMatchObject({ usersTotal: 2, usersDone: 2, successful: 2, failed: 0, attempts: 1 });
      expect(ran).toHaveLength(1);
      // pg-boss marks its job completed just after the handler has written the run's outcome.
      const jobs = await until(async () => {
        const found = await database.pool.query<{ state: string }>(
          `select state from pgboss.job where name = $1`,
          [CRON_RUN_QUEUE_NAME],
        );
        return found.rows.some((row) => row.state === 'active') ? undefined : found.rows;
      }, 'pg-boss to finish the job');
      expect(jobs).toEqual([{ state: 'completed' }]);
      // A signed-in user sees only their own runs; this one is every user's.
      expect(await findCronRun(database.db, queued.id, { userId: 'cron-user-1' })).toBeUndefined();
    } finally {
      await a.jobs.stop();
      await b.jobs.stop();
    }
  }, 60_000);
});
