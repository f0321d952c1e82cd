import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * How far a user's running data export or restore has got (ADR 030, ADR 035): written by the instance
 * that streams it every fraction of a second, so a progress poll that reaches any instance can answer.
 * `token` names one run (a newer run replaces the row; an older one's end does not remove it), and
 * `instance_id` the process streaming it: a row whose process stopped beating is not running.
 */
export const transferProgress = pgTable(
  'transfer_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'export' or 'restore'. */
    kind: text('kind').notNull(),
    token: uuid('token').notNull(),
    instanceId: uuid('instance_id').notNull(),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
