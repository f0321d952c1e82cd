import { idleJobHandlers } from '../testing/idle-job-handlers';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { registerServerInstance, user } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { createMailer } from '../email/mailer';
import { createLogger } from '../logger';
import { CLOCK, seedEveryKind } from '../notifications/test-fixtures';
import { backupDatabase } from '../backup/backup';
import { BACKUP_QUEUE, JOB_SCHEDULES, startJobs, type RunningJobs } from './boss';
import { createBackground } from './handlers';

const SECRET = 'jobs-test-secret-0123456789-abcdefghij';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('jobs on pg-boss', () => {
  it('registers the schedules, runs a queued notification job with the real notifier, and stops', async () => {
    const config = parseConfig({
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: SECRET,
      AUTH_SECRET: SECRET,
      CRON_SECRET: SECRET,
    });
    const logger = createLogger('silent');
    // No mail transport: messages stay in the outbox (status 'logged'), which is what this test reads.
    const mailer = createMailer({
      db: database.db,
      logger,
      from: config.email.from,
      smtpUrl: undefined,
      resendApiKey: undefined,
    });
    const instanceId = await registerServerInstance(database.db, { host: 'test', pid: 1, version: 'test' });
    const background = createBackground({
      db: database.db,
      config,
      logger,
      mailer,
      now: () => CLOCK,
      instanceId,
    });
    const [person] = await database.db
      .insert(user)
      .values({ id: 'jobs-user-1', name: 'Grace Hopper', email: 'grace@example.com' })
      .returning();
    await seedEveryKind(database.db, person?.id ?? '');

    const finished: string[] = [];
    let jobs: RunningJobs | undefined;
    try {
      jobs = await startJobs({
        connectionString: database.url,
        logger,
        pollingIntervalSeconds: 0.5,
        handlers: {
          notifications: async () => {
            const result = await background.handlers.notifications();
            finished.push('notifications');
            return result;
          },
          'sync-connections': async () => {
            finished.push('sync-connections');
            return { successful: 0, failed: 0 };
          },
          'fx-rates': async () => {
            finished.push('fx-rates');
            return { successful: 0, failed: 0 };
          },
          'email-outbox': async () => {
            finished.push('email-outbox');
            return { successful: 0, failed: 0 };
          },
          'sync-connection': async () => {
            finished.push('sync-connection');
            return { successful: 0, failed: 0 };
          },
          'webhook-deliveries': async () => ({ successful: 0, failed: 0 }),
          'security-prices': async () => ({ successful: 0, failed: 0 }),
          'webhook-delivery': async () => ({ successful: 0, failed: 0 }),
        },
      });
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual(Object.entries(JOB_SCHEDULES).sort());
      expect(JOB_SCHEDULES.notifications).toBe('*/15 * * * *');

      await jobs.boss.send('notifications', {});
      await until(async () => (finished.includes('notifications') ? true : undefined), 'the job');
      await mailer.drain();
      const outbox = await database.pool.query<{ kind: string }>(
        `select kind from email_outbox where user_id = $1 order by kind`,
        [person?.id],
      );
      expect(outbox.rows.map((row) => row.kind)).toEqual([
        'notification_daily_spending',
        'notification_large_transactions',
        'notification_low_balance',
        'notification_new_connections',
        'notification_security_alert',
        'notification_weekly_summary',
      ]);
    } finally {
      await jobs?.stop();
      mailer.close();
    }
    const schema = await database.pool.query(
      `select 1 from information_schema.schemata where schema_name = 'pgboss'`,
    );
    expect(schema.rowCount).toBe(1);
  });

  it('gives a job queued by a request a logger that carries the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger('info', sink);
    let jobs: RunningJobs | undefined;
    try {
      jobs = await startJobs({
        connectionString: database.url,
        logger,
        pollingIntervalSeconds: 0.5,
        handlers: idleJobHandlers({
          'sync-connection': async (job) => {
            job?.logger?.warn('syncing from the job');
            return { successful: 1, failed: 0 };
          },
        }),
      });
      expect(
        await jobs.queueConnectionSync({ userId: 'u-1', connectionId: 'c-1', requestId: 'req-abc-123' }),
      ).toBe(true);
      const line = await until(
        async () => lines.find((entry) => entry.msg === 'syncing from the job'),
        'the job to log',
      );
      expect(line).toMatchObject({ requestId: 'req-abc-123', job: 'sync-connection' });
      const finished = await until(
        async () => lines.find((entry) => entry.msg === 'job finished' && entry.job === 'sync-connection'),
        'the job to finish',
      );
      expect(finished).toMatchObject({ requestId: 'req-abc-123' });
    } finally {
      await jobs?.stop();
    }
  });

  it('starts an import, export or cron run queued in this process at once, not at the next poll', async () => {
    const ran: string[] = [];
    const record = (kind: string) => async (jobId: string) => {
      ran.push(`${kind}:${jobId}`);
      return 'done';
    };
    let jobs: RunningJobs | undefined;
    try {
      jobs = await startJobs({
        connectionString: database.url,
        logger: createLogger('silent'),
        // Ten minutes between polls: only the wake-up after queueing can start these within the wait.
        pollingIntervalSeconds: 600,
        handlers: idleJobHandlers({}),
        imports: { run: record('import'), timeoutSeconds: 60 },
        exports: { run: record('export') },
        cronRuns: { run: record('cron') },
      });
      // Past the workers' first fetch, which runs as they start.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await jobs.queueImport('import-job-1');
      await jobs.queueExport('export-job-1');
      await jobs.queueCronRun('cron-run-1');
      await until(async () => (ran.length === 3 ? ran : undefined), 'the three runs to start');
      expect([...ran].sort()).toEqual(['cron:cron-run-1', 'export:export-job-1', 'import:import-job-1']);
    } finally {
      await jobs?.stop();
    }
  });

  it('schedules the backup job from BACKUP_SCHEDULE, runs it from its queue, and unschedules it when unset', async () => {
    const logger = createLogger('silent');
    const handlers = idleJobHandlers();
    const config = parseConfig({
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: SECRET,
      AUTH_SECRET: SECRET,
      CRON_SECRET: SECRET,
      BACKUP_SCHEDULE: '30 2 * * *',
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-backup-job-'));
    const backups: string[] = [];
    let jobs: RunningJobs | undefined;
    try {
      jobs = await startJobs({
        connectionString: database.url,
        logger,
        pollingIntervalSeconds: 0.5,
        handlers,
        backup: {
          schedule: config.backup.schedule!,
          run: async () => {
            const made = await backupDatabase({
              dataDir,
              databaseUrl: database.url,
              retention: config.backup.retention,
            });
            backups.push(made.file);
            return made;
          },
        },
      });
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((schedule) => schedule.name === BACKUP_QUEUE)?.cron).toBe('30 2 * * *');
      // A tick of the schedule is a job on the queue; send one rather than wait for 02:30.
      await jobs.boss.send(BACKUP_QUEUE, {});
      const file = await until(async () => backups[0], 'the backup job');
      expect(readdirSync(join(dataDir, 'backups'))).toEqual([basename(file)]);
      await jobs.stop();

      // Started without BACKUP_SCHEDULE (turned off), the instance removes the schedule.
      jobs = await startJobs({ connectionString: database.url, logger, handlers });
      expect((await jobs.boss.getSchedules()).map((schedule) => schedule.name)).not.toContain(BACKUP_QUEUE);
    } finally {
      await jobs?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
