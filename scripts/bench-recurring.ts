// `npm run bench:recurring -- <input.json>`: time of the pure recurring-payment detection
// (detectRecurring, GET /insights' `recurring`) on a dump of its input, `{ today, series }` as the server
// passes it (recurringInputs of payeeSeriesOf over RECURRING_MONTHS, MAX_SERIES_ROWS). The path comes from
// the first argument or BENCH_RECURRING_INPUT. BENCH_WARMUP (10) warm-up then BENCH_RUNS (50) measured
// calls; prints the series and rows, the payments found, and p50/p95/max in ms. Asserts nothing.
// `tsx` wraps functions (`__name`), which slows this hot loop: for figures like the server's, bundle it
// first (`npx esbuild scripts/bench-recurring.ts --bundle --platform=node --format=esm --outfile=…`).
import { readFileSync } from 'node:fs';
import { detectRecurring, type RecurringInput } from '../packages/domain/src/analytics/recurring';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const path = process.argv[2] ?? process.env.BENCH_RECURRING_INPUT;
if (!path) throw new Error('usage: bench-recurring <input.json> (or BENCH_RECURRING_INPUT)');

const { today, series } = JSON.parse(readFileSync(path, 'utf8')) as {
  today: string;
  series: RecurringInput[];
};
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
