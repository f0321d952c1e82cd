import { listSessions, type Database } from '@lodestar/db';

/**
 * An account without a password proves it is its owner by a recent sign-in (ADR 049): a session at most
 * this old may set the first password or remove a second factor. A sign-in through the provider (and its
 * second factor, when two-factor is on) or with a passkey starts a new session.
 */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** Whether this session began at most RECENT_SIGN_IN_SECONDS ago. */
export async function signedInRecently(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const current = (await listSessions(db, userId)).find((row) => row.id === sessionId);
  return Boolean(current && Date.now() - current.createdAt.getTime() <= RECENT_SIGN_IN_SECONDS * 1000);
}
