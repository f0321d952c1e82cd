import { financialAccount, importJob, runMigrations } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config/env';
import { JOBS_SCHEMA, IMPORT_QUEUE_NAME } from './jobs/boss';
import { createLogger } from './logger';
import { PASSWORD } from './testing/auth-fixtures';
import {
  freePort,
  killHard,
  removeDataDirs,
  sharedBrowser,
  startServerProcess,
  until,
  type ServerInstance,
} from './testing/server-process';
import { importOrQueue, runImportJob } from './use-cases/imports/import-jobs';

/**
 * File imports of more rows than IMPORT_JOB_ROWS run as pg-boss jobs (ADR 063), here with real server
 * processes on one database: queued on one, its progress read on the other, a run whose server is
 * killed mid-import finished by the other with every row once, a retry after success importing
 * nothing, and the job readable only by its owner.
 */

const SECRET = 'import-jobs-secret-0123456789-abcdefghij';
const JOB_ROWS = 50;
/** A lost run is retried after this (pg-boss's expiry, checked every quarter of it). */
const TIMEOUT_SECONDS = 6;

type Instance = ServerInstance;
type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};
type Job = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  totalRows: number;
  doneRows: number;
  result: { id: string; importedCount: number; duplicateCount: number } | null;
  error: string | null;
};

let database: TestDatabase;
const instances: Instance[] = [];
let publicUrl = '';

function startInstance(name: string, port: number): Promise<Instance> {
  return startServerProcess(`import-jobs-${name}`, port, {
    DATABASE_URL: database.url,
    PUBLIC_URL: publicUrl,
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    FX_REFRESH: 'off',
    IMPORT_JOB_ROWS: String(JOB_ROWS),
    IMPORT_JOB_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  }).then((instance) => {
    instances.push(instance);
    return instance;
  });
}

/** A CSV of `rows` distinct rows (no two alike, so none is a possible duplicate inside the file). */
function csvOf(rows: number, from = 0): string {
  const lines = ['Date,Description,Amount'];
  for (let index = from; index < from + rows; index += 1) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    lines.push(`2024-03-${day},Shop ${index},-${1 + (index % 90)}.${String(index % 100).padStart(2, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

async function person(instance: Instance, email: string) {
  const browser = sharedBrowser(publicUrl);
  const signUp = await browser.on(instance).json('/api/auth/sign-up/email', {
    body: { email, password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true },
  });
  expect(signUp.status).toBe(200);
  const userId = (await browser.on(instance).json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
  const [account] = await database.db
    .insert(financialAccount)
    .values({ userId, name: 'Everyday Checking', type: 'depository', provider: 'manual', currency: 'USD' })
    .returning({ id: financialAccount.id });
  return { browser, userId, accountId: account!.id };
}

async function countsOf(accountId: string) {
  const result = await database.pool.query<{ rows: number; distinct: number; batches: number }>(
    `select (select count(*)::int from transaction where account_id = $1) as rows,
            (select count(distinct name)::int from transaction where account_id = $1) as distinct,
            (select count(*)::int from import_batch where account_id = $1) as batches`,
    [accountId],
  );
  return result.rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  publicUrl = `http://127.0.0.1:${await freePort()}`;
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => killHard(instance.child)));
  await database?.drop();
  removeDataDirs();
});

