import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAccounts } from '@lodestar/db';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../../testing/auth-fixtures';
import { createBrowser, type TestBrowser } from '../../testing/browser';
import { createMemoryRateLimitStore } from '../../http/rate-limit';
import {
  startFakeStripe,
  STRIPE_TEST_ENV,
  subscriptionObject,
  type FakeStripe,
} from '../../testing/fake-stripe';
import { signedInUser } from '../transactions/test-fixtures';

/**
 * The limits hook with billing on (docs/billing.md): a free-tier user is held to the tier's accounts and
 * features with 403 UPGRADE_REQUIRED and nothing written; upgrading through Checkout lifts them; a
 * downgrade deletes nothing; API keys count against the plan's calls per day (429 with reset).
 */

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  code?: string;
  reset?: number;
  limit?: number;
};

let w: AuthWorld;
let fake: FakeStripe;
const store = createMemoryRateLimitStore();

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await createAuthWorld(
    {
      ...STRIPE_TEST_ENV,
      STRIPE_API_URL: fake.url,
      OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
      FEATURE_PUBLIC_API: 'true',
      RATE_LIMIT_MAX: '100000',
    },
    { deps: { rateLimitStore: store } },
  );
  fake.deliverTo(async (payload, signature) => {
    const response = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status };
  });
});
afterAll(async () => {
  await w?.close();
  await fake?.close();
});

async function upgrade(browser: TestBrowser) {
  const checkout = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', { body: {} });
  expect(checkout.status).toBe(200);
  const paid = await fetch(checkout.body.data.url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

const addManual = (browser: TestBrowser, name: string) =>
  browser.json<Envelope<unknown>>('/api/v1/accounts', {
    body: { name, type: 'other', currency: 'USD', balance: 10 },
  });

describe('with billing on', () => {
  it('holds a free user to 3 accounts with an upgrade prompt and nothing written; Pro lifts it', async () => {
    const { browser, userId } = await signedInUser(w);
    for (const name of ['One', 'Two', 'Three']) expect((await addManual(browser, name)).status).toBe(201);
    const refused = await addManual(browser, 'Four');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      error: 'Your plan allows 3 accounts. Remove an account or upgrade to add more.',
    });
    expect(await countAccounts(w.t.database.db, userId)).toBe(3);
    const demo = await browser.json<Envelope<unknown>>('/api/v1/connections/demo', { body: {} });
    expect(demo.status).toBe(403);
    expect(demo.body.code).toBe('UPGRADE_REQUIRED');
    expect(await countAccounts(w.t.database.db, userId)).toBe(3);

    await upgrade(browser);
    expect((await addManual(browser, 'Four')).status).toBe(201);
    expect(await countAccounts(w.t.database.db, userId)).toBe(4);
  });

  it('gates export and API keys to Pro; a downgrade keeps the data and closes the features again', async () => {
    const { browser, userId } = await signedInUser(w);
    for (const path of ['/api/v1/user/export', '/api/v1/user/export/transactions.csv']) {
      const refused = await browser.json<Envelope<unknown>>(path);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('UPGRADE_REQUIRED');
    }
    const noKey = await browser.json<Envelope<unknown>>('/api/v1/user/api-keys', {
      body: { name: 'Script', scope: 'read' },
    });
    expect(noKey.status).toBe(403);
    expect(noKey.body).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      error: 'The public API is part of the Pro plan. Upgrade to create and use keys.',
    });

    await upgrade(browser);
    expect((await browser.request('/api/v1/user/export/transactions.csv')).status).toBe(200);
    for (const name of ['A', 'B', 'C', 'D', 'E']) expect((await addManual(browser, name)).status).toBe(201);
    const created = await browser.json<Envelope<{ secret: string }>>('/api/v1/user/api-keys', {
      body: { name: 'Script', scope: 'read' },
    });
    expect(created.status).toBe(201);
    const client = createBrowser(w.t.app, ORIGIN, { authorization: `Bearer ${created.body.data.secret}` });
    expect((await client.json('/api/v1/accounts')).status).toBe(200);
    const usage =
      await browser.json<Envelope<{ usage: { apiCallsToday: { used: number; limit: number } } }>>(
        '/api/v1/billing',
      );
    expect(usage.body.data.usage.apiCallsToday).toMatchObject({ used: 1, limit: 10_000 });

    // The subscription ends: back on the free tier, with every account kept.
    const customer = [...fake.subscriptions.values()].find((sub) => sub.metadata.userId === userId)!;
    await fake.send('customer.subscription.deleted', subscriptionObject({ ...customer, status: 'canceled' }));
    expect(await countAccounts(w.t.database.db, userId)).toBe(5);
    const list = await browser.json<Envelope<{ accounts: unknown[] }>>('/api/v1/accounts');
    expect(list.status).toBe(200);
    expect((await addManual(browser, 'F')).status).toBe(403);
    const keyCall = await client.json<Envelope<unknown>>('/api/v1/accounts');
    expect(keyCall.status).toBe(403);
    expect(keyCall.body.code).toBe('UPGRADE_REQUIRED');
  });

  it('answers 429 with the reset once the day’s API calls are used', async () => {
    const { browser, userId } = await signedInUser(w);
    await upgrade(browser);
    const created = await browser.json<Envelope<{ secret: string }>>('/api/v1/user/api-keys', {
      body: { name: 'Busy script', scope: 'read' },
    });
    const client = createBrowser(w.t.app, ORIGIN, { authorization: `Bearer ${created.body.data.secret}` });
    const now = Date.now();
    for (let index = 0; index < 9_999; index += 1) await store.hit(`api-calls:${userId}`, 86_400_000, now);
    expect((await client.json('/api/v1/accounts')).status).toBe(200);
    const limited = await client.json<Envelope<unknown>>('/api/v1/accounts');
    expect(limited.status).toBe(429);
    const midnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + 1,
    );
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', limit: 10_000, reset: midnight });
    expect(limited.body.error).toBe(
      'Your plan allows 10,000 API calls a day. The count resets at midnight UTC.',
    );
    // The session is not an API key: the app itself is never counted.
    expect((await browser.json('/api/v1/accounts')).status).toBe(200);
  });
});
