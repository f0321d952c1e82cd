import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessServer } from '../testing/in-process-server';
import { JOB_SCHEDULES } from './boss';

const SECRET = 'boot-jobs-secret-0123456789-abcdefghij';
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('server start and stop with the job queue', () => {
  it('starts pg-boss beside the server with every schedule, and stops cleanly', async () => {
    const server = await startInProcessServer(database.url, SECRET);
    try {
      let names: string[] = [];
      for (let attempt = 0; attempt < 100 && names.length < Object.keys(JOB_SCHEDULES).length; attempt += 1) {
        const rows = await database.pool
          .query<{ name: string; cron: string }>('select name, cron from pgboss.schedule order by name')
          .then((result) => result.rows)
          .catch(() => []);
        names = rows.map((row) => `${row.name} ${row.cron}`);
        if (names.length < Object.keys(JOB_SCHEDULES).length)
          await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(names).toEqual(
        Object.entries(JOB_SCHEDULES)
          .map(([name, cron]) => `${name} ${cron}`)
          .sort(),
      );
      // The exchange-rate job is queued at start (not only on the hour) and a worker runs it.
      let fxJob: string | undefined;
      for (let attempt = 0; attempt < 300 && fxJob !== 'completed'; attempt += 1) {
        fxJob = await database.pool
          .query<{ state: string }>(`select state from pgboss.job where name = 'fx-rates' limit 1`)
          .then((result) => result.rows[0]?.state)
          .catch(() => undefined);
        if (fxJob !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(fxJob).toBe('completed');
      const ready = await fetch(`${server.url}/api/v1/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await server.stop();
    }
    // pg-boss closed its own pool: its connections go away (the server ends a backend a moment after
    // the client hangs up, so this looks a few times).
    let left = -1;
    for (let attempt = 0; attempt < 50 && left !== 0; attempt += 1) {
      const result = await database.pool.query(
        `select 1 from pg_stat_activity where application_name = 'lodestar-jobs' and datname = current_database()`,
      );
      left = result.rowCount ?? 0;
      if (left) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left).toBe(0);
  });
});
