import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../config/secrets-file';
import { browserSubscription, startPushEndpoint } from '../notifications/push-endpoint';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

const vapid = generateVapidKeys();
const vapidEnv = {
  VAPID_PUBLIC_KEY: vapid.vapidPublicKey,
  VAPID_PRIVATE_KEY: vapid.vapidPrivateKey,
  VAPID_SUBJECT: 'mailto:ops@lodestar.test',
};

/** Something listening on loopback that only counts the connections it receives. */
async function listener(host: string) {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('push endpoints cannot reach this machine or its network (default settings)', () => {
  let w: AuthWorld;
  let v4: Awaited<ReturnType<typeof listener>>;
  let v6: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    v4 = await listener('127.0.0.1');
    v6 = await listener('::1');
    w = await createAuthWorld(vapidEnv);
  });
  afterAll(async () => {
    await w.close();
    await v4.close();
    await v6.close();
  });

  it('refuses loopback, private, link-local and unique-local endpoints and other hosts than the push services', async () => {
    const { browser, userId } = await signedInUser(w);
    const endpoints = [
      `https://127.0.0.1:${v4.port}/push`,
      `https://localhost:${v4.port}/push`,
      `https://[::ffff:127.0.0.1]:${v4.port}/push`,
      `https://[::1]:${v6.port}/push`,
      `http://127.0.0.1:${v4.port}/push`,
      'https://10.0.0.8/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://8.8.8.8/push',
    ];
    for (const endpoint of endpoints) {
      const answer = await browser.json<Envelope<unknown>>('/api/v1/notifications/push/subscriptions', {
        body: browserSubscription(endpoint).json,
      });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.items?.[0]?.field, endpoint).toBe('endpoint');
      expect(answer.body.items?.[0]?.message, endpoint).toMatch(/^Must be the https URL of a push service: /);
    }
    const stored = await w.t.database.pool.query('select 1 from push_subscription where user_id = $1', [
      userId,
    ]);
    expect(stored.rowCount).toBe(0);
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('POST /notifications/test makes no connection to a loopback endpoint saved before the check existed', async () => {
    const { browser, userId } = await signedInUser(w);
    await browser.json('/api/v1/user/preferences', { method: 'PATCH', body: { push_notifications: true } });
    for (const endpoint of [
      `https://127.0.0.1:${v4.port}/old`,
      `https://localhost:${v4.port}/old`,
      `https://[::ffff:127.0.0.1]:${v4.port}/old`,
      `http://127.0.0.1:${v4.port}/old`,
      `https://[::1]:${v6.port}/old`,
    ]) {
      const { keys } = browserSubscription(endpoint).json;
      await w.t.database.pool.query(
        'insert into push_subscription (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
        [userId, endpoint, keys.p256dh, keys.auth],
      );
    }
    const test = await browser.json<Envelope<{ email: boolean; push: boolean }>>(
      '/api/v1/notifications/test',
      {
        method: 'POST',
      },
    );
    expect(test.status).toBe(200);
    expect(test.body.data.push).toBe(false);
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
    const refusals = w.t.logLines.filter(
      (line) => line.msg === 'Push endpoint refused by the outbound-request guard',
    );
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    // The endpoint is a capability URL: it is not in the log.
    expect(JSON.stringify(refusals)).not.toContain(String(v4.port));
  });
});

describe('push subscriptions are per user', () => {
  let w: AuthWorld;
  let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
    w = await createAuthWorld({ ...vapidEnv, NODE_ENV: 'test', OUTBOUND_ALLOW_PRIVATE: '127.0.0.1/32' });
  });
  afterAll(async () => {
    await w.close();
    await endpoint.close();
  });

  it('an endpoint saved by a second user does not take the first user’s subscription', async () => {
    const first = await signedInUser(w);
    const second = await signedInUser(w);
    const shared = browserSubscription(endpoint.url('/shared-browser'));
    const attacker = browserSubscription(endpoint.url('/shared-browser'));
    expect(
      (await first.browser.json('/api/v1/notifications/push/subscriptions', { body: shared.json })).status,
    ).toBe(201);
    expect(
      (await second.browser.json('/api/v1/notifications/push/subscriptions', { body: attacker.json })).status,
    ).toBe(201);

    const rows = await w.t.database.pool.query<{ user_id: string; p256dh: string }>(
      'select user_id, p256dh from push_subscription where endpoint = $1 order by created_at',
      [shared.json.endpoint],
    );
    expect(rows.rows).toEqual([
      { user_id: first.userId, p256dh: shared.json.keys.p256dh },
      { user_id: second.userId, p256dh: attacker.json.keys.p256dh },
    ]);

    // The second user removing "their" subscription leaves the first user's in place.
    await second.browser.json('/api/v1/notifications/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: shared.json.endpoint },
    });
    await first.browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { push_notifications: true },
    });
    const test = await first.browser.json<Envelope<{ push: boolean }>>('/api/v1/notifications/test', {
      method: 'POST',
    });
    expect(test.body.data.push).toBe(true);
    const [delivered] = endpoint.requests.filter((request) => request.path === '/shared-browser');
    // Encrypted for the first user's browser keys, not the second user's.
    expect(JSON.parse(shared.open(delivered?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: 'Test notification',
    });
  });
});
