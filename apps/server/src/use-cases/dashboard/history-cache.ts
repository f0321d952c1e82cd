import { type Database, netWorthDailyByClass, type NetWorthDayRow, netWorthVersion } from '@lodestar/db';
import { ACCOUNT_TYPES, type AssetClass, assetClassOf } from '@lodestar/domain';

/** Each account type's asset class, for summing the rollup per class in the database. */
const CLASS_OF_TYPE: Record<string, AssetClass> = Object.fromEntries(
  ACCOUNT_TYPES.map((type) => [type, assetClassOf(type)]),
);

/** Users whose history is kept per database handle (a ten-year history is ~3,650 small rows). */
const MAX_USERS = 64;

type Entry = { version: number; from: string; to: string; rows: NetWorthDayRow[] };
const caches = new WeakMap<Database, Map<string, Entry>>();

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
  let users = caches.get(db);
  if (!users) {
    users = new Map();
    caches.set(db, users);
  }
  const hit = users.get(userId);
  users.delete(userId);
  if (hit && hit.version === version && hit.from <= from && to <= hit.to) {
    users.set(userId, hit);
    return between(hit.rows, from, to);
  }
  const rows = await netWorthDailyByClass(db, userId, from, to, CLASS_OF_TYPE);
  users.set(userId, { version, from, to, rows });
  // Map order is insertion order: the first key is the least recently used.
  for (const stale of users.keys()) {
    if (users.size <= MAX_USERS) break;
    users.delete(stale);
  }
  return rows;
}
