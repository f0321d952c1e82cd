import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { userPreferences } from '../schema/index';
import type { Executor } from './sync';

/** The keys the user has set (not merged with defaults); an empty object when none. */
export async function storedPreferences(db: Executor, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row?.preferences ?? {};
}

/**
 * Sets the given top-level keys in one statement (JSONB `||`), so two concurrent saves of different
 * keys both land; returns the stored document after the change.
 */
export async function mergeStoredPreferences(
  db: Database,
  userId: string,
  changes: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, preferences: changes })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        preferences: sql`${userPreferences.preferences} || excluded.preferences`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ preferences: userPreferences.preferences });
  return row?.preferences ?? changes;
}
