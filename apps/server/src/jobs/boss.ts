import PgBoss from 'pg-boss';
import type { Logger } from '../logger';

/**
 * Background jobs on pg-boss in the application database (schema `pgboss`, docs/settings-api.md "Jobs
 * and cron"). Schedules live in the database, so with several instances each cron tick makes one job,
 * and one instance runs it.
 */

export const JOBS_SCHEMA = 'pgboss';

/** Every queue with its schedule (cron, UTC). */
export const JOB_SCHEDULES = {
  /** The notification check: it looks at the last completed period, so running often is safe. */
  notifications: '*/15 * * * *',
  /** Sync of every connection that syncs (demo bank, aggregators). */
  'sync-connections': '0 */6 * * *',
  /**
   * The ECB reference rates (fx/refresher.ts runFxJob): published once per working day around 16:00
   * CET; the job fetches when the last fetch is 12 hours old, so checking hourly keeps it within an hour.
   */
  'fx-rates': '5 * * * *',
} as const;

export type JobName = keyof typeof JOB_SCHEDULES;
export type JobHandlers = Record<JobName, () => Promise<unknown>>;

export type RunningJobs = {
  boss: PgBoss;
  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), closes pg-boss's pool. */
  stop(timeoutMs?: number): Promise<void>;
};

export type StartJobsOptions = {
  connectionString: string;
  logger: Logger;
  handlers: JobHandlers;
  /** pg-boss's own pool (it needs few connections). */
  poolMax?: number;
  /** How often a worker looks for a job (seconds); tests shorten it. */
  pollingIntervalSeconds?: number;
};

/** Starts pg-boss, creates the queues, registers the schedules and a worker per queue. */
export async function startJobs(options: StartJobsOptions): Promise<RunningJobs> {
  const log = options.logger.child({ component: 'jobs' });
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOBS_SCHEMA,
    max: options.poolMax ?? 4,
    application_name: 'lodestar-jobs',
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  try {
    for (const [name, cron] of Object.entries(JOB_SCHEDULES) as [JobName, string][]) {
      await boss.createQueue(name, { name, policy: 'stately', retryLimit: 0, expireInSeconds: 60 * 60 });
      await boss.schedule(name, cron);
      await boss.work(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        async (jobs) => {
          for (const job of jobs) {
            log.info({ job: name, id: job.id }, 'job started');
            const output = await options.handlers[name]();
            log.info({ job: name, id: job.id, output }, 'job finished');
          }
        },
      );
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true });
    throw error;
  }
  return {
    boss,
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
  };
}
