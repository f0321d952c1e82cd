import { readFileSync } from 'node:fs';
import { findConnection, insertConnection, registerServerInstance, migrationsFolder } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConnector } from './connectors/demo/demo-connector';
import { createLogger } from './logger';
import { PASSWORD } from './testing/auth-fixtures';
import {
  freePort,
  killHard,
  removeDataDirs,
  sharedBrowser,
  startServerProcess,
  stopGently,
  until,
  type ServerInstance,
} from './testing/server-process';
import { runSync } from './sync/engine';
import { todayFor } from './use-cases/accounts/today';

/**
 * Two real server processes on one database and one Redis, as behind a load balancer (README "Running
 * it for real"): migrations run once when both start together, a session made on one works on the
 * other, rate limits are counted once for both, each scheduled job runs once, and a sync whose server is
 * killed with SIGKILL is finished by the other with no duplicate and no missing row.
 */

const SECRET = 'two-instances-secret-0123456789-abcdefghij';
const RATE_LIMIT_MAX = 60;
const redisUrl = process.env.TEST_REDIS_URL;
/**
 * The instances' Redis: a logical database of its own, emptied first, so counts left by an earlier run on
 * this machine (rate limits with day-long windows) never refuse this run's requests.
 */
let instancesRedisUrl = '';

type Instance = ServerInstance;

let database: TestDatabase;
let a: Instance;
let b: Instance;
let publicUrl: string;
let startedAt: Date;

/** Starts `src/main.ts` as `npm start` does; resolves once it prints its address. */
function startInstance(name: string, port: number): Promise<Instance> {
  return startServerProcess(`two-${name}`, port, {
    DATABASE_URL: database.url,
    REDIS_URL: instancesRedisUrl,
    // Both answer for one public address, as behind a proxy.
    PUBLIC_URL: publicUrl,
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    FX_REFRESH: 'off',
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    // One window for the whole test: counts never reset in the middle of it.
    RATE_LIMIT_WINDOW_MS: String(24 * 3_600_000),
  });
}

