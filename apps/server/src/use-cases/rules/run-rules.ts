import type { Database } from '@lodestar/db';
import { applyRulesToTransactions } from './apply-rules';

/**
 * "Run on existing transactions": the user's enabled rules, in order, over all their transactions, in one
 * database transaction. `changed` is how many transactions changed (a category set by hand never does).
 */
export async function runRulesOnExisting(options: {
  db: Database;
  userId: string;
}): Promise<{ changed: number }> {
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    const { changed } = await applyRulesToTransactions(tx, userId);
    return { changed };
  });
}
