import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { savedReport } from '../schema/index';
import type { Executor } from './sync';

/** Saved custom reports (docs/decisions/041-custom-reports.md). Every function takes the user id. */

export type SavedReportRow = typeof savedReport.$inferSelect;

export async function listSavedReports(db: Executor, userId: string): Promise<SavedReportRow[]> {
  return db
    .select()
    .from(savedReport)
    .where(eq(savedReport.userId, userId))
    .orderBy(asc(savedReport.position), asc(savedReport.createdAt), asc(savedReport.id));
}

export async function findSavedReport(
  db: Executor,
  userId: string,
  id: string,
): Promise<SavedReportRow | null> {
  const [row] = await db
    .select()
    .from(savedReport)
    .where(and(eq(savedReport.userId, userId), eq(savedReport.id, id)));
  return row ?? null;
}

export async function countSavedReports(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(savedReport)
    .where(eq(savedReport.userId, userId));
  return row?.count ?? 0;
}

/** A new report at the end of the user's list. */
export async function insertSavedReport(
  db: Executor,
  userId: string,
  values: { name: string; definition: Record<string, unknown>; pinned: boolean },
): Promise<SavedReportRow> {
  const [row] = await db
    .insert(savedReport)
    .values({
      userId,
      ...values,
      position: sql`(select coalesce(max(position), -1) + 1 from saved_report where user_id = ${userId})`,
    })
    .returning();
  if (!row) throw new Error('saved report insert failed');
  return row;
}

export async function updateSavedReport(
  db: Executor,
  userId: string,
  id: string,
  changes: { name?: string; definition?: Record<string, unknown>; pinned?: boolean },
): Promise<SavedReportRow | null> {
  const [row] = await db
    .update(savedReport)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedReport.userId, userId), eq(savedReport.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteSavedReport(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedReport)
    .where(and(eq(savedReport.userId, userId), eq(savedReport.id, id)))
    .returning({ id: savedReport.id });
  return rows.length > 0;
}

/**
 * Puts the user's reports in the order of `ids` (which must be exactly their ids) in one statement;
 * false when `ids` is not that set, and then nothing changes.
 */
export async function reorderSavedReports(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: savedReport.id })
      .from(savedReport)
      .where(eq(savedReport.userId, userId))
      .for('update');
    const known = new Set(current.map((row) => row.id));
    if (known.size !== ids.length || !ids.every((id) => known.has(id))) return false;
    await tx.execute(sql`
      update saved_report s set position = o.position, updated_at = now()
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as o(id, position)
      where s.user_id = ${userId} and s.id = o.id`);
    return true;
  });
}
