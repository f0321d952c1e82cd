import { type Database, netWorthDailyByClass, type NetWorthDayRow, netWorthVersion } from '@lodestar/db';
import { ACCOUNT_TYPES, type AssetClass, assetClassOf } from '@lodestar/domain';
import { UserCache } from '../user-cache';

/** Each account type's asset class, for summing the rollup per class in the database. */
const CLASS_OF_TYPE: Record<string, AssetClass> = Object.fromEntries(
  ACCOUNT_TYPES.map((type) => [type, assetClassOf(type)]),
);

/** Users whose history is kept per database handle (a ten-year history is ~3,650 small rows). */
type Entry = { version: number; from: string; to: string; rows: NetWorthDayRow[] };
const cache = new UserCache<Entry>(64);

/** The rows of `rows` (sorted by date) dated `from`..`to`. */
function between(rows: NetWorthDayRow[], from: string, to: string): NetWorthDayRow[] {
  const first = rows.findIndex((row) => row.date >= from);
  if (first === -1) return [];
  let end = first;
  while (end < rows.length && (rows[end]?.date ?? '') <= to) end += 1;
  return rows.slice(first, end);
}

/**
 * The user's net-worth history per day, currency and class for `from`..`to`, from a per-process cache
 * validated against the rollup's version row: the version is read first, so rows fetched after it can
 * only be newer, and the next request after any change (in any server instance) sees a new version and
 * reads again. A range inside the cached one is sliced from it.
 */
export async function netWorthHistory(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<NetWorthDayRow[]> {
  const version = await netWorthVersion(db, userId);
  const hit = cache.get(
    db,
    userId,
    (entry) => entry.version === version && entry.from <= from && to <= entry.to,
  );
  if (hit) return between(hit.rows, from, to);
  const rows = await netWorthDailyByClass(db, userId, from, to, CLASS_OF_TYPE);
  cache.set(db, userId, { version, from, to, rows });
  return rows;
}
