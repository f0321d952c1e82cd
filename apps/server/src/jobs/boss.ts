import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { metrics } from '../observability/metrics';
import { queueConnectionSync, type ConnectionSyncJob } from './connection-sync';

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
  /**
   * Looks for connections whose sync is due (jobs/schedule.ts: the user's plan frequency, self-hosted
   * every 6 hours, and the provider's request budget) and queues a `sync-connection` job for each.
   */
  'sync-connections': '*/15 * * * *',
  /**
   * The ECB reference rates (fx/refresher.ts runFxJob): published once per working day around 16:00
   * CET; the job fetches when the last fetch is 12 hours old, so checking hourly keeps it within an hour.
   */
  'fx-rates': '5 * * * *',
  /**
   * The email outbox (email/mailer.ts sendDue): retries whose time has come and emails whose sender died
   * before or while sending them. A new email is sent at once by the process that wrote it.
   */
  'email-outbox': '* * * * *',
  /** Webhook deliveries whose attempt is due but has no job (lost in a restart, a lapsed claim): ADR 040. */
  'webhook-deliveries': '* * * * *',
  /**
   * Daily closes of held and watched securities (prices/security-prices.ts): after the US close (21:00
   * UTC in winter, 20:00 in summer), every day so a missed run or a weekend catches up the next time.
   */
  'security-prices': '30 22 * * *',
} as const;

/**
 * Queues without a schedule, whose jobs other jobs send. `sync-connection`: one connection's sync, with
 * the connection id as singleton key on a stately queue, so each connection has at most one job waiting
 * and one running, whichever instance sent or takes it.
 */
export const JOB_QUEUES = ['sync-connection', 'webhook-delivery'] as const;

/**
 * How long a job may stay active before pg-boss takes it for lost (its process was killed) and fails it.
 * Each queue is stately (one job active at a time), so a lost job would hold its queue until then: the
 * scheduled ones get a few minutes, well beyond their runs; a connection's sync, which may read a large
 * history, an hour (a killed instance's sync itself is taken over through its lease, sync/instance.ts).
 */
export const JOB_EXPIRY_SECONDS: Record<JobName, number> = {
  notifications: 15 * 60,
  'sync-connections': 5 * 60,
  'fx-rates': 5 * 60,
  'email-outbox': 5 * 60,
  'sync-connection': 60 * 60,
  'webhook-deliveries': 5 * 60,
  'webhook-delivery': 5 * 60,
  'security-prices': 30 * 60,
};

export type ScheduledJobName = keyof typeof JOB_SCHEDULES;
export type JobName = ScheduledJobName | (typeof JOB_QUEUES)[number];

/** What a job function gets from pg-boss: the job's data, and a way to queue further jobs. */
export type JobContext = {
  data: unknown;
  /** The job's logger: its queue and id, and the request id of the request that queued it, if any. */
  logger?: Logger;
  send(
    name: (typeof JOB_QUEUES)[number],
    data: object,
    options: { singletonKey: string; startAfter?: number },
  ): Promise<void>;
};
export type JobHandlers = Record<JobName, (job?: JobContext) => Promise<unknown>>;

export type RunningJobs = {
  boss: PgBoss;
  /** Queues a sync of one connection (false when one is already waiting for it); `requestId` goes in its logs. */
  queueConnectionSync(job: ConnectionSyncJob): Promise<boolean>;
  /** Queues one attempt at a webhook delivery (one waiting per delivery). */
  queueWebhookDelivery(deliveryId: string, startAfterSeconds: number): Promise<void>;
  /** Queues a background file import (ADR 063); any instance runs it. */
  queueImport(jobId: string): Promise<void>;
  /** Queues a data export into the database (ADR 063). */
  queueExport(jobId: string): Promise<void>;
  /** Queues a `POST /cron/trigger-all` run (jobs/cron-runs.ts). */
  queueCronRun(runId: string): Promise<void>;
  /**
   * Stops taking jobs, lets running ones finish (up to `timeoutMs`), then fails those still running, so
   * a queue that retries (imports) hands them to another instance; closes pg-boss's pool.
   */
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
  /**
   * The database backup (BACKUP_SCHEDULE, README "Backups"): its cron schedule and what it runs. Unset, the
   * queue's schedule is removed, so turning it off on the instances stops it.
   */
  backup?: { schedule: string; run: () => Promise<unknown> } | undefined;
  /**
   * Background file imports (ADR 063): what runs one (told whether pg-boss will retry it if it throws),
   * and how long a run may take before pg-boss takes it for lost (its instance killed) and retries it.
   */
  imports?: { run: (jobId: string, lastAttempt: boolean) => Promise<unknown>; timeoutSeconds: number };
  /** Data exports into the database (ADR 063): what runs one. */
  exports?: { run: (jobId: string, lastAttempt: boolean) => Promise<unknown> };
  /** Cron runs (`POST /cron/trigger-all`, jobs/cron-runs.ts): what runs one. */
  cronRuns?: { run: (runId: string, lastAttempt: boolean) => Promise<unknown> };
};

