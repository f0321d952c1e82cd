// `npm run bench:reports`: server time of POST /api/v1/reports/run for ten typical report definitions on
// the seeded bench user (run `npm run seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR),
// against the 200 ms p95 budget of the custom-reports issue. The seed writes no tags, so the first run
// tags one row in 40 (trip, work, home; rows picked by their id), once. Runs the real app in process with
// a session from better-auth's sign-in endpoint and times app.request() until the body is read:
// BENCH_WARMUP (5) warm-up then BENCH_RUNS (50) measured requests per definition. Prints a Markdown table.
import { cpus, loadavg } from 'node:os';
import { BENCH_EMAIL, benchApp, openBenchDatabase, signIn } from './seed';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const ORIGIN = 'http://localhost:3000';
const BUDGET_MS = 200;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const DEFINITIONS: [string, Record<string, unknown>][] = [
  [
    'merchant × month, last 10 years',
    { measure: 'spending', groupBy: 'merchant', interval: 'month', range: { preset: 'last-10-years' } },
  ],
  [
    'tag × quarter, last 10 years',
    { measure: 'spending', groupBy: 'tag', interval: 'quarter', range: { preset: 'last-10-years' } },
  ],
  [
    'category × month, last 2 years, vs previous',
    {
      measure: 'spending',
      groupBy: 'category',
      interval: 'month',
      range: { preset: 'last-2-years' },
      compare: true,
    },
  ],
  [
    'groceries × month, last 2 years',
    {
      measure: 'spending',
      groupBy: 'none',
      interval: 'month',
      range: { preset: 'last-2-years' },
      filters: { categories: ['FOOD_AND_DRINK'] },
    },
  ],
  [
    'income × quarter, last 5 years',
    { measure: 'income', groupBy: 'none', interval: 'quarter', range: { preset: 'last-5-years' } },
  ],
  [
    'net cash flow × year, last 10 years',
    { measure: 'net', groupBy: 'none', interval: 'year', range: { preset: 'last-10-years' } },
  ],
  [
    'category × week, this year',
    { measure: 'spending', groupBy: 'category', interval: 'week', range: { preset: 'this-year' } },
  ],
  [
    'account × month, last 12 months',
    { measure: 'spending', groupBy: 'account', interval: 'month', range: { preset: 'last-12-months' } },
  ],
  [
    'transaction count × category, last year',
    { measure: 'count', groupBy: 'category', interval: 'none', range: { preset: 'last-year' } },
  ],
  [
    'net worth by account type × month, last 5 years',
    { measure: 'balance', groupBy: 'account_type', interval: 'month', range: { preset: 'last-5-years' } },
  ],
];

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openBenchDatabase();
  try {
    const app = await benchApp(database);
    const user = await database.pool.query<{ id: string; n: number; tagged: number }>(
      `select u.id, (select count(*)::int from "transaction" t where t.user_id = u.id) as n,
              (select count(*)::int from "transaction" t where t.user_id = u.id and cardinality(t.tags) > 0) as tagged
       from "user" u where email = $1`,
      [BENCH_EMAIL],
    );
    const bench = user.rows[0];
    if (!bench) throw new Error(`No ${BENCH_EMAIL}: run \`npm run seed -- --transactions 1000000\` first.`);
    if (bench.tagged === 0) {
      process.stderr.write('Tagging one row in 40…\n');
      await database.pool.query(
        `update "transaction" set tags = array[(array['trip', 'work', 'home'])[1 + (hashtext(id::text) & 2147483647) % 3]]
         where user_id = $1 and (hashtext(id::text) & 2147483647) % 40 = 0`,
        [bench.id],
      );
      await database.pool.query('vacuum (analyze) "transaction"');
    }
    for (const table of [
      'spending_day',
      'spending_month',
      'payee_account_month',
      'account_month',
      'net_worth_daily',
    ]) {
      await database.pool.query(`vacuum (analyze) "${table}"`);
    }
    const cookie = await signIn(app);
    const run = async (definition: Record<string, unknown>) => {
      const response = await app.request(`${ORIGIN}/api/v1/reports/run`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(definition),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { data: { rows: unknown[]; columns: unknown[] } };
      return `${body.data.rows.length} rows × ${body.data.columns.length} columns, ${(text.length / 1024).toFixed(1)} KB`;
    };
    const results: { name: string; p50: number; p95: number; max: number; detail: string }[] = [];
    for (const [name, definition] of DEFINITIONS) {
      let detail = '';
      try {
        for (let i = 0; i < WARM_UP; i += 1) detail = await run(definition);
        const samples: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const started = performance.now();
          detail = await run(definition);
          samples.push(performance.now() - started);
        }
        samples.sort((a, b) => a - b);
        results.push({
          name,
          p50: percentile(samples, 50),
          p95: percentile(samples, 95),
          max: samples.at(-1) ?? Number.NaN,
          detail,
        });
      } catch (error) {
        results.push({
          name,
          p50: Number.NaN,
          p95: Number.NaN,
          max: Number.NaN,
          detail: String(error).slice(0, 160),
        });
      }
      process.stderr.write('.');
    }
    const version = await database.pool.query<{ server_version: string }>('show server_version');
    console.log(
      `\nPOST /reports/run, ${bench.n.toLocaleString('en-US')} transactions of one user over ten years ` +
        `(one in 40 tagged); ${RUNS} requests per definition after ${WARM_UP} warm-up; server time = ` +
        'app.request() until the body is read.',
    );
    console.log(
      `Node ${process.version}, PostgreSQL ${version.rows[0]?.server_version ?? '?'}, 1-minute load average ` +
        `${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? Number.NaN).toFixed(2)} after (${cpus().length} cores)\n`,
    );
    console.log('| definition | p50 | p95 | max | budget (p95) | within | answer |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      const within = Number.isNaN(r.p95) ? 'error' : r.p95 <= BUDGET_MS ? 'yes' : 'NO';
      console.log(
        `| ${r.name} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${BUDGET_MS} ms | ${within} | ${r.detail} |`,
      );
    }
  } finally {
    await database.stop();
  }
}

await main();
