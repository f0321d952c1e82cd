import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError } from './data-dir-lock';
import { startEmbeddedPostgres } from './embedded-postgres';

const password = 'correct-horse-battery-staple';
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'lodestar-embedded-')), 'data');
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(join(dir, '..'), { recursive: true, force: true })));

/** Bytes of the cluster's WAL files (pg_wal holds them and a folder of status files). */
function walBytes(dataDir: string): number {
  const walDir = join(dataDir, 'postgres', 'pg_wal');
  return readdirSync(walDir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .reduce((sum, name) => sum + statSync(join(walDir, name)).size, 0);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('creates a private cluster on first start and keeps data across restarts', async () => {
    const dataDir = tempDataDir();
    const first = await startEmbeddedPostgres({ dataDir, password });
    expect(first.initialised).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'postgres')).mode & 0o777).toBe(0o700);
    // Only the templates: initdb's `postgres` database, which nothing uses, is dropped (ADR 095).
    expect(await query(first.adminUrl, 'select datname from pg_database order by 1')).toEqual([
      { datname: 'template0' },
      { datname: 'template1' },
    ]);
    await query(first.adminUrl, 'create table notes (body text)');
    await query(first.adminUrl, "insert into notes values ('kept')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, password });
    expect(second.initialised).toBe(false);
    expect(await query(second.adminUrl, 'select body from notes')).toEqual([{ body: 'kept' }]);
    // Tuned for one person's data: small WAL files, few of them kept, no WAL for replication.
    const settings = await query<{ name: string; setting: string }>(
      second.adminUrl,
      `select name, setting from pg_settings
        where name in ('wal_segment_size', 'wal_level', 'wal_compression', 'min_wal_size', 'max_wal_size',
                       'wal_recycle')
        order by name`,
    );
    expect(settings).toEqual([
      { name: 'max_wal_size', setting: '256' },
      { name: 'min_wal_size', setting: '2' },
      { name: 'wal_compression', setting: 'pglz' },
      { name: 'wal_level', setting: 'minimal' },
      { name: 'wal_recycle', setting: 'off' },
      { name: 'wal_segment_size', setting: String(1024 * 1024) },
    ]);
    // WAL files a checkpoint no longer needs are deleted, not kept for WAL to come: after about 30 MB
    // of writes and two checkpoints, a few files remain (PostgreSQL's recycling kept 31 MB here).
    await query(
      second.adminUrl,
      'insert into notes select repeat(md5(g::text), 32) from generate_series(1, 30000) as g',
    );
    expect(walBytes(dataDir)).toBeGreaterThan(25 * 1024 * 1024);
    await query(second.adminUrl, 'checkpoint');
    await query(second.adminUrl, 'checkpoint');
    expect(walBytes(dataDir)).toBeLessThan(8 * 1024 * 1024);
    await second.stop();
  });

  it('rejects a wrong password: the cluster is not open to other local users', async () => {
    const dataDir = tempDataDir();
    const server = await startEmbeddedPostgres({ dataDir, password });
    const wrong = new URL(server.adminUrl);
    wrong.password = 'not-the-password';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);
    await server.stop();
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const dataDir = tempDataDir();
    const server = await startEmbeddedPostgres({ dataDir, password });
    const second = startEmbeddedPostgres({ dataDir, password });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`already using the data directory ${dataDir}`);
    // The refused attempt must not have disturbed the running server.
    expect(await query(server.adminUrl, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await server.stop();
  });

  it('comes back with committed data after the owning process is killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const fixture = fileURLToPath(new URL('../testing/fixtures/hold-embedded.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, dataDir, password, 'committed-before-crash'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`fixture exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // The orphaned postmaster still runs; the next start must stop it and recover.
    const restarted = await startEmbeddedPostgres({ dataDir, password });
    expect(await query(restarted.adminUrl, 'select value from survivors')).toEqual([
      { value: 'committed-before-crash' },
    ]);
    await restarted.stop();
  });
});
