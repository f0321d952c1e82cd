import {
  acquireSyncLease,
  insertConnection,
  registerServerInstance,
  reportSyncProgress,
  setConnectionStatus,
} from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { SYNC_MESSAGES } from './engine';
import { startServerInstance } from './instance';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = { data: T };
type ConnectionView = {
  id: string;
  status: string;
  lastError: string | null;
  lastSyncedAt: string | null;
  sync: { state: string; step: string | null; progress: number | null };
};
const logger = createLogger('silent');

async function connectionOf(browser: TestBrowser, id: string): Promise<ConnectionView> {
  const list = await browser.json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections');
  const found = list.body.data.connections.find((connection) => connection.id === id);
  if (!found) throw new Error('connection not listed');
  return found;
}

async function waitForIdle(browser: TestBrowser, id: string): Promise<ConnectionView> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const connection = await connectionOf(browser, id);
    if (connection.sync.state === 'idle') return connection;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('sync did not finish');
}

/** A demo connection whose sync lease is held, 48 % through, by the server instance `holder`. */
async function stuckConnection(holder: string) {
  const { browser } = await w.signUp();
  const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
  const db = w.t.database.db;
  const connection = await insertConnection(db, {
    userId,
    provider: 'demo',
    institutionId: null,
    displayName: 'Demo Bank',
    settings: { variant: 'standard', seed: `lease-${userId}` },
  });
  expect(await acquireSyncLease(db, userId, connection.id, holder)).toBeDefined();
  await setConnectionStatus(db, userId, connection.id, 'syncing');
  await reportSyncProgress(db, userId, connection.id, { step: 'Reading transactions', progress: 0.48 });
  return { browser, userId, connection };
}

describe('sync leases belong to a live server instance', () => {
  it('a restarted process releases the leases of the process that crashed on its machine', async () => {
    const crashed = await registerServerInstance(w.t.database.db, {
      host: 'node-a',
      pid: 4242,
      version: '1',
    });
    const { browser, connection } = await stuckConnection(crashed);
    // The crashed process beat a moment ago: to everyone else its sync still looks alive.
    expect((await connectionOf(browser, connection.id)).sync).toEqual({
      state: 'running',
      step: 'Reading transactions',
      progress: 0.48,
    });
    expect(
      (await browser.request(`/api/v1/connections/${connection.id}/sync`, { method: 'POST' })).status,
    ).toBe(409);

    const restarted = await startServerInstance({
      db: w.t.database.db,
      logger,
      version: '1',
      host: 'node-a',
      pid: 4243,
      processRunning: (pid) => pid !== 4242,
    });
    try {
      const released = await connectionOf(browser, connection.id);
      expect(released).toMatchObject({
        status: 'error',
        lastError: SYNC_MESSAGES.interrupted,
        sync: { state: 'idle', step: null, progress: null },
      });
      const stored = await w.t.database.pool.query(
        'select sync_started_at, sync_instance_id, sync_progress from connection where id = $1',
        [connection.id],
      );
      expect(stored.rows[0]).toEqual({ sync_started_at: null, sync_instance_id: null, sync_progress: null });
      const accounts = await w.t.database.pool.query(
        'select count(*)::int as n from server_instance where id = $1',
        [crashed],
      );
      expect(accounts.rows[0]).toEqual({ n: 0 });

      const retried = await browser.request(`/api/v1/connections/${connection.id}/sync`, { method: 'POST' });
      expect(retried.status).toBe(202);
      expect(await waitForIdle(browser, connection.id)).toMatchObject({ status: 'active', lastError: null });
    } finally {
      await restarted.stop();
    }
  });

  it('keeps the leases of a process of the same machine that still runs', async () => {
    const alive = await registerServerInstance(w.t.database.db, { host: 'node-b', pid: 5151, version: '1' });
    const { browser, connection } = await stuckConnection(alive);
    const second = await startServerInstance({
      db: w.t.database.db,
      logger,
      version: '1',
      host: 'node-b',
      pid: 5152,
      processRunning: () => true,
    });
    try {
      expect((await connectionOf(browser, connection.id)).sync.state).toBe('running');
      expect(
        (await browser.request(`/api/v1/connections/${connection.id}/sync`, { method: 'POST' })).status,
      ).toBe(409);
    } finally {
      await second.stop();
      await w.t.database.pool.query('delete from server_instance where id = $1', [alive]);
    }
  });

  it('another instance takes over the lease of one that stopped beating, and clears its progress', async () => {
    const silent = await registerServerInstance(w.t.database.db, { host: 'node-c', pid: 77, version: '1' });
    const { browser, connection } = await stuckConnection(silent);
    const other = await startServerInstance({ db: w.t.database.db, logger, version: '1', host: 'node-d' });
    try {
      await other.beat();
      expect((await connectionOf(browser, connection.id)).sync.state).toBe('running');

      // Its last heartbeat is now 31 seconds old (INSTANCE_STALE_SECONDS is 30).
      await w.t.database.pool.query(
        `update server_instance set heartbeat_at = now() - interval '31 seconds' where id = $1`,
        [silent],
      );
      expect(await connectionOf(browser, connection.id)).toMatchObject({
        sync: { state: 'idle', step: null, progress: null },
      });
      await other.beat();
      const stored = await w.t.database.pool.query(
        'select status, last_error, sync_started_at, sync_progress from connection where id = $1',
        [connection.id],
      );
      expect(stored.rows[0]).toEqual({
        status: 'error',
        last_error: SYNC_MESSAGES.interrupted,
        sync_started_at: null,
        sync_progress: null,
      });
      const retried = await browser.request(`/api/v1/connections/${connection.id}/sync`, { method: 'POST' });
      expect(retried.status).toBe(202);
      expect(await waitForIdle(browser, connection.id)).toMatchObject({ status: 'active' });
    } finally {
      await other.stop();
    }
  });

  it('a stuck lease with a silent holder is taken by the next sync even before a heartbeat runs', async () => {
    const silent = await registerServerInstance(w.t.database.db, { host: 'node-e', pid: 78, version: '1' });
    const { browser, connection } = await stuckConnection(silent);
    await w.t.database.pool.query(
      `update server_instance set heartbeat_at = now() - interval '31 seconds' where id = $1`,
      [silent],
    );
    const retried = await browser.request(`/api/v1/connections/${connection.id}/sync`, { method: 'POST' });
    expect(retried.status).toBe(202);
    expect(await waitForIdle(browser, connection.id)).toMatchObject({ status: 'active' });
  });
});
