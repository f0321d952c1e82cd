import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  deleteAllSessions,
  deleteSession,
  deleteUserCascade,
  findUserById,
  hasRecentPasswordConfirmation,
  lastSignInAt,
  listAuthEvents,
  listSessions,
  recordPasswordConfirmation,
  updateUserName,
  clearPasswordConfirmation,
  countConnectedAccounts,
  type Database,
} from '@lodestar/db';
import { fullNameSchema, mfaVerifySchema, newPasswordSchema, verifyPasswordSchema } from '@lodestar/domain';
import { UAParser } from 'ua-parser-js';
import type { AppEnv } from '../app-types';
import type { AuditLog } from '../auth/audit';
import type { Auth } from '../auth/auth';
import type { Config, TrustProxy } from '../config/env';
import { BREACHED_PASSWORD_MESSAGE } from '../auth/breached-passwords';
import { requireUser } from '../auth/current-user';
import { signedInRecently } from '../auth/recent-sign-in';
import { enrollTotp, listFactors, unenrollFactor, verifyTotpEnrollment } from '../auth/two-factor';
import { AppError } from '../http/app-error';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { rateLimit, type RateLimitStore } from '../http/rate-limit';
import { userPlanName } from '../use-cases/limits/user-limits';
import { requiresTwoFactor } from '../use-cases/preferences/requires-two-factor';

export const TWO_FACTOR_REQUIRED = 'Turn off "Require two-factor authentication" before disabling it';

/** How long a re-entered password allows removing a second factor. */
export const PASSWORD_CONFIRMATION_SECONDS = 5 * 60;
export const REAUTHENTICATION_MESSAGES = {
  signInAgain: 'Please sign in again to confirm it is you',
  hasPassword: 'Your account can already sign in with its email address',
} as const;
const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .openapi('User');

const StatsSchema = z
  .object({ lastLoginAt: z.string().nullable(), plan: z.string(), connectedAccounts: z.number().int() })
  .openapi('UserStats');

const FactorSchema = z
  .object({
    id: z.string(),
    type: z.literal('totp'),
    status: z.enum(['verified', 'unverified']),
    friendlyName: z.string(),
    createdAt: z.string(),
  })
  .openapi('MfaFactor');

const SessionSchema = z
  .object({
    id: z.string(),
    device: z.string(),
    browser: z.string(),
    os: z.string(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
    lastActiveAt: z.string(),
    current: z.boolean(),
  })
  .openapi('UserSession');

const AuditEventSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AuthEvent');

const tags = ['User'];

const routes = {
  me: createRoute({
    method: 'get',
    path: '/user',
    tags,
    security: COOKIE_AUTH,
    summary: 'The signed-in user',
    responses: { 200: jsonResponse(UserSchema, 'The user'), 401: { description: 'Signed out' } },
  }),
  profile: createRoute({
    method: 'patch',
    path: '/user/profile',
    tags,
    security: COOKIE_AUTH,
    summary: 'Update the full name',
    request: { body: jsonBody(z.object({ fullName: fullNameSchema })) },
    responses: {
      200: jsonResponse(UserSchema, 'The updated user'),
      400: { description: 'Validation failed' },
    },
  }),
  stats: createRoute({
    method: 'get',
    path: '/user/stats',
    tags,
    security: COOKIE_AUTH,
    summary: 'Account statistics',
    responses: { 200: jsonResponse(StatsSchema, 'Statistics') },
  }),
  verifyPassword: createRoute({
    method: 'post',
    path: '/user/verify-password',
    tags,
    security: COOKIE_AUTH,
    summary: 'Check the current password (also confirms it for removing a factor, 5 minutes)',
    request: { body: jsonBody(verifyPasswordSchema) },
    responses: { 200: jsonResponse(z.object({ valid: z.boolean() }), 'Whether the password is right') },
  }),
  setPassword: createRoute({
    method: 'post',
    path: '/user/set-password',
    tags,
    security: COOKIE_AUTH,
    summary: 'Give an account that signs in through a provider a password (needs a sign-in within 5 minutes)',
    request: { body: jsonBody(z.object({ newPassword: newPasswordSchema })) },
    responses: {
      200: jsonResponse(z.object({ hasPassword: z.literal(true) }), 'The password is set'),
      400: { description: 'The password breaks a rule' },
      403: { description: 'Not signed in recently enough' },
      409: { description: 'The account already has a password' },
    },
  }),
  enroll: createRoute({
    method: 'post',
    path: '/user/mfa/enroll',
    tags,
    security: COOKIE_AUTH,
    summary: 'Start TOTP enrolment',
    responses: {
      200: jsonResponse(
        z.object({ factorId: z.string(), uri: z.string(), secret: z.string() }),
        'Secret and otpauth URI',
      ),
      409: { description: 'Already enabled' },
    },
  }),
  verify: createRoute({
    method: 'post',
    path: '/user/mfa/verify',
    tags,
    security: COOKIE_AUTH,
    summary: 'Verify the first TOTP code; returns the recovery codes once',
    request: { body: jsonBody(mfaVerifySchema) },
    responses: {
      200: jsonResponse(z.object({ recoveryCodes: z.array(z.string()) }), 'Enabled'),
      400: { description: 'Invalid verification code' },
    },
  }),
  factors: createRoute({
    method: 'get',
    path: '/user/mfa/factors',
    tags,
    security: COOKIE_AUTH,
    summary: 'Authenticator factors',
    responses: { 200: jsonResponse(z.object({ factors: z.array(FactorSchema) }), 'Factors') },
  }),
  unenroll: createRoute({
    method: 'post',
    path: '/user/mfa/unenroll',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Remove a factor (needs verify-password within 5 minutes, or a sign-in within 5 minutes for an account without a password)',
    request: { body: jsonBody(z.object({ factorId: z.string().min(1) })) },
    responses: {
      200: jsonResponse(z.object({ factorId: z.string() }), 'Removed'),
      403: { description: 'Password not confirmed' },
    },
  }),
  sessions: createRoute({
    method: 'get',
    path: '/user/sessions',
    tags,
    security: COOKIE_AUTH,
    summary: 'Signed-in devices',
    responses: { 200: jsonResponse(z.object({ sessions: z.array(SessionSchema) }), 'Sessions') },
  }),
  revokeSession: createRoute({
    method: 'delete',
    path: '/user/sessions/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sign one device out',
    request: { params: z.object({ id: z.string().min(1).max(200) }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Revoked'),
      404: { description: 'No such session' },
    },
  }),
  revokeAll: createRoute({
    method: 'post',
    path: '/user/sessions/revoke-all',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sign out of all sessions, this one included',
    responses: { 200: jsonResponse(z.object({ revoked: z.number().int() }), 'Revoked') },
  }),
  audit: createRoute({
    method: 'get',
    path: '/user/audit-events',
    tags,
    security: COOKIE_AUTH,
    summary: 'Recent security events',
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
      }),
    },
    responses: { 200: jsonResponse(z.object({ events: z.array(AuditEventSchema) }), 'Events') },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/user/delete',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete the account and everything it owns',
    responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted') },
  }),
};

