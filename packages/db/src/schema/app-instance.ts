import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row describing this installation: when it was created and which release last started it.
 * The check constraint keeps it a singleton even with several server instances.
 */
export const appInstance = pgTable(
  'app_instance',
  {
    id: smallint('id').primaryKey().default(1),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastStartedVersion: text('last_started_version').notNull(),
  },
  (table) => [check('app_instance_singleton', sql`${table.id} = 1`)],
);
