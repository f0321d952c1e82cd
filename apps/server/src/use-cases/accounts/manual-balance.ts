import {
  findAccount,
  insertBalanceUpdate,
  latestBalanceUpdate,
  postedSumAfter,
  propertyOfAccount,
  updateAccount,
} from '@lodestar/db';

/** A database handle or an open transaction. */
type Executor = Parameters<typeof findAccount>[0];

/** A manual account's entered balance that its history hangs on: what it held at the end of `date`. */
export type BalanceAnchor = { date: string; balanceMinor: number };

/**
 * The anchor of an account whose balance the user keeps (no connection, not following a property's
 * valuations): the newest entered balance, else — for an account that never had one entered — its
 * current balance on the day it was set. Undefined for any other account.
 */
export async function manualBalanceAnchor(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<BalanceAnchor | undefined> {
  const account = await findAccount(db, userId, accountId);
  if (!account || account.connectionId !== null) return undefined;
  if (await propertyOfAccount(db, userId, accountId)) return undefined;
  const entered = await latestBalanceUpdate(db, userId, accountId);
  if (entered) return entered;
  return {
    date: (account.balanceAsOf ?? account.createdAt).toISOString().slice(0, 10),
    balanceMinor: account.currentBalanceMinor,
  };
}

/**
 * After transactions were added to or removed from a manual account (an import or its undo): the
 * balance the user entered stays true on its date, so rows dated on or before it only reshape the
 * history before it, and rows after it move today's balance. The current balance becomes
 * anchor + the posted transactions after the anchor date — the same figure the balance history ends
 * on. An anchor that was only implicit (no balance ever entered) is recorded first, so it cannot
 * drift. Returns the balance before and after, or undefined for an account that is not manual.
 */
export async function settleManualBalance(
  tx: Executor,
  userId: string,
  accountId: string,
  anchor: BalanceAnchor | undefined,
): Promise<{ beforeMinor: number; afterMinor: number } | undefined> {
  if (!anchor) return undefined;
  const account = await findAccount(tx, userId, accountId);
  if (!account) return undefined;
  if (!(await latestBalanceUpdate(tx, userId, accountId))) {
    await insertBalanceUpdate(tx, {
      userId,
      accountId,
      date: anchor.date,
      balanceMinor: anchor.balanceMinor,
    });
  }
  const afterMinor = anchor.balanceMinor + (await postedSumAfter(tx, userId, accountId, anchor.date));
  if (afterMinor !== account.currentBalanceMinor) {
    await updateAccount(tx, userId, accountId, { currentBalanceMinor: afterMinor });
  }
  return { beforeMinor: account.currentBalanceMinor, afterMinor };
}
