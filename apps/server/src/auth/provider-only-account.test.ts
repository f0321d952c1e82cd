import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthWorld,
  enableTwoFactor,
  PASSWORD,
  totpCode,
  type AuthWorld,
} from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeOidc, type FakeIdentity, type FakeOidc } from '../testing/fake-oidc';
import { providerCallback, SIGN_UP, startProviderFlow } from '../testing/provider-flow';

/**
 * An account that signs in only through a provider has no password to re-enter (ADR 049): a recent
 * sign-in is what confirms setting its first password and turning two-factor authentication off.
 */

type Envelope<T> = { success: boolean; data: T; error?: string; code?: string };

let idp: FakeOidc;
let w: AuthWorld;
let sequence = 0;

function person(): FakeIdentity {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return { sub: `subject-${tag}`, email: `only.${tag}@example.com`, emailVerified: true };
}

async function throughProvider(browser: TestBrowser, who: FakeIdentity, body: Record<string, unknown> = {}) {
  idp.signInAs(who);
  const answer = await fetch(await startProviderFlow(browser, 'oidc', body), { redirect: 'manual' });
  return providerCallback(browser, new URL(answer.headers.get('location') ?? ''));
}

/** A provider-only account, signed in in the browser returned. */
async function providerOnlyAccount() {
  const who = person();
  const browser = w.browser();
  expect(await throughProvider(browser, who, SIGN_UP)).toBe('/dashboard');
  return { who, browser };
}

/** Makes this browser's session look as if it began `minutes` ago. */
async function ageSession(browser: TestBrowser, minutes: number) {
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  await w.t.database.pool.query(
    `update session set created_at = now() - make_interval(mins => $2) where user_id = $1`,
    [me.body.data.id, minutes],
  );
}

async function identities(browser: TestBrowser) {
  return (
    await browser.json<Envelope<{ hasPassword: boolean; signedInRecently: boolean }>>(
      '/api/v1/user/identities',
    )
  ).body.data;
}

async function eventTypes(browser: TestBrowser): Promise<string[]> {
  const events = await browser.json<Envelope<{ events: { type: string }[] }>>('/api/v1/user/audit-events');
  return events.body.data.events.map((event) => event.type);
}

beforeAll(async () => {
  idp = await startFakeOidc();
  w = await createAuthWorld({
    OIDC_ISSUER_URL: idp.issuerUrl,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_BUTTON_LABEL: 'Pocket ID',
  });
}, 60_000);
afterAll(async () => {
  await w.close();
  await idp.close();
});

describe('setting a first password', () => {
  it('gives a provider-only account a password it can then sign in with', async () => {
    const { who, browser } = await providerOnlyAccount();
    expect(await identities(browser)).toMatchObject({ hasPassword: false, signedInRecently: true });
    const set = await browser.json<Envelope<{ hasPassword: boolean }>>('/api/v1/user/set-password', {
      body: { newPassword: PASSWORD },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ hasPassword: true });
    expect((await identities(browser)).hasPassword).toBe(true);
    expect((await eventTypes(browser))[0]).toBe('password_changed');
    const elsewhere = w.browser();
    const signIn = await elsewhere.json('/api/auth/sign-in/email', {
      body: { email: who.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    // The password is better-auth's own hash, never the password itself.
    const stored = await w.t.database.pool.query(
      `select password from account where provider_id = 'credential' and user_id =
         (select id from "user" where email = $1)`,
      [who.email],
    );
    expect(stored.rows[0]?.password).toMatch(/\S/);
    expect(stored.rows[0]?.password).not.toContain(PASSWORD);
  });

  it('asks for a recent sign-in, and accepts one through the provider', async () => {
    const { who, browser } = await providerOnlyAccount();
    await ageSession(browser, 10);
    expect((await identities(browser)).signedInRecently).toBe(false);
    const refused = await browser.json<Envelope<unknown>>('/api/v1/user/set-password', {
      body: { newPassword: PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Please sign in again to confirm it is you');
    expect((await identities(browser)).hasPassword).toBe(false);
    // Signing in again through the provider starts a new, recent session.
    expect(await throughProvider(browser, who)).toBe('/dashboard');
    expect((await identities(browser)).signedInRecently).toBe(true);
    const set = await browser.json('/api/v1/user/set-password', { body: { newPassword: PASSWORD } });
    expect(set.status).toBe(200);
  });

  it('checks the password rules and writes nothing when they fail', async () => {
    const { browser } = await providerOnlyAccount();
    const weak = await browser.json<Envelope<unknown>>('/api/v1/user/set-password', {
      body: { newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    // A well-known password, refused by better-auth's own call through our breached-password check.
    const breached = await browser.json<Envelope<unknown> & { details?: unknown }>(
      '/api/v1/user/set-password',
      {
        body: { newPassword: 'Password@123' },
      },
    );
    expect(breached.status).toBe(400);
    expect(JSON.stringify(breached.body)).toContain('PASSWORD_COMPROMISED');
    expect((await identities(browser)).hasPassword).toBe(false);
    const missing = await browser.json('/api/v1/user/set-password', { body: {} });
    expect(missing.status).toBe(400);
  });

  it('refuses an account that already has a password (it changes it instead)', async () => {
    const { browser } = await w.signUp();
    const refused = await browser.json<Envelope<unknown>>('/api/v1/user/set-password', {
      body: { newPassword: 'Another-Horse-Battery-7' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Your account can already sign in with its email address');
    const signedOut = await w.browser().json('/api/v1/user/set-password', {
      body: { newPassword: PASSWORD },
    });
    expect(signedOut.status).toBe(401);
  });
});

describe('two-factor authentication without a password', () => {
  it('turns on, and off again after a recent sign-in', async () => {
    const { who, browser } = await providerOnlyAccount();
    const { factorId, secret } = await enableTwoFactor(browser);
    expect(
      (await browser.json<Envelope<{ twoFactorEnabled: boolean }>>('/api/v1/user')).body.data,
    ).toMatchObject({ twoFactorEnabled: true });

    await ageSession(browser, 10);
    const refused = await browser.json('/api/v1/user/mfa/unenroll', { body: { factorId } });
    expect(refused.status).toBe(403);

    // A fresh sign-in through the provider, second factor included, confirms it.
    const again = w.browser();
    const next = await throughProvider(again, who);
    expect(next).toMatch(/\/two-factor\?/);
    const verified = await again.json('/api/auth/two-factor/verify-totp', {
      body: { code: await totpCode(secret) },
    });
    expect(verified.status).toBe(200);
    const removed = await again.json('/api/v1/user/mfa/unenroll', { body: { factorId } });
    expect(removed.status).toBe(200);
    expect(
      (await again.json<Envelope<{ twoFactorEnabled: boolean }>>('/api/v1/user')).body.data,
    ).toMatchObject({
      twoFactorEnabled: false,
    });
    expect((await eventTypes(again))[0]).toBe('two_factor_disabled');
  });

  it('still needs the password, not a recent sign-in, for an account that has one', async () => {
    const { browser } = await w.signUp();
    const { factorId } = await enableTwoFactor(browser);
    const refused = await browser.json('/api/v1/user/mfa/unenroll', { body: { factorId } });
    expect(refused.status).toBe(403);
    const confirmed = await browser.json('/api/v1/user/verify-password', { body: { password: PASSWORD } });
    expect(confirmed.status).toBe(200);
    const removed = await browser.json('/api/v1/user/mfa/unenroll', { body: { factorId } });
    expect(removed.status).toBe(200);
  });
});
