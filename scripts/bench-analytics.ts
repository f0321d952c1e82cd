// `npm run bench:analytics`: server time of the analytics endpoints (docs/analytics-api.md) on the seeded
// bench user (run `npm run seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR), against the
// 50 ms p95 budget of the Analytics issue, and the gzip size of the JavaScript the /dashboard route loads
// against its 200 KB budget. Runs the real app (createApp) in process with a session made by better-auth's
// sign-in endpoint and times app.request() until the body is read: BENCH_WARMUP (5) warm-up then BENCH_RUNS
// (50) measured requests per case; BENCH_ONLY (e.g. `investments,market`) times only the cases whose
// path contains one of its comma-separated parts. Prints Markdown tables; asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { insightFigures, payeeSeriesOf, writeMarketDataCache } from '@lodestar/db';
import { detectRecurring } from '@lodestar/domain';
import { insightWindows } from '@lodestar/server/use-cases/spending/insights';
import { recurringInputs, seriesWindow } from '@lodestar/server/use-cases/spending/recurring';
import { spendingContext } from '@lodestar/server/use-cases/spending/reporting';
import { BENCH_EMAIL, benchApp, openBenchDatabase, signIn, type BenchDatabase } from './seed';
import { recordTarget } from './bench-targets-file';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const ORIGIN = 'http://localhost:3000';
const BUDGET_MS = 50;
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
// Issue 14: /insights within 100 ms at p95, cached until the user's data changes.
const INSIGHTS_BUDGET_MS = 100;
const JS_BUDGET_BYTES = 200 * 1024;
const WEB_DIST = resolve(import.meta.dirname, '../apps/web/dist');
const DASHBOARD_SOURCE = 'src/features/dashboard/routes/dashboard.tsx';

type Result = { name: string; p50: number; p95: number; max: number; budget: number; detail: string };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** p50/p95/max of `task`; `before` runs untimed ahead of each request (to make the next one a cold one). */
async function time(task: () => Promise<string>, before?: () => Promise<unknown>) {
  let detail = '';
  for (let i = 0; i < WARM_UP; i += 1) detail = await task();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await before?.();
    const started = performance.now();
    detail = await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.at(-1) ?? Number.NaN,
    detail,
  };
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * The built JS the /dashboard route needs, from Vite's manifest (build.manifest): `shell` is the entry
 * chunk and everything it imports statically (loaded by every page: React, the router, the UI kit, the
 * query client), `route` what the dashboard route chunk adds on top (its own code and the chunks only it
 * and other pages import). Charts are not in either: they load when a chart first draws.
 */
function dashboardChunks(): { shell: string[]; route: string[] } | string {
  const manifestPath = join(WEB_DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return 'apps/web/dist is not built (run `npm run build`)';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (roots: readonly string[], skip = new Set<string>()) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file) || skip.has(chunk.file)) return;
      files.add(chunk.file);
      for (const child of chunk.imports ?? []) visit(child);
    };
    roots.forEach(visit);
    return files;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const route = Object.keys(manifest).filter((key) => key.endsWith(DASHBOARD_SOURCE));
  if (entries.length === 0 || route.length === 0)
    return `the manifest has no entry or no ${DASHBOARD_SOURCE}`;
  const shell = closure(entries);
  return { shell: [...shell], route: [...closure(route, shell)] };
}

function gzipKb(files: readonly string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = readFileSync(join(WEB_DIST, file));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { raw: raw / 1024, gzip: gzip / 1024 };
}

const SECURITIES = 200;
const PORTFOLIOS = 4;

/**
 * The investments case of issue 23: 200 securities with ten years of weekday closes, held across four
 * of the seed's brokerage accounts (50 each) of the bench user. Made once; a second run only checks. Returns the symbols.
 */
