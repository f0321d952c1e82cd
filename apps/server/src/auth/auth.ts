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
import { addOAuthServerContext, APIError, createAuthMiddleware, getOAuthState } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import type { PasswordHashing } from './password-hashing';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Config } from '../config/env';
import { emailDeliveryConfigured, type Mailer } from '../email/mailer';
import { existingAccountSignUpEmail, passwordResetEmail, verificationEmail } from '../email/templates';
import type { Logger } from '../logger';
import type { AuditLog } from './audit';
import { BREACHED_PASSWORD_MESSAGE } from './breached-passwords';
import { generateRecoveryCodes } from './recovery-codes';
import {
  configuredProviderIds,
  emailDomainAllowed,
  genericOAuthProviders,
  providerOrigins,
  SIGN_IN_MESSAGES,
} from './sign-in-providers';

/** Header the HTTP layer sets (overwriting anything a client sent) to the address it trusts. */
export const CLIENT_IP_HEADER = 'x-lodestar-client-ip';

/** Sessions last 30 days and slide forward once a day while in use (the spec's 400 days is far too long). */
const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
const RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;
const VERIFICATION_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second-factor step after a sign-in lasts (better-auth's own default). */
const TWO_FACTOR_STEP_SECONDS = 10 * 60;
/** better-auth's path of every provider's callback (the generic OAuth plugin's included). */
const OAUTH_CALLBACK_PATH = '/callback/:id';
const OAUTH_START_PATHS = ['/sign-in/social', '/link-social'];

/** The address each provider gave, per request, between checking the identity and writing the account. */
const providerEmails = new WeakMap<object, string>();

function forbidden(code: string, message: string): APIError {
  return new APIError('FORBIDDEN', { code, message });
}

export type AuthOptions = {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  audit: AuditLog;
  isBreached: (password: string) => Promise<boolean>;
  /** better-auth's own scrypt when not given (auth/password-hashing.ts). */
  passwordHashing?: PasswordHashing | undefined;
};

function badRequest(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/** The better-auth instance: email + password, email verification, reset, TOTP 2FA, passkeys. */
export function createAuth({ db, config, logger, mailer, audit, isBreached, passwordHashing }: AuthOptions) {
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
    trustedOrigins: [...config.trustedOrigins, ...providerOrigins(config.signIn)],
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
    account: {
      // A provider's address matching a registered one is never merged into that account (someone could
      // register the address at a provider that does not check it): the owner signs in with the password
      // and links the provider in Settings. Linking there is the signed-in person's own choice, so the
      // provider's address may differ from the account's.
      accountLinking: {
        enabled: true,
        disableImplicitLinking: true,
        allowDifferentEmails: true,
        trustedProviders: configuredProviderIds(config.signIn),
      },
      encryptOAuthTokens: true,
      additionalFields: { providerEmail: { type: 'string', required: false, input: false } },
    },
    user: {
      // Sign-ups (by password or through a provider) only for the allowed domains; remembers the
      // provider's address for the account row written next.
      validateUserInfo: ({ user: incoming, source }, ctx) => {
        const email = typeof incoming.email === 'string' ? incoming.email.toLowerCase() : undefined;
        if (source.method === 'oauth' && email) providerEmails.set(ctx.context, email);
        if (source.action === 'create-user' && email && !emailDomainAllowed(config.signIn, email)) {
          return {
            error: 'EMAIL_DOMAIN_NOT_ALLOWED',
            errorDescription: SIGN_IN_MESSAGES.domainNotAllowed(config.signIn.allowedEmailDomains),
          };
        }
        return undefined;
      },
      additionalFields: {
        twoFactorEnabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      ...(passwordHashing ? { password: passwordHashing } : {}),
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
          // Only reached once the sign-up checks below passed, terms included: through a provider, the
          // sign-up screen's acceptance travels in the flow's state (set before leaving for the provider).
          before: async (data, ctx) => {
            if (ctx?.path === OAUTH_CALLBACK_PATH) {
              const accepted = (await getOAuthState())?.serverContext?.termsAccepted;
              if (accepted !== true) throw forbidden('TERMS_NOT_ACCEPTED', MESSAGES.acceptTerms);
            }
            return { data: { ...data, termsAcceptedAt: new Date() } };
          },
          // The browser's time zone, sent with the sign-up, is the new account's time zone preference
          // (the spec's America/New_York stays the default for anyone whose browser did not say).
          after: async (created, ctx) => {
            const viaProvider = ctx?.path === OAUTH_CALLBACK_PATH;
            const timeZone = viaProvider
              ? (await getOAuthState())?.serverContext?.timeZone
              : (ctx?.body as Record<string, unknown> | undefined)?.timeZone;
            if (isTimeZone(timeZone)) await mergeStoredPreferences(db, created.id, { time_zone: timeZone });
            if (viaProvider) await audit.record({ userId: created.id, type: 'sign_up', ...requestMeta(ctx) });
          },
        },
      },
      account: {
        create: {
          // Lodestar keeps no provider tokens (it only needs to know who signed in), and keeps the
          // provider's address to show beside the identity in Settings.
          before: async (data, ctx) => {
            if (data.providerId === 'credential') return { data };
            return {
              data: {
                ...data,
                accessToken: null,
                refreshToken: null,
                idToken: null,
                providerEmail: (ctx && providerEmails.get(ctx.context)) ?? null,
              },
            };
          },
          after: async (created, ctx) => {
            if (created.providerId === 'credential' || ctx?.path !== OAUTH_CALLBACK_PATH) return;
            await audit.record({ userId: created.userId, type: 'identity_linked', ...requestMeta(ctx) });
          },
        },
        update: {
          before: async (data) => ({
            data: { ...data, accessToken: null, refreshToken: null, idToken: null },
          }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          if (config.signIn.oidcOnly)
            throw forbidden('PASSWORD_SIGN_UP_DISABLED', SIGN_IN_MESSAGES.passwordSignUpOff);
          const email = checkEmail(typeof body.email === 'string' ? body.email : '');
          if (!email.ok) throw badRequest('INVALID_EMAIL', email.message);
          if (!emailDomainAllowed(config.signIn, email.email))
            throw forbidden(
              'EMAIL_DOMAIN_NOT_ALLOWED',
              SIGN_IN_MESSAGES.domainNotAllowed(config.signIn.allowedEmailDomains),
            );
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
        if (OAUTH_START_PATHS.includes(ctx.path)) {
          // Only the redirect flow, whose state and PKCE verifier this server keeps: no ID tokens
          // handed in by a client.
          if (body.idToken !== undefined)
            throw badRequest('ID_TOKEN_NOT_ACCEPTED', 'Sign in through the provider');
          if (ctx.path === '/sign-in/social' && body.requestSignUp === true) {
            if (body.termsAccepted !== true) throw badRequest('TERMS_NOT_ACCEPTED', MESSAGES.acceptTerms);
            await addOAuthServerContext({
              termsAccepted: true,
              ...(isTimeZone(body.timeZone) ? { timeZone: body.timeZone } : {}),
            });
          }
        }
        return undefined;
      }),
      // A sign-in through a provider: to an account with two-factor on, it is only the first step (the
      // same second step as after a password, and no device is trusted to skip it); otherwise it is
      // recorded as a sign-in.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== OAUTH_CALLBACK_PATH) return;
        const fresh = ctx.context.newSession;
        if (!fresh) return;
        const signedIn = fresh.user as typeof fresh.user & { twoFactorEnabled?: boolean };
        if (!signedIn.twoFactorEnabled) {
          await audit.record({ userId: signedIn.id, type: 'sign_in', ...requestMeta(ctx) });
          return;
        }
        deleteSessionCookie(ctx, true);
        await ctx.context.internalAdapter.deleteSession(fresh.session.token);
        ctx.context.setNewSession(null);
        const step = ctx.context.createAuthCookie('two_factor', { maxAge: TWO_FACTOR_STEP_SECONDS });
        const identifier = `2fa-${generateRandomString(20)}`;
        const expiresAt = new Date(Date.now() + TWO_FACTOR_STEP_SECONDS * 1000);
        await ctx.context.internalAdapter.createVerificationValue({
          value: signedIn.id,
          identifier,
          expiresAt,
        });
        await ctx.context.internalAdapter.createVerificationValue({
          value: '0',
          identifier: `2fa-attempts-${identifier}`,
          expiresAt,
        });
        await ctx.setSignedCookie(step.name, identifier, ctx.context.secret, step.attributes);
        const target = (await getOAuthState())?.callbackURL ?? '/dashboard';
        const next = new URL('/two-factor', config.publicUrl);
        next.searchParams.set('redirect', sameSitePath(target, config.publicUrl));
        throw ctx.redirect(next.toString());
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
      genericOAuth({
        config: genericOAuthProviders({ signIn: config.signIn, outbound: config.outbound, logger }),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The client address and agent of the request better-auth is handling, for the security log. */
function requestMeta(ctx: { headers?: Headers } | undefined) {
  return {
    ipAddress: ctx?.headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: ctx?.headers?.get('user-agent') ?? null,
  };
}

/** A callback URL as a path on this site (what the sign-in pages read from `?redirect=`). */
function sameSitePath(target: string, publicUrl: string): string {
  try {
    const url = new URL(target, publicUrl);
    return url.origin === new URL(publicUrl).origin ? `${url.pathname}${url.search}` : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
