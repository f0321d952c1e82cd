import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { budget, budgetRollover } from '../schema/index';
import type { Executor } from './sync';

/** Monthly budgets (ADR 039). Every function takes the user id and filters by it. */

export type BudgetRow = { month: string; category: string; amountMinor: number; currency: string };

/** The user's budget amounts of the months from `from` to `to` (first days, inclusive), oldest first. */
export async function budgetsBetween(
  db: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<BudgetRow[]> {
  return db
    .select({
      month: budget.month,
      category: budget.category,
      amountMinor: budget.amountMinor,
      currency: budget.currency,
    })
    .from(budget)
    .where(and(eq(budget.userId, userId), gte(budget.month, from), lte(budget.month, to)))
    .orderBy(asc(budget.month), asc(budget.category));
}

/**
 * Sets (or, with `amountMinor` null, removes) the amounts of one month, several categories at once, in one
 * statement each; callers run it in a transaction when several must land together.
 */
export async function setBudgetAmounts(
  db: Executor,
  userId: string,
  month: string,
  amounts: readonly { category: string; amountMinor: number | null; currency: string }[],
  at: Date,
): Promise<void> {
  const removed = amounts.filter((amount) => amount.amountMinor === null).map((amount) => amount.category);
  const kept = amounts.filter((amount) => amount.amountMinor !== null);
  if (removed.length > 0) {
    await db.execute(sql`
      delete from budget where user_id = ${userId} and month = ${month}::date
        and category = any(${`{${removed.join(',')}}`}::text[])`);
  }
  if (kept.length > 0) {
    await db
      .insert(budget)
      .values(
        kept.map((amount) => ({
          userId,
          month,
          category: amount.category,
          amountMinor: amount.amountMinor ?? 0,
          currency: amount.currency,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [budget.userId, budget.month, budget.category],
        set: {
          amountMinor: sql`excluded.amount_minor`,
          currency: sql`excluded.currency`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/** The categories ('overall' included) whose rollover the user turned on. */
export async function budgetRollovers(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ category: budgetRollover.category })
    .from(budgetRollover)
    .where(and(eq(budgetRollover.userId, userId), eq(budgetRollover.enabled, true)))
    .orderBy(asc(budgetRollover.category));
  return rows.map((row) => row.category);
}

/** Turns rollover on or off for one category of the user. */
export async function setBudgetRollover(
  db: Executor,
  userId: string,
  category: string,
  enabled: boolean,
  at: Date,
): Promise<void> {
  await db
    .insert(budgetRollover)
    .values({ userId, category, enabled, updatedAt: at })
    .onConflictDoUpdate({
      target: [budgetRollover.userId, budgetRollover.category],
      set: { enabled, updatedAt: at },
    });
}

/** The first month (first day) the user set any budget in, or null. */
export async function firstBudgetMonth(db: Executor, userId: string): Promise<string | null> {
  const result = await db.execute<{ first: string | null }>(sql`
    select min(month)::text as first from budget where user_id = ${userId}`);
  return result.rows[0]?.first ?? null;
}
