import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeStoredPreferences } from '@lodestar/db';
import { generateVapidKeys } from '../config/secrets-file';
import { createMailer } from '../email/mailer';
import { createBackground } from '../jobs/handlers';
import { createLogger } from '../logger';
import { browserSubscription, startPushEndpoint } from '../notifications/push-endpoint';
import { CLOCK, secondInstance, seedEveryKind, SUBJECTS } from '../notifications/test-fixtures';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

const vapid = generateVapidKeys();
let w: AuthWorld;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
  w = await createAuthWorld(
    {
      NODE_ENV: 'test',
      // The stand-in push service listens on 127.0.0.1, which push endpoints may not reach by default.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      VAPID_PUBLIC_KEY: vapid.vapidPublicKey,
      VAPID_PRIVATE_KEY: vapid.vapidPrivateKey,
      VAPID_SUBJECT: 'mailto:ops@lodestar.test',
    },
    { now: () => CLOCK },
  );
});
afterAll(async () => {
  await w.close();
  await endpoint.close();
});

type Payload = { title: string; body: string; url: string };

describe('Web Push subscriptions', () => {
  it('answers the VAPID public key without a session', async () => {
    const answer = await w
      .browser()
      .json<Envelope<{ publicKey: string }>>('/api/v1/notifications/push/public-key');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ publicKey: vapid.vapidPublicKey });
  });

  it('refuses subscriptions that are not a push service’s, or without a session', async () => {
    const { browser } = await signedInUser(w);
    const good = browserSubscription(endpoint.url('/refused')).json;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'ftp://push.example/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example/abc' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'not base64 !' } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const answer = await browser.json<Envelope<unknown>>('/api/v1/notifications/push/subscriptions', {
        body,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.items?.map((item) => item.field)).toContain(field);
    }
    const anonymous = await w.browser().json('/api/v1/notifications/push/subscriptions', { body: good });
    expect(anonymous.status).toBe(401);
    const stored = await w.t.database.pool.query('select 1 from push_subscription where endpoint = $1', [
      good.endpoint,
    ]);
    expect(stored.rowCount).toBe(0);
  });

  it('sends a test push signed with VAPID and encrypted (aes128gcm) for the browser’s keys', async () => {
    const { browser, userId } = await signedInUser(w);
    const subscription = browserSubscription(endpoint.url(`/push/${userId}`));
    const saved = await browser.json('/api/v1/notifications/push/subscriptions', { body: subscription.json });
    expect(saved.status).toBe(201);
    await browser.json('/api/v1/user/preferences', { method: 'PATCH', body: { push_notifications: true } });

    const test = await browser.json<Envelope<{ email: boolean; push: boolean }>>(
      '/api/v1/notifications/test',
      {
        method: 'POST',
      },
    );
    expect(test.status).toBe(200);
    expect(test.body.data).toEqual({ email: true, push: true });

    const received = endpoint.requests.filter((request) => request.path === `/push/${userId}`);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(request?.headers.authorization).toContain(`k=${vapid.vapidPublicKey}`);
    const payload = JSON.parse(subscription.open(request?.body ?? Buffer.alloc(0))) as Payload;
    expect(payload).toEqual({
      title: 'Test notification',
      body: 'Notifications from Lodestar reach you here.',
      url: 'http://localhost:3000/settings/notifications',
    });
    const me = await browser.json<Envelope<{ email: string }>>('/api/v1/user');
    await w.inbox.waitFor(me.body.data.email, /^Test notification$/);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const { browser, userId } = await signedInUser(w);
    const path = `/gone/${userId}`;
    endpoint.answer(path, 410);
    await browser.json('/api/v1/notifications/push/subscriptions', {
      body: browserSubscription(endpoint.url(path)).json,
    });
    await browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { push_notifications: true, email_notifications: false },
    });
    const test = await browser.json<Envelope<{ email: boolean; push: boolean }>>(
      '/api/v1/notifications/test',
      {
        method: 'POST',
      },
    );
    expect(test.body.data).toEqual({ email: false, push: false });
    expect(endpoint.requests.filter((request) => request.path === path)).toHaveLength(1);
    const left = await w.t.database.pool.query('select 1 from push_subscription where user_id = $1', [
      userId,
    ]);
    expect(left.rowCount).toBe(0);
  });

  it('removes a subscription on request', async () => {
    const { browser, userId } = await signedInUser(w);
    const json = browserSubscription(endpoint.url(`/removed/${userId}`)).json;
    await browser.json('/api/v1/notifications/push/subscriptions', { body: json });
    const removed = await browser.json<Envelope<{ removed: boolean }>>(
      '/api/v1/notifications/push/subscriptions',
      {
        method: 'DELETE',
        body: { endpoint: json.endpoint },
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true });
    const left = await w.t.database.pool.query('select 1 from push_subscription where user_id = $1', [
      userId,
    ]);
    expect(left.rowCount).toBe(0);
  });
});

describe('notifications by push', () => {
  it('pushes every kind once per period, the same notifications as the emails', async () => {
    const { browser, userId } = await signedInUser(w);
    await seedEveryKind(w.t.database.db, userId);
    const subscription = browserSubscription(endpoint.url(`/job/${userId}`));
    await browser.json('/api/v1/notifications/push/subscriptions', { body: subscription.json });
    await mergeStoredPreferences(w.t.database.db, userId, {
      push_notifications: true,
      email_notifications: false,
    });

    const instance = secondInstance(w, () => CLOCK);
    try {
      await instance.notifier.runForUser(userId);
      await Promise.all([instance.notifier.runForUser(userId), instance.notifier.runForUser(userId)]);
    } finally {
      await instance.close();
    }
    const titles = endpoint.requests
      .filter((request) => request.path === `/job/${userId}`)
      .map((request) => (JSON.parse(subscription.open(request.body)) as Payload).title);
    expect(titles).toHaveLength(Object.keys(SUBJECTS).length);
    for (const subject of Object.values(SUBJECTS))
      expect(titles.some((title) => subject.test(title))).toBe(true);
  });
});

describe('notification email headers', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post on every kind but security alerts', async () => {
    const headers = new Map<string, { unsubscribe: unknown; post: unknown }>();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            // The raw lines: the parsed `headers` fold every List-* header into one object.
            const line = (key: string) =>
              mail.headerLines.find((header) => header.key === key)?.line.replace(/\r?\n\s+/g, ' ');
            headers.set(mail.subject ?? '', {
              unsubscribe: line('list-unsubscribe'),
              post: line('list-unsubscribe-post'),
            });
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const logger = createLogger('silent');
    const mailer = createMailer({
      db: w.t.database.db,
      logger,
      from: 'Lodestar <no-reply@lodestar.test>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      resendApiKey: undefined,
    });
    try {
      const { userId } = await signedInUser(w);
      await seedEveryKind(w.t.database.db, userId);
      const background = createBackground({
        db: w.t.database.db,
        config: w.t.config,
        logger,
        mailer,
        now: () => CLOCK,
        instanceId: w.t.instanceId,
      });
      await background.notifier.runForUser(userId);
      await mailer.drain();
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(headers.size).toBe(Object.keys(SUBJECTS).length);
    for (const [subject, header] of headers) {
      if (SUBJECTS.security_alert.test(subject)) {
        expect(header).toEqual({ unsubscribe: undefined, post: undefined });
      } else {
        expect(header.post, subject).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(header.unsubscribe, subject).toMatch(
          /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?token=[\w.%-]+>$/,
        );
      }
    }
  });
});
