import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DataDirInUseError,
  dataDirLockHolder,
  EMBEDDED_DATABASE,
  ensureDatabase,
  readBackupHeader,
  restoreBackup,
  runningEmbeddedAdminUrl,
  startEmbeddedPostgres,
  writeBackup,
} from '@lodestar/db';
import { loadOrCreateSecrets } from '../config/secrets-file';

/**
 * `npm run backup`, `npm run restore` and the scheduled backup job (README "Backups", ADR 058): backups go
 * to DATA_DIR/backups as `lodestar-<UTC time>.sql.gz`, the newest BACKUP_RETENTION kept.
 */

export const BACKUP_FOLDER = 'backups';
const BACKUP_FILE = /^lodestar-\d{8}T\d{6}\d{3}Z\.sql\.gz$/;

export type BackupResult = { file: string; bytes: number; tables: number; rows: number; deleted: string[] };

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

/**
 * Backs up the database (DATABASE_URL's, else the embedded one under `dataDir`: through the running
 * server's PostgreSQL when a server runs there, else one started for the backup and stopped after) into
 * `dataDir/backups`, then deletes all but the newest `retention` backups.
 */
export async function backupDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  retention: number;
  now?: Date;
}): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const now = options.now ?? new Date();
  const folder = join(dataDir, BACKUP_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, backupFileName(now));

  const summary = await withDatabase(dataDir, options.databaseUrl, (url) => writeBackup(url, file, now));
  const deleted = readdirSync(folder)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse()
    .slice(options.retention);
  for (const name of deleted) rmSync(join(folder, name), { force: true });
  return { file, bytes: summary.bytes, tables: summary.tables, rows: summary.rows, deleted };
}

/** `lodestar-20261126T193000123Z.sql.gz`: UTC, sortable, no characters that need quoting. */
export function backupFileName(at: Date): string {
  return `lodestar-${at.toISOString().replace(/[-:.]/g, '')}.sql.gz`;
}

async function withDatabase<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (databaseUrl) return work(databaseUrl);
  if (!existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new BackupRefused(`There is no Lodestar database in ${dataDir} to back up.`);
  }
  const password = loadOrCreateSecrets(dataDir, ['postgresPassword']).postgresPassword ?? '';
  const running = runningEmbeddedAdminUrl(dataDir, password);
  if (running) return work(await ensureDatabase(running, EMBEDDED_DATABASE));
  const embedded = await startEmbeddedPostgres({ dataDir, password });
  try {
    return await work(await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE));
  } finally {
    await embedded.stop();
  }
}

/**
 * Restores a backup into the embedded database under `dataDir`, which no server may be using. A data
 * directory that already holds a database is only replaced with `force`, and then kept beside the new
 * one as `postgres.before-restore-<time>` (put back if the restore fails).
 */
export async function restoreDatabase(options: {
  dataDir: string;
  file: string;
  force: boolean;
  now?: Date;
}): Promise<{ tables: number; rows: number; previous?: string }> {
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file);
  if (!existsSync(file)) throw new BackupRefused(`There is no backup file at ${file}.`);
  await readBackupHeader(file).catch((error: unknown) => {
    throw new BackupRefused(error instanceof Error ? error.message : String(error));
  });
  const holder = dataDirLockHolder(dataDir);
  if (holder !== undefined) {
    throw new BackupRefused(
      `A Lodestar server (pid ${holder}) is using ${dataDir}. Stop it before restoring into its data directory.`,
    );
  }
  const pgData = join(dataDir, 'postgres');
  let previous: string | undefined;
  if (existsSync(pgData)) {
    if (!options.force) {
      throw new BackupRefused(
        `${dataDir} already holds a database. Restoring replaces it: run the restore again with --force ` +
          '(the current database is then kept beside it as postgres.before-restore-<time>).',
      );
    }
    previous = `${pgData}.before-restore-${backupFileName(options.now ?? new Date()).slice(9, -7)}`;
    renameSync(pgData, previous);
  }

  try {
    const password = loadOrCreateSecrets(dataDir, ['postgresPassword']).postgresPassword ?? '';
    const embedded = await startEmbeddedPostgres({ dataDir, password }).catch((error: unknown) => {
      if (error instanceof DataDirInUseError) throw new BackupRefused(error.message);
      throw error;
    });
    try {
      const url = await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
      const loaded = await restoreBackup(url, file);
      return { ...loaded, ...(previous ? { previous } : {}) };
    } finally {
      await embedded.stop();
    }
  } catch (error) {
    // Nothing half-restored stays: the new cluster goes, the one it replaced comes back. (Refused at start:
    // another server took the directory meanwhile, and what is there is its own.)
    if (!(error instanceof BackupRefused)) rmSync(pgData, { recursive: true, force: true });
    if (previous && !existsSync(pgData)) renameSync(previous, pgData);
    throw error;
  }
}
