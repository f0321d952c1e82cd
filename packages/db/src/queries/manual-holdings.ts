import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  balanceRun,
  balanceUpdate,
  financialAccount,
  holding,
  holdingLot,
  security,
  transaction,
} from '../schema/index';
import { MANUAL_HOLDING_TRADE_PREFIX, MANUAL_SECURITY_PROVIDER } from './manual-holdings-constants';
import type { Executor } from './sync';

export * from './manual-holdings-constants';

/**
 * Holdings the user adds by hand on a manual investment account (docs/domain.md "Manual holdings"):
 * one holding per security and account, made of lots (each buy's units, price and day), each lot's buy a
 * trade transaction (`manual-holding:<lot id>`). The holding's quantity, price (average cost), cost basis
 * and `as_of` (first buy) follow from its lots. The use case runs these inside one database transaction.
 */

/** The account, locked for the rest of the transaction so two writes to its holdings run one after the other. */
export async function lockAccount(db: Executor, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.id, accountId)))
    .for('update')
    .limit(1);
  return row;
}

/** The user's holding with its security and account, if it is theirs. */
export async function findHoldingWithSecurity(db: Executor, userId: string, holdingId: string) {
  const [row] = await db
    .select({
      id: holding.id,
      accountId: holding.accountId,
      securityId: holding.securityId,
      quantity: holding.quantity,
      price: holding.price,
      costBasis: holding.costBasis,
      currency: holding.currency,
      asOf: holding.asOf,
      provider: security.provider,
      ticker: security.ticker,
      name: security.name,
    })
    .from(holding)
    .innerJoin(security, eq(security.id, holding.securityId))
    .where(and(eq(holding.userId, userId), eq(holding.id, holdingId)))
    .limit(1);
  return row;
}

/** The manual security for a symbol priced in a currency (created once, shared by every user). */
export async function upsertManualSecurity(
  db: Executor,
  value: { symbol: string; name: string; type: string; currency: string },
): Promise<string> {
  const [row] = await db
    .insert(security)
    .values({
      provider: MANUAL_SECURITY_PROVIDER,
      externalId: `${value.symbol}:${value.currency}`,
      ticker: value.symbol,
      name: value.name,
      type: value.type,
      currency: value.currency,
    })
    .onConflictDoUpdate({
      target: [security.provider, security.externalId],
      // A name learned from the market-data provider replaces the bare symbol, never the other way.
      set: {
        name: sql`case when excluded.name <> excluded.ticker then excluded.name else ${security.name} end`,
        type: sql`case when excluded.type <> 'other' then excluded.type else ${security.type} end`,
      },
    })
    .returning({ id: security.id });
  if (!row) throw new Error('security upsert returned nothing');
  return row.id;
}

export async function holdingOfSecurity(
  db: Executor,
  scope: { userId: string; accountId: string; securityId: string },
) {
  const [row] = await db
    .select({ id: holding.id })
    .from(holding)
    .where(
      and(
        eq(holding.userId, scope.userId),
        eq(holding.accountId, scope.accountId),
        eq(holding.securityId, scope.securityId),
      ),
    )
    .limit(1);
  return row;
}

export type ManualPosition = { quantity: string; price: string; date: string };

/** Inserts the holding (cost basis = quantity × price, exact in numeric) and returns its id. */
export async function insertManualHolding(
  db: Executor,
  value: { userId: string; accountId: string; securityId: string; currency: string } & ManualPosition,
): Promise<string> {
  const [row] = await db
    .insert(holding)
    .values({
      userId: value.userId,
      accountId: value.accountId,
      securityId: value.securityId,
      quantity: value.quantity,
      price: value.price,
      costBasis: sql`${value.quantity}::numeric * ${value.price}::numeric`,
      currency: value.currency,
      asOf: value.date,
    })
    .returning({ id: holding.id });
  if (!row) throw new Error('holding insert returned nothing');
  return row.id;
}

export async function updateManualHolding(
  db: Executor,
  scope: { userId: string; holdingId: string },
  value: ManualPosition,
): Promise<void> {
  await db
    .update(holding)
    .set({
      quantity: value.quantity,
      price: value.price,
      costBasis: sql`${value.quantity}::numeric * ${value.price}::numeric`,
      asOf: value.date,
      updatedAt: new Date(),
    })
    .where(and(eq(holding.userId, scope.userId), eq(holding.id, scope.holdingId)));
}

/** Adds a lot to a manual holding and returns its id (`id` given: the lot takes it). */
export async function insertManualLot(
  db: Executor,
  value: { userId: string; holdingId: string; id?: string } & ManualPosition,
): Promise<string> {
  const [row] = await db
    .insert(holdingLot)
    .values({
      ...(value.id !== undefined && { id: value.id }),
      userId: value.userId,
      holdingId: value.holdingId,
      quantity: value.quantity,
      price: value.price,
      date: value.date,
    })
    .returning({ id: holdingLot.id });
  if (!row) throw new Error('lot insert returned nothing');
  return row.id;
}

