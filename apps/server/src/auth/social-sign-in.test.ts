import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, enableTwoFactor, totpCode, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeOidc, type FakeIdentity, type FakeOidc } from '../testing/fake-oidc';

/**
 * Signing in through an OpenID Connect provider (issue 18), against a provider on 127.0.0.1 that
 * checks PKCE and signs its ID tokens: the whole redirect flow runs, state cookie and all.
 */

type Envelope<T> = { success: boolean; data: T; error?: string; code?: string };
type Identity = {
  id: string;
  provider: string;
  providerLabel: string;
  email: string | null;
  createdAt: string;
};

let idp: FakeOidc;
let w: AuthWorld;
let sequence = 0;

function person(overrides: Partial<FakeIdentity> = {}): FakeIdentity {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return { sub: `subject-${tag}`, email: `sso.${tag}@example.com`, emailVerified: true, ...overrides };
}

function oidcEnv(provider: FakeOidc, extra: Record<string, string> = {}) {
  return {
    OIDC_ISSUER_URL: provider.issuerUrl,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_BUTTON_LABEL: 'Pocket ID',
    ...extra,
  };
}

/** Starts a sign-in (or sign-up) in this browser: the provider address it is sent to. */
async function start(browser: TestBrowser, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await browser.json<{ url?: string }>('/api/auth/sign-in/social', {
    body: { provider: 'oidc', callbackURL: '/dashboard', errorCallbackURL: '/sign-in', ...body },
  });
  if (answer.status !== 200 || !answer.body.url)
    throw new Error(`start failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.url;
}

/** The provider's side: it signs the person in at once and sends the browser back with a code. */
async function authorize(providerUrl: string, as: FakeIdentity): Promise<URL> {
  idp.signInAs(as);
  const answer = await fetch(providerUrl, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`authorize answered ${answer.status}`);
  return new URL(location);
}

/** Back at Lodestar's callback: where it sends the browser next. */
async function callback(browser: TestBrowser, back: URL): Promise<string> {
  const answer = await browser.request(back.pathname + back.search);
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
}

async function signInThroughProvider(
  browser: TestBrowser,
  as: FakeIdentity,
  body: Record<string, unknown> = {},
): Promise<string> {
  return callback(browser, await authorize(await start(browser, body), as));
}

const SIGN_UP = { requestSignUp: true, termsAccepted: true };

async function me(browser: TestBrowser) {
  return browser.json<Envelope<{ id: string; email: string; emailVerified: boolean }>>('/api/v1/user');
}

async function identities(browser: TestBrowser) {
  return (
    await browser.json<Envelope<{ identities: Identity[]; hasPassword: boolean }>>('/api/v1/user/identities')
  ).body.data;
}

async function eventTypes(browser: TestBrowser): Promise<string[]> {
  const events = await browser.json<Envelope<{ events: { type: string }[] }>>('/api/v1/user/audit-events');
  return events.body.data.events.map((event) => event.type);
}

async function userCount(email: string): Promise<number> {
  const rows = await w.t.database.pool.query('select 1 from "user" where email = $1', [email]);
  return rows.rowCount ?? 0;
}

beforeAll(async () => {
  idp = await startFakeOidc();
  w = await createAuthWorld(oidcEnv(idp));
}, 60_000);
afterAll(async () => {
  await w.close();
  await idp.close();
});

describe('the server says which providers it has', () => {
  it('lists the OpenID Connect provider with its button label, and password sign-up on', async () => {
    const config = await w.browser().json<Envelope<Record<string, unknown>>>('/api/v1/config');
    expect(config.body.data).toMatchObject({
      signInProviders: [{ id: 'oidc', label: 'Pocket ID' }],
      passwordSignUp: true,
      allowedEmailDomains: [],
    });
  });
});

describe('sign-up through the provider', () => {
  it('creates the account once the terms are accepted, with the provider’s identity linked', async () => {
    const browser = w.browser();
    const who = person({ name: 'Sam Rivera' });
    const providerUrl = new URL(await start(browser, { ...SIGN_UP, timeZone: 'Europe/Paris' }));
    // The authorisation request carries PKCE (S256), state and a nonce.
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
    const next = await callback(browser, await authorize(providerUrl.toString(), who));
    expect(next).toBe('/dashboard');
    const user = await me(browser);
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ email: who.email, emailVerified: true });
    const linked = await identities(browser);
    expect(linked.hasPassword).toBe(false);
    expect(linked.identities).toEqual([
      expect.objectContaining({ provider: 'oidc', providerLabel: 'Pocket ID', email: who.email }),
    ]);
    expect(await eventTypes(browser)).toEqual(
      expect.arrayContaining(['sign_up', 'identity_linked', 'sign_in']),
    );
    const preferences = await browser.json<Envelope<{ time_zone: string }>>('/api/v1/user/preferences');
    expect(preferences.body.data.time_zone).toBe('Europe/Paris');
    // No provider tokens are kept.
    const tokens = await w.t.database.pool.query(
      `select access_token, refresh_token, id_token from account where user_id = $1`,
      [user.body.data.id],
    );
    expect(tokens.rows).toEqual([{ access_token: null, refresh_token: null, id_token: null }]);
  });

  it('refuses to start a sign-up without the terms accepted', async () => {
    const browser = w.browser();
    const answer = await browser.json<{ code?: string }>('/api/auth/sign-in/social', {
      body: { provider: 'oidc', callbackURL: '/dashboard', requestSignUp: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('TERMS_NOT_ACCEPTED');
  });

  it('does not create an account from a plain sign-in: the person is sent back to sign up', async () => {
    const browser = w.browser();
    const who = person();
    const next = await signInThroughProvider(browser, who);
    expect(next).toBe('/sign-in?error=signup_disabled');
    expect((await me(browser)).status).toBe(401);
    expect(await userCount(who.email)).toBe(0);
  });

  it('refuses an ID token handed in by the client instead of the redirect flow', async () => {
    const answer = await w.browser().json<{ code?: string }>('/api/auth/sign-in/social', {
      body: { provider: 'oidc', idToken: { token: 'eyJhbGciOiJub25lIn0.e30.' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('ID_TOKEN_NOT_ACCEPTED');
  });
});

describe('sign-in through the provider', () => {
  it('signs the same person in again and records it', async () => {
    const who = person();
    await signInThroughProvider(w.browser(), who, SIGN_UP);
    const browser = w.browser();
    expect(await signInThroughProvider(browser, who)).toBe('/dashboard');
    expect((await me(browser)).body.data.email).toBe(who.email);
    expect((await eventTypes(browser))[0]).toBe('sign_in');
    // Signing out of Lodestar stays here: it does not send the browser on to the provider's logout.
    const out = await browser.request('/api/auth/sign-out', { method: 'POST', body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.get('location')).toBeNull();
    expect(await out.json()).not.toHaveProperty('url');
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const browser = w.browser();
    const back = await authorize(await start(browser), person());
    back.searchParams.set('state', 'forged-state-value');
    const next = await callback(browser, back);
    expect(next).toMatch(/error=/);
    expect((await me(browser)).status).toBe(401);
  });

  it('refuses a code obtained for another flow (its PKCE verifier does not match)', async () => {
    const who = person();
    await signInThroughProvider(w.browser(), who, SIGN_UP);
    const victim = w.browser();
    const attacker = w.browser();
    // The attacker's own authorisation yields a code bound to the attacker's code challenge…
    const stolen = await authorize(await start(attacker), who);
    // …which, injected into the victim's flow (the victim's state and cookie), meets the victim's verifier.
    const victimBack = await authorize(await start(victim), who);
    victimBack.searchParams.set('code', stolen.searchParams.get('code') ?? '');
    const next = await callback(victim, victimBack);
    expect(next).toMatch(/^\/sign-in\?error=/);
    expect((await me(victim)).status).toBe(401);
  });

  it('does not merge a provider identity into an account registered with a password', async () => {
    const { browser: owner, email } = await w.signUp();
    await w.t.database.pool.query('update "user" set email_verified = true where email = $1', [email]);
    const intruder = w.browser();
    const next = await signInThroughProvider(intruder, person({ email, emailVerified: true }), SIGN_UP);
    expect(next).toBe('/sign-in?error=account_not_linked');
    expect((await me(intruder)).status).toBe(401);
    expect((await identities(owner)).identities).toEqual([]);
  });

  it('asks for the second factor when the account has two-factor on', async () => {
    const who = person();
    const first = w.browser();
    await signInThroughProvider(first, who, SIGN_UP);
    const { secret } = await enableTwoFactor(first);
    const browser = w.browser();
    const next = await signInThroughProvider(browser, who);
    expect(next).toBe('http://localhost:3000/two-factor?redirect=%2Fdashboard');
    expect((await me(browser)).status).toBe(401);
    const verified = await browser.json('/api/auth/two-factor/verify-totp', {
      body: { code: await totpCode(secret) },
    });
    expect(verified.status).toBe(200);
    expect((await me(browser)).body.data.email).toBe(who.email);
  });
});

describe('linked identities', () => {
  it('links a provider identity to a password account, lists it, and unlinks it', async () => {
    const { browser } = await w.signUp();
    expect(await identities(browser)).toEqual({ identities: [], hasPassword: true, signedInRecently: true });
    const authorizeAnswer = await browser.json<Envelope<{ url: string }>>(
      '/api/v1/user/identities/authorize',
      {
        body: { provider: 'oidc' },
      },
    );
    expect(authorizeAnswer.status).toBe(200);
    const other = person({ email: `work.${Date.now()}@example.org` });
    const next = await callback(browser, await authorize(authorizeAnswer.body.data.url, other));
    expect(next).toBe('/settings/profile');
    const linked = await identities(browser);
    expect(linked.identities).toEqual([expect.objectContaining({ provider: 'oidc', email: other.email })]);
    expect((await eventTypes(browser))[0]).toBe('identity_linked');
    // The linked identity now signs this account in.
    const elsewhere = w.browser();
    await signInThroughProvider(elsewhere, other);
    expect((await me(elsewhere)).body.data.id).toBe((await me(browser)).body.data.id);

    const id = linked.identities[0]?.id ?? '';
    const removed = await browser.json<Envelope<{ id: string }>>(`/api/v1/user/identities/${id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await identities(browser)).identities).toEqual([]);
    expect((await eventTypes(browser))[0]).toBe('identity_unlinked');
    const again = await browser.json(`/api/v1/user/identities/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('refuses to unlink the last way to sign in', async () => {
    const browser = w.browser();
    await signInThroughProvider(browser, person(), SIGN_UP);
    const [only] = (await identities(browser)).identities;
    const refused = await browser.json<Envelope<unknown>>(`/api/v1/user/identities/${only?.id}`, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/only way left to sign in/);
    expect((await identities(browser)).identities).toHaveLength(1);
  });

  it('refuses to link a provider this server does not have', async () => {
    const { browser } = await w.signUp();
    const answer = await browser.json<Envelope<unknown>>('/api/v1/user/identities/authorize', {
      body: { provider: 'github' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('That sign-in provider is not set up on this server');
  });
});

describe('OIDC_ONLY and ALLOWED_EMAIL_DOMAINS', () => {
  let sso: AuthWorld;
  beforeAll(async () => {
    sso = await createAuthWorld(oidcEnv(idp, { OIDC_ONLY: 'true', ALLOWED_EMAIL_DOMAINS: 'example.org' }));
  }, 60_000);
  afterAll(async () => {
    await sso.close();
  });

  it('turns password sign-up off and says so in the config', async () => {
    const config = await sso.browser().json<Envelope<Record<string, unknown>>>('/api/v1/config');
    expect(config.body.data).toMatchObject({ passwordSignUp: false, allowedEmailDomains: ['example.org'] });
    const answer = await sso.browser().json<{ code?: string }>('/api/auth/sign-up/email', {
      body: {
        email: 'new@example.org',
        password: 'Correct-Horse-Battery-9',
        name: 'Ada Lovelace',
        termsAccepted: true,
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PASSWORD_SIGN_UP_DISABLED');
    expect(await sso.t.database.pool.query('select 1 from "user"').then((r) => r.rowCount)).toBe(0);
  });

  it('signs up through the provider only for the allowed domains', async () => {
    const outsider = person({ email: `someone.${Date.now()}@example.com` });
    const refused = sso.browser();
    const start = await refused.json<{ url: string }>('/api/auth/sign-in/social', {
      body: { provider: 'oidc', callbackURL: '/dashboard', errorCallbackURL: '/sign-up', ...SIGN_UP },
    });
    const next = await callback(refused, await authorize(start.body.url, outsider));
    expect(next).toMatch(/^\/sign-up\?error=EMAIL_DOMAIN_NOT_ALLOWED/);
    expect((await refused.json('/api/v1/user')).status).toBe(401);

    const member = person({ email: `someone.${Date.now()}@example.org` });
    const welcomed = sso.browser();
    const again = await welcomed.json<{ url: string }>('/api/auth/sign-in/social', {
      body: { provider: 'oidc', callbackURL: '/dashboard', errorCallbackURL: '/sign-up', ...SIGN_UP },
    });
    expect(await callback(welcomed, await authorize(again.body.url, member))).toBe('/dashboard');
    expect((await welcomed.json<Envelope<{ email: string }>>('/api/v1/user')).body.data.email).toBe(
      member.email,
    );
  });
});
