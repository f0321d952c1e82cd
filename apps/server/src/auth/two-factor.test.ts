import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from './auth-http';
import {
  awayFromWindowEdge,
  createAuthWorld,
  enableTwoFactor,
  PASSWORD,
  totpCode,
  type AuthWorld,
} from '../testing/auth-fixtures';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};

describe('enrolment', () => {
  it('returns a factor id, an otpauth URI and the manual code, and lists the factor as unverified', async () => {
    const { browser, email } = await w.signUp();
    const enroll = await browser.json<Envelope<{ factorId: string; uri: string; secret: string }>>(
      '/api/v1/user/mfa/enroll',
      { method: 'POST' },
    );
    expect(enroll.status).toBe(200);
    const uri = new URL(enroll.body.data.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(uri.searchParams.get('issuer')).toBe('Lodestar');
    expect(enroll.body.data.secret).toMatch(/^[A-Z2-7]+=*$/);
    const factors =
      await browser.json<Envelope<{ factors: { id: string; status: string; type: string }[] }>>(
        '/api/v1/user/mfa/factors',
      );
    expect(factors.body.data.factors).toEqual([
      expect.objectContaining({ id: enroll.body.data.factorId, type: 'totp', status: 'unverified' }),
    ]);
    const me = await browser.json<Envelope<{ twoFactorEnabled: boolean }>>('/api/v1/user');
    expect(me.body.data.twoFactorEnabled).toBe(false);
  });

  it('keeps 2FA off after a wrong code and says so', async () => {
    const { browser } = await w.signUp();
    const enroll = await browser.json<Envelope<{ factorId: string; secret: string }>>(
      '/api/v1/user/mfa/enroll',
      { method: 'POST' },
    );
    const wrong = await browser.json<Envelope<unknown>>('/api/v1/user/mfa/verify', {
      body: { factorId: enroll.body.data.factorId, code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.items?.[0]).toMatchObject({ field: 'code', message: 'Invalid verification code' });
    const short = await browser.json<Envelope<unknown>>('/api/v1/user/mfa/verify', {
      body: { factorId: enroll.body.data.factorId, code: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.items?.[0]?.message).toBe('Please enter a 6-digit code');
    const me = await browser.json<Envelope<{ twoFactorEnabled: boolean }>>('/api/v1/user');
    expect(me.body.data.twoFactorEnabled).toBe(false);
  });

  it('turns 2FA on with a right code, returns 10 recovery codes once, and refuses a second enrolment', async () => {
    const { browser } = await w.signUp();
    const { recoveryCodes } = await enableTwoFactor(browser);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Enabling rotated the session; the browser kept the new cookie.
    const me = await browser.json<Envelope<{ twoFactorEnabled: boolean }>>('/api/v1/user');
    expect(me.body.data.twoFactorEnabled).toBe(true);
    const again = await browser.json<Envelope<unknown>>('/api/v1/user/mfa/enroll', { method: 'POST' });
    expect(again.status).toBe(409);
    const events = await browser.json<Envelope<{ events: { type: string }[] }>>('/api/v1/user/audit-events');
    expect(events.body.data.events[0]?.type).toBe('two_factor_enabled');
  });
});

describe('sign-in with a second factor', () => {
  it('needs the TOTP code; a wrong one fails; a right one signs in', async () => {
    const { browser, email } = await w.signUp();
    const { secret } = await enableTwoFactor(browser);
    const fresh = w.browser();
    const first = await fresh.json<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
    });
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await fresh.json('/api/v1/user')).status).toBe(401);
    const wrong = await fresh.json<{ code: string }>('/api/auth/two-factor/verify-totp', {
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');
    const right = await fresh.json('/api/auth/two-factor/verify-totp', {
      body: { code: await totpCode(secret) },
    });
    expect(right.status).toBe(200);
    expect((await fresh.json('/api/v1/user')).status).toBe(200);
    const events = await fresh.json<Envelope<{ events: { type: string }[] }>>('/api/v1/user/audit-events');
    expect(events.body.data.events.slice(0, 2).map((event) => event.type)).toEqual([
      'sign_in',
      'two_factor_failed',
    ]);
  });

  it('accepts each recovery code exactly once', async () => {
    const { browser, email } = await w.signUp();
    const { recoveryCodes } = await enableTwoFactor(browser);
    const code = recoveryCodes[3] ?? '';
    const once = w.browser();
    await once.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const used = await once.json('/api/auth/two-factor/verify-backup-code', { body: { code } });
    expect(used.status).toBe(200);
    expect((await once.json('/api/v1/user')).status).toBe(200);

    const twice = w.browser();
    await twice.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const reused = await twice.json('/api/auth/two-factor/verify-backup-code', { body: { code } });
    expect(reused.status).toBe(401);
    expect((await twice.json('/api/v1/user')).status).toBe(401);
    const other = await twice.json('/api/auth/two-factor/verify-backup-code', {
      body: { code: recoveryCodes[4] },
    });
    expect(other.status).toBe(200);
    const events = await twice.json<Envelope<{ events: { type: string }[] }>>('/api/v1/user/audit-events');
    expect(events.body.data.events.map((event) => event.type)).toContain('recovery_code_used');
  });

  it('stops guessing after five wrong codes for one sign-in attempt', { timeout: 60_000 }, async () => {
    const { browser, email } = await w.signUp();
    await enableTwoFactor(browser);
    await awayFromWindowEdge(AUTH_RATE_LIMITS.twoFactorPerAttempt.windowMs);
    const guesser = w.browser();
    await guesser.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push(
        (await guesser.json('/api/auth/two-factor/verify-totp', { body: { code: String(100000 + attempt) } }))
          .status,
      );
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('disabling', () => {
  it('needs the password confirmed first, then removes the factor', async () => {
    const { browser, email } = await w.signUp();
    const { factorId } = await enableTwoFactor(browser);
    const unconfirmed = await browser.json<Envelope<unknown>>('/api/v1/user/mfa/unenroll', {
      body: { factorId },
    });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error).toBe('Please verify it is you first');

    const wrong = await browser.json<Envelope<{ valid: boolean }>>('/api/v1/user/verify-password', {
      body: { password: 'Not-The-Password-1' },
    });
    expect(wrong.body.data.valid).toBe(false);
    expect((await browser.json('/api/v1/user/mfa/unenroll', { body: { factorId } })).status).toBe(403);

    const blank = await browser.json<Envelope<unknown>>('/api/v1/user/verify-password', {
      body: { password: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.items?.[0]?.message).toBe('Please enter your password');

    const right = await browser.json<Envelope<{ valid: boolean }>>('/api/v1/user/verify-password', {
      body: { password: PASSWORD },
    });
    expect(right.body.data.valid).toBe(true);
    const removed = await browser.json<Envelope<{ factorId: string }>>('/api/v1/user/mfa/unenroll', {
      body: { factorId },
    });
    expect(removed.status).toBe(200);
    const factors = await browser.json<Envelope<{ factors: unknown[] }>>('/api/v1/user/mfa/factors');
    expect(factors.body.data.factors).toEqual([]);

    const signIn = await w
      .browser()
      .json<{ twoFactorRedirect?: boolean; user?: unknown }>('/api/auth/sign-in/email', {
        body: { email, password: PASSWORD },
      });
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect(signIn.body.user).toBeDefined();
  });

  it("cannot remove another user's factor", async () => {
    const owner = await w.signUp();
    const { factorId } = await enableTwoFactor(owner.browser);
    const other = await w.signUp();
    await other.browser.json('/api/v1/user/verify-password', { body: { password: PASSWORD } });
    const attempt = await other.browser.json('/api/v1/user/mfa/unenroll', { body: { factorId } });
    expect(attempt.status).toBe(404);
    const factors = await owner.browser.json<Envelope<{ factors: unknown[] }>>('/api/v1/user/mfa/factors');
    expect(factors.body.data.factors).toHaveLength(1);
  });
});
