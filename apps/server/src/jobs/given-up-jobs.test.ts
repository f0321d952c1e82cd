import { idleJobHandlers } from '../testing/idle-job-handlers';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import {
  insertCronRun,
  insertExportJob,
  insertImportJob,
  startExportJobRun,
  startImportJobRun,
  user,
} from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { EXPORT_JOB_LOST, exportJobOf } from '../use-cases/data/export-jobs';
import { IMPORT_JOB_LOST, importJobOf } from '../use-cases/imports/import-jobs';
import {
  CRON_RUN_QUEUE_NAME,
  EXPORT_QUEUE_NAME,
  IMPORT_QUEUE_NAME,
  startJobs,
  type RunningJobs,
} from './boss';
import { CRON_RUN_LOST, cronRunOf, cronRunWhenEnded } from './cron-runs';

/**
 * An import, export or cron run whose last pg-boss attempt was lost (its instance killed, then expired;
 * or stopped, and failed by pg-boss's graceful stop) has no run of ours left to write its end: once
 * pg-boss has the job failed with no retry left, our row reads failed, so the UI stops showing progress.
 */

const USER = 'given-up-user';
let database: TestDatabase;
let jobs: RunningJobs;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({ id: USER, name: 'Grace Hopper', email: 'grace@example.com' });
  // The queues exist, but no worker takes their jobs: the test plays the lost run itself.
  jobs = await startJobs({
    connectionString: database.url,
    logger: createLogger('silent'),
    handlers: idleJobHandlers(),
  });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.drop();
});

/**
 * Sends the job for our row with `retryLimit` retries, takes it (active) and fails it as pg-boss does
 * for a run lost on its last attempt.
 */
async function loseRun(queue: string, jobId: string, retryLimit: number): Promise<void> {
  await jobs.boss.send(queue, { jobId }, { singletonKey: jobId, retryLimit, retryDelay: 3600 });
  const [taken] = await jobs.boss.fetch<{ jobId: string }>(queue);
  expect(taken?.data.jobId).toBe(jobId);
  await jobs.boss.fail(queue, taken!.id, { message: 'job failed by timeout in active state' });
}

describe('a job pg-boss has given up', () => {
  it('ends an import still marked running as failed, but not while a retry is left', async () => {
    const id = await insertImportJob(database.db, {
      userId: USER,
      fileName: 'large.csv',
      totalRows: 20_000,
      request: 'sealed',
      keyId: 'key',
    });
    await startImportJobRun(database.db, id);
    // A retry is still due: the job is as the last run left it.
    await loseRun(IMPORT_QUEUE_NAME, id, 1);
    expect(await importJobOf(database.db, USER, id)).toMatchObject({ state: 'running', error: null });
    // The last attempt lost too (retry limit reached): failed, with the reason.
    await database.pool.query(`delete from pgboss.job where name = $1`, [IMPORT_QUEUE_NAME]);
    await loseRun(IMPORT_QUEUE_NAME, id, 0);
    const ended = await importJobOf(database.db, USER, id);
    expect(ended).toMatchObject({ state: 'failed', error: IMPORT_JOB_LOST, result: null });
    expect(ended?.finishedAt).not.toBeNull();
    const sealed = await database.pool.query(`select request from import_job where id = $1`, [id]);
    expect(sealed.rows[0]).toEqual({ request: null });
  });

  it('ends an export still marked running as failed', async () => {
    const id = await insertExportJob(database.db, { userId: USER, fileName: 'export.json.gz' });
    await startExportJobRun(database.db, id);
    expect(await exportJobOf(database.db, USER, id)).toMatchObject({ state: 'running' });
    await loseRun(EXPORT_QUEUE_NAME, id, 0);
    expect(await exportJobOf(database.db, USER, id)).toMatchObject({
      state: 'failed',
      error: EXPORT_JOB_LOST,
    });
  });

  it('ends a cron run still marked queued as failed', async () => {
    const run = await insertCronRun(database.db, { userId: USER });
    await loseRun(CRON_RUN_QUEUE_NAME, run.id, 0);
    expect(await cronRunOf(database.db, run.id, { userId: USER })).toMatchObject({
      state: 'failed',
      error: CRON_RUN_LOST,
    });
  });

  it('answers a cron run that has not ended as it stands once the wait is over', async () => {
    // Nothing takes this run: after the wait it is still queued, and a run that has ended is answered at once.
    const run = await insertCronRun(database.db, { userId: USER });
    expect(await cronRunWhenEnded(database.db, run.id, { userId: USER }, 300)).toMatchObject({
      id: run.id,
      state: 'queued',
    });
    expect(await cronRunWhenEnded(database.db, run.id, { userId: 'someone-else' }, 300)).toBeNull();
  });

  it('leaves a job that never went through pg-boss as it is', async () => {
    const id = await insertExportJob(database.db, { userId: USER, fileName: 'export.json.gz' });
    await startExportJobRun(database.db, id);
    expect(await exportJobOf(database.db, USER, id)).toMatchObject({ state: 'running' });
  });
});
