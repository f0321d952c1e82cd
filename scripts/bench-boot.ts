// `npm run bench:boot`: cold start (first run: initdb + migrations) and warm start of the server to
// readiness, and the Node process's resident memory when idle, for the built server (`npm start`) and,
// beside it, the TypeScript sources run through tsx (how the server ran before it had a build; skip with
// BENCH_SOURCE=0). Prints a table; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureServerBuilt } from './build-server.mjs';
import { spawnServer } from './spawn-server';

const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Run = { readyMs: number; rssMb: number };

async function startOnce(dataDir: string, measureRss: boolean, source: boolean): Promise<Run> {
  const started = performance.now();
  const server = await spawnServer(dataDir, {}, { source });
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

type Variant = { label: string; coldMs: number; warmMs: number[]; idleRss: number };

async function measure(label: string, source: boolean): Promise<Variant> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'lodestar-bench-')), 'data');
  try {
    const cold = await startOnce(dataDir, false, source);
    const warm: Run[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await startOnce(dataDir, i === WARM_RUNS - 1, source));
    return {
      label,
      coldMs: cold.readyMs,
      warmMs: warm.map((run) => run.readyMs),
      idleRss: warm.at(-1)?.rssMb ?? Number.NaN,
    };
  } finally {
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}

await ensureServerBuilt();
const variants = [await measure('built (`npm start`)', false)];
if (process.env.BENCH_SOURCE !== '0') variants.push(await measure('sources through tsx', true));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log('\nLodestar boot benchmark (embedded PostgreSQL, web app served from dist)\n');
console.log(`| measure | budget | ${variants.map((v) => v.label).join(' | ')} |`);
console.log(`|---|---|${variants.map(() => '---').join('|')}|`);
const row = (measure: string, budget: string, value: (v: Variant) => string) =>
  console.log(`| ${measure} | ${budget} | ${variants.map(value).join(' | ')} |`);
row('cold start to ready (initdb + migrations)', '—', (v) => seconds(v.coldMs));
row(`warm start to ready, p50 of ${WARM_RUNS}`, '≤ 1 s', (v) => seconds(percentile(v.warmMs, 50)));
row(`warm start to ready, max of ${WARM_RUNS}`, '—', (v) => seconds(Math.max(...v.warmMs)));
row('Node process RSS, idle after start', '≤ 150 MB', (v) => `${v.idleRss.toFixed(0)} MB`);
