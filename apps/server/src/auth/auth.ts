import { passkey } from '@better-auth/passkey';
import {
  account,
  mergeStoredPreferences,
  passkey as passkeyTable,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
  type Database,
} from '@lodestar/db';
import {
  checkEmail,
  fullNameSchema,
  isTimeZone,
  MESSAGES,
  newPasswordErrors,
  signUpPasswordError,
} from '@lodestar/domain';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { Config } from '../config/env';
import { emailDeliveryConfigured, type Mailer } from '../email/mailer';
import { existingAccountSignUpEmail, passwordResetEmail, verificationEmail } from '../email/templates';
import type { Logger } from '../logger';
import type { AuditLog } from './audit';
import { BREACHED_PASSWORD_MESSAGE } from './breached-passwords';
import { generateRecoveryCodes } from './recovery-codes';

/** Header the HTTP layer sets (overwriting anything a client sent) to the address it trusts. */
export const CLIENT_IP_HEADER = 'x-lodestar-client-ip';

/** Sessions last 30 days and slide forward once a day while in use (the spec's 400 days is far too long). */
const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;
const VERIFICATION_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const RECOVERY_CODE_COUNT = 10;

export type AuthOptions = {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  audit: AuditLog;
  isBreached: (password: string) => Promise<boolean>;
};

function badRequest(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/** The better-auth instance: email + password, email verification, reset, TOTP 2FA, passkeys. */
export function createAuth({ db, config, logger, mailer, audit, isBreached }: AuthOptions) {
  const log = logger.child({ component: 'auth' });
  const publicUrl = new URL(config.publicUrl);
  // With mail going out, sign-up answers a registered address exactly as a new one and tells its owner
  // by email; that needs new accounts to start signed out (the answer cannot carry a session for someone
  // else's address). Without mail, nobody could be told to look in a mailbox: the 422 stays (ADR 013).
  const mailGoesOut = emailDeliveryConfigured(config.email);

  async function assertAcceptablePassword(password: unknown, rule: 'sign-up' | 'new'): Promise<void> {
    if (typeof password !== 'string') throw badRequest('PASSWORD_REQUIRED', 'Password is required');
    const weakness = rule === 'sign-up' ? signUpPasswordError(password) : newPasswordErrors(password)[0];
    if (weakness) throw badRequest('PASSWORD_TOO_WEAK', weakness);
    if (await isBreached(password)) throw badRequest('PASSWORD_COMPROMISED', BREACHED_PASSWORD_MESSAGE);
  }

  return betterAuth({
    appName: 'Lodestar',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.secrets.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable, passkey: passkeyTable },
    }),
    // Our own limiter (Redis-capable, per address and per account) runs in front of these endpoints.
    rateLimit: { enabled: false },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: revoking a session must take effect on the next request everywhere.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        twoFactorEnabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      autoSignIn: !mailGoesOut,
      requireEmailVerification: false,
      // The made-up user answered for a registered address carries what a new one's does.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        twoFactorEnabled: false,
        termsAcceptedAt: coreFields.createdAt,
        id,
      }),
      // Only called when autoSignIn is off (mail goes out). Not awaited, like every auth email.
      onExistingUserSignUp: async ({ user: owner }) => {
        const signInUrl = new URL('/sign-in', config.publicUrl).toString();
        void mailer.send({
          ...existingAccountSignUpEmail({
            name: owner.name,
            signInUrl,
            resetUrl: new URL('/forgot-password', config.publicUrl).toString(),
          }),
          to: owner.email,
          kind: 'existing_account_sign_up',
          userId: owner.id,
          actionUrl: signInUrl,
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_LIFETIME_SECONDS,
      // Not awaited: the answer must take the same time whether or not the address has an account.
      sendResetPassword: async ({ user: target, url }) => {
        void mailer.send({
          ...passwordResetEmail({ name: target.name, url }),
          to: target.email,
          kind: 'password_reset',
          userId: target.id,
          actionUrl: url,
        });
      },
      onPasswordReset: async ({ user: target }) => {
        await audit.record({ userId: target.id, type: 'password_reset' });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user: target, url }) => {
        void mailer.send({
          ...verificationEmail({ name: target.name, url }),
          to: target.email,
          kind: 'email_verification',
          userId: target.id,
          actionUrl: url,
        });
      },
      afterEmailVerification: async (verified) => {
        await audit.record({ userId: verified.id, type: 'email_verified' });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Only reached once the sign-up checks below passed, terms included.
          before: async (data) => ({ data: { ...data, termsAcceptedAt: new Date() } }),
          // The browser's time zone, sent with the sign-up, is the new account's time zone preference
          // (the spec's America/New_York stays the default for anyone whose browser did not say).
          after: async (created, ctx) => {
            const timeZone = (ctx?.body as Record<string, unknown> | undefined)?.timeZone;
            if (isTimeZone(timeZone)) await mergeStoredPreferences(db, created.id, { time_zone: timeZone });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          const email = checkEmail(typeof body.email === 'string' ? body.email : '');
          if (!email.ok) throw badRequest('INVALID_EMAIL', email.message);
          const name = fullNameSchema.safeParse(typeof body.name === 'string' ? body.name : '');
          if (!name.success)
            throw badRequest('INVALID_NAME', name.error.issues[0]?.message ?? 'Invalid name');
          if (body.termsAccepted !== true) throw badRequest('TERMS_NOT_ACCEPTED', MESSAGES.acceptTerms);
          await assertAcceptablePassword(body.password, 'sign-up');
          return {
            context: {
              body: {
                email: email.email,
                name: name.data,
                password: body.password,
                callbackURL: body.callbackURL,
                ...(isTimeZone(body.timeZone) ? { timeZone: body.timeZone } : {}),
              },
            },
          };
        }
        if (ctx.path === '/change-password' || ctx.path === '/reset-password') {
          await assertAcceptablePassword(body.newPassword, 'new');
        }
        return undefined;
      }),
    },
    advanced: {
      cookiePrefix: 'lodestar',
      useSecureCookies: publicUrl.protocol === 'https:',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // better-auth's own lines ("Invalid password", "User not found") carry no secrets; debug only.
        if (level === 'error') log.error(message);
        else log.debug(message);
      },
    },
    plugins: [
      twoFactor({
        issuer: 'Lodestar',
        backupCodeOptions: {
          amount: RECOVERY_CODE_COUNT,
          length: 10,
          storeBackupCodes: 'encrypted',
          // No characters that read alike (I/l/1, O/0), the same as our own enrolment's.
          customBackupCodesGenerate: () => generateRecoveryCodes(RECOVERY_CODE_COUNT),
        },
      }),
      passkey({ rpID: publicUrl.hostname, rpName: 'Lodestar', origin: config.publicUrl }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