export async function updateManualLot(
  db: Executor,
  scope: { userId: string; lotId: string },
  value: ManualPosition,
): Promise<void> {
  await db
    .update(holdingLot)
    .set({ quantity: value.quantity, price: value.price, date: value.date })
    .where(and(eq(holdingLot.userId, scope.userId), eq(holdingLot.id, scope.lotId)));
}

export async function deleteManualLot(db: Executor, scope: { userId: string; lotId: string }) {
  await db.delete(holdingLot).where(and(eq(holdingLot.userId, scope.userId), eq(holdingLot.id, scope.lotId)));
}

/** A lot as it is read: its id, its holding and the buy's quantity, price and day. */
export const LOT_COLUMNS = {
  id: holdingLot.id,
  holdingId: holdingLot.holdingId,
  quantity: holdingLot.quantity,
  price: holdingLot.price,
  date: holdingLot.date,
};

/** The user's lot with its holding's account, if it is theirs. */
export async function findManualLot(db: Executor, userId: string, lotId: string) {
  const [row] = await db
    .select(LOT_COLUMNS)
    .from(holdingLot)
    .where(and(eq(holdingLot.userId, userId), eq(holdingLot.id, lotId)))
    .limit(1);
  return row;
}

/**
 * Gives every manual holding of the user (or the one named) that has no lot its one lot, from its own
 * quantity, price and `as_of`, under the holding's id as a holding's first lot takes it (migration 0034
 * did the same for the holdings then): a restore of an export without lots leaves such holdings, and a
 * manual holding always has lots after it. Answers how many lots it wrote.
 */
export async function ensureManualLots(
  db: Executor,
  scope: { userId: string; holdingId?: string },
): Promise<number> {
  const result = await db.execute(sql`
    insert into holding_lot (id, user_id, holding_id, quantity, price, date)
    select case when exists (select 1 from holding_lot taken where taken.id = h.id)
        then gen_random_uuid() else h.id end,
      h.user_id, h.id, h.quantity, h.price, h.as_of
    from holding h join security s on s.id = h.security_id
    where h.user_id = ${scope.userId}
      ${scope.holdingId === undefined ? sql`` : sql`and h.id = ${scope.holdingId}`}
      and s.provider = ${MANUAL_SECURITY_PROVIDER}
      and not exists (select 1 from holding_lot l where l.holding_id = h.id)`);
  return result.rowCount ?? 0;
}

/** A holding's lots, oldest first. */
export async function lotsOfHolding(db: Executor, scope: { userId: string; holdingId: string }) {
  return db
    .select({
      id: holdingLot.id,
      quantity: holdingLot.quantity,
      price: holdingLot.price,
      date: holdingLot.date,
    })
    .from(holdingLot)
    .where(and(eq(holdingLot.userId, scope.userId), eq(holdingLot.holdingId, scope.holdingId)))
    .orderBy(asc(holdingLot.date), asc(holdingLot.createdAt));
}

/**
 * Sets a manual holding from its lots: quantity Σ lots, cost basis Σ quantity × price (exact in numeric),
 * price the average cost and `as_of` the first lot's day. Answers the holding's new figures and the lots
 * they were summed from (each one's quantity and price).
 */
export async function settleManualHolding(db: Executor, scope: { userId: string; holdingId: string }) {
  const result = await db.execute<{
    quantity: string;
    price: string;
    date: string;
    lots: { quantity: string; price: string }[];
  }>(sql`
    update holding set
      quantity = lots.quantity,
      cost_basis = lots.cost,
      price = round(lots.cost / lots.quantity, 18),
      as_of = lots.first,
      updated_at = now()
    from (select sum(quantity) as quantity, sum(quantity * price) as cost, min(date) as first,
        json_agg(json_build_object('quantity', quantity::text, 'price', price::text)) as list
      from holding_lot where user_id = ${scope.userId} and holding_id = ${scope.holdingId}) lots
    where holding.user_id = ${scope.userId} and holding.id = ${scope.holdingId} and lots.quantity > 0
    returning holding.quantity::text as quantity, holding.price::text as price, holding.as_of::text as date,
      lots.list as lots`);
  const row = result.rows[0];
  if (!row) throw new Error('holding has no lots');
  return row;
}

export async function deleteManualHolding(db: Executor, scope: { userId: string; holdingId: string }) {
  await db.delete(holding).where(and(eq(holding.userId, scope.userId), eq(holding.id, scope.holdingId)));
}

/**
 * The holding's buy as an investment trade (`INVESTMENT_BUY`: never spending, left out of the cash a
 * brokerage's history is worked from), written or rewritten in place.
 */
