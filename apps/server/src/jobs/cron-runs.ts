import {
  deleteEndedCronRuns,
  endCronRun,
  findCronRun,
  insertCronRun,
  jobQueueGaveUp,
  listUserIds,
  saveCronRunProgress,
  startCronRun,
  type CronRunRow,
  type CronRunState,
  type Database,
} from '@lodestar/db';
import { addCounts, runUserJobs, type JobCounts, type UserJobDeps } from './user-jobs';

/**
 * `POST /cron/trigger-all` as a background job (docs/settings-api.md "Jobs and cron"): the request
 * records a `cron_run` and queues it on the `cron-run` queue; whichever instance takes it runs each
 * user's jobs (jobs/user-jobs.ts) and writes users done and the counts after each user, so any instance
 * answers `GET /cron/runs/{id}`.
 */

/** The pg-boss queue of cron runs (jobs/boss.ts). */
export const CRON_RUN_QUEUE = 'cron-run';
/** How long an ended run is kept. */
export const CRON_RUN_KEPT_MS = 24 * 3_600_000;
export const CRON_RUN_LOST = 'The cron jobs could not be finished. Try again.';

export type CronRunView = {
  id: string;
  /** Every user's jobs (the cron secret) or the signed-in user's. */
  scope: 'user' | 'all';
  state: CronRunState;
  usersTotal: number | null;
  usersDone: number;
  successful: number;
  failed: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type CronRunDeps = UserJobDeps & {
  now: () => Date;
  /** Puts the run on the job queue; without it the run happens in this process. */
  queueCronRun?: ((runId: string) => Promise<void>) | undefined;
};

function viewOf(row: CronRunRow): CronRunView {
  return {
    id: row.id,
    scope: row.userId === null ? 'all' : 'user',
    state: row.state,
    usersTotal: row.usersTotal,
    usersDone: row.usersDone,
    successful: row.successful,
    failed: row.failed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Records a run of one user's jobs, or every user's (`userId` null), and queues it. */
export async function queueCronRun(deps: CronRunDeps, userId: string | null): Promise<CronRunView> {
  await deleteEndedCronRuns(deps.db, new Date(deps.now().getTime() - CRON_RUN_KEPT_MS));
  const run = viewOf(await insertCronRun(deps.db, { userId }));
  if (deps.queueCronRun) {
    try {
      await deps.queueCronRun(run.id);
    } catch (error) {
      await endCronRun(deps.db, run.id, { state: 'failed', error: CRON_RUN_LOST });
      throw error;
    }
  } else {
    void runCronRun(deps, run.id, { lastAttempt: true }).catch((error: unknown) => {
      deps.logger.error({ err: error, cronRun: run.id }, 'Cron run failed');
    });
  }
  return run;
}

/** A run as its requester may see it (their own, or with the cron secret one for every user). */
export async function cronRunOf(
  db: Database,
  id: string,
  who: { userId: string } | { everyUser: true },
): Promise<CronRunView | null> {
  let row = await findCronRun(db, id, who);
  if (!row) return null;
  // pg-boss gave the job up (its last run killed or stopped): no run of ours will write its end.
  if ((row.state === 'queued' || row.state === 'running') && (await jobQueueGaveUp(db, CRON_RUN_QUEUE, id))) {
    await endCronRun(db, id, { state: 'failed', error: CRON_RUN_LOST });
    row = (await findCronRun(db, id, who)) ?? row;
  }
  return viewOf(row);
}

/** How long `POST /cron/trigger-all` waits for its run to end before answering with the counts so far. */
export const CRON_ANSWER_WAIT_MS = 20_000;
const CRON_ANSWER_POLL_MS = 200;

/**
 * The run once it has ended, or as it stands after `waitMs` (any instance may be running it: this reads
 * the database, as `GET /cron/runs/{id}` does).
 */
export async function cronRunWhenEnded(
  db: Database,
  id: string,
  who: { userId: string } | { everyUser: true },
  waitMs: number,
): Promise<CronRunView | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await findCronRun(db, id, who);
    if (!row || row.state === 'done' || row.state === 'failed') return row ? viewOf(row) : null;
    // Whether pg-boss gave the job up is asked once, when the wait is over.
    if (Date.now() >= until) return cronRunOf(db, id, who);
    await new Promise((resolve) => setTimeout(resolve, Math.min(CRON_ANSWER_POLL_MS, until - Date.now())));
  }
}

/**
 * One run: each user's jobs in turn, progress after each. A run that finds the run ended does nothing;
 * a retry after a lost run starts again (syncs and notification checks are safe to repeat). An error
 * is thrown for pg-boss to retry; the last attempt ends the run failed first.
 */
export async function runCronRun(
  deps: CronRunDeps,
  runId: string,
  options: { lastAttempt: boolean },
): Promise<'done' | 'ended'> {
  const run = await startCronRun(deps.db, runId);
  if (!run) return 'ended';
  try {
    const userIds = run.userId === null ? await listUserIds(deps.db) : [run.userId];
    let counts: JobCounts = { successful: 0, failed: 0 };
    let usersDone = 0;
    await saveCronRunProgress(deps.db, runId, { usersTotal: userIds.length, usersDone, ...counts });
    for (const userId of userIds) {
      counts = addCounts(counts, await runUserJobs(deps, userId));
      usersDone += 1;
      await saveCronRunProgress(deps.db, runId, { usersTotal: userIds.length, usersDone, ...counts });
    }
    await endCronRun(deps.db, runId, { state: 'done', usersTotal: userIds.length, usersDone, ...counts });
    return 'done';
  } catch (error) {
    if (options.lastAttempt) await endCronRun(deps.db, runId, { state: 'failed', error: CRON_RUN_LOST });
    throw error;
  }
}