async function ensureHoldings(database: BenchDatabase, userId: string): Promise<string[]> {
  const symbols = Array.from({ length: SECURITIES }, (_, i) => `BNCH${String(i).padStart(3, '0')}`);
  const held = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from holding h join security s on s.id = h.security_id
     where h.user_id = $1 and s.provider = 'bench'`,
    [userId],
  );
  if ((held.rows[0]?.n ?? 0) >= SECURITIES) return symbols;
  process.stderr.write(`seeding ${SECURITIES} securities × 10 years of closes and their holdings…\n`);
  await database.pool.query(
    `insert into security (provider, external_id, ticker, name, type, currency)
     select 'bench', t, t, 'Bench security ' || t, case when i % 3 = 0 then 'etf' else 'equity' end, 'USD'
     from unnest($1::text[]) with ordinality as u(t, i)
     on conflict (provider, external_id) do nothing`,
    [symbols],
  );
  await database.pool.query(
    `insert into security_price (security_id, date, close)
     select s.id, d::date, round((50 + (abs(hashtext(s.ticker)) % 200) + 10 * sin(extract(epoch from d) / 864000))::numeric, 4)
     from security s, generate_series(current_date - interval '10 years', current_date, interval '1 day') d
     where s.provider = 'bench' and extract(isodow from d) < 6
     on conflict do nothing`,
  );
  // Into the seed's first four brokerages (its check wants exactly its own 50 accounts); the other two keep
  // no holdings, so the performance ranges still read ten years of their balances.
  const accounts = await database.pool.query<{ id: string }>(
    `select id from financial_account where user_id = $1 and type = 'brokerage' order by name limit $2`,
    [userId, PORTFOLIOS],
  );
  for (const [portfolio, account] of accounts.rows.entries()) {
    const share = symbols.slice(
      portfolio * (SECURITIES / PORTFOLIOS),
      (portfolio + 1) * (SECURITIES / PORTFOLIOS),
    );
    await database.pool.query(
      `insert into holding (user_id, account_id, security_id, quantity, price, cost_basis, currency, as_of)
       select $1, $2, s.id, 10 + abs(hashtext(s.ticker)) % 90, 100, 1000 + abs(hashtext(s.ticker)) % 9000, 'USD',
         current_date - 7
       from security s where s.provider = 'bench' and s.ticker = any($3::text[])
       on conflict (account_id, security_id) do nothing`,
      [userId, account.id, share],
    );
  }
  await database.pool.query('vacuum (analyze) security_price');
  return symbols;
}

/** Quotes of the symbols in the market-data cache, fetched just now (GET /investments within a minute of the last). */
async function freshQuotes(database: BenchDatabase, symbols: readonly string[]) {
  const now = new Date();
  for (const symbol of symbols) {
    await writeMarketDataCache(
      database.db,
      { provider: 'yahoo', kind: 'quote', key: symbol },
      {
        found: true,
        value: {
          symbol,
          name: `Bench security ${symbol}`,
          exchange: 'BENCH',
          type: 'equity',
          currency: 'USD',
          price: '101.25',
          previousClose: '100.5',
          priceTime: now.toISOString(),
        },
      },
      now,
    );
  }
}

/** The closes a security page charts: the bench symbol's ten years of closes. */
const HISTORY_SYMBOL = 'BNCH000';
/** The longest range the security page offers (its "Max"); for a bench security that is its ten years. */
const HISTORY_RANGE = 'max';

/**
 * The security page's price history with its cache warm (as a user sees it after the first look within
 * 12 hours): the bench symbol's stored closes written as the market-data service caches a provider's
 * answer (`{ found, value: { symbol, currency, points } }` under `SYMBOL:range`). Returns the point count.
 */
async function cachedHistory(database: BenchDatabase, symbol: string, range: string) {
  const closes = await database.pool.query<{ date: string; close: string }>(
    `select to_char(p.date, 'YYYY-MM-DD') as date, p.close::text as close
     from security_price p join security s on s.id = p.security_id
     where s.provider = 'bench' and s.ticker = $1 order by p.date`,
    [symbol],
  );
  await writeMarketDataCache(
    database.db,
    { provider: 'yahoo', kind: 'history', key: `${symbol}:${range}` },
    { found: true, value: { symbol, currency: 'USD', points: closes.rows } },
    new Date(),
  );
  return closes.rows.length;
}

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openBenchDatabase();
  try {
    const app = await benchApp(database);
    const user = await database.pool.query<{ id: string; n: number }>(
      `select u.id, (select count(*)::int from "transaction" t where t.user_id = u.id) as n
       from "user" u where email = $1`,
      [BENCH_EMAIL],
    );
    const bench = user.rows[0];
    if (!bench) throw new Error(`No ${BENCH_EMAIL}: run \`npm run seed -- --transactions 1000000\` first.`);
    // Planner statistics for the spending rollups, for a database seeded before the seed compacted them.
    for (const table of ['spending_day', 'spending_month', 'payee_account_month']) {
      await database.pool.query(`vacuum (analyze) "${table}"`);
    }
    const cookie = await signIn(app);
    const symbols = await ensureHoldings(database, bench.id);
    const quotesCached = () => freshQuotes(database, symbols);
    const historyPoints = await cachedHistory(database, HISTORY_SYMBOL, HISTORY_RANGE);

    const get = (path: string) => async () => {
      const response = await app.request(`${ORIGIN}/api/v1${path}`, { headers: { cookie, origin: ORIGIN } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
      return `${(text.length / 1024).toFixed(1)} KB`;
    };
    // The history case says what it got (untimed, after its runs): the point count and the first and last
    // day, so the figure is the ten years asked for and not a shorter or a stale answer.
    const historyPath = `/market/history?symbol=${HISTORY_SYMBOL}&range=${HISTORY_RANGE}`;
    const describeHistory = async () => {
      const response = await app.request(`${ORIGIN}/api/v1${historyPath}`, {
        headers: { cookie, origin: ORIGIN },
      });
      const { data } = (await response.json()) as { data: { points: { date: string }[]; stale: boolean } };
      const { points } = data;
      if (points.length !== historyPoints || data.stale) {
        throw new Error(
          `${historyPath}: ${points.length} points (stale: ${data.stale}), not ${historyPoints}`,
        );
      }
      return `${points.length} closes, ${points[0]?.date ?? '?'} to ${points.at(-1)?.date ?? '?'}`;
    };

    const today = new Date();
    const month = today.toISOString().slice(0, 7);
    const fiveYearsAgo = `${today.getUTCFullYear() - 5}${month.slice(4)}`;
    const periods = ['1-month', '3-months', '6-months', '1-year', 'all-time'];
    // The net-worth history is cached per process until the user's rollup version changes (a sync, an
    // import, a valuation): bumping it before each request measures the first request after a change.
    const afterChange = () =>
      database.pool.query('update net_worth_daily_version set version = version + 1 where user_id = $1', [
        bench.id,
      ]);
    // What /insights reads from the rows is cached until the user's transactions change (ADR 054). The
    // change is an edit, as a person makes one: the latest row of a payee series (one the recurring
    // detection reads) a cent more, then a cent less again; the figures are read again, and that series is
    // searched again while the others' answers are reused (ADR 087).
    const context = await spendingContext(database.db, bench.id, new Date());
    const window = seriesWindow(context.today);
    const latest = (await payeeSeriesOf(database.db, bench.id, window, context.hiddenCategories))
      .flatMap((series) => series.transactions)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .at(-1);
    let cent = 1;
    const transactionsChanged = async () => {
      if (!latest) throw new Error('the bench user has no payee series');
      cent = -cent;
      await database.pool.query('update "transaction" set amount_minor = amount_minor + $2 where id = $1', [
        latest.id,
        cent,
      ]);
    };
    // The worst case of a first request after a change, when every series changed (a first import): the
    // endpoint's row reads side by side and the detection of every series, in process (no cache, no HTTP).
    const everySeriesChanged = async () => {
      const [figures, payments] = await Promise.all([
        insightFigures(database.db, bench.id, insightWindows(context.today), context.hiddenCategories),
        payeeSeriesOf(database.db, bench.id, window, context.hiddenCategories).then((series) =>
          detectRecurring(recurringInputs(series), context.today),
        ),
      ]);
      return `${figures.payees.length} payees, ${payments.length} recurring`;
    };
    const cases: [string, string, number, (() => Promise<unknown>)?, (() => Promise<string>)?][] = [
      ...periods.map((period): [string, string, number] => [
        `/dashboard?period=${period}`,
        `/dashboard?period=${period}`,
        BUDGET_MS,
      ]),
      ['/portfolio?range=ALL', '/portfolio?range=ALL', BUDGET_MS],
      ['/portfolio?range=1Y', '/portfolio?range=1Y', BUDGET_MS],
      ['/portfolio?range=ALL, first request after a change', '/portfolio?range=ALL', BUDGET_MS, afterChange],
      ...periods.map((period): [string, string, number] => [
        `/dashboard/activity-summary?period=${period}`,
        `/dashboard/activity-summary?period=${period}`,
        BUDGET_MS,
      ]),
      [
        `/transactions/spending-summary (current month ${month})`,
        `/transactions/spending-summary?month=${month}`,
        BUDGET_MS,
      ],
      [
        `/transactions/spending-summary (${fiveYearsAgo})`,
        `/transactions/spending-summary?month=${fiveYearsAgo}`,
        BUDGET_MS,
      ],
      ['/expenses/flow?period=monthly', '/expenses/flow?period=monthly', BUDGET_MS],
      ['/expenses/flow?period=yearly', '/expenses/flow?period=yearly', BUDGET_MS],
      ['/insights', '/insights', INSIGHTS_BUDGET_MS],
      ['/insights, first request after an edit', '/insights', INSIGHTS_BUDGET_MS, transactionsChanged],
      [`/investments (${SECURITIES} holdings, quotes cached)`, '/investments', BUDGET_MS, quotesCached],
      [`${historyPath} (10 years of closes, cache warm)`, historyPath, BUDGET_MS, undefined, describeHistory],
      ['/investments/performance?range=1y', '/investments/performance?range=1y', BUDGET_MS],
      ['/investments/performance?range=all', '/investments/performance?range=all', BUDGET_MS],
    ];
    const results: Result[] = [];
    for (const [name, path, budget, before, describe] of cases) {
      if (ONLY.length && !ONLY.some((part) => path.includes(part))) continue;
      try {
        const timed = await time(get(path), before);
        if (describe) timed.detail = `${timed.detail}, ${await describe()}`;
        results.push({ name, budget, ...timed });
      } catch (error) {
        results.push({
          name,
          budget,
          p50: Number.NaN,
          p95: Number.NaN,
          max: Number.NaN,
          detail: String(error).slice(0, 120),
        });
      }
      process.stderr.write('.');
    }
    if (!ONLY.length || ONLY.some((part) => '/insights'.includes(part))) {
      const timed = await time(everySeriesChanged);
      results.push({
        name: '/insights reads and detection, every series changed (in process)',
        budget: INSIGHTS_BUDGET_MS,
        ...timed,
      });
    }

    const version = await database.pool.query<{ server_version: string }>('show server_version');
    const buffers = await database.pool.query<{ shared_buffers: string }>('show shared_buffers');
    console.log(
      `\nAnalytics endpoints, ${bench.n.toLocaleString('en-US')} transactions of one user; ${RUNS} requests per ` +
        `case after ${WARM_UP} warm-up; server time = app.request() until the body is read.`,
    );
    console.log(
      `Node ${process.version}, PostgreSQL ${version.rows[0]?.server_version ?? '?'} ` +
        `(shared_buffers ${buffers.rows[0]?.shared_buffers ?? '?'}), 1-minute load average ` +
        `${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? Number.NaN).toFixed(2)} after (${cpus().length} cores)\n`,
    );
    console.log('| endpoint | p50 | p95 | max | budget (p95) | within | response |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      const within = Number.isNaN(r.p95) ? 'error' : r.p95 <= r.budget ? 'yes' : 'NO';
      console.log(
        `| ${r.name} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.budget} ms | ${within} | ${r.detail} |`,
      );
    }
    for (const r of results.filter((result) => result.name.startsWith('/insights'))) {
      recordTarget({
        target: r.name,
        figure: `${r.p95.toFixed(1)} ms p95`,
        budget: `≤ ${INSIGHTS_BUDGET_MS} ms p95`,
        met: r.p95 <= INSIGHTS_BUDGET_MS,
        detail: r.detail,
      });
    }

    const chunks = dashboardChunks();
    console.log('\n/dashboard JavaScript (gzip -9), budget 200 KB for the route:\n');
    if (typeof chunks === 'string') {
      console.log(`not measured: ${chunks}`);
    } else {
      const shell = gzipKb(chunks.shell);
      const route = gzipKb(chunks.route);
      const total = shell.gzip + route.gzip;
      console.log('| part | files | raw | gzip |');
      console.log('|---|---|---|---|');
      console.log(
        `| app shell (every page) | ${chunks.shell.length} | ${shell.raw.toFixed(1)} KB | ${shell.gzip.toFixed(1)} KB |`,
      );
      console.log(
        `| dashboard route | ${chunks.route.length} | ${route.raw.toFixed(1)} KB | ${route.gzip.toFixed(1)} KB ${route.gzip * 1024 <= JS_BUDGET_BYTES ? 'within' : 'OVER'} budget |`,
      );
      console.log(`| first load of /dashboard | | | ${total.toFixed(1)} KB |`);
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
