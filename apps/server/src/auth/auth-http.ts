import { checkEmail } from '@lodestar/domain';
import { findUserById, findUserIdByEmail, verification, type Database } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-types';
import type { TrustProxy } from '../config/env';
import { clientIp } from '../http/client-ip';
import { AppError } from '../http/app-error';
import { rateLimit, type RateLimitStore } from '../http/rate-limit';
import type { AuditLog, AuthEventType } from './audit';
import { requiresTwoFactor } from '../use-cases/preferences/requires-two-factor';
import { CLIENT_IP_HEADER, type Auth } from './auth';

const MINUTE = 60_000;

/**
 * Limits on the endpoints attackers aim at (per client address, and per account where the request
 * names one). They sit in front of better-auth, whose own limiter is off, so they share the store of
 * the rest of the API (Redis when several instances run) and answer with the 429 envelope.
 */
export const AUTH_RATE_LIMITS = {
  signInPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins to one account from one address: past this, that address waits out the window. */
  signInFailuresPerAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins to one account from every address together: much higher, so one guesser cannot lock
   * the owner out, but guessing from many addresses stays bounded.
   */
  signInFailuresPerAccount: { max: 100, windowMs: 15 * MINUTE },
  signUpPerIp: { max: 10, windowMs: 60 * MINUTE },
  resetRequestPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetRequestPerAccount: { max: 5, windowMs: 60 * MINUTE },
  resetPerIp: { max: 10, windowMs: 15 * MINUTE },
  twoFactorPerIp: { max: 20, windowMs: 5 * MINUTE },
  twoFactorPerAttempt: { max: 5, windowMs: 5 * MINUTE },
  changePasswordPerIp: { max: 10, windowMs: 15 * MINUTE },
  passkeyPerIp: { max: 30, windowMs: 15 * MINUTE },
} as const;

type Rule = { max: number; windowMs: number };

export type AuthHttpOptions = {
  auth: Auth;
  db: Database;
  audit: AuditLog;
  store: RateLimitStore;
  trustProxy: TrustProxy;
  /** Sign-ups per client address per hour (SIGN_UP_LIMIT_PER_HOUR); AUTH_RATE_LIMITS' value when absent. */
  signUpLimitPerHour?: number;
  /** Sign-ins per client address per 15 minutes (SIGN_IN_LIMIT_PER_15_MINUTES); AUTH_RATE_LIMITS' value when absent. */
  signInLimitPer15Minutes?: number;
};

/** Reads a JSON body without consuming the request that better-auth will read. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = await c.req.raw.clone().json();
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function normalisedEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const result = checkEmail(value);
  return result.ok ? result.email : value.trim().toLowerCase() || undefined;
}

/** better-auth's pending second-factor cookie names a verification row whose value is the user id. */
async function pendingTwoFactorUser(
  c: Context,
  db: Database,
): Promise<{ key: string; userId?: string } | undefined> {
  const cookie = getCookie(c, 'lodestar.two_factor') ?? getCookie(c, '__Secure-lodestar.two_factor');
  const identifier = cookie?.split('.')[0];
  if (!identifier) return undefined;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, identifier))
    .limit(1);
  return { key: identifier, userId: row?.value };
}

function userIdFrom(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { user?: { id?: unknown }; session?: { userId?: unknown } };
  const id = record.user?.id ?? record.session?.userId;
  return typeof id === 'string' ? id : undefined;
}

/** Drops better-auth's trusted-device cookie from a request's headers. */
function withoutTrustedDevice(headers: Headers): void {
  const cookie = headers.get('cookie');
  if (!cookie) return;
  const kept = cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => !/^(__Secure-)?lodestar\.trust_device=/.test(part));
  if (kept.length) headers.set('cookie', kept.join('; '));
  else headers.delete('cookie');
}

