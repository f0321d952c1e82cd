import { createHmac } from 'node:crypto';
import { webhookEndpoint } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { sealSecret } from '../secrets/secret-box';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import { until } from '../testing/server-process';
import { startWebhookReceiver, type ReceivedWebhook } from '../testing/webhook-receiver';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';
import {
  attemptWebhookDelivery,
  sweepWebhookDeliveries,
  webhooksIdle,
  type WebhookDeps,
} from '../webhooks/deliver';

/**
 * Webhooks against a receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE=true lets the server reach it): the
 * signature verifies with the secret shown once, 500s are retried on the backoff schedule, each event is
 * delivered successfully exactly once, and an endpoint that keeps failing is disabled with an email.
 * Without WEBHOOKS_ALLOW_PRIVATE every loopback, private and link-local address is refused, also when a
 * DNS name leads there.
 */

type Received = ReceivedWebhook;
const startReceiver = startWebhookReceiver;

let clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
let strict: AuthWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  w = await createAuthWorld(
    { WEBHOOKS_ALLOW_PRIVATE: 'true', RATE_LIMIT_MAX: '100000' },
    { now: () => clock },
  );
  strict = await createAuthWorld({}, { now: () => clock });
}, 60_000);
afterAll(async () => {
  await w.close();
  await strict.close();
  await receiver.close();
});

function deps(world: AuthWorld): WebhookDeps {
  return {
    db: world.t.database.db,
    logger: createLogger('silent'),
    now: () => clock,
    encryptionKey: world.t.config.secrets.encryptionKey,
    allowPrivate: world.t.config.webhooks.allowPrivate,
    publicUrl: world.t.config.publicUrl,
    mailer: world.t.mailer,
  };
}

type Endpoint = { id: string; url: string; events: string[]; enabled: boolean; secretPrefix: string };
type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  log: { status: number | null; error: string | null }[];
};

async function create(browser: TestBrowser, url: string, events = ['transactions.added']) {
  return browser.json<Envelope<{ endpoint: Endpoint; secret: string }>>('/api/v1/webhooks', {
    body: { url, events },
  });
}

async function deliveries(browser: TestBrowser, id: string): Promise<Delivery[]> {
  const response = await browser.json<Envelope<{ deliveries: Delivery[] }>>(
    `/api/v1/webhooks/${id}/deliveries`,
  );
  expect(response.status).toBe(200);
  return response.body.data.deliveries;
}

