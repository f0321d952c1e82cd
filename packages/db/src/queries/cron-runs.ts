import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { cronRun } from '../schema/index';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type CronRunState = 'queued' | 'running' | 'done' | 'failed';

export type CronRunRow = {
  id: string;
  userId: string | null;
  state: CronRunState;
  usersTotal: number | null;
  usersDone: number;
  successful: number;
  failed: number;
  attempts: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const view = {
  id: cronRun.id,
  userId: cronRun.userId,
  state: cronRun.state,
  usersTotal: cronRun.usersTotal,
  usersDone: cronRun.usersDone,
  successful: cronRun.successful,
  failed: cronRun.failed,
  attempts: cronRun.attempts,
  error: cronRun.error,
  createdAt: cronRun.createdAt,
  finishedAt: cronRun.finishedAt,
};

/** Records a queued cron run for one user, or for every user (`userId` null); returns it. */
export async function insertCronRun(db: Executor, row: { userId: string | null }): Promise<CronRunRow> {
  const [inserted] = await db.insert(cronRun).values(row).returning(view);
  if (!inserted) throw new Error('The cron run was not recorded');
  return inserted as CronRunRow;
}

/**
 * A cron run as its requester may see it: one of the user's own, or, with `everyUser` (the cron
 * secret), any run for every user. Undefined otherwise.
 */
export async function findCronRun(
  db: Executor,
  id: string,
  who: { userId: string } | { everyUser: true },
): Promise<CronRunRow | undefined> {
  const [row] = await db
    .select(view)
    .from(cronRun)
    .where(
      and(eq(cronRun.id, id), 'userId' in who ? eq(cronRun.userId, who.userId) : isNull(cronRun.userId)),
    );
  return row as CronRunRow | undefined;
}

/**
 * Starts a run that has not ended: state running, one more attempt, counts from zero (a retry after a
 * lost run starts again). Returns whose jobs it runs, or undefined when it has ended or is gone.
 */
export async function startCronRun(db: Executor, id: string): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .update(cronRun)
    .set({
      state: 'running',
      usersDone: 0,
      successful: 0,
      failed: 0,
      attempts: sql`${cronRun.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(cronRun.id, id), inArray(cronRun.state, ['queued', 'running'])))
    .returning({ userId: cronRun.userId });
  return row;
}

/** A running run's progress: users done of the total and the counts so far. */
export async function saveCronRunProgress(
  db: Executor,
  id: string,
  progress: { usersTotal: number; usersDone: number; successful: number; failed: number },
): Promise<void> {
  await db
    .update(cronRun)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(and(eq(cronRun.id, id), eq(cronRun.state, 'running')));
}

/** Ends a run that has not ended: done with its counts, or failed with a message. */
export async function endCronRun(
  db: Executor,
  id: string,
  end:
    | { state: 'done'; usersTotal: number; usersDone: number; successful: number; failed: number }
    | { state: 'failed'; error: string },
): Promise<void> {
  const { state, ...rest } = end;
  await db
    .update(cronRun)
    .set({ state, ...rest, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(cronRun.id, id), inArray(cronRun.state, ['queued', 'running'])));
}

/** Removes runs that ended before `before`. */
export async function deleteEndedCronRuns(db: Executor, before: Date): Promise<void> {
  await db
    .delete(cronRun)
    .where(and(inArray(cronRun.state, ['done', 'failed']), lt(cronRun.finishedAt, before)));
}
