import { and, eq, notInArray, sql } from 'drizzle-orm';
import { holding, security, securityPrice } from '../schema/index';
import type { Executor } from './sync';

export type SecurityUpsert = {
  provider: string;
  externalId: string;
  ticker: string | null;
  name: string;
  type: string;
  currency: string;
};

/** Creates or refreshes securities; returns externalId → id. */
export async function upsertSecurities(db: Executor, rows: readonly SecurityUpsert[]) {
  const ids = new Map<string, string>();
  if (rows.length === 0) return ids;
  const written = await db
    .insert(security)
    .values([...rows])
    .onConflictDoUpdate({
      target: [security.provider, security.externalId],
      set: { ticker: sql`excluded.ticker`, name: sql`excluded.name`, type: sql`excluded.type` },
    })
    .returning({ id: security.id, externalId: security.externalId });
  for (const row of written) ids.set(row.externalId, row.id);
  return ids;
}

export async function upsertSecurityPrices(
  db: Executor,
  rows: readonly { securityId: string; date: string; close: string }[],
) {
  for (let start = 0; start < rows.length; start += 5_000) {
    await db
      .insert(securityPrice)
      .values(rows.slice(start, start + 5_000))
      .onConflictDoUpdate({
        target: [securityPrice.securityId, securityPrice.date],
        set: { close: sql`excluded.close` },
      });
  }
}

/**
 * Replaces an account's holdings with the provider's current list (positions the provider no longer
 * reports are removed, not left as ghosts).
 */
export async function replaceHoldings(
  db: Executor,
  scope: { userId: string; accountId: string },
  rows: readonly {
    securityId: string;
    quantity: string;
    price: string;
    costBasis: string | null;
    currency: string;
    asOf: string;
  }[],
) {
  if (rows.length) {
    await db
      .insert(holding)
      .values(rows.map((row) => ({ ...row, userId: scope.userId, accountId: scope.accountId })))
      .onConflictDoUpdate({
        target: [holding.accountId, holding.securityId],
        set: {
          quantity: sql`excluded.quantity`,
          price: sql`excluded.price`,
          costBasis: sql`excluded.cost_basis`,
          asOf: sql`excluded.as_of`,
          updatedAt: sql`now()`,
        },
      });
  }
  const kept = rows.map((row) => row.securityId);
  await db
    .delete(holding)
    .where(
      and(
        eq(holding.userId, scope.userId),
        eq(holding.accountId, scope.accountId),
        ...(kept.length ? [notInArray(holding.securityId, kept)] : []),
      ),
    );
}
