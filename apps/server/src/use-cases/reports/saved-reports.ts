import {
  countSavedReports,
  deleteSavedReport,
  findSavedReport,
  insertSavedReport,
  isUuid,
  listSavedReports,
  reorderSavedReports,
  updateSavedReport,
  type Database,
  type SavedReportRow,
} from '@lodestar/db';
import { reportDefinitionSchema, type ReportDefinition } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error';

/** Saved reports (docs/decisions/041-custom-reports.md): name, save, duplicate, reorder, pin, delete. */

export const MAX_SAVED_REPORTS = 100;
export const REPORT_NAME_MAX = 80;
export const SAVED_REPORT_MESSAGES = {
  notFound: 'Report not found',
  name: `The name must be 1 to ${REPORT_NAME_MAX} characters`,
  tooMany: `You can keep at most ${MAX_SAVED_REPORTS} reports. Delete one to save another.`,
  duplicate: 'Each report may appear only once',
  incomplete: 'List every one of your reports, in the order they should show',
  nothingToChange: 'Nothing to change',
} as const;

export type SavedReportView = {
  id: string;
  name: string;
  definition: ReportDefinition;
  pinned: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
};

function toView(row: SavedReportRow): SavedReportView {
  // Written through the schema, so it reads back; a definition from an older version gets today's defaults.
  const parsed = reportDefinitionSchema.safeParse(row.definition);
  const definition = parsed.success
    ? parsed.data
    : reportDefinitionSchema.parse({ measure: 'spending', range: { preset: 'last-12-months' } });
  return {
    id: row.id,
    name: row.name,
    definition,
    pinned: row.pinned,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listReports(db: Database, userId: string): Promise<SavedReportView[]> {
  return (await listSavedReports(db, userId)).map(toView);
}

export async function getReport(db: Database, userId: string, id: string): Promise<SavedReportView> {
  const row = isUuid(id) ? await findSavedReport(db, userId, id.toLowerCase()) : null;
  if (!row) throw AppError.notFound(SAVED_REPORT_MESSAGES.notFound);
  return toView(row);
}

export async function createReport(
  db: Database,
  userId: string,
  values: { name: string; definition: ReportDefinition; pinned?: boolean },
): Promise<SavedReportView> {
  return db.transaction(async (tx) => {
    // One writer at a time per user, so two saves cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_report:' || ${userId}))`);
    if ((await countSavedReports(tx, userId)) >= MAX_SAVED_REPORTS) {
      throw AppError.validation([
        { field: 'name', message: SAVED_REPORT_MESSAGES.tooMany, code: 'too_many' },
      ]);
    }
    const row = await insertSavedReport(tx, userId, {
      name: values.name,
      definition: values.definition as unknown as Record<string, unknown>,
      pinned: values.pinned ?? false,
    });
    return toView(row);
  });
}

export async function duplicateReport(db: Database, userId: string, id: string): Promise<SavedReportView> {
  const original = await getReport(db, userId, id);
  const suffix = ' (copy)';
  const name = `${[...original.name].slice(0, REPORT_NAME_MAX - suffix.length).join('')}${suffix}`;
  return createReport(db, userId, { name, definition: original.definition, pinned: false });
}

export async function changeReport(
  db: Database,
  userId: string,
  id: string,
  changes: { name?: string; definition?: ReportDefinition; pinned?: boolean },
): Promise<SavedReportView> {
  const row = isUuid(id)
    ? await updateSavedReport(db, userId, id.toLowerCase(), {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.definition !== undefined
          ? { definition: changes.definition as unknown as Record<string, unknown> }
          : {}),
        ...(changes.pinned !== undefined ? { pinned: changes.pinned } : {}),
      })
    : null;
  if (!row) throw AppError.notFound(SAVED_REPORT_MESSAGES.notFound);
  return toView(row);
}

export async function removeReport(db: Database, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) ? await deleteSavedReport(db, userId, id.toLowerCase()) : false;
  if (!deleted) throw AppError.notFound(SAVED_REPORT_MESSAGES.notFound);
}

/** Puts the user's reports in the order of `ids`, which must name each of them exactly once. */
export async function reorderReports(
  db: Database,
  userId: string,
  given: readonly string[],
): Promise<SavedReportView[]> {
  const ids = given.map((id) => id.toLowerCase());
  const owned = new Set((await listSavedReports(db, userId)).map((row) => row.id));
  if (ids.some((id) => !isUuid(id) || !owned.has(id))) {
    throw AppError.validation([{ field: 'ids', message: SAVED_REPORT_MESSAGES.notFound, code: 'not_found' }]);
  }
  if (new Set(ids).size !== ids.length) {
    throw AppError.validation([
      { field: 'ids', message: SAVED_REPORT_MESSAGES.duplicate, code: 'duplicate' },
    ]);
  }
  if (!(await reorderSavedReports(db, userId, ids))) {
    throw AppError.validation([
      { field: 'ids', message: SAVED_REPORT_MESSAGES.incomplete, code: 'incomplete' },
    ]);
  }
  return listReports(db, userId);
}