type Envelope<T> = { data: T };
type ConnectionView = {
  id: string;
  status: string;
  lastError: string | null;
  lastSyncedAt: string | null;
  sync: { state: string };
};

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  if (redisUrl) {
    const url = new URL(redisUrl);
    url.pathname = `/${1 + (process.pid % 15)}`;
    instancesRedisUrl = url.toString();
    const redis = new Redis(instancesRedisUrl, { lazyConnect: true });
    await redis.connect();
    await redis.flushdb();
    await redis.quit();
  }
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${portA}`;
  startedAt = new Date();
  // Together, on a database with no table yet: both race to migrate it.
  [a, b] = await Promise.all([startInstance('A', portA), startInstance('B', portB)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => killHard(instance.child)));
  await database?.drop();
  removeDataDirs();
});

describe.skipIf(!redisUrl)('two server processes on one database and one Redis', () => {
  it('migrated the empty database once, and both are ready', async () => {
    const shipped = (
      JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }
    ).entries.length;
    const applied = await database.pool.query<{ rows: number; hashes: number }>(
      'select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ rows: shipped, hashes: shipped });
    for (const instance of [a, b]) {
      const ready = await fetch(`http://127.0.0.1:${instance.port}/api/v1/ready`);
      expect(ready.status, instance.name).toBe(200);
    }
    const registered = await database.pool.query('select 1 from server_instance');
    expect(registered.rowCount).toBe(2);
  });

  it('accepts on B the session made on A, and signs it out everywhere', async () => {
    const browser = sharedBrowser(publicUrl);
    const signUp = await browser.on(a).json('/api/auth/sign-up/email', {
      body: { email: 'two@example.com', password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const onA = await browser.on(a).json<Envelope<{ id: string; email: string }>>('/api/v1/user');
    const onB = await browser.on(b).json<Envelope<{ id: string; email: string }>>('/api/v1/user');
    expect(onB.status).toBe(200);
    expect(onB.body.data).toEqual(onA.body.data);
    const cookies = new Map(browser.cookies);
    expect((await browser.on(b).request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(
      200,
    );
    // The old cookie, replayed on A, no longer signs anyone in.
    for (const [name, value] of cookies) browser.cookies.set(name, value);
    expect((await browser.on(a).request('/api/v1/user')).status).toBe(401);
  });

  it('counts one rate limit across both instances', async () => {
    const browser = sharedBrowser(publicUrl);
    const signUp = await browser.on(b).json('/api/auth/sign-up/email', {
      body: { email: 'limits@example.com', password: PASSWORD, name: 'Grace Hopper', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const first = await browser.on(a).request('/api/v1/user');
    const second = await browser.on(b).request('/api/v1/user');
    const remaining = (response: Response) => Number(response.headers.get('ratelimit-remaining'));
    expect(remaining(second)).toBe(remaining(first) - 1);
    // Use the rest alternately on A and B: the limit is reached after RATE_LIMIT_MAX requests in all.
    let used = RATE_LIMIT_MAX - remaining(second);
    let refused: Response | undefined;
    for (let index = 0; index < RATE_LIMIT_MAX && !refused; index += 1) {
      const response = await browser.on(index % 2 ? b : a).request('/api/v1/user');
      if (response.status === 429) refused = response;
      else used += 1;
    }
    expect(refused?.status).toBe(429);
    expect(used).toBe(RATE_LIMIT_MAX);
    expect((await browser.on(a).request('/api/v1/user')).status).toBe(429);
    expect((await browser.on(b).request('/api/v1/user')).status).toBe(429);
  });

  it('runs each scheduled job once, on one of the two', async () => {
    // The every-minute email-outbox schedule: pg-boss looks at its schedules every 30 s (one instance
    // per look), sends what is due, and a worker of either instance runs it.
    await until(
      async () => {
        const done = await database.pool.query(
          `select 1 from pgboss.job where name = 'email-outbox' and state = 'completed'`,
        );
        return done.rowCount ? true : undefined;
      },
      'the first scheduled job to run',
      900,
    );
    // Each tick is sent once (one row per schedule and minute), and each sent job ran once.
    const ticks = await database.pool.query<{ name: string; minute: string; count: number }>(
      `select data->>'name' as name, singleton_on::text as minute, count(*)::int as count
         from pgboss.job where name = '__pgboss__send-it' group by 1, 2`,
    );
    expect(ticks.rows.length).toBeGreaterThan(0);
    for (const tick of ticks.rows) expect(tick, `${tick.name} at ${tick.minute}`).toMatchObject({ count: 1 });
    const minutes = Math.ceil((Date.now() - startedAt.getTime()) / 60_000) + 1;
    const jobs = await database.pool.query<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'email-outbox'`,
    );
    expect(jobs.rowCount).toBeGreaterThanOrEqual(1);
    expect(jobs.rowCount).toBeLessThanOrEqual(minutes);
    for (const job of jobs.rows) expect(job.retry_count).toBe(0);
    expect(jobs.rows.filter((job) => job.state === 'completed').length).toBeGreaterThanOrEqual(1);
  }, 100_000);

  it('finishes on B a sync started on A when A is killed, with no duplicate and no missing row', async () => {
    const browser = sharedBrowser(publicUrl);
    const signUp = await browser.on(a).json('/api/auth/sign-up/email', {
      body: { email: 'handover@example.com', password: PASSWORD, name: 'Alan Turing', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const userId = (await browser.on(a).json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;

    // Hold the sync still between two writes once a first batch is committed: this session locks the
    // connection row, so A's next write of its cursor or progress waits on the lock.
    const holder = await database.pool.connect();
    let connectionId = '';
    try {
      const created = await browser
        .on(a)
        .json<Envelope<{ connection: ConnectionView }>>('/api/v1/connections/demo', {
          body: { variant: 'standard' },
        });
      expect(created.status).toBe(201);
      connectionId = created.body.data.connection.id;
      let held = false;
      for (let attempt = 0; attempt < 3000 && !held; attempt += 1) {
        await holder.query('begin');
        const locked = await holder.query(
          `select 1 from connection where id = $1 and cursor is not null and sync_started_at is not null for update`,
          [connectionId],
        );
        held = locked.rowCount === 1;
        if (!held) {
          await holder.query('rollback');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(held).toBe(true);
      await killHard(a.child);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    const left = await database.pool.query<{ holder: string; cursor: string | null }>(
      'select sync_instance_id as holder, cursor from connection where id = $1',
      [connectionId],
    );
    expect(left.rows[0]?.cursor).toBeTruthy();
    // A's silence, as B sees it half a minute later: its last heartbeat is old.
    await database.pool.query(
      `update server_instance set heartbeat_at = now() - interval '5 minutes' where id = $1`,
      [left.rows[0]?.holder],
    );

    // B notices at its next heartbeat, takes the sync over and finishes it; the user sees it through B.
    const finished = await until(
      async () => {
        const list = await browser
          .on(b)
          .json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections');
        // A poll answered with anything but the list (the shared rate limit, say) is "not yet".
        if (list.status !== 200) return undefined;
        const found = list.body.data.connections.find((item) => item.id === connectionId);
        return found?.sync.state === 'idle' && found.status === 'active' ? found : undefined;
      },
      'B to finish the sync',
      180,
      500,
    );
    expect(finished.lastError).toBeNull();
    const taken = await database.pool.query<{ holder: string | null }>(
      'select sync_instance_id as holder from connection where id = $1',
      [connectionId],
    );
    expect(taken.rows[0]?.holder).toBeNull();

    // The same bank read start to finish in one go, as a second connection of the same user.
    const crashed = (await findConnection(database.db, userId, connectionId))!;
    const reference = await insertConnection(database.db, {
      userId,
      provider: 'demo',
      institutionId: crashed.institutionId,
      displayName: 'Demo Bank (reference)',
      settings: crashed.settings,
    });
    const instanceId = await registerServerInstance(database.db, { host: 'test', pid: 1, version: 'test' });
    const outcome = await runSync({
      db: database.db,
      connector: demoConnector,
      connection: reference,
      instanceId,
      logger: createLogger('silent'),
      today: await todayFor(database.db, userId, new Date()),
    });
    expect(outcome).toMatchObject({ ok: true });
    const rowsOf = async (id: string) =>
      (
        await database.pool.query<{ row: string }>(
          `select concat_ws('|', a.external_id, t.external_id, t.date, t.amount_minor, t.status, t.name) as row
             from "transaction" t join financial_account a on a.id = t.account_id
            where a.connection_id = $1 order by 1`,
          [id],
        )
      ).rows.map((item) => item.row);
    const recovered = await rowsOf(connectionId);
    expect(recovered.length).toBeGreaterThan(0);
    expect(new Set(recovered).size).toBe(recovered.length);
    expect(recovered).toEqual(await rowsOf(reference.id));
    await stopGently(b.child);
  }, 180_000);
});
