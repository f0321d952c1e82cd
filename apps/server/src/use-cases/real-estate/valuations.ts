import {
  deletePropertyValuation,
  findPropertyValuation,
  recomputePropertySnapshots,
  upsertPropertyValuation,
  type Database,
} from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { todayFor } from '../accounts/today';
import { loadProperty } from './load-property';
import { Issues, PROPERTY_MESSAGES as M, type ValuationInput } from './property-input';

/**
 * POST /real-estate/:id/valuations: what the property was worth on a day after its purchase (a value
 * already recorded for that day is replaced). The history is recomputed from that day.
 */
export async function addValuation(
  db: Database,
  userId: string,
  propertyId: string,
  now: Date,
  input: ValuationInput,
): Promise<void> {
  const { property } = await loadProperty(db, userId, propertyId);
  const today = await todayFor(db, userId, now);
  const issues = new Issues();
  if (input.date > today) issues.add('date', M.valuationDateFuture);
  else if (input.date < property.purchaseDate) issues.add('date', M.valuationBeforePurchase);
  else if (input.date === property.purchaseDate) issues.add('date', M.valuationOnPurchase);
  const valueMinor = issues.minor('value', input.value, property.currency, M.value);
  if (issues.items.length) throw AppError.validation(issues.items);
  await db.transaction(async (tx) => {
    await upsertPropertyValuation(tx, {
      userId,
      propertyId,
      date: input.date,
      valueMinor,
      source: 'manual',
      note: input.note,
    });
    await recomputePropertySnapshots(tx, { userId, propertyId, from: input.date, today });
  });
}

/** DELETE /real-estate/:id/valuations/:valuationId; the purchase valuation stays (edit the price instead). */
export async function removeValuation(
  db: Database,
  userId: string,
  propertyId: string,
  valuationId: string,
  now: Date,
): Promise<void> {
  await loadProperty(db, userId, propertyId);
  const valuation = await findPropertyValuation(db, userId, propertyId, valuationId);
  if (!valuation) throw AppError.notFound(M.valuationNotFound);
  if (valuation.source === 'purchase') {
    throw AppError.validation([{ field: 'valuationId', message: M.purchaseRemoval, code: 'custom' }]);
  }
  const today = await todayFor(db, userId, now);
  await db.transaction(async (tx) => {
    await deletePropertyValuation(tx, userId, valuationId);
    await recomputePropertySnapshots(tx, { userId, propertyId, from: valuation.date, today });
  });
}
