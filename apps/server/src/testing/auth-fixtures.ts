import type { ReadRouter } from '@lodestar/db';
import type { TestDatabase } from '@lodestar/db/testing';
import type { AppDeps } from '../app-types';
import { createBrowser, type TestBrowser } from './browser';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox';
import { createTestApp } from './test-app';
import { totpCode } from './totp';

export { totpCode };

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'Correct-Horse-Battery-9';

export type AuthWorld = {
  t: Awaited<ReturnType<typeof createTestApp>>;
  inbox: SmtpInbox;
  browser(ip?: string): TestBrowser;
  /** Creates an account and signs its browser in (as a separate sign-in when mail is configured). */
  signUp(
    overrides?: Record<string, unknown>,
  ): Promise<{ browser: TestBrowser; email: string; status: number; body: unknown }>;
  close(): Promise<void>;
};

let sequence = 0;

/** A real app on a fresh database, with a real SMTP server on loopback receiving its mail. */
export async function createAuthWorld(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    deps?: Partial<AppDeps>;
    /** A router between a replica and the world's (primary) database (ADR 060). */
    readRouter?: (primary: TestDatabase) => ReadRouter;
  } = {},
): Promise<AuthWorld> {
  const inbox = await startSmtpInbox();
  // Behind a trusted proxy each test browser gets its own address (documentation range), so
  // per-address limits do not leak from one test into the next.
  const t = await createTestApp({
    env: {
      SMTP_URL: inbox.url,
      EMAIL_FROM: 'Lodestar <no-reply@lodestar.test>',
      TRUST_PROXY: 'true',
      ...env,
    },
    ...(options.now || options.deps
      ? { deps: { ...options.deps, ...(options.now ? { now: options.now } : {}) } }
      : {}),
    ...(options.readRouter ? { readRouter: options.readRouter } : {}),
  });
  const origin = env.PUBLIC_URL ?? ORIGIN;
  let address = 0;
  const browser = (ip?: string) => {
    address += 1;
    return createBrowser(t.app, origin, { 'x-forwarded-for': ip ?? `198.51.100.${address % 250}` });
  };
  return {
    t,
    inbox,
    browser,
    async signUp(overrides = {}) {
      sequence += 1;
      const email = `person${sequence}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const signedUp = browser();
      const result = await signedUp.json('/api/auth/sign-up/email', {
        body: {
          email,
          password: PASSWORD,
          name: 'Ada Lovelace',
          termsAccepted: true,
          callbackURL: '/verify-email',
          ...overrides,
        },
      });
      // With mail configured a new account starts signed out (ADR 013): sign in as its owner would.
      const answer = result.body as { token?: unknown } | undefined;
      if (result.status === 200 && answer?.token === null) {
        // A registered address answers 200 too; signing in then fails unless the password matches.
        await signedUp.json('/api/auth/sign-in/email', {
          body: {
            email: String(overrides.email ?? email).trim(),
            password: overrides.password ?? PASSWORD,
          },
        });
      }
      return {
        browser: signedUp,
        email: (overrides.email as string | undefined) ?? email,
        status: result.status,
        body: result.body,
      };
    },
    async close() {
      await t.close();
      await inbox.close();
    },
  };
}

/** Enrolls and verifies TOTP for the signed-in browser; returns the secret and recovery codes. */
export async function enableTwoFactor(browser: TestBrowser) {
  const enroll = await browser.json<{ data: { factorId: string; uri: string; secret: string } }>(
    '/api/v1/user/mfa/enroll',
    { method: 'POST' },
  );
  if (enroll.status !== 200) throw new Error(`enroll failed: ${enroll.status}`);
  const { factorId, secret } = enroll.body.data;
  const verify = await browser.json<{ data: { recoveryCodes: string[] } }>('/api/v1/user/mfa/verify', {
    body: { factorId, code: await totpCode(secret) },
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status}`);
  return { factorId, secret, recoveryCodes: verify.body.data.recoveryCodes };
}

/**
 * Rate limits are fixed windows aligned to the clock; a test that starts just before a window ends
 * would see its counts restart halfway. Waits (at most 20 s) for a fresh window when that is near.
 */
export async function awayFromWindowEdge(windowMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
