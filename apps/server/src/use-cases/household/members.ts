import { createHash, randomBytes } from 'node:crypto';
import {
  acceptHouseholdInvitation,
  countHouseholdSeats,
  deleteHouseholdMember,
  findHouseholdInvitation,
  findUserById,
  insertHouseholdActivity,
  listHouseholdActivity,
  listHouseholdMembers,
  listMemberships,
  updateHouseholdAccess,
  upsertHouseholdInvitation,
  type Database,
} from '@lodestar/db';
import type { Config } from '../../config/env';
import type { Mailer } from '../../email/mailer';
import { householdInvitationEmail } from '../../email/templates';
import { AppError } from '../../http/app-error';
import { userTier } from '../limits/user-limits';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

export type HouseholdAccessLevel = 'read' | 'write';

export const MEMBER_MESSAGES = {
  self: 'You cannot invite yourself',
  alreadyMember: 'That person is already a member of your household',
  limit: (limit: number) =>
    `Your plan includes ${limit} household member${limit === 1 ? '' : 's'}: upgrade to invite more`,
  notFound: 'No such member',
  invalidInvitation: 'This invitation link is not valid or has expired',
  otherAddress: (email: string) => `This invitation is for ${email}: sign in with that address to accept it`,
  ownHousehold: 'You cannot join your own household',
} as const;

type Deps = {
  db: Database;
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  mailer: Mailer;
  now: () => Date;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How many members the owner's plan allows; null: unlimited (self-hosted). */
export async function memberLimit(deps: Deps, ownerUserId: string): Promise<number | null> {
  const tier = await userTier(deps, ownerUserId);
  return tier ? tier.features.teamMembers : null;
}

export async function listMembers(deps: Deps, ownerUserId: string) {
  const now = deps.now();
  const rows = await listHouseholdMembers(deps.db, ownerUserId);
  return {
    members: rows.map(({ member, name }) => ({
      id: member.id,
      email: member.email,
      name: name ?? null,
      access: member.access as HouseholdAccessLevel,
      status: member.memberUserId
        ? ('active' as const)
        : member.inviteExpiresAt && member.inviteExpiresAt > now
          ? ('invited' as const)
          : ('expired' as const),
      invitedAt: member.createdAt.toISOString(),
      inviteExpiresAt: member.inviteExpiresAt?.toISOString() ?? null,
      acceptedAt: member.acceptedAt?.toISOString() ?? null,
      lastActiveAt: member.lastActiveAt?.toISOString() ?? null,
    })),
    limit: await memberLimit(deps, ownerUserId),
  };
}

/** Invites an address (again, if an earlier invitation expired) and emails it the link, valid 7 days. */
export async function inviteMember(
  deps: Deps,
  owner: { userId: string; email: string; name: string },
  input: { email: string; access: HouseholdAccessLevel },
) {
  if (input.email === owner.email.toLowerCase()) throw new AppError('CONFLICT', MEMBER_MESSAGES.self);
  const now = deps.now();
  const existing = (await listHouseholdMembers(deps.db, owner.userId)).find(
    ({ member }) => member.email === input.email,
  );
  if (existing?.member.memberUserId) throw new AppError('CONFLICT', MEMBER_MESSAGES.alreadyMember);
  const limit = await memberLimit(deps, owner.userId);
  const openInvitation = existing && existing.member.inviteExpiresAt && existing.member.inviteExpiresAt > now;
  if (limit !== null && !openInvitation && (await countHouseholdSeats(deps.db, owner.userId, now)) >= limit) {
    throw new AppError('UPGRADE_REQUIRED', MEMBER_MESSAGES.limit(limit));
  }
  const token = randomBytes(32).toString('base64url');
  const row = await upsertHouseholdInvitation(deps.db, {
    ownerUserId: owner.userId,
    email: input.email,
    access: input.access,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  if (!row) throw new AppError('CONFLICT', MEMBER_MESSAGES.alreadyMember);
  const url = new URL('/household/accept', deps.config.publicUrl);
  url.searchParams.set('token', token);
  void deps.mailer.send({
    ...householdInvitationEmail({
      ownerName: owner.name,
      access: input.access,
      url: url.toString(),
      days: INVITATION_DAYS,
    }),
    to: input.email,
    kind: 'household_invitation',
    userId: owner.userId,
    actionUrl: url.toString(),
  });
  await recordMembershipChange(deps, owner, `invited ${input.email} (${input.access})`);
  return { id: row.id };
}

export async function changeAccess(
  deps: Deps,
  owner: { userId: string; email: string },
  id: string,
  access: HouseholdAccessLevel,
) {
  const row = await updateHouseholdAccess(deps.db, owner.userId, id, access);
  if (!row) throw AppError.notFound(MEMBER_MESSAGES.notFound);
  await recordMembershipChange(deps, owner, `set ${row.email} to ${access}`);
  return { id };
}

/** Revokes at once: the membership row goes, and the member's next request is refused. */
export async function revokeMember(deps: Deps, owner: { userId: string; email: string }, id: string) {
  const row = await deleteHouseholdMember(deps.db, owner.userId, id);
  if (!row) throw AppError.notFound(MEMBER_MESSAGES.notFound);
  await recordMembershipChange(deps, owner, `removed ${row.email}`);
  return { id };
}

export async function acceptInvitation(deps: Deps, person: { userId: string; email: string }, token: string) {
  const invitation = await findHouseholdInvitation(deps.db, hashToken(token));
  const now = deps.now();
  if (!invitation?.inviteExpiresAt || invitation.inviteExpiresAt <= now || invitation.memberUserId) {
    throw new AppError('NOT_FOUND', MEMBER_MESSAGES.invalidInvitation);
  }
  if (invitation.ownerUserId === person.userId) throw new AppError('CONFLICT', MEMBER_MESSAGES.ownHousehold);
  if (invitation.email !== person.email.toLowerCase()) {
    throw AppError.forbidden(MEMBER_MESSAGES.otherAddress(invitation.email));
  }
  const accepted = await acceptHouseholdInvitation(deps.db, invitation.id, person.userId, now);
  if (!accepted) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.invalidInvitation);
  const owner = await findUserById(deps.db, invitation.ownerUserId);
  await insertHouseholdActivity(deps.db, {
    ownerUserId: invitation.ownerUserId,
    actorUserId: person.userId,
    actorEmail: person.email,
    action: 'accepted the invitation',
    status: 200,
  });
  return {
    ownerUserId: invitation.ownerUserId,
    ownerName: owner?.name ?? '',
    access: accepted.access as HouseholdAccessLevel,
  };
}

export async function memberships(deps: Pick<Deps, 'db'>, userId: string) {
  const rows = await listMemberships(deps.db, userId);
  return {
    households: rows.map((row) => ({
      ownerUserId: row.ownerUserId,
      ownerName: row.ownerName,
      ownerEmail: row.ownerEmail,
      access: row.access as HouseholdAccessLevel,
    })),
  };
}

export async function activity(deps: Pick<Deps, 'db'>, ownerUserId: string, limit: number) {
  const rows = await listHouseholdActivity(deps.db, ownerUserId, limit);
  return {
    events: rows.map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

async function recordMembershipChange(deps: Deps, owner: { userId: string; email: string }, action: string) {
  await insertHouseholdActivity(deps.db, {
    ownerUserId: owner.userId,
    actorUserId: owner.userId,
    actorEmail: owner.email,
    action,
    status: 200,
  });
}
