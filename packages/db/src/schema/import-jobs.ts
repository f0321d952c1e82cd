import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { jobRunColumns } from './job-columns';

/**
 * A file import of more rows than IMPORT_JOB_ROWS, run as a pg-boss job (ADR 063). The request (the
 * file and its options) is kept sealed under ENCRYPTION_KEY (`request`, `key_id`) only until the job
 * ends; the progress (`done_rows` of `total_rows`), the state and the result or error message are what
 * any instance answers `GET /imports/jobs/{id}` from. `state`: queued, running, done or failed; the
 * commit marks it done in its own transaction, so a retry after a successful run finds it done.
 */
export const importJob = pgTable(
  'import_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    totalRows: integer('total_rows').notNull(),
    doneRows: integer('done_rows').notNull().default(0),
    /** The sealed request; null once the job has ended. */
    request: text('request'),
    keyId: text('key_id'),
    result: jsonb('result'),
    ...jobRunColumns(),
  },
  (table) => [index('import_job_user_created_idx').on(table.userId, table.createdAt)],
);
