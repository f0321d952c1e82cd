import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { jobRunColumns } from './job-columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A data export run as a pg-boss job (ADR 063): its state (queued, running, done, failed), the
 * transactions written of the total, and once done the gzip'd file in `export_chunk`. Any instance
 * answers its progress and serves the file; both go a day after the job ends.
 */
export const exportJob = pgTable(
  'export_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    rowsWritten: integer('rows_written').notNull().default(0),
    totalRows: integer('total_rows'),
    /** The gzip'd file's size and its chunks, once done. */
    bytes: integer('bytes').notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    ...jobRunColumns(),
  },
  (table) => [index('export_job_user_created_idx').on(table.userId, table.createdAt)],
);

/** One piece of a finished export's gzip'd file, in order of `idx`. */
export const exportChunk = pgTable(
  'export_chunk',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => exportJob.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.idx] })],
);
