import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findConnection, insertConnection, registerServerInstance } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { demoConnector } from '../connectors/demo/demo-connector';
import { createLogger } from '../logger';
import { PASSWORD } from '../testing/auth-fixtures';
import { createBrowser, type TestBrowser } from '../testing/browser';
import { todayFor } from '../use-cases/accounts/today';
import { runSync, SYNC_MESSAGES } from './engine';

/**
 * The crash the sync engine is built for, on a real server process: `kill -9` in the middle of a demo
 * sync, a restart on the same database, and a retried sync that ends with exactly the rows an
 * uninterrupted sync writes.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'crash-test-secret-0123456789-abcdefghij';

let database: TestDatabase;
let dataDir: string;
let port: number;
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `src/main.ts` as `npm start` does and resolves once it prints its address. */
function startServerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ENCRYPTION_KEY: SECRET,
      AUTH_SECRET: SECRET,
      CRON_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Lodestar is running at')) resolve(child);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A browser over real HTTP to the server process (same cookies and Origin as the in-process one). */
function httpBrowser(): TestBrowser {
  const origin = `http://127.0.0.1:${port}`;
  const overHttp = { request: (input: string, init?: RequestInit) => fetch(input, init) } as unknown as App;
  return createBrowser(overHttp, origin);
}

type Envelope<T> = { data: T };
type ConnectionView = {
  id: string;
  status: string;
  lastError: string | null;
  lastSyncedAt: string | null;
  sync: { state: string; step: string | null; progress: number | null };
};

async function connectionOf(browser: TestBrowser, id: string): Promise<ConnectionView> {
  const list = await browser.json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections');
  const found = list.body.data.connections.find((connection) => connection.id === id);
  if (!found) throw new Error('connection not listed');
  return found;
}

/** Every transaction of one connection, in a stable order, as the provider identifies it. */
async function rowsOf(connectionId: string) {
  const result = await database.pool.query<{ row: string }>(
    `select concat_ws('|', a.external_id, t.external_id, t.date, t.amount_minor, t.status, t.name) as row
       from "transaction" t join financial_account a on a.id = t.account_id
      where a.connection_id = $1
      order by 1`,
    [connectionId],
  );
  return result.rows.map((item) => item.row);
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'lodestar-crash-'));
  port = await freePort();
});
afterAll(async () => {
  if (server) await killHard(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of a sync', () => {
  it('is restarted, the sync is retried at once and ends with no duplicate and no missing row', async () => {
    server = await startServerProcess();
    const browser = httpBrowser();
    const signUp = await browser.json('/api/auth/sign-up/email', {
      body: { email: 'crash@example.com', password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
    const created = await browser.json<Envelope<{ connection: ConnectionView }>>('/api/v1/connections/demo', {
      body: { variant: 'standard' },
    });
    expect(created.status).toBe(201);
    const connectionId = created.body.data.connection.id;

    // Hold the sync still between two writes once a first batch is committed: this session locks the
    // connection row, so the server's next write of its cursor or progress waits on the lock.
    const holder = await database.pool.connect();
    let committedBatch = false;
    try {
      for (let attempt = 0; attempt < 3000 && !committedBatch; attempt += 1) {
        await holder.query('begin');
        const locked = await holder.query(
          'select 1 from connection where id = $1 and cursor is not null and sync_started_at is not null for update',
          [connectionId],
        );
        committedBatch = locked.rowCount === 1;
        if (!committedBatch) {
          await holder.query('rollback');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(committedBatch).toBe(true);
      await killHard(server);
    } finally {
      await holder.query('rollback');
      holder.release();
    }

    // What the crash left: some batches written, the lease and "syncing 40 %" of a dead process.
    const left = await database.pool.query(
      'select status, sync_started_at, sync_progress, cursor from connection where id = $1',
      [connectionId],
    );
    expect(left.rows[0]).toMatchObject({ status: 'syncing' });
    expect(left.rows[0].sync_started_at).not.toBeNull();
    expect(left.rows[0].sync_progress).not.toBeNull();
    expect(JSON.parse(left.rows[0].cursor as string)).toHaveProperty('next');
    expect((await rowsOf(connectionId)).length).toBeGreaterThan(0);

    server = await startServerProcess();
    // The same session, a new process: the dead sync is shown as interrupted, not running.
    expect(await connectionOf(browser, connectionId)).toMatchObject({
      status: 'error',
      lastError: SYNC_MESSAGES.interrupted,
      sync: { state: 'idle', step: null, progress: null },
    });
    const retried = await browser.request(`/api/v1/connections/${connectionId}/sync`, { method: 'POST' });
    expect(retried.status).toBe(202);
    let finished: ConnectionView | undefined;
    for (let attempt = 0; attempt < 1200 && !finished; attempt += 1) {
      const current = await connectionOf(browser, connectionId);
      if (current.sync.state === 'idle') finished = current;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(finished).toMatchObject({ status: 'active', lastError: null });
    expect(finished?.lastSyncedAt).not.toBeNull();

    // The same bank read start to finish without a crash, as a second connection of the same user.
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

    const recovered = await rowsOf(connectionId);
    expect(new Set(recovered).size).toBe(recovered.length);
    expect(recovered).toEqual(await rowsOf(reference.id));
    await killHard(server);
  }, 120_000);
});
