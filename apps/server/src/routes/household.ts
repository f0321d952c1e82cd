import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Database } from '@lodestar/db';
import { checkEmail } from '@lodestar/domain';
import type { AppEnv } from '../app-types';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/current-user';
import type { Config } from '../config/env';
import type { Mailer } from '../email/mailer';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import {
  acceptInvitation,
  activity,
  changeAccess,
  inviteMember,
  listMembers,
  memberships,
  revokeMember,
} from '../use-cases/household/members';

const AccessSchema = z.enum(['read', 'write']).openapi({
  description: '`read`: sees everything, changes nothing; `write`: may also change data (never settings).',
});

const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    access: AccessSchema,
    status: z.enum(['invited', 'active', 'expired']),
    invitedAt: z.string(),
    inviteExpiresAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    lastActiveAt: z.string().nullable(),
  })
  .openapi('HouseholdMember');

const EmailSchema = z
  .string()
  .max(254)
  .transform((value, context) => {
    const result = checkEmail(value);
    if (!result.ok) {
      context.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.email.toLowerCase();
  })
  .openapi({ type: 'string', format: 'email' });

const tags = ['Household'];

const routes = {
  members: createRoute({
    method: 'get',
    path: '/household/members',
    tags,
    security: COOKIE_AUTH,
    summary: 'The people invited into your household, with their access and last activity',
    responses: {
      200: jsonResponse(
        z.object({ members: z.array(MemberSchema), limit: z.number().int().nullable() }),
        'Members and invitations; `limit` is null when unlimited',
      ),
    },
  }),
  invite: createRoute({
    method: 'post',
    path: '/household/members',
    tags,
    security: COOKIE_AUTH,
    summary: 'Invite someone by email (the link works for 7 days)',
    request: { body: jsonBody(z.object({ email: EmailSchema, access: AccessSchema })) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Invited'),
      403: { description: 'The plan’s member limit is reached (UPGRADE_REQUIRED)' },
      409: { description: 'Already a member, or your own address' },
    },
  }),
  change: createRoute({
    method: 'patch',
    path: '/household/members/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Change a member’s access',
    request: {
      params: z.object({ id: z.uuid() }),
      body: jsonBody(z.object({ access: AccessSchema })),
    },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Changed'),
      404: { description: 'No such member' },
    },
  }),
  revoke: createRoute({
    method: 'delete',
    path: '/household/members/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Revoke a member or an invitation (at once: their next request is refused)',
    request: { params: z.object({ id: z.uuid() }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'Revoked'),
      404: { description: 'No such member' },
    },
  }),
  activity: createRoute({
    method: 'get',
    path: '/household/activity',
    tags,
    security: COOKIE_AUTH,
    summary: 'Who changed what in your household, newest first',
    request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
    responses: {
      200: jsonResponse(
        z.object({
          events: z.array(
            z.object({
              id: z.string(),
              actorEmail: z.string(),
              action: z.string(),
              status: z.number().int(),
              createdAt: z.string(),
            }),
          ),
        }),
        'Events',
      ),
    },
  }),
  memberships: createRoute({
    method: 'get',
    path: '/household/memberships',
    tags,
    security: COOKIE_AUTH,
    summary: 'The households you are a member of (send the owner’s id in X-Lodestar-Household to act there)',
    responses: {
      200: jsonResponse(
        z.object({
          households: z.array(
            z.object({
              ownerUserId: z.string(),
              ownerName: z.string(),
              ownerEmail: z.string(),
              access: AccessSchema,
            }),
          ),
        }),
        'Households',
      ),
    },
  }),
  accept: createRoute({
    method: 'post',
    path: '/household/invitations/accept',
    tags,
    security: COOKIE_AUTH,
    summary: 'Accept an invitation (signed in with the invited address)',
    request: { body: jsonBody(z.object({ token: z.string().min(1).max(200) })) },
    responses: {
      200: jsonResponse(
        z.object({ ownerUserId: z.string(), ownerName: z.string(), access: AccessSchema }),
        'Now a member',
      ),
      403: { description: 'Signed in with another address' },
      404: { description: 'Invalid or expired link' },
    },
  }),
};

export type HouseholdRoutesOptions = {
  auth: Auth;
  db: Database;
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  mailer: Mailer;
  now: () => Date;
};

/** `/household/*`: household sharing (ADR 038). Acting in a household is resolved centrally (household-access). */
export function householdRoutes({ auth, db, config, mailer, now }: HouseholdRoutesOptions) {
  const deps = { db, config, mailer, now };
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.members, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await listMembers(deps, userId));
    })
    .openapi(routes.invite, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      const body = c.req.valid('json');
      return ok(c, await inviteMember(deps, { userId, email: user.email, name: user.name }, body));
    })
    .openapi(routes.change, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      return ok(c, await changeAccess(deps, { userId, email: user.email }, id, c.req.valid('json').access));
    })
    .openapi(routes.revoke, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      return ok(c, await revokeMember(deps, { userId, email: user.email }, id));
    })
    .openapi(routes.activity, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await activity(deps, userId, c.req.valid('query').limit));
    })
    .openapi(routes.memberships, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await memberships(deps, userId));
    })
    .openapi(routes.accept, async (c) => {
      const { userId, user } = await requireUser(c, auth);
      return ok(c, await acceptInvitation(deps, { userId, email: user.email }, c.req.valid('json').token));
    });
}
