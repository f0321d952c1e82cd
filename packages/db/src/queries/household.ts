import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import type { Executor } from './sync';
import { householdActivity, householdMember, user } from '../schema/index';

export type HouseholdMemberRow = typeof householdMember.$inferSelect;

/** The owner's members and open invitations, oldest first, with each member's name. */
export function listHouseholdMembers(db: Executor, ownerUserId: string) {
  return db
    .select({ member: householdMember, name: user.name })
    .from(householdMember)
    .leftJoin(user, eq(user.id, householdMember.memberUserId))
    .where(eq(householdMember.ownerUserId, ownerUserId))
    .orderBy(householdMember.createdAt, householdMember.id);
}

/** Members and invitations still open (accepted, or not yet expired): what counts against the limit. */
export async function countHouseholdSeats(db: Executor, ownerUserId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(householdMember)
    .where(
      and(
        eq(householdMember.ownerUserId, ownerUserId),
        or(isNotNull(householdMember.memberUserId), gt(householdMember.inviteExpiresAt, now)),
      ),
    );
  return row?.count ?? 0;
}

/** Invites (or invites again, replacing an expired invitation) one address. */
export async function upsertHouseholdInvitation(
  db: Executor,
  input: { ownerUserId: string; email: string; access: string; tokenHash: string; expiresAt: Date },
): Promise<HouseholdMemberRow | undefined> {
  const [row] = await db
    .insert(householdMember)
    .values({
      ownerUserId: input.ownerUserId,
      email: input.email,
      access: input.access,
      inviteTokenHash: input.tokenHash,
      inviteExpiresAt: input.expiresAt,
    })
    .onConflictDoUpdate({
      target: [householdMember.ownerUserId, householdMember.email],
      set: {
        access: input.access,
        inviteTokenHash: input.tokenHash,
        inviteExpiresAt: input.expiresAt,
        createdAt: new Date(),
      },
      // An accepted member is not invited again.
      setWhere: isNull(householdMember.memberUserId),
    })
    .returning();
  return row;
}

export async function findHouseholdInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(householdMember)
    .where(eq(householdMember.inviteTokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function acceptHouseholdInvitation(db: Executor, id: string, memberUserId: string, at: Date) {
  const [row] = await db
    .update(householdMember)
    .set({ memberUserId, acceptedAt: at, inviteTokenHash: null, inviteExpiresAt: null })
    .where(and(eq(householdMember.id, id), isNull(householdMember.memberUserId)))
    .returning();
  return row;
}

export async function updateHouseholdAccess(db: Executor, ownerUserId: string, id: string, access: string) {
  const [row] = await db
    .update(householdMember)
    .set({ access })
    .where(and(eq(householdMember.id, id), eq(householdMember.ownerUserId, ownerUserId)))
    .returning();
  return row;
}

export async function deleteHouseholdMember(db: Executor, ownerUserId: string, id: string) {
  const [row] = await db
    .delete(householdMember)
    .where(and(eq(householdMember.id, id), eq(householdMember.ownerUserId, ownerUserId)))
    .returning();
  return row;
}

/** A member leaving a household they were let into. */
export async function leaveHousehold(db: Executor, memberUserId: string, ownerUserId: string) {
  const [row] = await db
    .delete(householdMember)
    .where(and(eq(householdMember.memberUserId, memberUserId), eq(householdMember.ownerUserId, ownerUserId)))
    .returning();
  return row;
}

/** The signed-in person's membership of one owner's household (read on every request: revoking is immediate). */
export async function findMembership(db: Executor, ownerUserId: string, memberUserId: string) {
  const [row] = await db
    .select({
      id: householdMember.id,
      access: householdMember.access,
      lastActiveAt: householdMember.lastActiveAt,
    })
    .from(householdMember)
    .where(and(eq(householdMember.ownerUserId, ownerUserId), eq(householdMember.memberUserId, memberUserId)))
    .limit(1);
  return row;
}

/** The households the person is a member of, with each owner's name and email. */
export function listMemberships(db: Executor, memberUserId: string) {
  return db
    .select({
      ownerUserId: householdMember.ownerUserId,
      access: householdMember.access,
      ownerName: user.name,
      ownerEmail: user.email,
      acceptedAt: householdMember.acceptedAt,
    })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.ownerUserId))
    .where(eq(householdMember.memberUserId, memberUserId))
    .orderBy(householdMember.acceptedAt);
}

/** Marks the member active now, at most once a minute (a write per request would be wasted). */
export async function touchMembership(db: Executor, id: string, at: Date) {
  await db
    .update(householdMember)
    .set({ lastActiveAt: at })
    .where(
      and(
        eq(householdMember.id, id),
        or(
          isNull(householdMember.lastActiveAt),
          lt(householdMember.lastActiveAt, new Date(at.getTime() - 60_000)),
        ),
      ),
    );
}

export async function insertHouseholdActivity(
  db: Database,
  row: { ownerUserId: string; actorUserId: string; actorEmail: string; action: string; status: number },
) {
  await db.insert(householdActivity).values(row);
}

export function listHouseholdActivity(db: Executor, ownerUserId: string, limit: number) {
  return db
    .select()
    .from(householdActivity)
    .where(eq(householdActivity.ownerUserId, ownerUserId))
    .orderBy(desc(householdActivity.createdAt))
    .limit(limit);
}