export type UserRoutesOptions = {
  auth: Auth;
  db: Database;
  audit: AuditLog;
  rateLimitStore: RateLimitStore;
  trustProxy: TrustProxy;
  config: Pick<Config, 'stripe'>;
  /** The breached-password check every new password goes through. */
  isBreached: (password: string) => Promise<boolean>;
};

function describeAgent(userAgent: string | null) {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ') || 'Unknown browser';
  const os = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') || 'Unknown system';
  const device =
    [parsed.device.vendor, parsed.device.model].filter(Boolean).join(' ') ||
    (parsed.device.type === 'mobile' ? 'Phone' : parsed.device.type === 'tablet' ? 'Tablet' : 'Computer');
  return { browser, os, device };
}

export function userRoutes({
  auth,
  db,
  audit,
  rateLimitStore,
  trustProxy,
  config,
  isBreached,
}: UserRoutesOptions) {
  const app = new OpenAPIHono<AppEnv>();
  const eventContext = (c: Parameters<typeof clientIp>[0]) => ({
    ipAddress: clientIp(c, trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  });

  async function userView(userId: string) {
    const row = await findUserById(db, userId);
    if (!row) throw AppError.unauthorized();
    return {
      id: row.id,
      email: row.email,
      fullName: row.name,
      emailVerified: row.emailVerified,
      twoFactorEnabled: row.twoFactorEnabled,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: (await lastSignInAt(db, userId))?.toISOString() ?? null,
    };
  }

  // Password and code guesses through these endpoints count per user as well as per address.
  const perUser = (name: string, max: number) =>
    rateLimit({
      store: rateLimitStore,
      max,
      windowMs: 15 * 60_000,
      key: (c) =>
        `user:${name}:${(c.get('signedIn') as { userId: string } | undefined)?.userId ?? clientIp(c, trustProxy)}`,
    });
  const signedInFirst = async (c: Parameters<typeof requireUser>[0], next: () => Promise<void>) => {
    await requireUser(c, auth);
    await next();
  };
  app.use('/user/verify-password', signedInFirst, perUser('verify-password', 10));
  app.use('/user/mfa/verify', signedInFirst, perUser('mfa-verify', 10));
  app.use('/user/set-password', signedInFirst, perUser('set-password', 10));

  async function hasPassword(userId: string): Promise<boolean> {
    const context = await auth.$context;
    return Boolean((await context.internalAdapter.findCredentialAccount(userId))?.password);
  }

  return app
    .openapi(routes.me, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await userView(userId));
    })
    .openapi(routes.profile, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { fullName } = c.req.valid('json');
      await updateUserName(db, userId, fullName);
      return ok(c, await userView(userId));
    })
    .openapi(routes.stats, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, {
        lastLoginAt: (await lastSignInAt(db, userId))?.toISOString() ?? null,
        plan: await userPlanName({ db, config }, userId),
        connectedAccounts: await countConnectedAccounts(db, userId),
      });
    })
    .openapi(routes.verifyPassword, async (c) => {
      const { userId, sessionId } = await requireUser(c, auth);
      const { password } = c.req.valid('json');
      const context = await auth.$context;
      const credential = await context.internalAdapter.findCredentialAccount(userId);
      const valid = credential?.password
        ? await context.password.verify({ hash: credential.password, password })
        : false;
      if (valid) await recordPasswordConfirmation(db, userId, sessionId);
      return ok(c, { valid });
    })
    .openapi(routes.setPassword, async (c) => {
      const { userId, sessionId } = await requireUser(c, auth);
      const { newPassword } = c.req.valid('json');
      if (await hasPassword(userId)) throw new AppError('CONFLICT', REAUTHENTICATION_MESSAGES.hasPassword);
      if (!(await signedInRecently(db, userId, sessionId)))
        throw AppError.forbidden(REAUTHENTICATION_MESSAGES.signInAgain);
      // The schema checked the rules; a password from a breach is refused like everywhere else.
      if (await isBreached(newPassword)) {
        throw AppError.validation([
          { field: 'newPassword', message: BREACHED_PASSWORD_MESSAGE, code: 'PASSWORD_COMPROMISED' },
        ]);
      }
      // better-auth's own set-password (server-side only): it hashes and stores the credential.
      await auth.api.setPassword({ body: { newPassword }, headers: c.req.raw.headers });
      await audit.record({ userId, type: 'password_changed', ...eventContext(c) });
      return ok(c, { hasPassword: true as const });
    })
    .openapi(routes.enroll, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      return ok(c, await enrollTotp({ auth, db, userId, email: user.email }));
    })
    .openapi(routes.verify, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { factorId, code } = c.req.valid('json');
      const result = await verifyTotpEnrollment({
        auth,
        db,
        userId,
        factorId,
        code,
        headers: c.req.raw.headers,
      });
      // Enabling 2FA rotates the session: pass the new cookie on.
      for (const cookie of result.setCookies) c.header('set-cookie', cookie, { append: true });
      await audit.record({ userId, type: 'two_factor_enabled', ...eventContext(c) });
      return ok(c, { recoveryCodes: result.recoveryCodes });
    })
    .openapi(routes.factors, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { factors: await listFactors(db, userId) });
    })
    .openapi(routes.unenroll, async (c) => {
      const { userId, sessionId } = await requireUser(c, auth);
      const { factorId } = c.req.valid('json');
      // With a password, only the password confirms it; without one, a recent sign-in does (ADR 049).
      const confirmed = (await hasPassword(userId))
        ? await hasRecentPasswordConfirmation(db, userId, sessionId, PASSWORD_CONFIRMATION_SECONDS)
        : await signedInRecently(db, userId, sessionId);
      if (!confirmed) throw AppError.forbidden('Please verify it is you first');
      if (await requiresTwoFactor(db, userId)) throw new AppError('CONFLICT', TWO_FACTOR_REQUIRED);
      await unenrollFactor(db, userId, factorId);
      await clearPasswordConfirmation(db, sessionId);
      await audit.record({ userId, type: 'two_factor_disabled', ...eventContext(c) });
      return ok(c, { factorId });
    })
    .openapi(routes.sessions, async (c) => {
      const { userId, sessionId } = await requireUser(c, auth);
      const rows = await listSessions(db, userId);
      return ok(c, {
        sessions: rows.map((row) => ({
          id: row.id,
          ...describeAgent(row.userAgent),
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          current: row.id === sessionId,
        })),
      });
    })
    .openapi(routes.revokeSession, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!(await deleteSession(db, userId, id))) throw AppError.notFound('No such session');
      await audit.record({ userId, type: 'session_revoked', ...eventContext(c) });
      return ok(c, { id });
    })
    .openapi(routes.revokeAll, async (c) => {
      const { userId } = await requireUser(c, auth);
      const revoked = await deleteAllSessions(db, userId);
      await audit.record({ userId, type: 'sessions_revoked', ...eventContext(c) });
      await expireSessionCookies(c, auth);
      return ok(c, { revoked });
    })
    .openapi(routes.audit, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { limit } = c.req.valid('query');
      const rows = await listAuthEvents(db, userId, limit);
      return ok(c, {
        events: rows.map((row) => ({
          id: row.id,
          type: row.type,
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
        })),
      });
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      if (!(await deleteUserCascade(db, userId))) throw AppError.notFound('No such user');
      await expireSessionCookies(c, auth);
      return ok(c, { deleted: true as const });
    });
}

/** Tells the browser to drop the session cookies (the sessions themselves are already gone). */
async function expireSessionCookies(c: Parameters<typeof requireUser>[0], auth: Auth) {
  const context = await auth.$context;
  for (const cookie of [
    context.authCookies.sessionToken,
    context.authCookies.sessionData,
    context.authCookies.dontRememberToken,
  ]) {
    c.header(
      'set-cookie',
      `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`,
      { append: true },
    );
  }
}