describe('file imports of more rows than IMPORT_JOB_ROWS run as jobs', () => {
  let a: Instance;
  let b: Instance;

  it('finishes on B an import whose server A is killed mid-run, each row once', async () => {
    a = await startInstance('A', await freePort());
    const { browser, accountId } = await person(a, 'killed@example.com');
    // This session holds the account's import lock, so A's run waits inside its transaction.
    const holder = await database.pool.connect();
    let jobId = '';
    try {
      await holder.query(`select pg_advisory_lock(hashtext('import:' || $1))`, [accountId]);
      const queued = await browser.on(a).json<Envelope<{ job: Job }>>('/api/v1/imports', {
        body: { accountId, fileName: 'march.csv', content: csvOf(120) },
      });
      expect(queued.status).toBe(202);
      expect(queued.body.data.job).toMatchObject({ state: 'queued', totalRows: 120, doneRows: 0 });
      jobId = queued.body.data.job.id;
      await until(async () => {
        const waiting = await database.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`,
        );
        return waiting.rowCount ? true : undefined;
      }, "A's run waiting on the lock");
      await killHard(a.child);
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
    expect(await countsOf(accountId)).toEqual({ rows: 0, distinct: 0, batches: 0 });

    b = await startInstance('B', await freePort());
    const done = await until(async () => {
      const read = await browser.on(b).json<Envelope<{ job: Job }>>(`/api/v1/imports/jobs/${jobId}`);
      return read.body.data.job.state === 'done' ? read.body.data.job : undefined;
    }, 'the import finished on B');
    expect(done).toMatchObject({ totalRows: 120, doneRows: 120, error: null });
    expect(done.result).toMatchObject({ importedCount: 120, duplicateCount: 0 });
    expect(await countsOf(accountId)).toEqual({ rows: 120, distinct: 120, batches: 1 });
    const stored = await database.db.select().from(importJob).where(eq(importJob.id, jobId));
    expect(stored[0]).toMatchObject({ attempts: 2, request: null, keyId: null });
  }, 120_000);

  it('hands a run back when its server stops gracefully, and the run that commits does so once', async () => {
    const { browser, accountId } = await person(b, 'stopped@example.com');
    const holder = await database.pool.connect();
    let jobId = '';
    let c: Instance | undefined;
    try {
      await holder.query(`select pg_advisory_lock(hashtext('import:' || $1))`, [accountId]);
      const queued = await browser.on(b).json<Envelope<{ job: Job }>>('/api/v1/imports', {
        body: { accountId, fileName: 'april.csv', content: csvOf(90, 5_000) },
      });
      expect(queued.status).toBe(202);
      jobId = queued.body.data.job.id;
      await until(async () => {
        const waiting = await database.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`,
        );
        return waiting.rowCount ? true : undefined;
      }, "B's run waiting on the lock");
      // SIGTERM: B stops taking jobs, waits for its run, then hands it back to the queue.
      b.child.kill('SIGTERM');
      await until(
        async () => {
          const state = await database.pool.query<{ state: string }>(
            `select state from pgboss.job where name = 'import' and data->>'jobId' = $1`,
            [jobId],
          );
          return state.rows[0]?.state === 'retry' ? true : undefined;
        },
        'the run handed back',
        300,
      );
      c = await startInstance('C', await freePort());
      // C takes it and waits for B's transaction, which still holds the job.
      await until(async () => {
        const row = await database.pool.query<{ attempts: number }>(
          'select attempts from import_job where id = $1',
          [jobId],
        );
        return row.rows[0]?.attempts === 2 ? true : undefined;
      }, 'the second run');
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
    await until(
      async () => (b.child.exitCode !== null || b.child.signalCode !== null ? true : undefined),
      'B to exit',
    );
    const done = await until(async () => {
      const read = await browser.on(c!).json<Envelope<{ job: Job }>>(`/api/v1/imports/jobs/${jobId}`);
      return read.body.data.job.state === 'done' ? read.body.data.job : undefined;
    }, 'the import done');
    expect(done.result).toMatchObject({ importedCount: 90, duplicateCount: 0 });
    expect(await countsOf(accountId)).toEqual({ rows: 90, distinct: 90, batches: 1 });
    b = c!;
  }, 120_000);

  it('queues on one instance, answers progress on the other, and imports the rows once', async () => {
    a = await startInstance('A2', await freePort());
    const { browser, accountId } = await person(a, 'queued@example.com');
    // At the threshold: imported at once, as before.
    const small = await browser
      .on(a)
      .json<Envelope<{ batch: { importedCount: number } }>>('/api/v1/imports', {
        body: { accountId, fileName: 'small.csv', content: csvOf(JOB_ROWS, 1_000) },
      });
    expect(small.status).toBe(201);
    expect(small.body.data.batch.importedCount).toBe(JOB_ROWS);

    const queued = await browser.on(a).json<Envelope<{ job: Job }>>('/api/v1/imports', {
      body: { accountId, fileName: 'large.csv', content: csvOf(JOB_ROWS + 1) },
    });
    expect(queued.status).toBe(202);
    const jobId = queued.body.data.job.id;
    const done = await until(async () => {
      const read = await browser.on(b).json<Envelope<{ job: Job }>>(`/api/v1/imports/jobs/${jobId}`);
      expect(read.status).toBe(200);
      return read.body.data.job.state === 'done' ? read.body.data.job : undefined;
    }, 'the import read through B');
    expect(done.result).toMatchObject({ importedCount: JOB_ROWS + 1, duplicateCount: 0 });
    expect(await countsOf(accountId)).toEqual({
      rows: 2 * JOB_ROWS + 1,
      distinct: 2 * JOB_ROWS + 1,
      batches: 2,
    });

    // pg-boss runs the job again (its first run committed, then its server died before saying so).
    const boss = new PgBoss({ connectionString: database.url, schema: JOBS_SCHEMA, max: 1 });
    await boss.start();
    try {
      const again = await boss.send(IMPORT_QUEUE_NAME, { jobId });
      await until(async () => {
        const job = await boss.getJobById(IMPORT_QUEUE_NAME, again ?? '');
        return job?.state === 'completed' ? true : undefined;
      }, 'the second run');
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    expect(await countsOf(accountId)).toEqual({
      rows: 2 * JOB_ROWS + 1,
      distinct: 2 * JOB_ROWS + 1,
      batches: 2,
    });

    // Another user cannot read it; a malformed id is a 400.
    const other = await person(b, 'other@example.com');
    const foreign = await other.browser.on(b).json<Envelope<unknown>>(`/api/v1/imports/jobs/${jobId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('No such import job');
    expect((await other.browser.on(b).json(`/api/v1/imports/jobs/not-an-id`)).status).toBe(400);
  }, 120_000);

  it('answers a file it cannot read with a 400 and queues nothing', async () => {
    const { browser, accountId } = await person(b, 'invalid@example.com');
    const before = await database.pool.query('select 1 from import_job');
    const broken = `${csvOf(JOB_ROWS + 10)}2024-03-40,Not a day,-1.00\n`;
    const bad = await browser.on(b).json<Envelope<unknown>>('/api/v1/imports', {
      body: { accountId, fileName: 'broken.csv', content: broken },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Line 62: /);
    const stranger = await browser.on(b).json<Envelope<unknown>>('/api/v1/imports', {
      body: {
        accountId: '00000000-0000-4000-8000-000000000000',
        fileName: 'a.csv',
        content: csvOf(JOB_ROWS + 1),
      },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.items?.[0]).toMatchObject({ field: 'accountId', message: 'No such account' });
    const after = await database.pool.query('select 1 from import_job');
    expect(after.rowCount).toBe(before.rowCount);
  }, 60_000);

  it('finishes on another instance a multi-account import whose servers are killed mid-run, each row once, one undo', async () => {
    const { browser, userId, accountId } = await person(b, 'statements@example.com');
    const [card] = await database.db
      .insert(financialAccount)
      .values({ userId, name: 'Travel Visa', type: 'credit', provider: 'manual', currency: 'USD' })
      .returning({ id: financialAccount.id });
    const cardId = card!.id;
    // Two !Account blocks of 30 rows each (named like the two accounts): 60 rows in all, over 50.
    const block = (name: string, type: string, from: number) =>
      [`!Account`, `N${name}`, `T${type}`, '^', `!Type:${type}`]
        .concat(
          Array.from({ length: 30 }, (_, index) =>
            [`D03/${13 + (index % 15)}/2024`, `T-${from + index}.25`, `PShop ${from + index}`, '^'].join(
              '\n',
            ),
          ),
        )
        .join('\n');
    const content = `${block('Everyday Checking', 'Bank', 0)}\n${block('Travel Visa', 'CCard', 100)}\n`;
    const holder = await database.pool.connect();
    let jobId = '';
    try {
      // Both accounts' import locks are held, so whichever instance runs the job waits inside it.
      for (const id of [accountId, cardId]) {
        await holder.query(`select pg_advisory_lock(hashtext('import:' || $1))`, [id]);
      }
      const queued = await browser.on(a).json<Envelope<{ job: Job }>>('/api/v1/imports/statements', {
        body: { accountId, fileName: 'both.qif', content },
      });
      expect(queued.status, queued.body.error).toBe(202);
      expect(queued.body.data.job).toMatchObject({ state: 'queued', totalRows: 60, doneRows: 0 });
      jobId = queued.body.data.job.id;
      await until(async () => {
        const waiting = await database.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%'`,
        );
        return waiting.rowCount ? true : undefined;
      }, 'the run waiting on the lock');
      await Promise.all([killHard(a.child), killHard(b.child)]);
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
    expect(await countsOf(accountId)).toEqual({ rows: 0, distinct: 0, batches: 0 });

    const d = await startInstance('D', await freePort());
    const done = await until(async () => {
      const read = await browser.on(d).json<Envelope<{ job: Job }>>(`/api/v1/imports/jobs/${jobId}`);
      return read.body.data.job.state === 'done' ? read.body.data.job : undefined;
    }, 'the import finished on D');
    expect(done).toMatchObject({ totalRows: 60, doneRows: 60, error: null });
    expect(done.result).toMatchObject({
      importedCount: 60,
      duplicateCount: 0,
      statements: [
        { statement: 0, accountId, importedCount: 30 },
        { statement: 1, accountId: cardId, importedCount: 30 },
      ],
    });
    expect(await countsOf(accountId)).toEqual({ rows: 30, distinct: 30, batches: 1 });
    expect((await countsOf(cardId))?.rows).toBe(30);
    const stored = await database.db.select().from(importJob).where(eq(importJob.id, jobId));
    expect(stored[0]).toMatchObject({ attempts: 2, request: null, keyId: null });

    const undone = await browser
      .on(d)
      .json<Envelope<{ removed: number }>>(`/api/v1/imports/${done.result?.id}`, { method: 'DELETE' });
    expect(undone.status, undone.body.error).toBe(200);
    expect(undone.body.data.removed).toBe(60);
    expect((await countsOf(accountId))?.rows).toBe(0);
    expect((await countsOf(cardId))?.rows).toBe(0);
  }, 120_000);
});

