import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { connection, financialAccount, institution } from '../schema/index';
import type { Executor } from './sync';
import { transactionCountsByAccount } from './transactions';

export type AccountListRow = {
  account: typeof financialAccount.$inferSelect;
  institutionName: string | null;
  transactionCount: number;
};

/** The user's accounts with their institution and transaction counts, in a stable order. */
export async function listAccounts(db: Executor, userId: string): Promise<AccountListRow[]> {
  const rows = await db
    .select({ account: financialAccount, institutionName: institution.name })
    .from(financialAccount)
    .leftJoin(connection, eq(connection.id, financialAccount.connectionId))
    .leftJoin(institution, eq(institution.id, connection.institutionId))
    .where(eq(financialAccount.userId, userId))
    .orderBy(asc(financialAccount.type), asc(financialAccount.name), asc(financialAccount.id));
  // Counts come from the trigger-maintained counters, not a count(*) over every transaction.
  const counts = await transactionCountsByAccount(db, userId);
  return rows.map((row) => ({ ...row, transactionCount: counts.get(row.account.id) ?? 0 }));
}

export async function findAccount(db: Executor, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.id, accountId)))
    .limit(1);
  return row;
}

export async function countAccounts(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(financialAccount)
    .where(eq(financialAccount.userId, userId));
  return row?.count ?? 0;
}

/**
 * How many of the user's accounts come through a live link to a source (demo bank, aggregator,
 * exchange, wallet): accounts of a connection that is not disconnected. Manual and imported accounts
 * have no connection and do not count.
 */
export async function countConnectedAccounts(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(financialAccount)
    .innerJoin(connection, eq(connection.id, financialAccount.connectionId))
    .where(
      and(
        eq(financialAccount.userId, userId),
        eq(connection.userId, userId),
        ne(connection.status, 'disconnected'),
      ),
    );
  return row?.count ?? 0;
}

export async function insertManualAccount(
  db: Executor,
  value: {
    userId: string;
    name: string;
    type: string;
    subtype: string | null;
    currency: string;
    balanceMinor: number;
  },
) {
  const [row] = await db
    .insert(financialAccount)
    .values({
      userId: value.userId,
      name: value.name,
      type: value.type,
      subtype: value.subtype,
      provider: 'manual',
      currency: value.currency,
      currentBalanceMinor: value.balanceMinor,
      balanceAsOf: new Date(),
    })
    .returning();
  if (!row) throw new Error('account insert returned no row');
  return row;
}

export async function updateAccount(
  db: Executor,
  userId: string,
  accountId: string,
  changes: { name?: string; hidden?: boolean; currentBalanceMinor?: number; balanceAsOf?: Date },
) {
  const [row] = await db
    .update(financialAccount)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.id, accountId)))
    .returning();
  return row;
}

/** Deletes an account with its transactions (cascade); returns how many transactions went. */
export async function deleteAccount(db: Database, userId: string, accountId: string) {
  return db.transaction(async (tx) => {
    const counted = { count: (await transactionCountsByAccount(tx, userId)).get(accountId) ?? 0 };
    const rows = await tx
      .delete(financialAccount)
      .where(and(eq(financialAccount.userId, userId), eq(financialAccount.id, accountId)))
      .returning({ id: financialAccount.id });
    return rows.length ? { deletedTransactions: counted?.count ?? 0 } : undefined;
  });
}

/** Sum of posted transactions dated after `date` (for balances anchored on an entered value). */
export async function postedSumAfter(db: Executor, userId: string, accountId: string, date: string) {
  const result = await db.execute<{ total: number | null }>(sql`
    select coalesce(sum(amount_minor), 0)::bigint as total from "transaction"
    where user_id = ${userId} and account_id = ${accountId} and status = 'posted' and date > ${date}::date`);
  return Number(result.rows[0]?.total ?? 0);
}
