import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrateTo, migrationsFolder, runMigrations } from '../migrate';

/**
 * A backup of Lodestar's database as gzip-compressed SQL: the data of every table of the `public` schema
 * as `COPY … FROM stdin` blocks (PostgreSQL's own text format, as `pg_dump --data-only` writes it) and the
 * sequences' positions, read in one REPEATABLE READ snapshot, so a server may keep writing meanwhile. The
 * schema is not in the file: it is the migrations, whose list the header records (ADR 058). The embedded
 * PostgreSQL build ships no `pg_dump`, and this form also restores into a newer PostgreSQL major version.
 */

export const BACKUP_FORMAT = 'lodestar-backup';
export const BACKUP_FORMAT_VERSION = 1;
const HEADER_PREFIX = '-- lodestar-backup ';

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  /** The migrations applied to the database, oldest first (drizzle's hash and journal time). */
  migrations: { hash: string; createdAt: number }[];
  tables: string[];
};

export type BackupSummary = { bytes: number; tables: number; rows: number; header: BackupHeader };

/** Writes a consistent backup of the database at `url` to `file` (written beside it, then renamed). */
export async function writeBackup(url: string, file: string, now: Date = new Date()): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'lodestar-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    // One snapshot for everything read below; READ ONLY so it never blocks or conflicts with the server.
    await client.query('begin isolation level repeatable read read only');
    const migrations = await appliedMigrations(client);
    if (!migrations.length) {
      throw new Error('This database has no Lodestar migrations applied: there is nothing to back up.');
    }
    const { rows: versionRows } = await client.query<{ server_version: string }>('show server_version');
    const tables = await publicTables(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      postgres: versionRows[0]?.server_version ?? 'unknown',
      migrations,
      tables: tables.map((table) => table.name),
    };

    const gzip = createGzip();
    const output = createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(output);
    const written = finished(output);
    await write(
      gzip,
      `-- Lodestar backup: restore with \`npm run restore -- FILE\` (README "Backups").\n` +
        `${HEADER_PREFIX}${JSON.stringify(header)}\n` +
        'SET session_replication_role = replica;\n\n',
    );
    let rows = 0;
    for (const table of tables) {
      const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
      const target = `${client.escapeIdentifier('public')}.${client.escapeIdentifier(table.name)} (${columns})`;
      await write(gzip, `COPY ${target} FROM stdin;\n`);
      for await (const chunk of client.query(copyTo(`COPY ${target} TO STDOUT`)) as AsyncIterable<Buffer>) {
        for (const byte of chunk) if (byte === 0x0a) rows += 1;
        await write(gzip, chunk);
      }
      await write(gzip, '\\.\n\n');
    }
    for (const sequence of await publicSequences(client)) {
      const name = `${client.escapeIdentifier('public')}.${client.escapeIdentifier(sequence.name)}`;
      await write(gzip, `SELECT pg_catalog.setval('${name}', ${sequence.lastValue}, true);\n`);
    }
    await client.query('commit');
    gzip.end();
    await written;
    renameSync(partial, file);
    return { bytes: statSync(file).size, tables: tables.length, rows, header };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The header of a backup file, checked; throws a clear error for anything else. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of lines(file)) {
    if (!line.startsWith('--')) break;
    if (!line.startsWith(HEADER_PREFIX)) continue;
    const header = JSON.parse(line.slice(HEADER_PREFIX.length)) as BackupHeader;
    if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_FORMAT_VERSION) break;
    return header;
  }
  throw new Error(`${file} is not a Lodestar backup.`);
}

/**
 * Loads a backup into the database at `url`, which must be new (no Lodestar tables yet): applies the
 * migrations the backup was made at, replaces every table's rows with the backup's in one transaction
 * (triggers and foreign-key checks off while loading, as the data was consistent when read), then applies
 * the migrations this release adds after it. Needs a role that may set session_replication_role.
 */