describe('two runs of one import job at once', () => {
  it('commit it once: the second finds it done and imports nothing', async () => {
    const userId = 'import-jobs-race-user';
    // The servers above migrate the database as they start; run alone, this test does it (a no-op after).
    await runMigrations(database.pool);
    await database.pool.query(
      `insert into "user" (id, name, email) values ($1, 'Grace Hopper', 'race@example.com')`,
      [userId],
    );
    const [account] = await database.db
      .insert(financialAccount)
      .values({ userId, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD' })
      .returning({ id: financialAccount.id });
    const config = parseConfig({
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: SECRET,
      AUTH_SECRET: SECRET,
      CRON_SECRET: SECRET,
      IMPORT_JOB_ROWS: String(JOB_ROWS),
    });
    const queued: string[] = [];
    const deps = {
      db: database.db,
      config,
      logger: createLogger('silent'),
      now: () => new Date(),
      queueImport: async (id: string) => {
        queued.push(id);
      },
    };
    const outcome = await importOrQueue(deps, userId, {
      accountId: account!.id,
      fileName: 'race.csv',
      content: csvOf(80),
    });
    expect('job' in outcome && outcome.job.state).toBe('queued');
    // The request waits sealed: neither the file nor its payees are readable in the table.
    const sealed = await database.pool.query<{ request: string }>(
      'select request from import_job where id = $1',
      [queued[0]],
    );
    expect(sealed.rows[0]?.request).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(sealed.rows[0]?.request ?? '', 'base64').toString('latin1')).not.toContain('Shop');
    const runs = await Promise.all(
      queued.flatMap((id) => [1, 2].map(() => runImportJob(deps, id, { lastAttempt: false }))),
    );
    expect(runs.sort()).toEqual(['done', 'ended']);
    expect(await countsOf(account!.id)).toEqual({ rows: 80, distinct: 80, batches: 1 });
  }, 60_000);
});
