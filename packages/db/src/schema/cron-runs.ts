import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { jobRunColumns } from './job-columns';

/**
 * A `POST /cron/trigger-all` run, done by a pg-boss job on the `cron-run` queue: for one user (the
 * signed-in one, `user_id`) or every user (the cron secret, `user_id` null). Its state (queued, running,
 * done, failed), users done of the total and the successful and failed job counts are what any instance
 * answers `GET /cron/runs/{id}` from. Ended runs are removed a day later, when the next run starts.
 */
export const cronRun = pgTable(
  'cron_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    usersTotal: integer('users_total'),
    usersDone: integer('users_done').notNull().default(0),
    successful: integer('successful').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    ...jobRunColumns(),
  },
  (table) => [index('cron_run_created_idx').on(table.createdAt)],
);
