import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowEdge, createAuthWorld, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';
import { AUTH_RATE_LIMITS } from './auth-http';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Limited = { success: false; error: string; code: string; reset: number; limit: number };

describe('sign-in limits', () => {
  it(
    'cuts off 1,000 wrong-password attempts on one account from one address',
    { timeout: 60_000 },
    async () => {
      const { email } = await w.signUp();
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.windowMs);
      const attacker = w.browser('192.0.2.10');
      const statuses: number[] = [];
      let last: { status: number; body: Limited; response: Response } | undefined;
      for (let attempt = 0; attempt < 1000; attempt += 1) {
        last = await attacker.json<Limited>('/api/auth/sign-in/email', {
          body: { email, password: `Wrong-guess-${attempt}!` },
        });
        statuses.push(last.status);
      }
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBe(AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max);
      expect(statuses.slice(checked).every((status) => status === 429)).toBe(true);
      expect(last?.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // The account's limit stops the guessing first; the address's sign-in limit and the whole API's
      // limit then hold as well, whichever is reached last answers.
      expect([
        AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max,
        AUTH_RATE_LIMITS.signInPerIp.max,
        w.t.config.rateLimit.max,
      ]).toContain(last?.body.limit);
      expect(last?.body.reset).toBeGreaterThan(Date.now());
      expect(Number(last?.response.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right password is refused until the window ends.
      const right = await attacker.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
      expect(right.status).toBe(429);
      // Only the guesses that reached the password check were recorded.
      const failures = await w.t.database.pool.query<{ n: number }>(
        'select count(*)::int as n from auth_event e join "user" u on u.id = e.user_id where u.email = $1 and e.type = \'sign_in_failed\'',
        [email],
      );
      expect(failures.rows[0]?.n).toBe(AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max);
    },
  );

  it(
    'does not lock the owner out: a right password from another address signs in',
    { timeout: 60_000 },
    async () => {
      const { email } = await w.signUp();
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.windowMs);
      const guesser = w.browser('192.0.2.11');
      for (
        let attempt = 0;
        attempt < AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max + 3;
        attempt += 1
      ) {
        await guesser.json('/api/auth/sign-in/email', {
          body: { email, password: `Wrong-guess-${attempt}!` },
        });
      }
      expect(
        (await guesser.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).status,
      ).toBe(429);
      const owner = w.browser('203.0.113.77');
      const signedIn = await owner.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
      expect(signedIn.status).toBe(200);
      expect((await owner.json('/api/v1/user')).status).toBe(200);
    },
  );

  it(
    'counts failures, not sign-ins: the owner signing in often is never limited',
    { timeout: 60_000 },
    async () => {
      const { email } = await w.signUp();
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.windowMs);
      const owner = w.browser('192.0.2.12');
      const statuses: number[] = [];
      for (
        let attempt = 0;
        attempt < AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max + 5;
        attempt += 1
      ) {
        statuses.push(
          (await owner.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).status,
        );
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
    },
  );

  it(
    'bounds guessing one account from many addresses with the much higher account limit',
    { timeout: 120_000 },
    async () => {
      const { email } = await w.signUp();
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signInFailuresPerAccount.windowMs);
      const perAddress = AUTH_RATE_LIMITS.signInFailuresPerAccountAddress.max;
      const total = AUTH_RATE_LIMITS.signInFailuresPerAccount.max;
      expect(total).toBeGreaterThanOrEqual(10 * perAddress);
      let failures = 0;
      for (let host = 1; failures < total; host += 1) {
        const guesser = w.browser(`198.18.0.${host}`);
        for (let attempt = 0; attempt < perAddress && failures < total; attempt += 1) {
          const answer = await guesser.json('/api/auth/sign-in/email', {
            body: { email, password: `Wrong-guess-${host}-${attempt}!` },
          });
          expect(answer.status).toBe(401);
          failures += 1;
        }
      }
      const fresh = await w
        .browser('198.18.1.1')
        .json<Limited>('/api/auth/sign-in/email', { body: { email, password: 'Another-guess-1!' } });
      expect(fresh.status).toBe(429);
      expect(fresh.body.limit).toBe(total);
    },
  );

  it('limits one address spraying many accounts', { timeout: 60_000 }, async () => {
    await awayFromWindowEdge(AUTH_RATE_LIMITS.signInPerIp.windowMs);
    const sprayer = w.browser('192.0.2.20');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signInPerIp.max + 5; attempt += 1) {
      statuses.push(
        (
          await sprayer.json('/api/auth/sign-in/email', {
            body: { email: `victim${attempt}@example.com`, password: 'Some-Guess-123!' },
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMITS.signInPerIp.max);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });

  it('limits sign-ups and reset requests per address', { timeout: 60_000 }, async () => {
    await awayFromWindowEdge(AUTH_RATE_LIMITS.signUpPerIp.windowMs);
    const maker = w.browser('192.0.2.30');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.signUpPerIp.max + 1; attempt += 1) {
      statuses.push(
        (
          await maker.json('/api/auth/sign-up/email', {
            body: {
              email: `new${attempt}@example.com`,
              password: 'short',
              name: 'Spam Bot',
              termsAccepted: true,
            },
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const resetter = w.browser('192.0.2.40');
    const resets: number[] = [];
    for (let attempt = 0; attempt < AUTH_RATE_LIMITS.resetRequestPerAccount.max + 1; attempt += 1) {
      resets.push(
        (
          await resetter.json('/api/auth/request-password-reset', {
            body: { email: 'target@example.com', redirectTo: '/reset-password' },
          })
        ).status,
      );
    }
    expect(resets.at(-1)).toBe(429);
  });
});

describe('sign-up limit per address, configured', () => {
  it('follows SIGN_UP_LIMIT_PER_HOUR', { timeout: 60_000 }, async () => {
    const configured = await createAuthWorld({ SIGN_UP_LIMIT_PER_HOUR: '3' });
    try {
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signUpPerIp.windowMs);
      const maker = configured.browser('192.0.2.50');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await maker.json('/api/auth/sign-up/email', {
          body: {
            email: `family${attempt}@example.com`,
            password: PASSWORD,
            name: 'Ada Family',
            termsAccepted: true,
          },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await configured.close();
    }
  });
});

describe('sign-in limit per address, configured', () => {
  it('follows SIGN_IN_LIMIT_PER_15_MINUTES', { timeout: 60_000 }, async () => {
    const configured = await createAuthWorld({ SIGN_IN_LIMIT_PER_15_MINUTES: '4' });
    try {
      await awayFromWindowEdge(AUTH_RATE_LIMITS.signInPerIp.windowMs);
      const office = configured.browser('192.0.2.60');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await office.json<Limited>('/api/auth/sign-in/email', {
          body: { email: `colleague${attempt}@example.com`, password: 'Some-Guess-123!' },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await configured.close();
    }
  });
});
