import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { financialAccount, property, propertyValuation } from '../schema/index';
import { writeBalanceDays } from './balance-runs';
import type { Executor } from './sync';

/** Real estate: properties, their valuations and the backing account's daily history. */

export type PropertyRow = typeof property.$inferSelect;
export type PropertyValuationRow = typeof propertyValuation.$inferSelect;

/** A property with its latest valuation, its backing account's visibility and its linked mortgage. */
export type PropertyListRow = {
  property: PropertyRow;
  hidden: boolean;
  currentValueMinor: number;
  valuationDate: string;
  mortgage: { accountId: string; name: string; balanceMinor: number; currency: string } | null;
};

export type NewProperty = Omit<typeof property.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Creates the property's `real_estate` account (manual) and then the property row, which it returns. */
export async function insertProperty(
  db: Executor,
  value: Omit<NewProperty, 'accountId'> & { currentValueMinor: number },
): Promise<PropertyRow> {
  const { currentValueMinor, ...fields } = value;
  const [account] = await db
    .insert(financialAccount)
    .values({
      userId: value.userId,
      name: value.name,
      type: 'real_estate',
      provider: 'manual',
      currency: value.currency,
      currentBalanceMinor: currentValueMinor,
      balanceAsOf: new Date(),
    })
    .returning({ id: financialAccount.id });
  if (!account) throw new Error('account insert returned no row');
  const [row] = await db
    .insert(property)
    .values({ ...fields, accountId: account.id })
    .returning();
  if (!row) throw new Error('property insert returned no row');
  return row;
}

/** The user's properties (or one of them), oldest first, with their current value and mortgage. */
export async function listProperties(
  db: Executor,
  userId: string,
  propertyId?: string,
): Promise<PropertyListRow[]> {
  const mortgage = alias(financialAccount, 'mortgage_account');
  const latest = db
    .select({ valueMinor: propertyValuation.valueMinor, date: propertyValuation.date })
    .from(propertyValuation)
    .where(eq(propertyValuation.propertyId, property.id))
    .orderBy(desc(propertyValuation.date))
    .limit(1)
    .as('latest');
  const rows = await db
    .select({
      property,
      hidden: financialAccount.hidden,
      currentValueMinor: latest.valueMinor,
      valuationDate: latest.date,
      mortgage: {
        accountId: mortgage.id,
        name: mortgage.name,
        balanceMinor: mortgage.currentBalanceMinor,
        currency: mortgage.currency,
      },
    })
    .from(property)
    .innerJoin(
      financialAccount,
      and(eq(financialAccount.id, property.accountId), eq(financialAccount.userId, property.userId)),
    )
    .innerJoinLateral(latest, sql`true`)
    .leftJoin(
      mortgage,
      and(eq(mortgage.id, property.mortgageAccountId), eq(mortgage.userId, property.userId)),
    )
    .where(and(eq(property.userId, userId), propertyId ? eq(property.id, propertyId) : undefined))
    .orderBy(asc(property.createdAt), asc(property.id));
  return rows;
}

export function listPropertyValuations(db: Executor, userId: string, propertyId: string) {
  return db
    .select()
    .from(propertyValuation)
    .where(and(eq(propertyValuation.userId, userId), eq(propertyValuation.propertyId, propertyId)))
    .orderBy(asc(propertyValuation.date));
}

export async function updateProperty(
  db: Executor,
  userId: string,
  propertyId: string,
  changes: Partial<Omit<NewProperty, 'userId' | 'accountId' | 'currency'>>,
): Promise<void> {
  await db
    .update(property)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(property.userId, userId), eq(property.id, propertyId)));
  if (changes.name !== undefined) {
    await db.execute(sql`
      update financial_account set name = ${changes.name}, updated_at = now()
      where user_id = ${userId} and id = (select account_id from property where id = ${propertyId})`);
  }
}

/**
 * Writes a valuation; a valuation already on that date is replaced (value, note and source), since a
 * property has one value per day.
 */
export async function upsertPropertyValuation(
  db: Executor,
  value: {
    userId: string;
    propertyId: string;
    date: string;
    valueMinor: number;
    source: 'purchase' | 'manual';
    note: string | null;
  },
): Promise<PropertyValuationRow> {
  const [row] = await db
    .insert(propertyValuation)
    .values(value)
    .onConflictDoUpdate({
      target: [propertyValuation.propertyId, propertyValuation.date],
      set: { valueMinor: value.valueMinor, note: value.note, source: value.source },
    })
    .returning();
  if (!row) throw new Error('valuation upsert returned no row');
  return row;
}

