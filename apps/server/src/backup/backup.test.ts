import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, EMBEDDED_DATABASE, ensureDatabase, startEmbeddedPostgres } from '@lodestar/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import { createBrowser, type TestBrowser } from '../testing/browser';
import { createTestApp } from '../testing/test-app';
import type { Envelope } from '../use-cases/transactions/test-fixtures';
import { seedVariedUser } from '../use-cases/data/test-fixtures';
import { loadOrCreateSecrets } from '../config/secrets-file';
import { backupDatabase, backupFileName, restoreDatabase } from './backup';

/**
 * `npm run backup` / `npm run restore` (README "Backups"): a backup taken while the app runs restores into
 * a fresh data directory with every table's rows and the user's dashboard unchanged; a restore refuses a
 * data directory a server is using, and one holding a database unless forced.
 */

let w: AuthWorld;
let browser: TestBrowser;
const root = mkdtempSync(join(tmpdir(), 'lodestar-backup-'));

beforeAll(async () => {
  w = await createAuthWorld();
  ({ browser } = await w.signUp());
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  await seedVariedUser(w, browser, me.body.data.id);
}, 120_000);

afterAll(async () => {
  await w?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every table's row count: the app's tables and the migrations table. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (await client.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The dashboard the same signed-in browser sees when the app runs on the database at `url`. */
async function dashboardOn(url: string) {
  const handle = createDb({ url, poolMax: 2 });
  const t = await createTestApp({ deps: { db: handle.db } });
  try {
    const other = createBrowser(t.app, ORIGIN, { 'x-forwarded-for': '198.51.100.200' });
    for (const [name, value] of browser.cookies) other.cookies.set(name, value);
    const answer = await other.json<Envelope<unknown>>('/api/v1/dashboard');
    expect(answer.status).toBe(200);
    return answer.body.data;
  } finally {
    await t.close();
    await handle.close();
  }
}

async function startData(dataDir: string) {
  const password = loadOrCreateSecrets(dataDir, ['postgresPassword']).postgresPassword ?? '';
  const embedded = await startEmbeddedPostgres({ dataDir, password });
  return { embedded, url: await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE) };
}

describe('backup and restore', () => {
  it('round-trips a seeded user taken while the app runs: every table and the dashboard equal', async () => {
    const original = await rowCounts(w.t.database.url);
    expect(original['public.transaction']).toBeGreaterThan(100);
    expect(original['public.balance_run']).toBeGreaterThan(10);
    const dashboard = (await browser.json<Envelope<unknown>>('/api/v1/dashboard')).body.data;

    // The app keeps its pool open and serves meanwhile; the backup reads one snapshot beside it.
    const source = join(root, 'source');
    const [backup, busy] = await Promise.all([
      backupDatabase({ dataDir: source, databaseUrl: w.t.database.url, retention: 7 }),
      browser.json('/api/v1/dashboard'),
    ]);
    expect(busy.status).toBe(200);
    expect(backup.file).toMatch(/backups\/lodestar-\d{8}T\d{9}Z\.sql\.gz$/);
    expect(backup.rows).toBe(
      Object.values(original).reduce((a, b) => a + b, 0) - original['drizzle.__drizzle_migrations']!,
    );

    const fresh = join(root, 'fresh');
    const restored = await restoreDatabase({ dataDir: fresh, file: backup.file, force: false });
    expect(restored.rows).toBe(backup.rows);

    const { embedded, url } = await startData(fresh);
    try {
      expect(await rowCounts(url)).toEqual(original);
      expect(await dashboardOn(url)).toEqual(dashboard);

      // A backup of the embedded database while its server runs goes through that server.
      const again = await backupDatabase({ dataDir: fresh, retention: 7 });
      expect(again.rows).toBe(backup.rows);

      // A data directory in use is never restored into.
      await expect(restoreDatabase({ dataDir: fresh, file: again.file, force: true })).rejects.toThrow(
        `A Lodestar server (pid ${process.pid}) is using ${fresh}. Stop it before restoring`,
      );
    } finally {
      await embedded.stop();
    }
  });

  it('refuses to replace a database without --force, keeps the old one with it, and prunes old backups', async () => {
    const dataDir = join(root, 'kept');
    const seeded = await backupDatabase({
      dataDir: join(root, 'elsewhere'),
      databaseUrl: w.t.database.url,
      retention: 7,
    });
    await restoreDatabase({ dataDir, file: seeded.file, force: false });

    await expect(restoreDatabase({ dataDir, file: seeded.file, force: false })).rejects.toThrow(
      `${dataDir} already holds a database. Restoring replaces it: run the restore again with --force`,
    );
    const forced = await restoreDatabase({
      dataDir,
      file: seeded.file,
      force: true,
      now: new Date('2026-11-20T03:00:00Z'),
    });
    expect(forced.previous).toBe(join(dataDir, 'postgres.before-restore-20261120T030000000Z'));
    expect(existsSync(join(forced.previous!, 'PG_VERSION'))).toBe(true);

    // With no server running, the backup starts the embedded one for itself; the newest two are kept.
    const times = ['2026-11-21T03:00:00Z', '2026-11-22T03:00:00Z', '2026-11-23T03:00:00Z'];
    const made = [];
    for (const at of times) made.push(await backupDatabase({ dataDir, retention: 2, now: new Date(at) }));
    expect(made[2]!.deleted).toContain(backupFileName(new Date(times[0]!)));
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual([
      backupFileName(new Date(times[1]!)),
      backupFileName(new Date(times[2]!)),
    ]);
    expect(made[2]!.rows).toBe(seeded.rows);

    await expect(
      restoreDatabase({ dataDir, file: join(root, 'missing.sql.gz'), force: true }),
    ).rejects.toThrow('There is no backup file at');
  });
});
