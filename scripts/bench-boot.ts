// `npm run bench:boot`: cold start (first run: initdb + migrations) and warm start of the server to
// readiness, and the Node process's resident memory when idle. Prints a table; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServer } from './spawn-server';

const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Run = { readyMs: number; rssMb: number };

async function startOnce(dataDir: string, measureRss: boolean): Promise<Run> {
  const started = performance.now();
  const server = await spawnServer(dataDir);
  const { url, child } = server;
  for (;;) {
    const response = await fetch(`${url}/api/v1/ready`).catch(() => undefined);
    if (response?.ok) break;
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  let rssMb = Number.NaN;
  if (measureRss) {
    await sleep(3_000); // let start-up garbage be collected: this is the idle footprint
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  }
  await server.stop();
  return { readyMs, rssMb };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const dataDir = join(mkdtempSync(join(tmpdir(), 'lodestar-bench-')), 'data');
try {
  const cold = await startOnce(dataDir, false);
  const warm: Run[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await startOnce(dataDir, i === WARM_RUNS - 1));
  const warmMs = warm.map((run) => run.readyMs);
  const idleRss = warm.at(-1)?.rssMb ?? Number.NaN;
  console.log('\nLodestar boot benchmark (embedded PostgreSQL, web app served from dist)\n');
  console.log('| measure | value | budget |');
  console.log('|---|---|---|');
  console.log(`| cold start to ready (initdb + migrations) | ${(cold.readyMs / 1000).toFixed(2)} s | — |`);
  console.log(
    `| warm start to ready, p50 of ${WARM_RUNS} | ${(percentile(warmMs, 50) / 1000).toFixed(2)} s | ≤ 3 s |`,
  );
  console.log(
    `| warm start to ready, max of ${WARM_RUNS} | ${(Math.max(...warmMs) / 1000).toFixed(2)} s | — |`,
  );
  console.log(`| Node process RSS, idle after start | ${idleRss.toFixed(0)} MB | ≤ 150 MB |`);
} finally {
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
}
