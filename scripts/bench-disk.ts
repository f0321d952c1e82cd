// `npm run bench:disk`: the data folder's size on disk (what `du` counts: allocated blocks) after
// `npm run seed -- --transactions 10000` into a new folder, with the server stopped, against the 60 MB
// budget; with BENCH_DISK_DATA_DIR, also the size of that folder as it is (a 1,000,000-row seed, say:
// reported, no budget). Prints a table; asserts nothing.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordTarget } from './bench-targets-file';
import { repoRoot } from './spawn-server';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const BUDGET_MB = 60;

/** Bytes allocated under `path` (512-byte blocks, as du counts them). */
function allocated(path: string): number {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.blocks * 512;
  return readdirSync(path).reduce((sum, name) => sum + allocated(join(path, name)), stat.blocks * 512);
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

function sizes(dataDir: string) {
  const postgres = join(dataDir, 'postgres');
  return {
    total: megabytes(allocated(dataDir)),
    wal: megabytes(allocated(join(postgres, 'pg_wal'))),
    databases: megabytes(allocated(join(postgres, 'base'))),
  };
}

const rows: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'lodestar-bench-disk-'));
try {
  const dataDir = join(work, 'data');
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', '--transactions', String(TRANSACTIONS)],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  const seconds = (performance.now() - started) / 1000;
  const seeded = sizes(dataDir);
  const label = `${TRANSACTIONS.toLocaleString('en-US')} transactions (seed, ${seconds.toFixed(1)} s)`;
  rows.push(
    `| ${label} | ${seeded.total.toFixed(1)} MB | ${seeded.wal.toFixed(1)} MB | ${seeded.databases.toFixed(1)} MB | ≤ ${BUDGET_MB} MB |`,
  );
  recordTarget({
    target: `Data on disk at ${TRANSACTIONS.toLocaleString('en-US')} transactions`,
    figure: `${seeded.total.toFixed(1)} MB`,
    budget: `≤ ${BUDGET_MB} MB`,
    met: seeded.total <= BUDGET_MB,
    detail: `pg_wal ${seeded.wal.toFixed(1)} MB, databases ${seeded.databases.toFixed(1)} MB`,
  });
  const other = process.env.BENCH_DISK_DATA_DIR;
  if (other) {
    const measured = sizes(other);
    rows.push(
      `| ${other} as it is | ${measured.total.toFixed(1)} MB | ${measured.wal.toFixed(1)} MB | ${measured.databases.toFixed(1)} MB | — |`,
    );
    recordTarget({
      target: 'Data on disk of BENCH_DISK_DATA_DIR (reported)',
      figure: `${measured.total.toFixed(0)} MB`,
      budget: '—',
      detail: `pg_wal ${measured.wal.toFixed(1)} MB, databases ${measured.databases.toFixed(0)} MB`,
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log('\nData folder on disk, server stopped (allocated blocks, as du counts)\n');
console.log('| data folder | in all | of it pg_wal | of it the databases | budget |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
