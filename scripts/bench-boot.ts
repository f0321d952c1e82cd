// `npm run bench:boot`: cold start (first run: initdb + migrations) and warm start of the server to
// readiness, and the Node process's resident memory when idle (3 s after ready, its highest over the next
// half minute, while the jobs queued at start run, and where it settles), for the built server (`npm start`) and,
// beside it, the TypeScript sources run through tsx (how the server ran before it had a build; skip with
// BENCH_SOURCE=0). Prints a table; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureServerBuilt } from './build-server.mjs';
import { spawnServer } from './spawn-server';
import { recordTarget } from './bench-targets-file';

const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Rss = { early: number; peak: number; settled: number };
type Run = { readyMs: number; rss?: Rss };

/** Seconds after ready: the first reading, then one a second up to the settled one. */
const RSS_EARLY_S = 3;
const RSS_SETTLED_S = 30;

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
  let rss: Rss | undefined;
  if (measureRss) {
    // The jobs queued at start (exchange rates, the e-mail outbox) run over the first seconds; V8 hands
    // freed memory back when the process has been idle a while.
    const readings: number[] = [];
    for (let second = 1; second <= RSS_SETTLED_S; second++) {
      await sleep(1_000);
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      readings.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024);
    }
    rss = {
      early: readings[RSS_EARLY_S - 1] ?? Number.NaN,
      peak: Math.max(...readings),
      settled: readings.at(-1) ?? Number.NaN,
    };
  }
  await server.stop();
  return { readyMs, rss };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

type Variant = { label: string; coldMs: number; warmMs: number[]; idleRss?: Rss };

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
      idleRss: warm.at(-1)?.rss,
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
const mb = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(0)} MB`;
row(`Node process RSS, ${RSS_EARLY_S} s after ready`, '—', (v) => mb(v.idleRss?.early));
row(`Node process RSS, highest in the first ${RSS_SETTLED_S} s`, '—', (v) => mb(v.idleRss?.peak));
row(`Node process RSS, idle ${RSS_SETTLED_S} s after ready`, '≤ 150 MB', (v) => mb(v.idleRss?.settled));

const [built] = variants;
if (built) {
  const warm = percentile(built.warmMs, 50);
  recordTarget({
    target: 'Warm start of the built server to ready',
    figure: `${seconds(warm)} p50 of ${WARM_RUNS}`,
    budget: '≤ 1 s',
    met: warm <= 1_000,
  });
  const rss = built.idleRss?.settled ?? Number.NaN;
  recordTarget({
    target: `Idle server memory (RSS ${RSS_SETTLED_S} s after ready)`,
    figure: mb(rss),
    budget: '≤ 150 MB',
    met: rss <= 150,
  });
}
