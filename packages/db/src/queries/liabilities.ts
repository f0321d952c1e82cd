import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { accountLiability, financialAccount } from '../schema/index';
import type { Executor } from './sync';

export type LiabilityRow = Omit<typeof accountLiability.$inferInsert, 'userId' | 'updatedAt'>;
export type StoredLiability = typeof accountLiability.$inferSelect;

/**
 * Stores what the lender reported for these accounts of one connection, and forgets what it reported
 * before for the connection's other accounts (a card paid off and closed, a product no longer shared).
 */
export async function replaceLiabilities(
  db: Executor,
  scope: { userId: string; connectionId: string },
  rows: readonly LiabilityRow[],
): Promise<void> {
  if (rows.length) {
    await db
      .insert(accountLiability)
      .values(rows.map((row) => ({ ...row, userId: scope.userId })))
      .onConflictDoUpdate({
        target: accountLiability.accountId,
        set: {
          kind: sql`excluded.kind`,
          currency: sql`excluded.currency`,
          aprs: sql`excluded.aprs`,
          interestRatePercentage: sql`excluded.interest_rate_percentage`,
          interestRateType: sql`excluded.interest_rate_type`,
          nextPaymentMinor: sql`excluded.next_payment_minor`,
          nextPaymentDueDate: sql`excluded.next_payment_due_date`,
          lastPaymentMinor: sql`excluded.last_payment_minor`,
          lastPaymentDate: sql`excluded.last_payment_date`,
          lastStatementBalanceMinor: sql`excluded.last_statement_balance_minor`,
          lastStatementIssueDate: sql`excluded.last_statement_issue_date`,
          payoffDate: sql`excluded.payoff_date`,
          isOverdue: sql`excluded.is_overdue`,
          updatedAt: sql`now()`,
        },
        // Only the owner's own accounts are ever written.
        setWhere: eq(accountLiability.userId, scope.userId),
      });
  }
  const connectionAccounts = db
    .select({ id: financialAccount.id })
    .from(financialAccount)
    .where(
      and(eq(financialAccount.userId, scope.userId), eq(financialAccount.connectionId, scope.connectionId)),
    );
  const kept = rows.map((row) => row.accountId);
  await db
    .delete(accountLiability)
    .where(
      and(
        eq(accountLiability.userId, scope.userId),
        inArray(accountLiability.accountId, connectionAccounts),
        ...(kept.length ? [notInArray(accountLiability.accountId, kept)] : []),
      ),
    );
}

/** What the lender last reported for one of the user's accounts, if anything. */
export async function findLiability(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<StoredLiability | undefined> {
  const [row] = await db
    .select()
    .from(accountLiability)
    .where(and(eq(accountLiability.userId, userId), eq(accountLiability.accountId, accountId)));
  return row;
}
