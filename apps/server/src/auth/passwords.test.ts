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

const NEW_PASSWORD = 'Brand-New-Secret-2027!';
type ErrorBody = { code?: string; message?: string };

describe('change password', () => {
  it('refuses a wrong current password, a weak or breached new one, and writes nothing', async () => {
    const { browser, email } = await w.signUp();
    const wrong = await browser.json<ErrorBody>('/api/auth/change-password', {
      body: { currentPassword: 'Not-My-Password-1!', newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    const weak = await browser.json<ErrorBody>('/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'alllowercase-but-long1', revokeOtherSessions: true },
    });
    expect(weak.body).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      message: 'Password must contain at least one uppercase letter',
    });
    const breached = await browser.json<ErrorBody>('/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'Password@123', revokeOtherSessions: true },
    });
    expect(breached.body.code).toBe('PASSWORD_COMPROMISED');
    const still = await w.browser().json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    expect(still.status).toBe(200);
  });

  it('changes it, signs other devices out, keeps this one, and records the event', async () => {
    const { browser, email } = await w.signUp();
    const other = w.browser();
    await other.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    expect((await other.json('/api/v1/user')).status).toBe(200);
    const changed = await browser.json('/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await browser.json('/api/v1/user')).status).toBe(200);
    expect((await other.json('/api/v1/user')).status).toBe(401);
    expect(
      (await w.browser().json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await w.browser().json('/api/auth/sign-in/email', { body: { email, password: NEW_PASSWORD } })).status,
    ).toBe(200);
    const events = await browser.json<{ data: { events: { type: string }[] } }>('/api/v1/user/audit-events');
    expect(events.body.data.events.map((event) => event.type)).toContain('password_changed');
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown addresses and sends nothing to them', async () => {
    const unknown = await w.browser().json('/api/auth/request-password-reset', {
      body: { email: 'ghost@example.com', redirectTo: '/reset-password' },
    });
    expect(unknown.status).toBe(200);
    const { email } = await w.signUp();
    const known = await w
      .browser()
      .json('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await w.inbox.waitFor(email, /Reset your Lodestar password/);
    await w.t.mailer.drain();
    expect(w.inbox.count('ghost@example.com', /.*/)).toBe(0);
  });

  it('resets through the emailed link once, revoking every session', async () => {
    const { browser, email } = await w.signUp();
    const visitor = w.browser();
    await visitor.json('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    const mail = await w.inbox.waitFor(email, /Reset your Lodestar password/);
    expect(mail.text).toContain('expires in 1 hour');
    const link = new URL(firstLink(mail.text));
    const landing = await visitor.request(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await visitor.json<ErrorBody>('/api/auth/reset-password', {
      body: { newPassword: 'weakpassword12', token },
    });
    expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');
    const reset = await visitor.json('/api/auth/reset-password', {
      body: { newPassword: NEW_PASSWORD, token },
    });
    expect(reset.status).toBe(200);
    expect((await browser.json('/api/v1/user')).status).toBe(401);
    const again = await visitor.json<ErrorBody>('/api/auth/reset-password', {
      body: { newPassword: 'Yet-Another-Secret-88!', token },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const signIn = w.browser();
    expect(
      (await signIn.json('/api/auth/sign-in/email', { body: { email, password: NEW_PASSWORD } })).status,
    ).toBe(200);
    const events = await signIn.json<{ data: { events: { type: string }[] } }>('/api/v1/user/audit-events');
    expect(events.body.data.events.map((event) => event.type)).toContain('password_reset');
  });

  it('refuses a link older than an hour', async () => {
    const { email } = await w.signUp();
    const visitor = w.browser();
    await visitor.json('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    const mail = await w.inbox.waitFor(email, /Reset your Lodestar password/);
    const token = new URL(firstLink(mail.text)).pathname.split('/').pop();
    await w.t.database.pool.query(
      "update verification set expires_at = now() - interval '1 second' where identifier = $1",
      [`reset-password:${token}`],
    );
    const expired = await visitor.json<ErrorBody>('/api/auth/reset-password', {
      body: { newPassword: NEW_PASSWORD, token },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_TOKEN');
    const lifetime = await w.t.database.pool.query<{ seconds: number }>(
      "select extract(epoch from expires_at - created_at)::int as seconds from verification where identifier like 'reset-password:%' order by created_at desc limit 1",
    );
    expect(lifetime.rows[0]?.seconds).toBeLessThanOrEqual(3600);
  });
});
