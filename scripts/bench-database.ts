import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, ensureDatabase, runMigrations, startEmbeddedPostgres, type DbHandle } from '@lodestar/db';

export type ThrowawayDatabase = DbHandle & {
  url: string;
  /** The embedded cluster's folder; undefined with DATABASE_URL. */
  postgresDir: string | undefined;
  /** A folder for the bench's own files, removed by stop(). */
  workDir: string;
  /** Where the database runs, for the printed figures. */
  label: 'DATABASE_URL' | 'embedded PostgreSQL';
  stop(): Promise<void>;
};

/**
 * A migrated database for one bench run: DATABASE_URL when set, else a throw-away embedded PostgreSQL
 * in a temporary folder (started here, stopped and deleted by stop()). `name` is the database created
 * on the embedded server.
 */
export async function openThrowawayDatabase(
  name: string,
  options: { poolMax?: number } = {},
): Promise<ThrowawayDatabase> {
  const workDir = mkdtempSync(join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  let url = process.env.DATABASE_URL || undefined;
  const postgresDir = url ? undefined : join(workDir, 'postgres');
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: postgresDir!,
      password: randomBytes(16).toString('hex'),
      lockDataDir: false,
    });
    stopEmbedded = embedded.stop;
    url = await ensureDatabase(embedded.adminUrl, name);
  }
  const handle = createDb({ url, poolMax: options.poolMax ?? 5 });
  await runMigrations(handle.pool);
  return {
    ...handle,
    url,
    postgresDir,
    workDir,
    label: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL',
    async stop() {
      await handle.close();
      await stopEmbedded?.();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
