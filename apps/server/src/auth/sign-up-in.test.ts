import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';
import { firstLink } from '../testing/smtp-inbox';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type ErrorBody = { code?: string; message?: string };

describe('sign-up', () => {
  it('creates the account signed out (mail is configured) and emails a link that verifies it and signs in', async () => {
    const browser = w.browser();
    const email = `verify.${Date.now()}@example.com`;
    const answer = await browser.request('/api/auth/sign-up/email', {
      body: {
        email,
        password: PASSWORD,
        name: 'Ada Lovelace',
        termsAccepted: true,
        callbackURL: '/verify-email',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => line.includes('session_token='))).toBe(false);
    expect((await browser.json('/api/v1/user')).status).toBe(401);

    const mail = await w.inbox.waitFor(email, /Confirm your email/);
    expect(mail.html).toContain('Confirm email address');
    expect(mail.text).toContain('Hi Ada,');
    const link = new URL(firstLink(mail.text));
    expect(link.origin).toBe('http://localhost:3000');
    const visit = await browser.request(link.pathname + link.search);
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('/verify-email');
    const after = await browser.json<{ data: Record<string, unknown> }>('/api/v1/user');
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({
      email,
      fullName: 'Ada Lovelace',
      emailVerified: true,
      twoFactorEnabled: false,
    });
    const forged = await browser.request(`${link.pathname}?token=forged&callbackURL=/verify-email`);
    expect(forged.headers.get('location')).toMatch(/^\/verify-email\?error=/);
  });

  it('can sign in with the password before the address is verified', async () => {
    const { browser, status } = await w.signUp();
    expect(status).toBe(200);
    const me = await browser.json<{ data: Record<string, unknown> }>('/api/v1/user');
    expect(me.status).toBe(200);
    expect(me.body.data.emailVerified).toBe(false);
  });

  it('keeps the browser’s time zone sent with the sign-up as the time zone preference, and ignores a bad one', async () => {
    const tokyo = await w.signUp({ timeZone: 'Asia/Tokyo' });
    expect(tokyo.status).toBe(200);
    const preferences = await tokyo.browser.json<{ data: { time_zone: string } }>('/api/v1/user/preferences');
    expect(preferences.body.data.time_zone).toBe('Asia/Tokyo');
    const odd = await w.signUp({ timeZone: 'Mars/Olympus_Mons' });
    expect(odd.status).toBe(200);
    const fallback = await odd.browser.json<{ data: { time_zone: string } }>('/api/v1/user/preferences');
    expect(fallback.body.data.time_zone).toBe('America/New_York');
  });

  it('lower-cases and trims the email', async () => {
    const { browser, status } = await w.signUp({ email: '  Mixed.Case@Example.COM ' });
    expect(status).toBe(200);
    const me = await browser.json<{ data: { email: string } }>('/api/v1/user');
    expect(me.body.data.email).toBe('mixed.case@example.com');
  });

  it.each([
    [{ termsAccepted: false }, 'TERMS_NOT_ACCEPTED', 'Please accept the Terms of Service and Privacy Policy'],
    [
      { termsAccepted: undefined },
      'TERMS_NOT_ACCEPTED',
      'Please accept the Terms of Service and Privacy Policy',
    ],
    [{ password: 'short' }, 'PASSWORD_TOO_WEAK', 'Password must be at least 12 characters'],
    [
      { password: 'alllowercaseletters' },
      'PASSWORD_TOO_WEAK',
      'Include both uppercase and lowercase letters',
    ],
    [{ password: '' }, 'PASSWORD_TOO_WEAK', 'Password is required'],
    [
      { password: 'Password@123' },
      'PASSWORD_COMPROMISED',
      'This password has appeared in a data breach. Please choose a different, stronger password.',
    ],
    [{ email: 'not-an-email' }, 'INVALID_EMAIL', 'Invalid email format'],
    [{ email: `${'a'.repeat(250)}@x.io` }, 'INVALID_EMAIL', 'Email address is too long'],
    [{ name: 'A' }, 'INVALID_NAME', 'Name must be at least 2 characters'],
    [{ name: 'R2-D2' }, 'INVALID_NAME', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('refuses %o with %s', async (overrides, code, message) => {
    const { browser, status, body } = await w.signUp(overrides);
    expect(status).toBe(400);
    expect(body as ErrorBody).toMatchObject({ code, message });
    expect((await browser.json('/api/v1/user')).status).toBe(401);
  });

  it('answers a registered address exactly as a new one, emails its owner and writes nothing', async () => {
    const owner = await w.signUp();
    const before = await w.t.database.pool.query(
      `select (select count(*) from "user")::int as users, (select count(*) from session)::int as sessions,
              (select count(*) from auth_event)::int as events`,
    );
    const attempt = (email: string) =>
      w.browser().request('/api/auth/sign-up/email', {
        body: {
          email,
          password: 'Someone-Else-Entirely-42',
          name: 'Eve Mallory',
          termsAccepted: true,
          callbackURL: '/verify-email',
        },
      });
    const registered = await attempt(owner.email.toUpperCase());
    const fresh = await attempt(`fresh.${Date.now()}@example.com`);
    const shape = async (response: Response) => {
      const body = (await response.json()) as { token: unknown; user: Record<string, unknown> };
      const user = Object.fromEntries(
        Object.entries(body.user).map(([key, value]) => [key, key === 'email' ? 'x' : typeof value]),
      );
      return {
        status: response.status,
        token: body.token,
        user,
        cookies: response.headers.getSetCookie().length,
      };
    };
    expect(await shape(registered)).toEqual(await shape(fresh));
    expect(registered.status).toBe(200);

    const notice = await w.inbox.waitFor(owner.email, /Someone tried to create a Lodestar account/);
    expect(notice.text).toContain('no second account was created');
    expect(firstLink(notice.text)).toBe('http://localhost:3000/forgot-password');
    expect(notice.text).toContain('Sign in: http://localhost:3000/sign-in');
    const after = await w.t.database.pool.query(
      `select (select count(*) from "user")::int as users, (select count(*) from session)::int as sessions,
              (select count(*) from auth_event)::int as events`,
    );
    // One user and one sign-up event: the fresh address's; nothing for the registered one.
    expect(after.rows[0]).toEqual({
      users: before.rows[0].users + 1,
      sessions: before.rows[0].sessions,
      events: before.rows[0].events + 1,
    });
    const owners = await w.t.database.pool.query('select count(*)::int as n from "user" where email = $1', [
      owner.email,
    ]);
    expect(owners.rows[0].n).toBe(1);
    // The attempt's password does not open the owner's account.
    const signIn = await w.browser().json('/api/auth/sign-in/email', {
      body: { email: owner.email, password: 'Someone-Else-Entirely-42' },
    });
    expect(signIn.status).toBe(401);
  });
});

describe('sign-up without mail configured', () => {
  it('signs the new user in and tells a registered address it is taken (nobody could be emailed)', async () => {
    const local = await createAuthWorld({ SMTP_URL: '' });
    try {
      const first = await local.signUp();
      expect(first.status).toBe(200);
      expect((first.body as { token: unknown }).token).toEqual(expect.any(String));
      expect((await first.browser.json('/api/v1/user')).status).toBe(200);
      const again = await local.signUp({ email: first.email });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
      const rows = await local.t.database.pool.query(
        'select count(*)::int as n from "user" where email = $1',
        [first.email],
      );
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await local.close();
    }
  });
});

describe('sign-in', () => {
  it('signs in with the right password and records the event with address and browser', async () => {
    const { email } = await w.signUp();
    const browser = w.browser();
    const result = await browser.json<{ user: { id: string } }>('/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
    });
    expect(result.status).toBe(200);
    expect((await browser.json('/api/v1/user')).status).toBe(200);
    const events = await browser.json<{
      data: { events: { type: string; userAgent: string | null; ipAddress: string | null }[] };
    }>('/api/v1/user/audit-events');
    expect(events.body.data.events.map((event) => event.type)).toEqual(['sign_in', 'sign_in', 'sign_up']);
    expect(events.body.data.events[0]?.userAgent).toContain('Chrome');
    expect(events.body.data.events[0]?.ipAddress).toBeTruthy();
  });

  it('answers a wrong password and an unknown email the same way, and audits the failure', async () => {
    const { email, browser } = await w.signUp();
    const wrong = await w
      .browser()
      .json<ErrorBody>('/api/auth/sign-in/email', { body: { email, password: 'Wrong-Password-123' } });
    const unknown = await w.browser().json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: 'nobody@example.com', password: 'Wrong-Password-123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    const events = await browser.json<{ data: { events: { type: string }[] } }>('/api/v1/user/audit-events');
    expect(events.body.data.events[0]?.type).toBe('sign_in_failed');
  });

  it('sets the session in an HttpOnly, SameSite=Lax cookie without Secure on http', async () => {
    const { email } = await w.signUp();
    const response = await w
      .browser()
      .request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('lodestar.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('refuses a cross-site sign-in attempt (CSRF)', async () => {
    const { email } = await w.signUp();
    const response = await w.browser().request('/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const form = await w.browser().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' },
    });
    expect([403, 415]).toContain(form.status);
  });

  it('signs out', async () => {
    const { browser } = await w.signUp();
    expect((await browser.json('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    expect((await browser.json('/api/v1/user')).status).toBe(401);
  });
});

describe('signed-out access', () => {
  it.each([
    ['GET', '/api/v1/user'],
    ['GET', '/api/v1/user/stats'],
    ['GET', '/api/v1/user/mfa/factors'],
    ['POST', '/api/v1/user/mfa/enroll'],
    ['GET', '/api/v1/user/sessions'],
    ['DELETE', '/api/v1/user/delete'],
  ])('%s %s answers 401 in the envelope', async (method, path) => {
    const result = await w.browser().json(path, { method });
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({
      success: false,
      error: 'Authentication required',
      code: 'UNAUTHORIZED',
    });
  });
});

describe('secure cookies behind https', () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await createAuthWorld({ PUBLIC_URL: 'https://money.example.org' });
    try {
      const { email } = await secure.signUp();
      const response = await secure
        .browser()
        .request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token='));
      expect(cookie).toMatch(/^__Secure-lodestar\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
