import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import {
  account,
  authEvent,
  passkey,
  passwordConfirmation,
  session,
  twoFactor,
  user,
  verification,
} from '../schema/index';

export type AuthEventRow = typeof authEvent.$inferSelect;

export async function insertAuthEvent(
  db: Database,
  event: { userId: string; type: string; ipAddress?: string | null; userAgent?: string | null },
): Promise<void> {
  await db.insert(authEvent).values({
    userId: event.userId,
    type: event.type,
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
  });
}

/** The user's newest security events first (index-backed, bounded by `limit`). */
export function listAuthEvents(db: Database, userId: string, limit: number): Promise<AuthEventRow[]> {
  return db
    .select()
    .from(authEvent)
    .where(eq(authEvent.userId, userId))
    .orderBy(desc(authEvent.createdAt))
    .limit(limit);
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return row?.id;
}

export async function findUserById(db: Database, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

export async function updateUserName(db: Database, userId: string, name: string) {
  const [row] = await db
    .update(user)
    .set({ name, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning();
  return row;
}

/** When the user last signed in: the newest sign-in (signing up signs in too), if any. */
export async function lastSignInAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: authEvent.createdAt })
    .from(authEvent)
    .where(and(eq(authEvent.userId, userId), inArray(authEvent.type, ['sign_in', 'sign_up'])))
    .orderBy(desc(authEvent.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export function listSessions(db: Database, userId: string) {
  return db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt));
}

/** Deletes one of the user's sessions; returns whether it existed (and was theirs). */
export async function deleteSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  return rows.length > 0;
}

export async function deleteAllSessions(db: Database, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return rows.length;
}

export async function recordPasswordConfirmation(db: Database, userId: string, sessionId: string) {
  await db
    .insert(passwordConfirmation)
    .values({ userId, sessionId })
    .onConflictDoUpdate({ target: passwordConfirmation.sessionId, set: { confirmedAt: sql`now()` } });
}

/** Whether the password was re-entered on this session within `withinSeconds`. */
export async function hasRecentPasswordConfirmation(
  db: Database,
  userId: string,
  sessionId: string,
  withinSeconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ sessionId: passwordConfirmation.sessionId })
    .from(passwordConfirmation)
    .where(
      and(
        eq(passwordConfirmation.userId, userId),
        eq(passwordConfirmation.sessionId, sessionId),
        gt(passwordConfirmation.confirmedAt, sql`now() - make_interval(secs => ${withinSeconds})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function clearPasswordConfirmation(db: Database, sessionId: string) {
  await db.delete(passwordConfirmation).where(eq(passwordConfirmation.sessionId, sessionId));
}

export function listTwoFactorFactors(db: Database, userId: string) {
  return db
    .select({ id: twoFactor.id, verified: twoFactor.verified, createdAt: twoFactor.createdAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
}

export async function findTwoFactorFactor(db: Database, userId: string, factorId: string) {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.id, factorId)))
    .limit(1);
  return row;
}

/** Removes a factor; when none is left the user's 2FA flag goes off in the same transaction. */
export async function removeTwoFactorFactor(
  db: Database,
  userId: string,
  factorId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(twoFactor)
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.id, factorId)))
      .returning({ id: twoFactor.id });
    if (removed.length === 0) return false;
    const [left] = await tx
      .select({ id: twoFactor.id })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .limit(1);
    if (!left)
      await tx
        .update(user)
        .set({ twoFactorEnabled: false, updatedAt: new Date() })
        .where(eq(user.id, userId));
    return true;
  });
}

/** Drops an enrolment that was started but never verified, so a new one can begin. */
export async function deleteUnverifiedTwoFactor(db: Database, userId: string) {
  await db.delete(twoFactor).where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, false)));
}

/**
 * Deletes the user. Every table that holds user-owned rows references `user` with ON DELETE
 * CASCADE; better-auth's single-use tokens (password reset, pending second factor, trusted devices)
 * hold the user id as their value instead, and go in the same transaction.
 */
export async function deleteUserCascade(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.value, userId));
    const rows = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    return rows.length > 0;
  });
}

/** The user's sign-in identities at identity providers (not the password), oldest first. */
export function listLinkedIdentities(db: Database, userId: string) {
  return db
    .select({
      id: account.id,
      providerId: account.providerId,
      providerEmail: account.providerEmail,
      createdAt: account.createdAt,
    })
    .from(account)
    .where(and(eq(account.userId, userId), ne(account.providerId, 'credential')))
    .orderBy(account.createdAt, account.id);
}

/**
 * The ways the user can sign in: a password, each linked identity whose provider is still configured,
 * and each passkey.
 */
export async function countSignInMethods(
  db: Database,
  userId: string,
  configuredProviders: readonly string[],
): Promise<{ password: boolean; identities: { id: string; providerId: string }[]; passkeys: number }> {
  const accounts = await db
    .select({ id: account.id, providerId: account.providerId, password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  const [keys] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkey)
    .where(eq(passkey.userId, userId));
  return {
    password: accounts.some((row) => row.providerId === 'credential' && Boolean(row.password)),
    identities: accounts.filter((row) => configuredProviders.includes(row.providerId)),
    passkeys: keys?.count ?? 0,
  };
}

/** Removes one of the user's linked identities; false when the user has none with this id. */
export async function deleteLinkedIdentity(db: Database, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(account)
    .where(and(eq(account.id, id), eq(account.userId, userId), ne(account.providerId, 'credential')))
    .returning({ id: account.id });
  return removed.length > 0;
}