/** `/api/auth/*`: rate limits, the trusted client address, better-auth, then the audit trail. */
export function authHttp({
  auth,
  db,
  audit,
  store,
  trustProxy,
  signUpLimitPerHour,
  signInLimitPer15Minutes,
}: AuthHttpOptions) {
  const app = new Hono<AppEnv>();
  const limit =
    (name: string, rule: Rule, key: (c: Context) => Promise<string | undefined> | string | undefined) =>
    async (c: Context, next: () => Promise<void>) => {
      const value = await key(c);
      if (value === undefined) return next();
      return rateLimit({ store, ...rule, key: () => `auth:${name}:${value}` })(c, next);
    };
  const ip = (c: Context) => clientIp(c, trustProxy);

  const signInRule = {
    ...AUTH_RATE_LIMITS.signInPerIp,
    max: signInLimitPer15Minutes ?? AUTH_RATE_LIMITS.signInPerIp.max,
  };
  app.post('/sign-in/email', limit('sign-in-ip', signInRule, ip));
  // Failures, not attempts, count against an account: per (account, address), and per account with a much
  // higher limit. The owner, signing in from an address under its own limit, is not locked out by a
  // guesser elsewhere (ADR 013).
  app.post('/sign-in/email', async (c, next) => {
    const email = normalisedEmail((await jsonBody(c)).email);
    if (!email) return next();
    const failureLimits = [
      {
        key: `auth:sign-in-failures:${email}:${ip(c)}`,
        rule: AUTH_RATE_LIMITS.signInFailuresPerAccountAddress,
      },
      { key: `auth:sign-in-failures:${email}`, rule: AUTH_RATE_LIMITS.signInFailuresPerAccount },
    ];
    const at = Date.now();
    for (const { key, rule } of failureLimits) {
      const { count, resetAt } = await store.peek(key, rule.windowMs, at);
      if (count >= rule.max) {
        const seconds = String(Math.max(0, Math.ceil((resetAt - at) / 1000)));
        c.header('Retry-After', seconds);
        c.header('RateLimit-Limit', String(rule.max));
        c.header('RateLimit-Remaining', '0');
        c.header('RateLimit-Reset', seconds);
        throw AppError.rateLimited(resetAt, rule.max);
      }
    }
    await next();
    if (c.res.status === 401) {
      for (const { key, rule } of failureLimits) await store.hit(key, rule.windowMs, Date.now());
    }
  });
  const signUpRule = {
    ...AUTH_RATE_LIMITS.signUpPerIp,
    max: signUpLimitPerHour ?? AUTH_RATE_LIMITS.signUpPerIp.max,
  };
  app.post('/sign-up/email', limit('sign-up-ip', signUpRule, ip));
  app.post('/request-password-reset', limit('reset-request-ip', AUTH_RATE_LIMITS.resetRequestPerIp, ip));
  app.post(
    '/request-password-reset',
    limit('reset-request-account', AUTH_RATE_LIMITS.resetRequestPerAccount, async (c) =>
      normalisedEmail((await jsonBody(c)).email),
    ),
  );
  app.post('/reset-password', limit('reset-ip', AUTH_RATE_LIMITS.resetPerIp, ip));
  app.post('/two-factor/*', limit('2fa-ip', AUTH_RATE_LIMITS.twoFactorPerIp, ip));
  app.post(
    '/two-factor/*',
    limit(
      '2fa-attempt',
      AUTH_RATE_LIMITS.twoFactorPerAttempt,
      async (c) => (await pendingTwoFactorUser(c, db))?.key,
    ),
  );
  app.post('/change-password', limit('change-password-ip', AUTH_RATE_LIMITS.changePasswordPerIp, ip));
  app.post('/sign-in/passkey/*', limit('passkey-ip', AUTH_RATE_LIMITS.passkeyPerIp, ip));
  app.post('/passkey/*', limit('passkey-ip', AUTH_RATE_LIMITS.passkeyPerIp, ip));

  app.on(['GET', 'POST'], '/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '');
    const address = ip(c);
    const userAgent = c.req.header('user-agent') ?? null;
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, address);

    // What the audit trail needs to know before the request changes it.
    let before: string | undefined;
    if (
      ['/sign-out', '/passkey/verify-registration', '/passkey/delete-passkey', '/change-password'].includes(
        path,
      )
    ) {
      before = (await auth.api.getSession({ headers }).catch(() => null))?.user.id;
    }
    const pending = path.startsWith('/two-factor/verify-') ? await pendingTwoFactorUser(c, db) : undefined;
    const signInEmail = path === '/sign-in/email' ? normalisedEmail((await jsonBody(c)).email) : undefined;

    // require_2fa: no device is trusted to skip the second factor, and none can become trusted.
    let rewritten: string | undefined;
    if (signInEmail) {
      const userId = await findUserIdByEmail(db, signInEmail);
      if (userId && (await requiresTwoFactor(db, userId))) withoutTrustedDevice(headers);
    }
    if (pending?.userId && (await requiresTwoFactor(db, pending.userId))) {
      const requested = await jsonBody(c);
      if (requested.trustDevice) {
        rewritten = JSON.stringify({ ...requested, trustDevice: false });
        headers.delete('content-length');
      }
    }
    const forwarded =
      rewritten === undefined
        ? new Request(c.req.raw, { headers })
        : new Request(c.req.raw.url, { method: 'POST', headers, body: rewritten });
    const response = await auth.handler(forwarded);

    const events: { userId: string | undefined; type: AuthEventType }[] = [];
    const success = response.status >= 200 && response.status < 300;
    const answer: unknown =
      success && response.headers.get('content-type')?.includes('application/json')
        ? await response
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    if (path === '/sign-up/email' && success) {
      // A registered address is answered with a made-up user (ADR 013): there is nothing to record.
      const created = userIdFrom(answer);
      if (created && (await findUserById(db, created))) events.push({ userId: created, type: 'sign_up' });
    }
    if (path === '/sign-in/email') {
      const needsSecondFactor =
        (answer as { twoFactorRedirect?: unknown } | undefined)?.twoFactorRedirect === true;
      if (success && !needsSecondFactor) events.push({ userId: userIdFrom(answer), type: 'sign_in' });
      if (!success && response.status !== 429 && signInEmail) {
        events.push({ userId: await findUserIdByEmail(db, signInEmail), type: 'sign_in_failed' });
      }
    }
    if (path === '/two-factor/verify-totp' || path === '/two-factor/verify-backup-code') {
      if (success) {
        events.push({ userId: userIdFrom(answer) ?? pending?.userId, type: 'sign_in' });
        if (path === '/two-factor/verify-backup-code')
          events.push({ userId: userIdFrom(answer) ?? pending?.userId, type: 'recovery_code_used' });
      } else if (response.status !== 429) {
        events.push({ userId: pending?.userId, type: 'two_factor_failed' });
      }
    }
    if (path === '/sign-in/passkey/verify-authentication' || path === '/passkey/verify-authentication') {
      if (success) events.push({ userId: userIdFrom(answer), type: 'sign_in' });
    }
    if (success && path === '/passkey/verify-registration')
      events.push({ userId: before, type: 'passkey_added' });
    if (success && path === '/passkey/delete-passkey')
      events.push({ userId: before, type: 'passkey_removed' });
    if (success && path === '/sign-out') events.push({ userId: before, type: 'sign_out' });
    if (success && path === '/change-password') events.push({ userId: before, type: 'password_changed' });

    for (const event of events) {
      if (event.userId)
        await audit.record({ userId: event.userId, type: event.type, ipAddress: address, userAgent });
    }
    return response;
  });
  return app;
}
