import type { Database } from '@lodestar/db';
import type { Config } from '../config/env';
import { runFxJob } from '../fx/refresher';
import type { Mailer } from '../email/mailer';
import type { Logger } from '../logger';
import { createNotifier, type Notifier } from '../notifications/notifier';
import { createPushSender } from '../notifications/push';
import { providerAccess } from '../connectors/access';
import { createSyncRunner, type SyncRunner } from '../sync/runner';
import { cryptoServices } from '../prices/crypto-prices';
import { runSecurityPriceJob } from '../prices/security-prices';
import { userLimits, userSyncIntervalMs } from '../use-cases/limits/user-limits';
import { AppError } from '../http/app-error';
import { dueSyncs, type SyncJob } from './schedule';
import { applyRulesToTransactions } from '../use-cases/rules/apply-rules';
import { runImportJob } from '../use-cases/imports/import-jobs';
import { runExportJob } from '../use-cases/data/export-jobs';
import type { JobContext, JobName } from './boss';
import { addCounts, type JobCounts } from './user-jobs';
import { runCronRun } from './cron-runs';
import {
  attemptWebhookDelivery,
  sweepWebhookDeliveries,
  webhookDepsFrom,
  webhooksAfterSync,
} from '../webhooks/deliver';

export type BackgroundDeps = {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
  /** This process's registration: the scheduled syncs hold their leases in its name. */
  instanceId: string;
  /** Queues a webhook delivery attempt on the job queue once it runs (ADR 040). */
  queueWebhookDelivery?: (deliveryId: string, startAfterSeconds: number) => Promise<void>;
};

export type Background = {
  notifier: Notifier;
  syncRunner: SyncRunner;
  /** Runs one background file import (ADR 063); `lastAttempt`: pg-boss will not retry it. */
  runImport: (jobId: string, lastAttempt: boolean) => Promise<string>;
  /** Runs one data export into the database (ADR 063). */
  runExport: (jobId: string, lastAttempt: boolean) => Promise<string>;
  /** Runs one `POST /cron/trigger-all` run: each of its users' jobs (jobs/cron-runs.ts). */
  runCronRun: (runId: string, lastAttempt: boolean) => Promise<string>;
  /** The job functions by queue name (what pg-boss workers call; `JobHandlers` compatible). */
  handlers: Record<Exclude<JobName, 'sync-connections'>, (job?: JobContext) => Promise<JobCounts>> & {
    /** With pg-boss it queues the due syncs (how many); called directly it runs them (their counts). */
    'sync-connections': (job?: JobContext) => Promise<JobCounts | { queued: number }>;
  };
};

/**
 * What the scheduled jobs run, callable without pg-boss (tests run them directly). The sync runner is
 * built like the app's: leases live in the database, so its syncs and the app's never overlap.
 */
export function createBackground(deps: BackgroundDeps): Background {
  const webhooks = webhookDepsFrom({
    ...deps,
    ...(deps.queueWebhookDelivery ? { queue: deps.queueWebhookDelivery } : {}),
  });
  const syncRunner = createSyncRunner({
    afterSync: webhooksAfterSync(webhooks),
    db: deps.db,
    config: deps.config,
    instanceId: deps.instanceId,
    logger: deps.logger,
    now: deps.now,
    limitsFor: (userId) => userLimits(deps, userId),
    afterWrite: async (userId, ids) => {
      await applyRulesToTransactions(deps.db, userId, ids);
    },
    providerAccess: providerAccess(deps.config),
    crypto: cryptoServices(deps),
  });
  const push = createPushSender({
    db: deps.db,
    logger: deps.logger,
    push: deps.config.push,
    outbound: deps.config.outbound,
    now: deps.now,
  });
  const notifier = createNotifier({ ...deps, push, webhooks });
  /** One scheduled sync to its end; inside the provider's budget or already running elsewhere: skipped. */
  async function syncOne(data: unknown, logger: Logger = deps.logger): Promise<JobCounts> {
    const job = data as Partial<SyncJob> | undefined;
    if (typeof job?.userId !== 'string' || typeof job.connectionId !== 'string')
      return { successful: 0, failed: 1 };
    try {
      const outcome = await syncRunner.run(job.userId, job.connectionId);
      return outcome.ok ? { successful: 1, failed: 0 } : { successful: 0, failed: 1 };
    } catch (error) {
      if (error instanceof AppError && ['CONFLICT', 'RATE_LIMITED', 'NOT_FOUND'].includes(error.code))
        return { successful: 0, failed: 0 };
      logger.error({ err: error, connectionId: job.connectionId }, 'scheduled sync failed');
      return { successful: 0, failed: 1 };
    }
  }
  return {
    notifier,
    syncRunner,
    runImport: (jobId, lastAttempt) => runImportJob(deps, jobId, { lastAttempt }),
    runExport: (jobId, lastAttempt) => runExportJob(deps, jobId, { lastAttempt }),
    runCronRun: (runId, lastAttempt) =>
      runCronRun({ db: deps.db, logger: deps.logger, now: deps.now, syncRunner, notifier }, runId, {
        lastAttempt,
      }),
    handlers: {
      notifications: () => notifier.runForAll(),
      'fx-rates': () => runFxJob(deps),
      'security-prices': () => runSecurityPriceJob(deps),
      'email-outbox': () => deps.mailer.sendDue(),
      /**
       * Queues the due connections' syncs (one job each, staggered); without pg-boss (tests, a direct
       * call) it runs them here, one after another.
       */
      async 'sync-connections'(job) {
        const due = await dueSyncs({
          db: deps.db,
          config: deps.config,
          now: deps.now,
          intervalFor: (userId) => userSyncIntervalMs(deps, userId),
        });
        if (job) {
          for (const item of due)
            await job.send(
              'sync-connection',
              { userId: item.userId, connectionId: item.connectionId },
              { singletonKey: item.connectionId, startAfter: item.startAfterSeconds },
            );
          return { queued: due.length };
        }
        let counts: JobCounts = { successful: 0, failed: 0 };
        for (const item of due) counts = addCounts(counts, await syncOne(item));
        return counts;
      },
      'sync-connection': async (job) => syncOne(job?.data, job?.logger),
      'webhook-deliveries': () => sweepWebhookDeliveries(webhooks),
      'webhook-delivery': async (job) => {
        const deliveryId = (job?.data as { deliveryId?: unknown } | undefined)?.deliveryId;
        if (typeof deliveryId !== 'string') return { successful: 0, failed: 1 };
        const result = await attemptWebhookDelivery(webhooks, deliveryId);
        return {
          successful: result === 'succeeded' ? 1 : 0,
          failed: result === 'retry' || result === 'failed' ? 1 : 0,
        };
      },
    },
  };
}
