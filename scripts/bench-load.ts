// `npm run bench:load`: 50 concurrent users, each listing transactions and opening the dashboard, against
// one server process and then two on the same database, on loopback only, for a bounded time each.
// Seeds the bench user with 100,000 transactions first (scripts/seed.ts; DATABASE_URL, or an embedded
// PostgreSQL under DATA_DIR, default ./data-bench-load). Each instance is the built server as `npm start`
// runs it (scripts/spawn-server.ts). Every user has its own session; with two instances, half the users go
// to each (as a round-robin proxy would spread them). Latency is measured per response by autocannon's
// clients and pooled across both instances. Prints a Markdown table (docs/performance.md); asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { openBenchDatabase, BENCH_EMAIL, BENCH_PASSWORD } from './seed';
import { repoRoot, spawnServer, type ServerProcess } from './spawn-server';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 20), 120);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const SECRET = 'bench-load-secret-0123456789-abcdefghijklmn';
/** One user's visit: the first page of the transaction list, then the dashboard's three requests. */
const VISIT = [
  '/api/v1/transactions/paginated?limit=50',
  '/api/v1/dashboard?period=1-month',
  '/api/v1/portfolio?range=1Y',
  '/api/v1/dashboard/activity-summary?period=1-month',
];

type Run = {
  instances: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const statuses = new Map<number, number>();

/** One user: one connection with its own session, visiting for SECONDS; latencies into `samples`. */
function visit(server: ServerProcess, cookie: string, samples: number[]) {
  return autocannon({
    url: server.url,
    connections: 1,
    duration: SECONDS,
    headers: { cookie, 'accept-encoding': 'gzip' },
    requests: VISIT.map((path) => ({ method: 'GET', path })),
    setupClient(client) {
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        samples.push(responseTime);
      });
    },
  });
}

async function measure(servers: ServerProcess[]): Promise<Run> {
  // Each user signs in on the instance it will use (a session works on either; this spreads the work).
  const sessions: string[] = [];
  for (let index = 0; index < USERS; index += 1)
    sessions.push(await signIn(servers[index % servers.length]!));
  // Warm-up: one visit per user, not counted.
  for (const [index, cookie] of sessions.entries()) {
    const server = servers[index % servers.length]!;
    for (const path of VISIT) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    }
  }
  const samples: number[] = [];
  const results = await Promise.all(
    sessions.map((cookie, index) => visit(servers[index % servers.length]!, cookie, samples)),
  );
  samples.sort((a, b) => a - b);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  return {
    instances: servers.length,
    requests,
    rps: requests / SECONDS,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

async function main() {
  process.env.DATA_DIR ||= resolve(repoRoot, 'data-bench-load');
  const database = await openBenchDatabase();
  const runs: Run[] = [];
  const dataDirs: string[] = [];
  try {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed.ts', '--transactions', String(TRANSACTIONS)],
      { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DATABASE_URL: database.url } },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-load-'));
      dataDirs.push(dataDir);
      const server = await spawnServer(dataDir, {
        DATABASE_URL: database.url,
        ENCRYPTION_KEY: SECRET,
        AUTH_SECRET: SECRET,
        CRON_SECRET: SECRET,
        HOST: '127.0.0.1',
        FX_REFRESH: 'off',
        LOG_LEVEL: 'error',
        // The limits guard against abuse, not this: one address and one user make every request here.
        RATE_LIMIT_MAX: '1000000',
        SIGN_IN_LIMIT_PER_15_MINUTES: '100000',
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      });
      // Errors the server logs show up here (LOG_LEVEL=error).
      server.child.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      server.child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      return server;
    };
    const first = await start();
    try {
      runs.push(await measure([first]));
      const second = await start();
      try {
        runs.push(await measure([first, second]));
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  } finally {
    await database.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  const load = loadavg()[0]?.toFixed(1);
  console.log(
    `\n${USERS} users, ${SECONDS} s per run, ${TRANSACTIONS.toLocaleString('en-US')} transactions; ` +
      `${cpus().length} cores, load average ${load} after the runs\n`,
  );
  console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log('| instances | requests | requests/s | p50 | p95 | p99 | errors | non-2xx |');
  console.log('| --------- | -------- | ---------- | --- | --- | --- | ------ | ------- |');
  for (const run of runs)
    console.log(
      `| ${run.instances} | ${run.requests} | ${run.rps.toFixed(0)} | ${run.p50.toFixed(0)} ms | ` +
        `${run.p95.toFixed(0)} ms | ${run.p99.toFixed(0)} ms | ${run.errors} | ${run.non2xx} |`,
    );
}

await main();