/** Moves the purchase valuation to the property's (new) purchase date and price. */
export async function updatePurchaseValuation(
  db: Executor,
  value: { userId: string; propertyId: string; date: string; valueMinor: number },
): Promise<void> {
  await db
    .update(propertyValuation)
    .set({ date: value.date, valueMinor: value.valueMinor })
    .where(
      and(
        eq(propertyValuation.userId, value.userId),
        eq(propertyValuation.propertyId, value.propertyId),
        eq(propertyValuation.source, 'purchase'),
      ),
    );
}

export async function findPropertyValuation(
  db: Executor,
  userId: string,
  propertyId: string,
  valuationId: string,
): Promise<PropertyValuationRow | undefined> {
  const [row] = await db
    .select()
    .from(propertyValuation)
    .where(
      and(
        eq(propertyValuation.userId, userId),
        eq(propertyValuation.propertyId, propertyId),
        eq(propertyValuation.id, valuationId),
      ),
    )
    .limit(1);
  return row;
}

export async function deletePropertyValuation(db: Executor, userId: string, valuationId: string) {
  await db
    .delete(propertyValuation)
    .where(and(eq(propertyValuation.userId, userId), eq(propertyValuation.id, valuationId)));
}

/**
 * Deletes a property by deleting its backing account: the property, its valuations and the account's
 * snapshots go with it (cascades). Returns whether there was such a property.
 */
export async function deleteProperty(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    delete from financial_account
    where user_id = ${userId}
      and id = (select account_id from property where id = ${propertyId} and user_id = ${userId})
    returning id`);
  return result.rows.length > 0;
}

/**
 * The backing account's daily snapshots from `from` (never before the purchase date) to `today`, in one
 * statement: the value on a day is the latest valuation on or before it. Snapshots before the purchase
 * date are removed (the purchase date may have moved later), and the account's current balance becomes
 * the latest valuation. Older snapshots from `from` back are left as they are.
 */
export async function recomputePropertySnapshots(
  db: Executor,
  scope: { userId: string; propertyId: string; from: string; today: string },
): Promise<void> {
  const [owned] = await db
    .select({ accountId: property.accountId })
    .from(property)
    .where(and(eq(property.id, scope.propertyId), eq(property.userId, scope.userId)))
    .limit(1);
  if (!owned) return;
  const account = { userId: scope.userId, accountId: owned.accountId };
  await writeBalanceDays(
    db,
    account,
    sql`
    p as (
      select id, user_id, account_id, currency, purchase_date from property
      where id = ${scope.propertyId} and user_id = ${scope.userId}
    ),
    days as (
      select generate_series(greatest(${scope.from}::date, p.purchase_date), ${scope.today}::date, interval '1 day')::date as date
      from p
    )`,
    sql`select days.date, v.value_minor as balance_minor, p.currency
    from p cross join days
    cross join lateral (
      select value_minor from property_valuation
      where property_id = p.id and date <= days.date
      order by date desc limit 1
    ) v`,
  );
  // Days before the purchase date go (it may have moved later): whole runs, and the part of a run before it.
  await db.execute(sql`
    with p as (
      select purchase_date from property where id = ${scope.propertyId} and user_id = ${scope.userId}
    ),
    gone as (
      delete from balance_run r using p
      where r.account_id = ${owned.accountId} and r.user_id = ${scope.userId} and r.to_date < p.purchase_date
    )
    update balance_run r set from_date = p.purchase_date from p
    where r.account_id = ${owned.accountId} and r.user_id = ${scope.userId}
      and r.from_date < p.purchase_date and r.to_date >= p.purchase_date`);
  await db.execute(sql`
    update financial_account a
    set current_balance_minor = v.value_minor, balance_as_of = now(), updated_at = now()
    from property p
    cross join lateral (
      select value_minor from property_valuation where property_id = p.id order by date desc limit 1
    ) v
    where p.id = ${scope.propertyId} and p.user_id = ${scope.userId} and a.id = p.account_id`);
}

/** The property an account stands for, if it is a property's backing account. */
export async function propertyOfAccount(db: Executor, userId: string, accountId: string) {
  const [row] = await db
    .select({ id: property.id })
    .from(property)
    .where(and(eq(property.userId, userId), eq(property.accountId, accountId)))
    .limit(1);
  return row?.id ?? null;
}
