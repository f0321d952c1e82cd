// `npm run bench:web`: builds the web app, starts the server as the journeys do (embedded PostgreSQL), signs
// a user up and connects the demo bank, then loads `/`, `/sign-in` and `/dashboard` in Chromium (Debian's,
// through Playwright) with an empty cache (cold) and again in the same browser (warm). Prints the
// bytes transferred (headers and bodies as sent on the wire), first and largest contentful paint and long
// tasks, with compression as browsers ask for it and, for comparison, with `Accept-Encoding: identity`.
// Asserts nothing.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { repoRoot, spawnServer } from './spawn-server';
import { recordTarget } from './bench-targets-file';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/sign-in', signedIn: false },
  { path: '/dashboard', signedIn: true },
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FIRST_LOAD_BUDGET_KB = 300;

type Load = {
  bytes: number;
  /** Scripts only (headers and body as sent), and their paths. */
  scriptBytes: number;
  scripts: string[];
  requests: number;
  fcp: number;
  lcp: number;
  longTasks: number;
  longTaskMs: number;
};

// Collected in the page from the first byte on; read once the page has settled.
const OBSERVE = `
  window.__bench = { fcp: NaN, lcp: NaN, longTasks: 0, longTaskMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.longTasks += 1;
      window.__bench.longTaskMs += entry.duration;
    }
  }).observe({ type: 'longtask', buffered: true });
`;

async function signUpWithDemoBank(url: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: url };
  const email = `bench.web.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Correct-Horse-Battery-9';
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password,
      name: 'Bench Mark',
      termsAccepted: true,
      callbackURL: '/verify-email',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const connect = await fetch(`${url}/api/v1/connections/demo`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '{}',
  });
  if (connect.status >= 300) throw new Error(`demo bank failed: ${connect.status} ${await connect.text()}`);
  for (let i = 0; i < 240; i += 1) {
    const body = (await (await fetch(`${url}/api/v1/connections`, { headers: { cookie } })).json()) as {
      data: { connections: { status: string; lastSyncedAt: string | null }[] };
    };
    const first = body.data.connections[0];
    if (first?.lastSyncedAt && first.status === 'active') return cookie;
    await sleep(500);
  }
  throw new Error('the demo bank did not finish its first sync');
}

async function load(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  const each: { url: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
    urls.set(event.requestId, event.request.url);
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
    each.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength });
  });
  const scripts = () =>
    each.filter(
      (row) => /\.m?js$/.test(new URL(row.url, url).pathname) && row.url.startsWith(new URL(url).origin),
    );
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Pages show skeletons while their data loads; the load is over when none is busy.
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
    timeout: 30_000,
  });
  await sleep(300);
  const observed = (await page.evaluate('window.__bench')) as Omit<
    Load,
    'bytes' | 'requests' | 'scriptBytes' | 'scripts'
  >;
  // BENCH_VERBOSE=1: every response of the load, largest first (headers and body as sent).
  if (process.env.BENCH_VERBOSE === '1') {
    console.log(`\n${url}: ${requests} responses`);
    for (const row of each.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`${(row.bytes / 1024).toFixed(1).padStart(8)} KB  ${new URL(row.url).pathname}`);
    }
  }
  await page.close();
  const script = scripts();
  return {
    bytes,
    requests,
    scriptBytes: script.reduce((sum, row) => sum + row.bytes, 0),
    scripts: script.map((row) => new URL(row.url).pathname),
    ...observed,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(browser: Browser, base: string, cookie: string, encoding: 'compressed' | 'identity') {
  const rows: string[] = [];
  for (const { path, signedIn } of PAGES) {
    const cold: Load[] = [];
    const warm: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        baseURL: base,
        extraHTTPHeaders: encoding === 'identity' ? { 'Accept-Encoding': 'identity' } : {},
      });
      if (signedIn) {
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const at = pair.indexOf('=');
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
          }),
        );
      }
      await context.addInitScript(OBSERVE);
      cold.push(await load(context, `${base}${path}`));
      warm.push(await load(context, `${base}${path}`));
      await context.close();
    }
    if (encoding === 'compressed') {
      const transferred = median(cold.map((l) => l.bytes));
      recordTarget({
        target: `First load of ${path}, bytes transferred`,
        figure: `${(transferred / 1024).toFixed(1)} KB`,
        budget: `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
        met: transferred <= FIRST_LOAD_BUDGET_KB * 1024,
        detail: `median of ${RUNS} cold loads in Chromium, compressed`,
      });
    }
    for (const [label, loads] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      rows.push(
        `| ${path} | ${label} | ${encoding} | ${(median(loads.map((l) => l.bytes)) / 1024).toFixed(1)} KB | ` +
          `${(median(loads.map((l) => l.scriptBytes)) / 1024).toFixed(1)} KB | ` +
          `${median(loads.map((l) => l.requests))} | ${median(loads.map((l) => l.fcp)).toFixed(0)} ms | ` +
          `${median(loads.map((l) => l.lcp)).toFixed(0)} ms | ${median(loads.map((l) => l.longTasks))} ` +
          `(${median(loads.map((l) => l.longTaskMs)).toFixed(0)} ms) |`,
      );
    }
  }
  return rows;
}

/**
 * The homepage's JavaScript before any interaction: every script a visitor's first load of `/` fetches
 * (with an empty cache, nothing clicked), each file gzipped (default level) as the server could send it (budget ≤ 100 KB gzip).
 */
async function homepageScripts(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(OBSERVE);
  const { scripts } = await load(context, `${base}/`);
  await context.close();
  const dist = join(repoRoot, 'apps/web/dist');
  const sizes = scripts.map((path) => ({ path, gzip: gzipSync(readFileSync(join(dist, path))).length }));
  console.log(`\nThe homepage's JavaScript before interaction: ${sizes.length} files`);
  for (const { path, gzip } of sizes.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${(gzip / 1024).toFixed(1).padStart(8)} KB gzip  ${path}`);
  }
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(`${(total / 1024).toFixed(1).padStart(8)} KB gzip  in all (budget ≤ 100 KB)`);
}

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = join(mkdtempSync(join(tmpdir(), 'lodestar-bench-web-')), 'data');
const server = await spawnServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const cookie = await signUpWithDemoBank(server.url);
  const rows = [
    ...(await measure(browser, server.url, cookie, 'compressed')),
    ...(await measure(browser, server.url, cookie, 'identity')),
  ];
  console.log(`\nLodestar web benchmark: median of ${RUNS} loads per row, Chromium, 1440×720 viewport\n`);
  console.log(
    '| page | cache | encoding | transferred | of it scripts | requests | FCP | LCP | long tasks |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  await homepageScripts(browser, server.url);
  console.log(`\nBudget: a first (cold) load transfers ≤ ${FIRST_LOAD_BUDGET_KB} KB with compression.`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
}
