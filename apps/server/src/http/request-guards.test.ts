import { afterAll, describe, expect, it } from 'vitest';
import { createAuthWorld, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';
import { createBrowser } from '../testing/browser';
import { createTestApp } from '../testing/test-app';

const worlds: AuthWorld[] = [];
const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
afterAll(async () => {
  await Promise.all([...worlds.map((w) => w.close()), ...apps.map((t) => t.close())]);
});

const post = (origin: string) => ({
  method: 'POST',
  body: '{}',
  headers: { 'content-type': 'application/json', origin },
});

describe('origin check', () => {
  it('compares Origin with the public URL, not with the Host header (DNS rebinding)', async () => {
    const t = await createTestApp();
    apps.push(t);
    // A page on evil.example resolved to this server: its Host and Origin agree with each other.
    const rebound = await t.app.request(
      'http://evil.example:3000/api/v1/health',
      post('http://evil.example:3000'),
    );
    expect(rebound.status).toBe(403);
    const ours = await t.app.request('http://localhost:3000/api/v1/health', post('http://localhost:3000'));
    expect(ours.status).not.toBe(403);
  });

  it('with PUBLIC_URL unset, accepts the loopback spellings of the default on its port only', async () => {
    const t = await createTestApp();
    apps.push(t);
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      const response = await t.app.request(`${origin}/api/v1/health`, post(origin));
      expect(response.status, origin).not.toBe(403);
    }
    for (const origin of ['http://127.0.0.1:4000', 'https://localhost:3000', 'http://127.0.0.2:3000']) {
      const response = await t.app.request('http://localhost:3000/api/v1/health', post(origin));
      expect(response.status, origin).toBe(403);
    }
  });

  it('with PUBLIC_URL set, accepts only its origin', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://money.example.org' } });
    apps.push(t);
    const loopback = await t.app.request(
      'http://127.0.0.1:3000/api/v1/health',
      post('http://127.0.0.1:3000'),
    );
    expect(loopback.status).toBe(403);
    const ours = await t.app.request(
      'https://money.example.org/api/v1/health',
      post('https://money.example.org'),
    );
    expect(ours.status).not.toBe(403);
  });

  it('lets a new user sign up and sign in on http://127.0.0.1:3000 and http://[::1]:3000', async () => {
    const w = await createAuthWorld();
    worlds.push(w);
    for (const [index, origin] of ['http://127.0.0.1:3000', 'http://[::1]:3000'].entries()) {
      const browser = createBrowser(w.t.app, origin, { 'x-forwarded-for': `198.51.100.${200 + index}` });
      const email = `loopback${index}.${Date.now()}@example.com`;
      const signUp = await browser.json('/api/auth/sign-up/email', {
        body: { email, password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true },
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
      // Mail is configured, so the new account starts signed out (ADR 013).
      const signIn = await browser.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const me = await browser.json<{ data: { email: string } }>('/api/v1/user');
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(email);
    }
  });
});
