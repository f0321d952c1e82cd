import { listProperties, listPropertyValuations, type Database, type PropertyListRow } from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { reportingFor } from '../../fx/reporting';
import { todaysReporting } from '../holdings/reporting';
import { PROPERTY_MESSAGES } from './property-input';
import { propertyTotals, propertyView, valuationViews } from './property-view';

/** The user's property, or 404 'No such property' (another user's property is not found either). */
export async function loadProperty(
  db: Database,
  userId: string,
  propertyId: string,
): Promise<PropertyListRow> {
  const [row] = await listProperties(db, userId, propertyId);
  if (!row) throw AppError.notFound(PROPERTY_MESSAGES.notFound);
  return row;
}

/** GET /real-estate/:id: the property with its valuations, newest first. */
export async function propertyDetail(db: Database, userId: string, propertyId: string) {
  const row = await loadProperty(db, userId, propertyId);
  const valuations = await listPropertyValuations(db, userId, propertyId);
  return { ...propertyView(row), valuations: valuationViews(valuations, row.property.currency) };
}

/** GET /real-estate: every property and the totals in the reporting currency. */
export async function propertyList(db: Database, userId: string, now: Date) {
  const rows = await listProperties(db, userId);
  const reporting = await todaysReporting(
    db,
    userId,
    await reportingFor(db, userId, now),
    rows.flatMap((row) => [row.property.currency, ...(row.mortgage ? [row.mortgage.currency] : [])]),
  );
  return {
    currency: reporting.currency,
    properties: rows.map(propertyView),
    totals: propertyTotals(rows, reporting),
  };
}
