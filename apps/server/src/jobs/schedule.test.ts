import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { startJobs, type JobContext } from './boss';
import { createBackground } from './handlers';
import { isSyncDue, STAGGER_SECONDS, staggerSeconds } from './schedule';

const HOUR = 3_600_000;
/** Settings with Plaid configured (the connector needs them to exist). */
const SETTINGS = {
  plaid: { clientId: 'client', secret: 'secret', environment: 'sandbox' as const, baseUrl: undefined },
  outbound: { allowPrivate: false, pushAnyHost: false },
};
const at = (iso: string) => new Date(iso);

describe('when a scheduled sync is due', () => {
  const now = at('2026-11-20T12:00:00Z');
  const row = (provider: string, hoursAgo: number | null, status = 'active') => ({
    provider,
    status,
    lastSyncedAt: hoursAgo === null ? null : new Date(now.getTime() - hoursAgo * HOUR),
    lastErrorAt: null,
  });

  it.each([
    ['demo, never synced', row('demo', null), 6 * HOUR, true],
    ['demo, 5 h ago, every 6 h', row('demo', 5), 6 * HOUR, false],
    ['demo, 6 h ago, every 6 h', row('demo', 6), 6 * HOUR, true],
    ['demo, 2 h ago, hourly plan', row('demo', 2), HOUR, true],
    ['SimpleFIN, 2 h ago, hourly plan: the 4-hour budget wins', row('simplefin', 2), HOUR, false],
    ['SimpleFIN, 4 h ago, hourly plan', row('simplefin', 4), HOUR, true],
    ['Plaid, 6 h ago, every 6 h', row('plaid', 6), 6 * HOUR, true],
    ['Plaid, 1 h ago, every 6 h', row('plaid', 1), 6 * HOUR, false],
    ['waiting for the user to reconnect', row('demo', 30, 'needs_reauth'), 6 * HOUR, false],
    ['disconnected', row('demo', 30, 'disconnected'), 6 * HOUR, false],
    ['a file import (does not sync)', row('file', 30), 6 * HOUR, false],
  ])('%s', (_name, connection, interval, due) => {
    expect(isSyncDue(connection, interval, now, SETTINGS)).toBe(due);
  });

  it('a failed attempt counts as the last request', () => {
    expect(
      isSyncDue(
        {
          provider: 'simplefin',
          status: 'error',
          lastSyncedAt: null,
          lastErrorAt: new Date(now.getTime() - HOUR),
        },
        HOUR,
        now,
        SETTINGS,
      ),
    ).toBe(false);
  });

  it('staggers each connection by a stable delay inside the window', () => {
    const delays = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => staggerSeconds(`connection-${id}`));
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(0);
    for (const delay of delays) expect(delay).toBeLessThan(STAGGER_SECONDS);
    expect(new Set(delays).size).toBeGreaterThan(1);
    expect(staggerSeconds('connection-a')).toBe(delays[0]);
  });
});

describe('the schedule tick and the per-connection queue', () => {
  let clock = at('2026-11-20T12:00:00Z');
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld({}, { now: () => clock });
  });
  afterAll(async () => {
    await w.close();
  });

  it('queues one job per due connection, keyed by the connection, and none before it is due', async () => {
    const { browser } = await w.signUp();
    const created = await browser.json<{ data: { connection: { id: string } } }>('/api/v1/connections/demo', {
      body: { variant: 'standard' },
    });
    const connectionId = created.body.data.connection.id;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const list = await browser.json<{ data: { connections: { sync: { state: string } }[] } }>(
        '/api/v1/connections',
      );
      if (list.body.data.connections.every((item) => item.sync.state === 'idle')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const background = createBackground({
      db: w.t.database.db,
      config: w.t.config,
      logger: createLogger('silent'),
      mailer: w.t.mailer,
      now: () => clock,
      instanceId: w.t.instanceId,
    });
    const sent: { name: string; data: object; options: { singletonKey: string; startAfter?: number } }[] = [];
    const job: JobContext = {
      data: null,
      send: async (name, data, options) => {
        sent.push({ name, data, options });
      },
    };
    clock = at('2026-11-20T15:00:00Z');
    expect(await background.handlers['sync-connections'](job)).toEqual({ queued: 0 });
    clock = at('2026-11-20T18:00:00Z');
    expect(await background.handlers['sync-connections'](job)).toEqual({ queued: 1 });
    expect(sent).toEqual([
      {
        name: 'sync-connection',
        data: { userId: expect.any(String), connectionId },
        options: { singletonKey: connectionId, startAfter: staggerSeconds(connectionId) },
      },
    ]);
    // The queued job syncs that connection.
    expect(await background.handlers['sync-connection']({ data: sent[0]?.data, send: job.send })).toEqual({
      successful: 1,
      failed: 0,
    });
    const [row] = (
      await w.t.database.pool.query<{ last: Date }>(
        'select last_synced_at as last from connection where id = $1',
        [connectionId],
      )
    ).rows;
    expect(row?.last.toISOString()).toBe('2026-11-20T18:00:00.000Z');
  });

  it('keeps at most one waiting job per connection, however many ticks or instances send one', async () => {
    const jobs = await startJobs({
      connectionString: w.t.database.url,
      logger: createLogger('silent'),
      pollingIntervalSeconds: 600,
      handlers: {
        notifications: async () => ({}),
        'sync-connections': async () => ({}),
        'fx-rates': async () => ({}),
        'email-outbox': async () => ({}),
        'sync-connection': async () => ({}),
        'webhook-deliveries': async () => ({}),
        'webhook-delivery': async () => ({}),
        'security-prices': async () => ({}),
      },
    });
    try {
      const key = '00000000-0000-4000-8000-000000000001';
      const later = new Date(Date.now() + 3_600_000);
      for (let index = 0; index < 3; index += 1)
        await jobs.boss.send(
          'sync-connection',
          { userId: 'u', connectionId: key },
          { singletonKey: key, startAfter: later },
        );
      await jobs.boss.send(
        'sync-connection',
        { userId: 'u', connectionId: 'other' },
        { singletonKey: 'other', startAfter: later },
      );
      const counts = await w.t.database.pool.query<{ key: string; n: number }>(
        `select singleton_key as key, count(*)::int as n from pgboss.job where name = 'sync-connection' group by 1 order by 1`,
      );
      expect(counts.rows).toEqual([
        { key, n: 1 },
        { key: 'other', n: 1 },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});
