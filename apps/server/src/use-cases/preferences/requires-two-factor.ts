import { storedPreferences, type Database } from '@lodestar/db';
import { mergePreferences } from '@lodestar/domain';

/** Whether the user asked for a second factor on every sign-in (spec §3 `require_2fa`). */
export async function requiresTwoFactor(db: Database, userId: string): Promise<boolean> {
  return mergePreferences(await storedPreferences(db, userId)).require_2fa;
}
