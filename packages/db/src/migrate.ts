import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary but fixed key: every Lodestar instance serialises its migrations on it. */
const MIGRATION_LOCK_KEY = 7_265_311_042;

/**
 * Applies pending SQL migrations under a session-level advisory lock, so several instances
 * starting at once against one database migrate it exactly once.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Applies the first `count` migrations of this release (a copy of the folder with a shortened journal). */
export async function migrateTo(client: pg.PoolClient, count: number): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'lodestar-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, count);
    mkdirSync(join(folder, 'meta'));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries) {
      copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Whether every migration shipped with this release has been applied (readiness). */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  const shipped = shippedMigrationCount();
  try {
    const { rows } = await pool.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    return (rows[0]?.count ?? 0) >= shipped;
  } catch {
    return false;
  }
}

let shippedCount: number | undefined;
/** How many migrations this release ships (read once from drizzle-kit's journal). */
function shippedMigrationCount(): number {
  shippedCount ??= (
    JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return shippedCount;
}
