import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * One row per running server process (several may share the database). A process beats every few
 * seconds; sync leases name the process that holds them, so a lease is live only while its holder beats.
 */
export const serverInstance = pgTable('server_instance', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** The machine (os.hostname()) and process id, so a restarted process can tell its predecessor. */
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
