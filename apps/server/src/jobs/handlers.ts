import { listUserIds, type Database } from '@lodestar/db';
import type { Config } from '../config/env';
import { runFxJob } from '../fx/refresher';
import type { Mailer } from '../email/mailer';
import type { Logger } from '../logger';
import { createNotifier, type Notifier } from '../notifications/notifier';
import { createPushSender } from '../notifications/push';
import { providerAccess } from '../connectors/access';
import { createSyncRunner, type SyncRunner } from '../sync/runner';
import { userLimits } from '../use-cases/limits/user-limits';
import { applyRulesToTransactions } from '../use-cases/rules/apply-rules';
import type { JobName } from './boss';
import { addCounts, syncUserConnections, type JobCounts } from './user-jobs';

export type BackgroundDeps = {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
  /** This process's registration: the scheduled syncs hold their leases in its name. */
  instanceId: string;
};

export type Background = {
  notifier: Notifier;
  syncRunner: SyncRunner;
  /** The job functions by queue name (what pg-boss workers call; `JobHandlers` compatible). */
  handlers: Record<JobName, () => Promise<JobCounts>>;
};

/**
 * What the scheduled jobs run, callable without pg-boss (tests run them directly). The sync runner is
 * built like the app's: leases live in the database, so its syncs and the app's never overlap.
 */
export function createBackground(deps: BackgroundDeps): Background {
  const syncRunner = createSyncRunner({
    db: deps.db,
    instanceId: deps.instanceId,
    logger: deps.logger,
    now: deps.now,
    limitsFor: (userId) => userLimits(deps, userId),
    afterWrite: async (userId, ids) => {
      await applyRulesToTransactions(deps.db, userId, ids);
    },
    providerAccess: providerAccess(deps.config),
  });
  const push = createPushSender({
    db: deps.db,
    logger: deps.logger,
    push: deps.config.push,
    outbound: deps.config.outbound,
    now: deps.now,
  });
  const notifier = createNotifier({ ...deps, push });
  return {
    notifier,
    syncRunner,
    handlers: {
      notifications: () => notifier.runForAll(),
      'fx-rates': () => runFxJob(deps),
      async 'sync-connections'() {
        let counts: JobCounts = { successful: 0, failed: 0 };
        for (const userId of await listUserIds(deps.db)) {
          counts = addCounts(counts, await syncUserConnections({ ...deps, syncRunner }, userId));
        }
        return counts;
      },
    },
  };
}
