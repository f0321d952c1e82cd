// `npm run bench:targets`: every target of the performance issue in one run, each by the bench that
// measures it, then one table of target, figure, budget and whether it is met. Run
// `npm run seed -- --transactions 1000000` first (same DATA_DIR or DATABASE_URL): the listing and the
// analytics are measured on that seed, and its folder's size is reported beside the 10,000-row one.
// BENCH_TARGETS_ONLY=web,boot,transactions,analytics,notifications,disk runs some of the benches. Each
// bench runs with its own defaults (BENCH_RUNS and BENCH_ONLY are not passed on). Asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TargetRow } from './bench-targets-file';
import { benchDataDir } from './seed';
import { repoRoot } from './spawn-server';

const BENCHES: { name: string; script: string; env?: Record<string, string> }[] = [
  // First: it builds the web app and the server the others start.
  { name: 'web', script: 'bench-web.ts' },
  { name: 'boot', script: 'bench-boot.ts', env: { BENCH_SOURCE: '0' } },
  { name: 'transactions', script: 'bench-transactions.ts' },
  { name: 'analytics', script: 'bench-analytics.ts' },
  { name: 'notifications', script: 'bench-notifications.ts', env: { BENCH_BEFORE: '0' } },
  {
    name: 'disk',
    script: 'bench-disk.ts',
    env: process.env.DATABASE_URL ? {} : { BENCH_DISK_DATA_DIR: benchDataDir() },
  },
];
const only = process.env.BENCH_TARGETS_ONLY?.split(',').map((name) => name.trim());

const work = mkdtempSync(join(tmpdir(), 'lodestar-bench-targets-'));
const file = join(work, 'targets.jsonl');
const failed: string[] = [];
const started = performance.now();
const loadBefore = loadavg()[0] ?? Number.NaN;
try {
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    console.log(`\n### bench:${bench.name}\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, ...bench.env, BENCH_TARGETS_FILE: file };
    delete env.BENCH_RUNS;
    delete env.BENCH_ONLY;
    const run = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', bench.script)], {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    });
    if (run.status !== 0) failed.push(bench.name);
  }
  let rows: TargetRow[] = [];
  try {
    rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TargetRow);
  } catch {
    // No bench recorded anything.
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `\n## The performance targets: ${rows.filter((row) => row.met === true).length} of ` +
      `${rows.filter((row) => row.met !== undefined).length} met (${minutes.toFixed(1)} min; ` +
      `${cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? Number.NaN).toFixed(1)} after)\n`,
  );
  console.log('| target | measured | budget | met | from |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === undefined ? 'reported' : row.met ? 'yes' : '**NO**';
    console.log(`| ${row.target} | ${row.figure} | ${row.budget} | ${met} | ${row.detail ?? ''} |`);
  }
  if (failed.length > 0) {
    console.log(`\nThese benches failed and recorded nothing or only part: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
