import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { appInstance } from '../schema/index';

/** Records that `version` started against this database; the first call also marks the install time. */
export async function recordStart(db: Database, version: string): Promise<{ installedAt: Date }> {
  const [row] = await db
    .insert(appInstance)
    .values({ id: 1, lastStartedVersion: version })
    .onConflictDoUpdate({
      target: appInstance.id,
      set: { lastStartedAt: sql`now()`, lastStartedVersion: version },
    })
    .returning({ installedAt: appInstance.installedAt });
  if (!row) throw new Error('app_instance upsert returned no row');
  return row;
}