export async function upsertManualTrade(
  db: Executor,
  value: {
    userId: string;
    accountId: string;
    lotId: string;
    date: string;
    amountMinor: number;
    currency: string;
    name: string;
  },
): Promise<void> {
  await db
    .insert(transaction)
    .values({
      userId: value.userId,
      accountId: value.accountId,
      externalId: `${MANUAL_HOLDING_TRADE_PREFIX}${value.lotId}`,
      date: value.date,
      amountMinor: value.amountMinor,
      currency: value.currency,
      name: value.name,
      originalName: value.name,
      providerCategory: 'INVESTMENT',
      detailedCategory: 'INVESTMENT_BUY',
      categoryConfidence: 1,
      excluded: true,
      status: 'posted',
    })
    .onConflictDoUpdate({
      target: [transaction.accountId, transaction.externalId],
      set: {
        date: value.date,
        amountMinor: value.amountMinor,
        name: value.name,
        originalName: value.name,
        updatedAt: new Date(),
      },
    });
}

export async function deleteManualTrades(
  db: Executor,
  scope: { userId: string; accountId: string; lotIds: readonly string[] },
) {
  if (scope.lotIds.length === 0) return;
  await db.delete(transaction).where(
    and(
      eq(transaction.userId, scope.userId),
      eq(transaction.accountId, scope.accountId),
      inArray(
        transaction.externalId,
        scope.lotIds.map((id) => `${MANUAL_HOLDING_TRADE_PREFIX}${id}`),
      ),
    ),
  );
}

/** The days the user entered a balance for the account (its anchors). */
export async function balanceUpdateDates(db: Executor, userId: string, accountId: string) {
  const rows = await db
    .select({ date: balanceUpdate.date })
    .from(balanceUpdate)
    .where(and(eq(balanceUpdate.userId, userId), eq(balanceUpdate.accountId, accountId)))
    .groupBy(balanceUpdate.date)
    .orderBy(asc(balanceUpdate.date));
  return rows.map((row) => row.date);
}

/** Moves every balance entered on a day by that day's delta (minor units). */
export async function shiftBalanceUpdates(
  db: Executor,
  scope: { userId: string; accountId: string },
  deltas: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [date, delta] of deltas) {
    if (delta === 0) continue;
    await db
      .update(balanceUpdate)
      .set({ balanceMinor: sql`${balanceUpdate.balanceMinor} + ${delta}` })
      .where(
        and(
          eq(balanceUpdate.userId, scope.userId),
          eq(balanceUpdate.accountId, scope.accountId),
          eq(balanceUpdate.date, date),
        ),
      );
  }
}

/** The account's daily balance on or before `date` (minor units), if it has one. */
export async function balanceOnOrBefore(db: Executor, userId: string, accountId: string, date: string) {
  const [row] = await db
    .select({ balanceMinor: balanceRun.balanceMinor })
    .from(balanceRun)
    .where(
      and(
        eq(balanceRun.userId, userId),
        eq(balanceRun.accountId, accountId),
        sql`${balanceRun.fromDate} <= ${date}`,
      ),
    )
    // The run holding the latest day on or before `date` is the last one starting by then.
    .orderBy(desc(balanceRun.fromDate))
    .limit(1);
  return row?.balanceMinor;
}

export type SecurityLotRow = {
  transactionId: string;
  lotId: string;
  holdingId: string;
  date: string;
  accountId: string;
  accountName: string;
  quantity: string;
  price: string;
  currency: string;
  amountMinor: number;
};

/**
 * The user's buys of a symbol that carry units: the lots of the holdings they added by hand with their
 * trades, newest first. Trades from providers and files are stored as cash amounts only.
 */
export async function listSecurityLots(db: Executor, userId: string, symbol: string) {
  const rows = await db
    .select({
      transactionId: transaction.id,
      lotId: holdingLot.id,
      holdingId: holding.id,
      date: holdingLot.date,
      accountId: financialAccount.id,
      accountName: financialAccount.name,
      quantity: holdingLot.quantity,
      price: holdingLot.price,
      currency: holding.currency,
      amountMinor: transaction.amountMinor,
    })
    .from(holdingLot)
    .innerJoin(holding, eq(holding.id, holdingLot.holdingId))
    .innerJoin(security, eq(security.id, holding.securityId))
    .innerJoin(financialAccount, eq(financialAccount.id, holding.accountId))
    .innerJoin(
      transaction,
      and(
        eq(transaction.accountId, holding.accountId),
        eq(transaction.externalId, sql`${MANUAL_HOLDING_TRADE_PREFIX} || ${holdingLot.id}::text`),
      ),
    )
    .where(
      and(
        eq(holdingLot.userId, userId),
        eq(holding.userId, userId),
        eq(transaction.userId, userId),
        eq(security.provider, MANUAL_SECURITY_PROVIDER),
        sql`upper(${security.ticker}) = ${symbol.toUpperCase()}`,
      ),
    )
    .orderBy(desc(holdingLot.date), asc(financialAccount.name), desc(holdingLot.createdAt));
  return rows satisfies SecurityLotRow[];
}