export async function restoreBackup(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const header = await readBackupHeader(file);
  const shipped = readMigrationFiles({ migrationsFolder });
  if (header.migrations.length > shipped.length) {
    throw new Error(
      `The backup was made by a newer Lodestar (${header.migrations.length} migrations; this release has ` +
        `${shipped.length}). Restore it with that release or a newer one.`,
    );
  }
  header.migrations.forEach((migration, index) => {
    if (shipped[index]?.hash !== migration.hash) {
      throw new Error(
        `The backup's migration ${index + 1} is not this release's: it cannot be restored here.`,
      );
    }
  });

  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: 'lodestar-restore' });
  // An idle connection the server ends (a shutdown, a replaced database) is dropped by the pool; without
  // a listener its error would be thrown as uncaught and end the process. Query errors still reject.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      if ((await appliedMigrations(client, { missingOk: true })).length) {
        throw new Error('The target database already holds Lodestar data; restore into a new one.');
      }
      await migrateTo(client, header.migrations.length);
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      const existing = await publicTables(client);
      if (existing.length) {
        await client.query(
          `truncate ${existing.map((table) => `public.${client.escapeIdentifier(table.name)}`).join(', ')}`,
        );
      }
      let tables = 0;
      let rows = 0;
      let copy: Writable | undefined;
      for await (const line of lines(file)) {
        if (copy) {
          if (line === '\\.') {
            copy.end();
            await finished(copy);
            copy = undefined;
          } else {
            rows += 1;
            await write(copy, `${line}\n`);
          }
        } else if (line.startsWith('COPY ') && line.endsWith(' FROM stdin;')) {
          tables += 1;
          copy = client.query(copyFrom(`${line.slice(0, -' FROM stdin;'.length)} FROM STDIN`));
        } else if (SETVAL.test(line)) {
          await client.query(line);
        } else if (
          line !== '' &&
          !line.startsWith('--') &&
          line !== 'SET session_replication_role = replica;'
        ) {
          throw new Error(`${file} has a line a Lodestar backup does not have; it was not restored.`);
        }
      }
      if (copy) throw new Error(`${file} ends in the middle of a table: the file is incomplete.`);
      await client.query('commit');
      // The migrations this release adds after the backup's.
      client.release();
      await runMigrations(pool);
      return { tables, rows };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      client.release();
      throw error;
    }
  } finally {
    await pool.end();
  }
}

const SETVAL = /^SELECT pg_catalog\.setval\('"public"\."[a-z0-9_]+"', -?\d+, true\);$/;

async function appliedMigrations(
  client: pg.ClientBase,
  { missingOk = false } = {},
): Promise<{ hash: string; createdAt: number }[]> {
  const { rows: found } = await client.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!found[0]?.exists) {
    if (missingOk) return [];
    throw new Error('This database has no Lodestar migrations table: is DATABASE_URL the right database?');
  }
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

type Table = { name: string; columns: string[] };

/** Ordinary tables of the `public` schema with their stored (not generated) columns, by name. */
async function publicTables(client: pg.ClientBase): Promise<Table[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname
      order by c.relname`,
  );
  return rows;
}

async function publicSequences(client: pg.ClientBase): Promise<{ name: string; lastValue: string }[]> {
  const { rows } = await client.query<{ name: string; last_value: string }>(
    `select sequencename as name, last_value::text as last_value
       from pg_sequences where schemaname = 'public' and last_value is not null order by sequencename`,
  );
  return rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
}

/** Writes and waits for the stream to take more when its buffer is full. */
async function write(stream: Writable, data: string | Buffer): Promise<void> {
  if (!stream.write(data)) await once(stream, 'drain');
}

/** The file's lines, decompressed, split on `\n` only (COPY's text format escapes every other break). */
async function* lines(file: string): AsyncGenerator<string> {
  let rest = Buffer.alloc(0);
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    let buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let index = buffer.indexOf(0x0a); index !== -1; index = buffer.indexOf(0x0a, start)) {
      yield buffer.toString('utf8', start, index);
      start = index + 1;
    }
    buffer = buffer.subarray(start);
    rest = Buffer.from(buffer);
  }
  if (rest.length) yield rest.toString('utf8');
}
