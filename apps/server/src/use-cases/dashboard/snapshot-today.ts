import { type Database, newestSnapshotDates, recomputeBalanceSnapshots } from '@lodestar/db';
import { addDays } from '@lodestar/domain';
import { reportingFor } from '../../fx/reporting';

/**
 * POST /balance/snapshot: today's end-of-day snapshot of every account of the user (hidden ones too, so
 * showing one later has its history), in one transaction; net_worth_daily follows by trigger. An account
 * whose newest snapshot is older than yesterday gets the days in between as well, so its history has no
 * gap; one without snapshots gets today's only.
 */
export async function snapshotToday(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ date: string; accounts: number }> {
  const { today } = await reportingFor(db, userId, now);
  const accounts = await newestSnapshotDates(db, userId);
  await db.transaction(async (tx) => {
    for (const { accountId, newest } of accounts) {
      const from = newest !== null && newest < today ? addDays(newest, 1) : today;
      await recomputeBalanceSnapshots(tx, { userId, accountId, from, today });
    }
  });
  return { date: today, accounts: accounts.length };
}
