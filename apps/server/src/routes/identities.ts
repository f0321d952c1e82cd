import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { type Database } from '@lodestar/db';
import type { AppEnv } from '../app-types';
import type { AuditLog } from '../auth/audit';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/current-user';
import { signedInRecently } from '../auth/recent-sign-in';
import { SIGN_IN_PROVIDERS, type Config, type TrustProxy } from '../config/env';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import {
  IDENTITY_LINK_RETURN,
  linkIdentityUrl,
  listIdentities,
  unlinkIdentity,
} from '../use-cases/identities/linked-identities';

const IdentitySchema = z
  .object({
    id: z.string(),
    provider: z.enum(SIGN_IN_PROVIDERS),
    providerLabel: z.string(),
    email: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('LinkedIdentity');

const tags = ['User'];

const routes = {
  list: createRoute({
    method: 'get',
    path: '/user/identities',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sign-in identities linked at identity providers (Google, GitHub, Apple, single sign-on)',
    responses: {
      200: jsonResponse(
        z.object({
          identities: z.array(IdentitySchema),
          hasPassword: z.boolean(),
          signedInRecently: z.boolean().openapi({
            description:
              'Whether this session began within 5 minutes: without a password, that is what confirms setting one or turning two-factor off',
          }),
        }),
        'Linked identities, oldest first, whether the account also has a password, and whether this sign-in is recent',
      ),
    },
  }),
  authorize: createRoute({
    method: 'post',
    path: '/user/identities/authorize',
    tags,
    security: COOKIE_AUTH,
    summary: 'Start linking an identity: the provider address to send the browser to',
    description: `The provider sends the browser back to ${IDENTITY_LINK_RETURN} (with \`?error=\` when linking failed).`,
    request: { body: jsonBody(z.object({ provider: z.enum(SIGN_IN_PROVIDERS) })) },
    responses: {
      200: jsonResponse(z.object({ url: z.string() }), 'Where to send the browser'),
      400: { description: 'That provider is not configured on this server' },
    },
  }),
  unlink: createRoute({
    method: 'delete',
    path: '/user/identities/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Unlink an identity (refused when it is the last way to sign in)',
    request: { params: z.object({ id: z.string().min(1).max(200) }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Unlinked'),
      404: { description: 'No such identity' },
      409: { description: 'It is the only way left to sign in' },
    },
  }),
};

export type IdentitiesRoutesOptions = {
  auth: Auth;
  db: Database;
  audit: AuditLog;
  trustProxy: TrustProxy;
  config: Pick<Config, 'signIn' | 'publicUrl'>;
};

/** `/user/identities`: Settings → Profile's linked sign-in identities (ADR 037). */
export function identitiesRoutes({ auth, db, audit, trustProxy, config }: IdentitiesRoutesOptions) {
  const app = new OpenAPIHono<AppEnv>();
  const deps = { auth, db, config };
  return app
    .openapi(routes.list, async (c) => {
      const { userId, sessionId } = await requireUser(c, auth);
      return ok(c, {
        ...(await listIdentities(deps, userId)),
        signedInRecently: await signedInRecently(db, userId, sessionId),
      });
    })
    .openapi(routes.authorize, async (c) => {
      await requireUser(c, auth);
      const { provider } = c.req.valid('json');
      const { url, setCookies } = await linkIdentityUrl(deps, provider, c.req.raw.headers);
      for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
      return ok(c, { url });
    })
    .openapi(routes.unlink, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await unlinkIdentity(deps, userId, id);
      await audit.record({
        userId,
        type: 'identity_unlinked',
        ipAddress: clientIp(c, trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return ok(c, { id });
    });
}
