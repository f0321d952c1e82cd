import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';

// Five API requests per day-long window: small enough to reach, and no window edge inside a test run.
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({
    RATE_LIMIT_MAX: '5',
    RATE_LIMIT_WINDOW_MS: '86400000',
    FEATURE_PUBLIC_API: 'true',
    // No mail: sign-up signs the new user in, so each sign-up is one request against the address.
    SMTP_URL: '',
  });
});
afterAll(async () => {
  await w.close();
});

let sequence = 0;
/** A new user signed up from `ip` (the sign-up itself counts against the address). */
async function signUpFrom(ip: string): Promise<TestBrowser> {
  sequence += 1;
  const browser = w.browser(ip);
  const result = await browser.json('/api/auth/sign-up/email', {
    body: {
      email: `nat${sequence}.${Date.now()}@example.com`,
      password: PASSWORD,
      name: 'Ada',
      termsAccepted: true,
    },
  });
  expect(result.status).toBe(200);
  return browser;
}

async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) seen.push((await send()).status);
  return seen;
}

describe('general rate limit', () => {
  it('gives each signed-in user behind one address a limit of their own', async () => {
    const first = await signUpFrom('203.0.113.7');
    const second = await signUpFrom('203.0.113.7');
    expect(await statuses(6, () => first.request('/api/v1/user'))).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await first.json<{ success: boolean; error: string; limit: number }>('/api/v1/user');
    expect(limited.body).toMatchObject({ success: false, limit: 5 });
    expect(limited.response.headers.get('retry-after')).not.toBeNull();
    // Same address, another person: not limited by the first one's use.
    expect(await statuses(5, () => second.request('/api/v1/user'))).toEqual([200, 200, 200, 200, 200]);
  });

  it('follows a signed-in user from one address to another', async () => {
    const person = await signUpFrom('203.0.113.20');
    expect(await statuses(5, () => person.request('/api/v1/user'))).toEqual([200, 200, 200, 200, 200]);
    const moved = await person.request('/api/v1/user', { headers: { 'x-forwarded-for': '203.0.113.21' } });
    expect(moved.status).toBe(429);
  });

  it('limits requests without a valid session per address, whatever cookie they send', async () => {
    const anonymous = w.browser('203.0.113.30');
    expect(await statuses(3, () => anonymous.request('/api/v1/health'))).toEqual([200, 200, 200]);
    const forged = await anonymous.request('/api/v1/user', {
      headers: { cookie: 'better-auth.session_token=forged.value' },
    });
    expect(forged.status).toBe(401);
    expect(await statuses(2, () => anonymous.request('/api/v1/user'))).toEqual([401, 429]);
    // Another address is counted on its own.
    expect((await w.browser('203.0.113.31').request('/api/v1/health')).status).toBe(200);
  });

  it('gives each API key its own limit, apart from its owner’s session', async () => {
    const owner = await signUpFrom('203.0.113.40');
    const created = await owner.json<{ data: { secret: string } }>('/api/v1/user/api-keys', {
      body: { name: 'script', scope: 'read' },
    });
    expect(created.status).toBe(201);
    const script = w.browser('203.0.113.40');
    const withKey = () =>
      script.request('/api/v1/accounts', {
        headers: { authorization: `Bearer ${created.body.data.secret}` },
      });
    expect(await statuses(6, withKey)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await owner.request('/api/v1/user')).status).toBe(200);

    // A key that is not valid counts against the address it comes from.
    const guesser = w.browser('203.0.113.41');
    const guess = () =>
      guesser.request('/api/v1/accounts', {
        headers: { authorization: `Bearer lsk_${'A'.repeat(32)}` },
      });
    expect(await statuses(6, guess)).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
