import { and, eq, notInArray, sql } from 'drizzle-orm';
import { holding, security, securityPrice } from '../schema/index';
import type { Executor } from './sync';

export type SecurityUpsert = {
  provider: string;
  externalId: string;
  ticker: string | null;
  isin?: string | null;
  cusip?: string | null;
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
      set: {
        ticker: sql`excluded.ticker`,
        isin: sql`coalesce(excluded.isin, ${security.isin})`,
        cusip: sql`coalesce(excluded.cusip, ${security.cusip})`,
        name: sql`excluded.name`,
        type: sql`excluded.type`,
      },
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

/** The newest date an account's holdings are stated as of, or undefined when it has none. */
export async function newestHoldingDate(
  db: Executor,
  scope: { userId: string; accountId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ asOf: sql<string | null>`max(${holding.asOf})` })
    .from(holding)
    .where(and(eq(holding.userId, scope.userId), eq(holding.accountId, scope.accountId)));
  return row?.asOf ?? undefined;
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

export type UserHoldingRow = {
  id: string;
  accountId: string;
  accountName: string;
  accountType: string;
  ticker: string | null;
  name: string;
  securityType: string;
  /** Decimal strings as stored (numeric). */
  quantity: string;
  price: string;
  costBasis: string | null;
  currency: string;
  priceAsOf: string;
};

/**
 * Every holding of the user's visible accounts, priced at the newest close on or before `today` when
 * the security has one newer than the holding's own price, else at the holding's price.
 */
export async function listUserHoldings(
  db: Executor,
  userId: string,
  today: string,
): Promise<UserHoldingRow[]> {
  const result = await db.execute<{
    id: string;
    account_id: string;
    account_name: string;
    account_type: string;
    ticker: string | null;
    name: string;
    security_type: string;
    quantity: string;
    price: string;
    cost_basis: string | null;
    currency: string;
    price_as_of: string;
  }>(sql`
    select h.id, h.account_id, a.name as account_name, a.type as account_type, s.ticker, s.name,
      s.type as security_type, h.quantity::text as quantity,
      coalesce(latest.close, h.price)::text as price, h.cost_basis::text as cost_basis, h.currency,
      coalesce(latest.date, h.as_of)::text as price_as_of
    from holding h
    join financial_account a on a.id = h.account_id and a.user_id = h.user_id
    join security s on s.id = h.security_id
    left join lateral (
      select sp.close, sp.date from security_price sp
      where sp.security_id = h.security_id and sp.date > h.as_of and sp.date <= ${today}::date
      order by sp.date desc limit 1
    ) latest on true
    where h.user_id = ${userId} and not a.hidden`);
  return result.rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountType: row.account_type,
    ticker: row.ticker,
    name: row.name,
    securityType: row.security_type,
    quantity: row.quantity,
    price: row.price,
    costBasis: row.cost_basis,
    currency: row.currency,
    priceAsOf: row.price_as_of,
  }));
}