/** The export queue: like imports; a lost export is retried after an hour. */
export const EXPORT_QUEUE_NAME = 'export';
const EXPORT_EXPIRY_SECONDS = 60 * 60;

/** The queue of `POST /cron/trigger-all` runs: like exports (a run syncs every user's connections). */
export const CRON_RUN_QUEUE_NAME = 'cron-run';
const CRON_RUN_EXPIRY_SECONDS = 60 * 60;

/** The import queue: standard (imports of several users run side by side), retried after a lost run. */
export const IMPORT_QUEUE_NAME = 'import';
export const IMPORT_RETRY_LIMIT = 3;

/** The backup job's queue; a backup of a large database may take a while. */
export const BACKUP_QUEUE = 'backup';
const BACKUP_EXPIRY_SECONDS = 60 * 60;

/** Starts pg-boss, creates the queues, registers the schedules and a worker per queue. */
export async function startJobs(options: StartJobsOptions): Promise<RunningJobs> {
  const log = options.logger.child({ component: 'jobs' });
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOBS_SCHEMA,
    max: options.poolMax ?? 4,
    application_name: 'lodestar-jobs',
    // Expiry of lost jobs is checked at each maintenance: often enough that a lost import is retried
    // within a quarter of its timeout (pg-boss's default is every 2 minutes).
    ...(options.imports && {
      maintenanceIntervalSeconds: Math.min(120, Math.max(1, Math.floor(options.imports.timeoutSeconds / 4))),
    }),
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const send: JobContext['send'] = async (name, data, sendOptions) => {
    await boss.send(name, data, {
      singletonKey: sendOptions.singletonKey,
      ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
    });
  };
  const queues: [JobName, string | undefined][] = [
    ...(Object.entries(JOB_SCHEDULES) as [JobName, string][]),
    ...JOB_QUEUES.map((name): [JobName, undefined] => [name, undefined]),
  ];
  // This process's worker per queue of background runs: a run queued here starts at once rather than
  // at the worker's next poll (up to pollingIntervalSeconds later); other instances' workers still poll.
  const workers = new Map<string, string>();
  const sendAndWake = async (name: string, jobId: string) => {
    await boss.send(name, { jobId }, { singletonKey: jobId });
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  try {
    await scheduleBackups(boss, log, options);
    const retried: [
      string,
      number,
      ((jobId: string, lastAttempt: boolean) => Promise<unknown>) | undefined,
    ][] = [
      [IMPORT_QUEUE_NAME, options.imports?.timeoutSeconds ?? 30 * 60, options.imports?.run],
      [EXPORT_QUEUE_NAME, EXPORT_EXPIRY_SECONDS, options.exports?.run],
      [CRON_RUN_QUEUE_NAME, CRON_RUN_EXPIRY_SECONDS, options.cronRuns?.run],
    ];
    for (const [name, expireInSeconds, run] of retried) {
      const worker = await workRetried(boss, log, options, name, expireInSeconds, run);
      if (worker) workers.set(name, worker);
    }
    for (const [name, cron] of queues) {
      const queue = {
        name,
        policy: 'stately',
        retryLimit: 0,
        expireInSeconds: JOB_EXPIRY_SECONDS[name],
      } as const;
      await boss.createQueue(name, queue);
      // A queue made by an earlier release keeps its settings unless updated.
      await boss.updateQueue(name, queue);
      if (cron) await boss.schedule(name, cron);
      await boss.work(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
        async (jobs) => {
          for (const job of jobs) {
            const data = job.data as { requestId?: unknown } | null;
            const requestId = typeof data?.requestId === 'string' ? data.requestId : undefined;
            const jobLog = log.child({ job: name, id: job.id, ...(requestId ? { requestId } : {}) });
            jobLog.info('job started');
            const started = performance.now();
            try {
              const output = await options.handlers[name]({ data: job.data, send, logger: jobLog });
              metrics.job(name, 'completed', (performance.now() - started) / 1000);
              jobLog.info({ output }, 'job finished');
            } catch (error) {
              metrics.job(name, 'failed', (performance.now() - started) / 1000);
              jobLog.error({ err: error }, 'job failed');
              throw error;
            }
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
    queueConnectionSync: (job) => queueConnectionSync(boss, job),
    queueWebhookDelivery: async (deliveryId, startAfterSeconds) => {
      await boss.send(
        'webhook-delivery',
        { deliveryId },
        { singletonKey: deliveryId, ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}) },
      );
    },
    queueImport: (jobId) => sendAndWake(IMPORT_QUEUE_NAME, jobId),
    queueExport: (jobId) => sendAndWake(EXPORT_QUEUE_NAME, jobId),
    queueCronRun: (runId) => sendAndWake(CRON_RUN_QUEUE_NAME, runId),
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
  };
}

/** The backup queue: one job per tick of BACKUP_SCHEDULE across every instance (the queue is stately). */
async function scheduleBackups(boss: PgBoss, log: Logger, options: StartJobsOptions): Promise<void> {
  const backup = options.backup;
  if (!backup) {
    if (await boss.getQueue(BACKUP_QUEUE)) await boss.unschedule(BACKUP_QUEUE);
    return;
  }
  const queue = {
    name: BACKUP_QUEUE,
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: BACKUP_EXPIRY_SECONDS,
  } as const;
  await boss.createQueue(BACKUP_QUEUE, queue);
  await boss.updateQueue(BACKUP_QUEUE, queue);
  await boss.schedule(BACKUP_QUEUE, backup.schedule);
  await boss.work(
    BACKUP_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async (jobs) => {
      for (const job of jobs) {
        const jobLog = log.child({ job: BACKUP_QUEUE, id: job.id });
        jobLog.info('job started');
        const started = performance.now();
        try {
          const output = await backup.run();
          metrics.job(BACKUP_QUEUE, 'completed', (performance.now() - started) / 1000);
          jobLog.info({ output }, 'job finished');
        } catch (error) {
          metrics.job(BACKUP_QUEUE, 'failed', (performance.now() - started) / 1000);
          jobLog.error({ err: error }, 'job failed');
          throw error;
        }
      }
    },
  );
}

/**
 * A queue of background runs retried after a lost run (imports, exports, cron runs): each job names a
 * row of its table (use-cases/imports/import-jobs.ts, use-cases/data/export-jobs.ts, jobs/cron-runs.ts).
 */
async function workRetried(
  boss: PgBoss,
  log: Logger,
  options: StartJobsOptions,
  name: string,
  expireInSeconds: number,
  run: ((jobId: string, lastAttempt: boolean) => Promise<unknown>) | undefined,
): Promise<string | undefined> {
  const queue = {
    name,
    policy: 'standard',
    retryLimit: IMPORT_RETRY_LIMIT,
    retryDelay: 1,
    expireInSeconds,
  } as const;
  await boss.createQueue(name, queue);
  await boss.updateQueue(name, queue);
  if (!run) return undefined;
  return boss.work<{ jobId?: unknown }>(
    name,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
    async (jobs) => {
      for (const job of jobs) {
        const jobLog = log.child({ job: name, id: job.id, attempt: job.retryCount + 1 });
        const jobId = job.data.jobId;
        if (typeof jobId !== 'string') continue;
        jobLog.info('job started');
        const started = performance.now();
        try {
          const output = await run(jobId, job.retryCount >= job.retryLimit);
          metrics.job(name, 'completed', (performance.now() - started) / 1000);
          jobLog.info({ output }, 'job finished');
        } catch (error) {
          metrics.job(name, 'failed', (performance.now() - started) / 1000);
          jobLog.error({ err: error }, 'job failed');
          throw error;
        }
      }
    },
  );
}
