import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubAccount } from '../testing/fake-github';
import { startFakeOidc, type FakeIdentity, type FakeOidc } from '../testing/fake-oidc';
import { providerCallback, SIGN_UP, startProviderFlow } from '../testing/provider-flow';

/**
 * Google, Apple and GitHub sign-in (ADR 037, ADR 049), each at an overridden address on 127.0.0.1:
 * Google and Apple are OpenID Connect providers found by discovery (oauth2-mock-server), Apple answering
 * with a form POST from its own origin; GitHub is a fake of its documented OAuth-app and REST endpoints.
 * The whole redirect flow runs for each: sign-up, sign-in, and linking to a password account.
 */

type Envelope<T> = { success: boolean; data: T; error?: string; code?: string };
type Identity = { id: string; provider: string; providerLabel: string; email: string | null };

let google: FakeOidc;
let apple: FakeOidc;
let github: FakeGitHub;
let w: AuthWorld;
let sequence = 0;

function tag(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
}

function person(): FakeIdentity {
  const t = tag();
  return { sub: `subject-${t}`, email: `p.${t}@example.com`, emailVerified: true, name: 'Sam Rivera' };
}

function githubAccount(overrides: Partial<FakeGitHubAccount> = {}): FakeGitHubAccount {
  sequence += 1;
  const id = 100_000 + sequence;
  return {
    id,
    login: `octo${id}`,
    name: 'Mona Lisa',
    email: null,
    emails: [
      { email: `mona.${id}@example.com`, primary: true, verified: true, visibility: 'private' },
      { email: `mona.${id}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
    ],
    ...overrides,
  };
}

async function me(browser: TestBrowser) {
  return browser.json<Envelope<{ id: string; email: string; emailVerified: boolean }>>('/api/v1/user');
}

async function identities(browser: TestBrowser): Promise<Identity[]> {
  return (await browser.json<Envelope<{ identities: Identity[] }>>('/api/v1/user/identities')).body.data
    .identities;
}

/** The provider's page: it signs the person in at once and answers with its redirect. */
async function atProvider(providerUrl: string): Promise<URL> {
  const answer = await fetch(providerUrl, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`provider answered ${answer.status}`);
  return new URL(location);
}

async function throughGoogle(browser: TestBrowser, who: FakeIdentity, body: Record<string, unknown> = {}) {
  google.signInAs(who);
  return providerCallback(browser, await atProvider(await startProviderFlow(browser, 'google', body)));
}

/**
 * Apple's answer is a form POST from Apple's site to the callback: a cross-site request that carries no
 * Lodestar cookie (they are SameSite=Lax). The browser then follows Lodestar's redirect to the GET
 * callback, with its cookies.
 */
async function postAsApple(browser: TestBrowser, back: URL, user?: unknown): Promise<string> {
  const form = new URLSearchParams(back.searchParams);
  if (user) form.set('user', JSON.stringify(user));
  const posted = await w.t.app.request(new URL(back.pathname, ORIGIN).toString(), {
    method: 'POST',
    headers: {
      origin: new URL(apple.issuerUrl).origin,
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '198.51.100.200',
    },
    body: form.toString(),
  });
  expect(posted.status).toBe(302);
  const next = new URL(posted.headers.get('location') ?? '', ORIGIN);
  expect(next.pathname).toBe('/api/auth/callback/apple');
  return providerCallback(browser, next);
}

async function throughApple(
  browser: TestBrowser,
  who: FakeIdentity,
  body: Record<string, unknown> = {},
  user?: unknown,
) {
  apple.signInAs(who);
  return postAsApple(browser, await atProvider(await startProviderFlow(browser, 'apple', body)), user);
}

async function throughGitHub(
  browser: TestBrowser,
  account: FakeGitHubAccount,
  body: Record<string, unknown> = {},
) {
  github.signInAs(account);
  return providerCallback(browser, await atProvider(await startProviderFlow(browser, 'github', body)));
}

/** Links a provider to the signed-in account from Settings: the provider's address. */
async function linkUrl(browser: TestBrowser, provider: string): Promise<string> {
  const answer = await browser.json<Envelope<{ url: string }>>('/api/v1/user/identities/authorize', {
    body: { provider },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.url;
}

/** A password account with an identity row written the way better-auth's social providers wrote them. */
async function accountLinkedBefore(providerId: string, accountId: string) {
  const { browser, email } = await w.signUp();
  const user = await me(browser);
  await w.t.database.pool.query(
    `insert into account (id, account_id, provider_id, user_id, created_at, updated_at)
     values ($1, $2, $3, $4, now(), now())`,
    [randomUUID(), accountId, providerId, user.body.data.id],
  );
  return { userId: user.body.data.id, email };
}

beforeAll(async () => {
  [google, apple, github] = await Promise.all([startFakeOidc(), startFakeOidc(), startFakeGitHub()]);
  w = await createAuthWorld({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER_URL: google.issuerUrl,
    APPLE_CLIENT_ID: apple.clientId,
    APPLE_CLIENT_SECRET: apple.clientSecret,
    APPLE_ISSUER_URL: apple.issuerUrl,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_URL: github.webUrl,
    GITHUB_API_URL: github.apiUrl,
    // GitHub's exchanges go through the outbound-request guard: the fake is on this machine.
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
}, 60_000);
afterAll(async () => {
  await w.close();
  await Promise.all([google.close(), apple.close(), github.close()]);
});

it('lists the three providers with their names', async () => {
  const config = await w.browser().json<Envelope<{ signInProviders: unknown }>>('/api/v1/config');
  expect(config.body.data.signInProviders).toEqual([
    { id: 'google', label: 'Google' },
    { id: 'github', label: 'GitHub' },
    { id: 'apple', label: 'Apple' },
  ]);
});

describe('Google, at GOOGLE_ISSUER_URL', () => {
  it('signs up, signs in again, and asks Google to let the person choose the account', async () => {
    const who = person();
    const browser = w.browser();
    google.signInAs(who);
    const providerUrl = new URL(await startProviderFlow(browser, 'google', SIGN_UP));
    expect(providerUrl.origin).toBe(new URL(google.issuerUrl).origin);
    expect(providerUrl.searchParams.get('prompt')).toBe('select_account');
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(providerUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);
    expect(await providerCallback(browser, await atProvider(providerUrl.toString()))).toBe('/dashboard');
    const created = await me(browser);
    expect(created.body.data).toMatchObject({ email: who.email, emailVerified: true });
    expect(await identities(browser)).toEqual([
      expect.objectContaining({ provider: 'google', providerLabel: 'Google', email: who.email }),
    ]);

    const again = w.browser();
    expect(await throughGoogle(again, who)).toBe('/dashboard');
    expect((await me(again)).body.data.id).toBe(created.body.data.id);
  });

  it('links Google to a password account from Settings', async () => {
    const { browser } = await w.signUp();
    const who = person();
    google.signInAs(who);
    expect(await providerCallback(browser, await atProvider(await linkUrl(browser, 'google')))).toBe(
      '/settings/profile',
    );
    expect(await identities(browser)).toEqual([
      expect.objectContaining({ provider: 'google', email: who.email }),
    ]);
    const elsewhere = w.browser();
    expect(await throughGoogle(elsewhere, who)).toBe('/dashboard');
    expect((await me(elsewhere)).body.data.id).toBe((await me(browser)).body.data.id);
  });

  it('creates the account unverified, and asks to confirm the address, when Google says it is unverified', async () => {
    const who = { ...person(), emailVerified: false };
    const browser = w.browser();
    expect(await throughGoogle(browser, who, SIGN_UP)).toBe('/dashboard');
    expect((await me(browser)).body.data).toMatchObject({ email: who.email, emailVerified: false });
    expect((await w.inbox.waitFor(who.email, /verify|confirm/i)).to).toContain(who.email);
  });

  it('keeps signing in an identity linked when Google was a built-in social provider', async () => {
    const who = person();
    const { userId } = await accountLinkedBefore('google', who.sub);
    const browser = w.browser();
    expect(await throughGoogle(browser, who)).toBe('/dashboard');
    expect((await me(browser)).body.data.id).toBe(userId);
  });
});

describe('Apple, at APPLE_ISSUER_URL, answering with a form POST', () => {
  it('signs up with the name Apple sends the first time, then signs in again', async () => {
    const who = { ...person(), name: undefined };
    const browser = w.browser();
    apple.signInAs(who);
    const providerUrl = new URL(await startProviderFlow(browser, 'apple', SIGN_UP));
    expect(providerUrl.origin).toBe(new URL(apple.issuerUrl).origin);
    expect(providerUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(providerUrl.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'name', 'email']),
    );
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
    // Apple documents no PKCE parameters.
    expect(providerUrl.searchParams.get('code_challenge')).toBeNull();
    const back = await atProvider(providerUrl.toString());
    const next = await postAsApple(browser, back, {
      name: { firstName: 'Ana', lastName: 'Lima' },
      email: who.email,
    });
    expect(next).toBe('/dashboard');
    const created = await me(browser);
    expect(created.body.data).toMatchObject({ email: who.email, emailVerified: true });
    const named = await w.t.database.pool.query('select name from "user" where id = $1', [
      created.body.data.id,
    ]);
    expect(named.rows[0]?.name).toBe('Ana Lima');
    expect(await identities(browser)).toEqual([
      expect.objectContaining({ provider: 'apple', email: who.email }),
    ]);

    // Later sign-ins carry no `user` field.
    const again = w.browser();
    expect(await throughApple(again, who)).toBe('/dashboard');
    expect((await me(again)).body.data.id).toBe(created.body.data.id);
  });

  it('links Apple to a password account from Settings', async () => {
    const { browser } = await w.signUp();
    const who = person();
    apple.signInAs(who);
    const next = await postAsApple(browser, await atProvider(await linkUrl(browser, 'apple')));
    expect(next).toBe('/settings/profile');
    expect(await identities(browser)).toEqual([
      expect.objectContaining({ provider: 'apple', email: who.email }),
    ]);
  });

  it('keeps signing in an identity linked when Apple was a built-in social provider', async () => {
    const who = person();
    const { userId } = await accountLinkedBefore('apple', who.sub);
    const browser = w.browser();
    expect(await throughApple(browser, who)).toBe('/dashboard');
    expect((await me(browser)).body.data.id).toBe(userId);
  });
});

describe('GitHub, at GITHUB_URL and GITHUB_API_URL', () => {
  it('signs up with the verified primary address when the profile shows none, then signs in again', async () => {
    const account = githubAccount();
    const browser = w.browser();
    github.signInAs(account);
    const providerUrl = new URL(await startProviderFlow(browser, 'github', SIGN_UP));
    expect(`${providerUrl.origin}${providerUrl.pathname}`).toBe(`${github.webUrl}/login/oauth/authorize`);
    expect(providerUrl.searchParams.get('scope')?.split(' ')).toContain('user:email');
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(await providerCallback(browser, await atProvider(providerUrl.toString()))).toBe('/dashboard');
    const created = await me(browser);
    expect(created.body.data).toMatchObject({ email: account.emails[0]?.email, emailVerified: true });
    const row = await w.t.database.pool.query(
      `select account_id, access_token from account where user_id = $1 and provider_id = 'github'`,
      [created.body.data.id],
    );
    // Keyed by GitHub's numeric user id, as better-auth's built-in GitHub provider keyed it; no token kept.
    expect(row.rows).toEqual([{ account_id: String(account.id), access_token: null }]);

    const again = w.browser();
    expect(await throughGitHub(again, account)).toBe('/dashboard');
    expect((await me(again)).body.data.id).toBe(created.body.data.id);
  });

  it('uses the public address when the profile shows one', async () => {
    const base = githubAccount();
    const account = {
      ...base,
      email: `public.${base.id}@example.org`,
      emails: [...base.emails, { email: `public.${base.id}@example.org`, primary: false, verified: true }],
    };
    const browser = w.browser();
    expect(await throughGitHub(browser, account, SIGN_UP)).toBe('/dashboard');
    expect((await me(browser)).body.data).toMatchObject({ email: account.email, emailVerified: true });
  });

  it('says the address is unverified when GitHub says so', async () => {
    const base = githubAccount();
    const address = `unverified.${base.id}@example.com`;
    const account = { ...base, emails: [{ email: address, primary: true, verified: false }] };
    const browser = w.browser();
    expect(await throughGitHub(browser, account, SIGN_UP)).toBe('/dashboard');
    expect((await me(browser)).body.data).toMatchObject({ email: address, emailVerified: false });
    // As after a password sign-up, Lodestar asks the person to confirm the address.
    expect((await w.inbox.waitFor(address, /verify|confirm/i)).to).toContain(address);
  });

  it('links GitHub to a password account from Settings', async () => {
    const { browser } = await w.signUp();
    const account = githubAccount();
    github.signInAs(account);
    expect(await providerCallback(browser, await atProvider(await linkUrl(browser, 'github')))).toBe(
      '/settings/profile',
    );
    expect(await identities(browser)).toEqual([
      expect.objectContaining({ provider: 'github', email: account.emails[0]?.email }),
    ]);
  });

  it('keeps signing in an identity linked when GitHub was a built-in social provider', async () => {
    const account = githubAccount();
    const { userId } = await accountLinkedBefore('github', String(account.id));
    const browser = w.browser();
    expect(await throughGitHub(browser, account)).toBe('/dashboard');
    expect((await me(browser)).body.data.id).toBe(userId);
  });

  it('treats GitHub’s HTTP 200 carrying an error as a failed sign-in', async () => {
    const account = githubAccount();
    await throughGitHub(w.browser(), account, SIGN_UP);
    const browser = w.browser();
    github.signInAs(account);
    const back = await atProvider(await startProviderFlow(browser, 'github'));
    back.searchParams.set('code', 'a-code-github-never-issued');
    const next = await providerCallback(browser, back);
    expect(next).toBe('/sign-in?error=invalid_code');
    expect(github.exchanges.at(-1)).toEqual({ error: 'bad_verification_code' });
    // The server's log says what GitHub answered.
    expect(w.t.logLines).toContainEqual(
      expect.objectContaining({
        msg: 'GitHub refused the authorisation code',
        error: 'bad_verification_code',
        description: 'The code passed is incorrect or expired.',
      }),
    );
    expect((await me(browser)).status).toBe(401);
  });

  it('ends on the sign-in page when the person refuses at GitHub', async () => {
    const browser = w.browser();
    github.denyNext();
    const next = await providerCallback(
      browser,
      await atProvider(await startProviderFlow(browser, 'github')),
    );
    expect(next).toMatch(/^\/sign-in\?error=access_denied/);
    expect((await me(browser)).status).toBe(401);
  });
});
