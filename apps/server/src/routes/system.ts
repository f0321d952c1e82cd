import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, AppDeps } from '../app-types';
import { ok } from '../http/envelope';
import { AppError } from '../http/app-error';
import { emailDeliveryConfigured } from '../email/mailer';
import { publicSignInProviders } from '../auth/sign-in-providers';
import { SIGN_IN_PROVIDERS } from '../config/env';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    installedAt: z.string().openapi({ format: 'date-time' }),
    uptimeSeconds: z.number().int(),
  })
  .openapi('Health');

const ReadySchema = z
  .object({
    status: z.literal('ready'),
    database: z.literal('ok'),
    migrations: z.literal('ok'),
  })
  .openapi('Ready');

const ServerConfigSchema = z
  .object({
    emailConfigured: z.boolean().openapi({
      description:
        'Whether the server sends email (SMTP_URL or RESEND_API_KEY). When false, verification and ' +
        'password-reset links are written to the server log instead, and sign-up says so.',
    }),
    signInProviders: z.array(z.object({ id: z.enum(SIGN_IN_PROVIDERS), label: z.string() })).openapi({
      description:
        'The identity providers configured on this server, in button order (the sign-in and sign-up ' +
        'screens show a "Continue with …" button for each).',
    }),
    passwordSignUp: z.boolean().openapi({
      description: 'Whether new accounts may be created with a password (false when OIDC_ONLY=true).',
    }),
    allowedEmailDomains: z.array(z.string()).openapi({
      description: 'The email domains that may sign up (ALLOWED_EMAIL_DOMAINS); empty for any.',
    }),
    crypto: z.boolean().openapi({
      description:
        'Whether wallets can be followed and exchanges connected (FEATURE_CRYPTO); when false the crypto endpoints are not served.',
    }),
  })
  .openapi('ServerConfig');

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  security: [],
  tags: ['System'],
  summary: 'Liveness: the process is up',
  responses: {
    200: { description: 'Alive', content: { 'application/json': { schema: envelope(HealthSchema) } } },
  },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  security: [],
  tags: ['System'],
  summary: 'Readiness: the database answers and every migration is applied',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: envelope(ReadySchema) } } },
    503: { description: 'Database unreachable or migrations pending' },
  },
});

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  security: [],
  tags: ['System'],
  summary: 'What the sign-up and sign-in screens need to know about this server (no secrets)',
  responses: {
    200: {
      description: 'The server configuration the web app shows',
      content: { 'application/json': { schema: envelope(ServerConfigSchema) } },
    },
  },
});

export function systemRoutes(deps: AppDeps) {
  const startedAt = Date.now();
  return new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, (c) =>
      ok(c, {
        status: 'ok' as const,
        version: deps.version,
        installedAt: deps.installedAt.toISOString(),
        uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      }),
    )
    .openapi(configRoute, (c) =>
      ok(c, {
        emailConfigured: emailDeliveryConfigured(deps.config.email),
        signInProviders: publicSignInProviders(deps.config.signIn),
        passwordSignUp: !deps.config.signIn.oidcOnly,
        allowedEmailDomains: deps.config.signIn.allowedEmailDomains,
        crypto: deps.config.features.crypto,
      }),
    )
    .openapi(readyRoute, async (c) => {
      const state = await deps.readiness();
      if (state !== 'ready') throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${state}`);
      return ok(c, { status: 'ready' as const, database: 'ok' as const, migrations: 'ok' as const });
    });
}
