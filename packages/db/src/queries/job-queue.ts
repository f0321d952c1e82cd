import { sql } from 'drizzle-orm';
import type { Database } from '../client';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Whether pg-boss (in `schema`) has given up the job of `queue` that names our row `jobId` (its data's
 * `jobId`): a copy of it ended failed, in the job table or the archive, with no retry left (a run
 * killed on its last attempt that expired, a last attempt failed by a graceful stop), and no copy is
 * waiting, due for retry or active. False when the schema does not exist (no job queue ever ran), and
 * for a row never queued on pg-boss (the job ran in-process).
 */
export async function jobQueueGaveUp(
  db: Executor,
  queue: string,
  jobId: string,
  schema = 'pgboss',
): Promise<boolean> {
  const present = await db.execute<{ job: string | null; archive: string | null }>(
    sql`select to_regclass(${`${schema}.job`})::text as job, to_regclass(${`${schema}.archive`})::text as archive`,
  );
  const tables = present.rows[0];
  if (!tables?.job) return false;
  const job = sql.raw(`"${schema}".job`);
  const failedIn = (table: ReturnType<typeof sql.raw>) =>
    sql`exists (select 1 from ${table} where name = ${queue} and data->>'jobId' = ${jobId}
                 and state = 'failed' and retry_count >= retry_limit)`;
  const failed = tables.archive
    ? sql`(${failedIn(job)} or ${failedIn(sql.raw(`"${schema}".archive`))})`
    : failedIn(job);
  const verdict = await db.execute<{ gave_up: boolean }>(
    sql`select ${failed}
          and not exists (select 1 from ${job} where name = ${queue} and data->>'jobId' = ${jobId}
                           and state in ('created', 'retry', 'active')) as gave_up`,
  );
  return verdict.rows[0]?.gave_up === true;
}