function verify(secret: string, received: Received): boolean {
  const header = String(received.headers['lodestar-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${received.body}`).digest('hex');
  return expected === match[2] && received.headers['lodestar-timestamp'] === match[1];
}

describe('registering endpoints', () => {
  it('shows the secret once, stores it sealed, validates events and allows five endpoints', async () => {
    const { browser, userId } = await signedInUser(w);
    const created = await create(browser, receiver.url);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { endpoint, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['transactions.added'], enabled: true });
    const listed = await browser.json<Envelope<{ endpoints: Endpoint[] }>>('/api/v1/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const stored = await w.t.database.pool.query<Record<string, string>>(
      'select * from webhook_endpoint where user_id = $1',
      [userId],
    );
    expect(JSON.stringify(stored.rows)).not.toContain(secret.slice(12));

    for (const events of [[], ['nope'], 'transactions.added']) {
      const bad = await browser.json('/api/v1/webhooks', { body: { url: receiver.url, events } });
      expect(bad.status).toBe(400);
    }
    for (let index = 0; index < 4; index += 1) expect((await create(browser, receiver.url)).status).toBe(201);
    const sixth = await create(browser, receiver.url);
    expect(sixth.status).toBe(409);
    expect((sixth.body as { error?: string }).error).toBe('You can have at most 5 webhook endpoints');
  });
});

describe('deliveries to a loopback receiver', () => {
  it('sends a test event whose signature verifies with the secret', async () => {
    const { browser } = await signedInUser(w);
    const { endpoint, secret } = (await create(browser, receiver.url)).body.data;
    const before = receiver.received.length;
    const sent = await browser.json<Envelope<{ eventId: string }>>(`/api/v1/webhooks/${endpoint.id}/test`, {
      method: 'POST',
      body: {},
    });
    expect(sent.status).toBe(202);
    await webhooksIdle();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0] as Received;
    expect(verify(secret, request)).toBe(true);
    expect(verify('whsec_someone-else', request)).toBe(false);
    // A changed body no longer verifies.
    expect(verify(secret, { ...request, body: request.body.replace('test', 'tost') })).toBe(false);
    const body = JSON.parse(request.body) as { id: string; type: string; data: unknown };
    expect(body).toMatchObject({ id: sent.body.data.eventId, type: 'webhook.test' });
    expect(request.headers['lodestar-event-id']).toBe(body.id);
    expect(request.headers['lodestar-event-type']).toBe('webhook.test');
    expect(request.headers['content-type']).toBe('application/json');
    const log = await deliveries(browser, endpoint.id);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
  });

  it('retries after 500s with exponential backoff and delivers each event successfully once', async () => {
    const { browser } = await signedInUser(w);
    const { endpoint } = (await create(browser, receiver.url)).body.data;
    const start = new Date('2026-11-20T15:00:00Z');
    clock = start;
    const before = receiver.received.length;
    receiver.state.statuses.push(500, 503);
    await browser.json(`/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', body: {} });
    await webhooksIdle();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const sweep = async (seconds: number) => {
      clock = at(seconds);
      await sweepWebhookDeliveries(deps(w));
      return receiver.received.length - before;
    };
    expect(receiver.received.length - before).toBe(1);
    // 30 s after the first failure, then 60 s after the second.
    expect(await sweep(29)).toBe(1);
    expect(await sweep(30)).toBe(2);
    expect(await sweep(89)).toBe(2);
    expect(await sweep(90)).toBe(3);
    // Delivered: nothing more is ever sent for it.
    expect(await sweep(3_600)).toBe(3);
    expect(await sweep(90_000)).toBe(3);
    const [delivery] = await deliveries(browser, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(delivery?.log.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
    const ids = new Set(receiver.received.slice(before).map((r) => r.headers['lodestar-event-id']));
    expect(ids.size).toBe(1);
    clock = new Date('2026-11-20T15:00:00Z');
  });

  it('two senders racing for one due delivery post it once', async () => {
    const { browser } = await signedInUser(w);
    const { endpoint } = (await create(browser, receiver.url)).body.data;
    receiver.state.statuses.push(500);
    await browser.json(`/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', body: {} });
    await webhooksIdle();
    const [delivery] = await deliveries(browser, endpoint.id);
    const before = receiver.received.length;
    clock = new Date(clock.getTime() + 60_000);
    const results = await Promise.all([
      attemptWebhookDelivery(deps(w), delivery?.id ?? ''),
      attemptWebhookDelivery(deps(w), delivery?.id ?? ''),
      attemptWebhookDelivery(deps(w), delivery?.id ?? ''),
    ]);
    expect(results.filter((result) => result === 'succeeded')).toHaveLength(1);
    expect(receiver.received.length - before).toBe(1);
    clock = new Date('2026-11-20T15:00:00Z');
  });

  it('gives a delivery up 24 hours after the event', async () => {
    const { browser } = await signedInUser(w);
    const { endpoint } = (await create(browser, receiver.url)).body.data;
    const start = new Date('2026-11-20T15:00:00Z');
    clock = start;
    receiver.state.fallback = 500;
    try {
      await browser.json(`/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', body: {} });
      await webhooksIdle();
      for (let minutes = 1; minutes <= 26 * 60; minutes += 1) {
        clock = new Date(start.getTime() + minutes * 60_000);
        await sweepWebhookDeliveries(deps(w));
      }
    } finally {
      receiver.state.fallback = 200;
      clock = new Date('2026-11-20T15:00:00Z');
    }
    const [delivery] = await deliveries(browser, endpoint.id);
    expect(delivery?.status).toBe('failed');
    // 30 s doubling up to 4 h: the first attempt and 13 retries fit in 24 hours.
    expect(delivery?.attempts).toBe(14);
  }, 120_000);

  it('disables an endpoint after 15 failures in a row and emails its owner once', async () => {
    const { browser, userId } = await signedInUser(w);
    const { endpoint } = (await create(browser, receiver.url)).body.data;
    receiver.state.fallback = 500;
    try {
      for (let index = 0; index < 16; index += 1) {
        await browser.json(`/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', body: {} });
        await webhooksIdle();
      }
    } finally {
      receiver.state.fallback = 200;
    }
    const listed =
      await browser.json<Envelope<{ endpoints: Endpoint[] & { disabledReason: string }[] }>>(
        '/api/v1/webhooks',
      );
    expect(listed.body.data.endpoints[0]).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled after 15 failed attempts in a row',
    });
    const emails = await w.t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where user_id = $1 and kind = 'webhook_disabled'`,
      [userId],
    );
    expect(emails.rows[0]?.n).toBe(1);
    // A disabled endpoint takes no test event until turned on again.
    const refused = await browser.json(`/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', body: {} });
    expect(refused.status).toBe(409);
    const on = await browser.json<Envelope<Endpoint>>(`/api/v1/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    });
    expect(on.body.data.enabled).toBe(true);
  });

  it('sends transactions.added after a sync to the endpoints subscribed to it', async () => {
    const { browser } = await signedInUser(w);
    const { endpoint } = (await create(browser, receiver.url, ['transactions.added'])).body.data;
    const other = (await create(browser, receiver.url, ['budget.passed'])).body.data.endpoint;
    const before = receiver.received.length;
    const connect = await browser.json('/api/v1/connections/demo', { body: {} });
    expect(connect.status).toBeLessThan(300);
    await waitForSync(browser);
    // The events are recorded once the sync has committed, just after its state reads done: wait for
    // every part of transactions.added to be queued, then for the deliveries to end.
    await until(async () => {
      const parts = await w.t.database.pool.query<{ n: number; parts: number }>(
        `select count(*)::int as n, max((body::jsonb -> 'data' ->> 'parts')::int) as parts
           from webhook_delivery where endpoint_id = $1 and event_type = 'transactions.added'`,
        [endpoint.id],
      );
      const row = parts.rows[0];
      return row && row.n > 0 && row.n === row.parts ? row : undefined;
    }, 'the sync to record its transactions.added events');
    await webhooksIdle();
    const got = receiver.received.slice(before).map(
      (r) =>
        JSON.parse(r.body) as {
          type: string;
          data: { count: number; total: number; part: number; parts: number; transactionIds: string[] };
        },
    );
    const added = got.filter((event) => event.type === 'transactions.added');
    // The demo's first sync adds more than one event holds: the ids come in parts of at most 1,000.
    expect(added.length).toBeGreaterThan(0);
    const ids = added.flatMap((event) => event.data.transactionIds);
    expect(new Set(ids).size).toBe(added[0]?.data.total);
    for (const event of added) {
      expect(event.data.parts).toBe(added.length);
      expect(event.data.count).toBe(event.data.transactionIds.length);
      expect(event.data.count).toBeLessThanOrEqual(1_000);
    }
    const stored = await w.t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from "transaction" where id = any($1::uuid[])',
      [ids],
    );
    expect(stored.rows[0]?.n).toBe(ids.length);
    expect((await deliveries(browser, endpoint.id)).map((d) => d.eventType)).toEqual(
      added.map(() => 'transactions.added'),
    );
    expect(await deliveries(browser, other.id)).toEqual([]);
  });
});

describe('server-side request forgery', () => {
  it('refuses loopback, private and link-local addresses and names leading to them', async () => {
    const { browser, userId } = await signedInUser(strict);
    const refused = [
      'https://127.0.0.1/hook',
      'https://127.1.2.3:8443/hook',
      'https://10.0.0.8/hook',
      'https://10.255.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      `https://localhost:${receiver.port}/hook`,
      'http://93.184.215.14/hook',
      'ftp://93.184.215.14/hook',
    ];
    for (const url of refused) {
      const response = await create(browser, url);
      expect(response.status, url).toBe(400);
    }
    const rows = await strict.t.database.pool.query('select 1 from webhook_endpoint where user_id = $1', [
      userId,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it('refuses at delivery time too: an endpoint whose name leads to loopback is never reached', async () => {
    const { browser, userId } = await signedInUser(strict);
    const sealed = sealSecret('whsec_test-secret', strict.t.config.secrets.encryptionKey);
    for (const url of [`https://localhost:${receiver.port}/hook`, `http://127.0.0.1:${receiver.port}/hook`]) {
      const [row] = await strict.t.database.db
        .insert(webhookEndpoint)
        .values({
          userId,
          url,
          events: ['transactions.added'],
          secretCiphertext: sealed.ciphertext,
          secretKeyId: sealed.keyId,
          secretPrefix: 'whsec_test-s',
        })
        .returning();
      const before = receiver.received.length;
      const sent = await browser.json(`/api/v1/webhooks/${row?.id}/test`, { method: 'POST', body: {} });
      expect(sent.status).toBe(202);
      await webhooksIdle();
      expect(receiver.received.length).toBe(before);
      const [delivery] = await deliveries(browser, row?.id ?? '');
      expect(delivery?.log[0]?.status).toBeNull();
      expect(delivery?.log[0]?.error).toMatch(/^Refused: /);
    }
  });
});
