import {
  findAccount,
  insertProperty,
  listPropertyValuations,
  recomputePropertySnapshots,
  updateProperty,
  updatePurchaseValuation,
  upsertPropertyValuation,
  type Database,
  type NewProperty,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { todayFor } from '../accounts/today';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import { loadProperty } from './load-property';
import {
  Issues,
  PROPERTY_MESSAGES as M,
  type CreatePropertyInput,
  type UpdatePropertyInput,
} from './property-input';

/**
 * Creating and editing a property. Every check runs before anything is written, and every write of a
 * request runs in one transaction, so a rejected request writes nothing.
 */

/** A mortgage must be one of the user's own `loan` accounts, in the property's currency. */
async function checkMortgage(
  db: Database,
  userId: string,
  accountId: string,
  currency: string,
  issues: Issues,
): Promise<void> {
  const account = await findAccount(db, userId, accountId);
  if (!account || account.type !== 'loan') issues.add('mortgageAccountId', M.mortgage);
  else if (account.currency !== currency) issues.add('mortgageAccountId', M.mortgageCurrency);
}

/** A manual valuation is dated after the purchase date (that day holds the purchase price), not later than today. */
function checkValuationDate(
  field: string,
  date: string,
  purchaseDate: string,
  today: string,
  issues: Issues,
) {
  if (date > today) issues.add(field, M.valuationDateFuture);
  else if (date < purchaseDate) issues.add(field, M.valuationBeforePurchase);
  else if (date === purchaseDate) issues.add(field, M.valuationOnPurchase);
}

function addressColumns(address: CreatePropertyInput['address']) {
  return {
    addressLine1: address.line1,
    addressLine2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  };
}

/**
 * POST /real-estate: the property, its `real_estate` account, the purchase valuation (and the current
 * one when given) and the account's daily snapshots from the purchase date, in one transaction. The
 * account counts against the user's plan limit (403 beyond it). Returns the new property's id.
 */
export async function createProperty(
  db: Database,
  userId: string,
  now: Date,
  input: CreatePropertyInput,
  limits: UserLimits,
): Promise<string> {
  const today = await todayFor(db, userId, now);
  const issues = new Issues();
  const purchaseMinor = issues.minor('purchasePrice', input.purchasePrice, input.currency, M.purchasePrice);
  if (input.purchaseDate > today) issues.add('purchaseDate', M.purchaseDateFuture);
  let current: { date: string; valueMinor: number } | null = null;
  if (input.currentValue !== undefined) {
    const date = input.valuationDate ?? today;
    checkValuationDate('valuationDate', date, input.purchaseDate, today, issues);
    current = { date, valueMinor: issues.minor('currentValue', input.currentValue, input.currency, M.value) };
  }
  if (input.mortgageAccountId) {
    await checkMortgage(db, userId, input.mortgageAccountId, input.currency, issues);
  }
  if (issues.items.length) throw AppError.validation(issues.items);

  return db.transaction(async (tx) => {
    await assertWithinLimits(tx, userId, { addAccounts: 1 }, limits);
    const created = await insertProperty(tx, {
      userId,
      name: input.name,
      ...addressColumns(input.address),
      purchasePriceMinor: purchaseMinor,
      purchaseDate: input.purchaseDate,
      currency: input.currency,
      mortgageAccountId: input.mortgageAccountId ?? null,
      currentValueMinor: current?.valueMinor ?? purchaseMinor,
    });
    const scope = { userId, propertyId: created.id };
    await upsertPropertyValuation(tx, {
      ...scope,
      date: input.purchaseDate,
      valueMinor: purchaseMinor,
      source: 'purchase',
      note: null,
    });
    if (current) {
      await upsertPropertyValuation(tx, { ...scope, ...current, source: 'manual', note: null });
    }
    await recomputePropertySnapshots(tx, { ...scope, from: input.purchaseDate, today });
    return created.id;
  });
}

/**
 * PATCH /real-estate/:id: any field but the currency. A new purchase price or date moves the purchase
 * valuation; `currentValue` records a manual valuation on `valuationDate` (default today);
 * `mortgageAccountId: null` unlinks the mortgage. History is recomputed from the earliest changed day.
 */
export async function editProperty(
  db: Database,
  userId: string,
  propertyId: string,
  now: Date,
  input: UpdatePropertyInput,
): Promise<void> {
  const existing = (await loadProperty(db, userId, propertyId)).property;
  const currency = existing.currency;
  const today = await todayFor(db, userId, now);
  const issues = new Issues();

  const purchaseDate = input.purchaseDate ?? existing.purchaseDate;
  const purchaseMinor =
    input.purchasePrice === undefined
      ? existing.purchasePriceMinor
      : issues.minor('purchasePrice', input.purchasePrice, currency, M.purchasePrice);
  if (input.purchaseDate !== undefined) {
    if (purchaseDate > today) issues.add('purchaseDate', M.purchaseDateFuture);
    const valuations = await listPropertyValuations(db, userId, propertyId);
    if (valuations.some((row) => row.source === 'manual' && row.date <= purchaseDate)) {
      issues.add('purchaseDate', M.purchaseAfterValuations);
    }
  }
  let current: { date: string; valueMinor: number } | null = null;
  if (input.currentValue !== undefined) {
    const date = input.valuationDate ?? today;
    checkValuationDate('valuationDate', date, purchaseDate, today, issues);
    current = { date, valueMinor: issues.minor('currentValue', input.currentValue, currency, M.value) };
  }
  if (input.mortgageAccountId) await checkMortgage(db, userId, input.mortgageAccountId, currency, issues);
  if (issues.items.length) throw AppError.validation(issues.items);

  const changes: Partial<Omit<NewProperty, 'userId' | 'accountId' | 'currency'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.address !== undefined) Object.assign(changes, addressColumns(input.address));
  if (input.purchasePrice !== undefined) changes.purchasePriceMinor = purchaseMinor;
  if (input.purchaseDate !== undefined) changes.purchaseDate = purchaseDate;
  if (input.mortgageAccountId !== undefined) changes.mortgageAccountId = input.mortgageAccountId;

  const purchaseChanged =
    purchaseDate !== existing.purchaseDate || purchaseMinor !== existing.purchasePriceMinor;
  const changedDays = [
    ...(purchaseChanged ? [purchaseDate, existing.purchaseDate] : []),
    ...(current ? [current.date] : []),
  ].sort();

  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) await updateProperty(tx, userId, propertyId, changes);
    if (purchaseChanged) {
      await updatePurchaseValuation(tx, {
        userId,
        propertyId,
        date: purchaseDate,
        valueMinor: purchaseMinor,
      });
    }
    if (current) {
      await upsertPropertyValuation(tx, { userId, propertyId, ...current, source: 'manual', note: null });
    }
    const from = changedDays[0];
    if (from !== undefined) await recomputePropertySnapshots(tx, { userId, propertyId, from, today });
  });
}
