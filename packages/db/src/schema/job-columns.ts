import { sql } from 'drizzle-orm';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every table of pg-boss job runs has (import_job, export_job, cron_run): its state
 * (queued, running, done or failed), how many runs started (a retry after a killed instance is the
 * second), the failure's message, and when it was created, last changed and ended. New builders each
 * call: a column builder belongs to one table.
 */
export function jobRunColumns() {
  return {
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  };
}
