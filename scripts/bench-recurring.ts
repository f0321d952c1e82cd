// `npm run bench:recurring`: time of the pure recurring-payment detection (detectRecurring, GET
// /insights' `recurring`) on its input as the server builds it (recurringInputs of payeeSeriesOf over
// RECURRING_MONTHS, MAX_SERIES_ROWS, no hidden categories), read from the seeded bench user (run `npm run
// seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR) for today, or BENCH_TODAY; or from a
// JSON dump `{ today, series }` given as the first argument or BENCH_RECURRING_INPUT (BENCH_DUMP=<file>
// writes the input read from the database there). BENCH_WARMUP (10) warm-up then BENCH_RUNS (50) measured
// calls; prints the series and rows, the payments found, and p50/p95/max in ms. Asserts nothing.
// `tsx` wraps functions (`__name`), which slows this hot loop by about a third: for figures like the
// server's, dump the input, then bundle and run the bench on it:
//   BENCH_DUMP=<input.json> npm run bench:recurring
//   npx esbuild scripts/bench-recurring.ts --bundle --platform=node --format=esm --external:@lodestar/* \
//     --external:./seed --outfile=<bench.mjs> && node <bench.mjs> <input.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { detectRecurring, type RecurringInput } from '../packages/domain/src/analytics/recurring';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const path = process.argv[2] ?? process.env.BENCH_RECURRING_INPUT;

/** The detection's input for the bench user, read as GET /insights reads it (imported only here). */
async function seededInput(): Promise<{ today: string; series: RecurringInput[] }> {
  const [{ payeeSeriesOf }, { addMonths }, { MAX_SERIES_ROWS, RECURRING_MONTHS, recurringInputs }, seed] =
    await Promise.all([
      import('@lodestar/db'),
      import('@lodestar/domain'),
      import('@lodestar/server/use-cases/spending/recurring'),
      import('./seed'),
    ]);
  const today = process.env.BENCH_TODAY ?? new Date().toISOString().slice(0, 10);
  const database = await seed.openBenchDatabase();
  try {
    const user = await database.pool.query<{ id: string }>('select id from "user" where email = $1', [
      seed.BENCH_EMAIL,
    ]);
    const userId = user.rows[0]?.id;
    if (!userId)
      throw new Error(`No ${seed.BENCH_EMAIL}: run \`npm run seed -- --transactions 1000000\` first.`);
    const window = { from: addMonths(today, -RECURRING_MONTHS), to: today, maxSeriesRows: MAX_SERIES_ROWS };
    return { today, series: recurringInputs(await payeeSeriesOf(database.db, userId, window, [])) };
  } finally {
    await database.stop();
  }
}

const { today, series } = path
  ? (JSON.parse(readFileSync(path, 'utf8')) as { today: string; series: RecurringInput[] })
  : await seededInput();
if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ today, series }));
const rows = series.reduce((total, input) => total + input.transactions.length, 0);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

let found = 0;
for (let i = 0; i < WARM_UP; i += 1) found = detectRecurring(series, today).length;
const samples: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const started = performance.now();
  found = detectRecurring(series, today).length;
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
const ms = (value: number) => value.toFixed(1);
console.log(
  `today ${today}: ${series.length} series, ${rows} rows, ${found} payments; ` +
    `p50 ${ms(percentile(samples, 50))} ms, p95 ${ms(percentile(samples, 95))} ms, max ${ms(samples.at(-1) ?? Number.NaN)} ms`,
);
