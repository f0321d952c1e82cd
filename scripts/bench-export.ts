// `npm run bench:export`: how long the data export (docs/settings-api.md) takes for the seeded bench user
// (run `npm run seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR), and how much memory
// the server process gains while streaming it. Runs the real app (createApp) in process and reads each
// response to the end: BENCH_RUNS (3) runs per case after one warm-up. Prints a Markdown table; asserts
// nothing.
import { cpus, loadavg } from 'node:os';
import { BENCH_EMAIL, benchApp, openBenchDatabase, signIn } from './seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORIGIN = 'http://localhost:3000';

type Run = { ms: number; bytes: number; peakRssGainMb: number };

/** Reads the whole body chunk by chunk (as a browser download would), sampling RSS as it goes. */
async function download(response: Response): Promise<{ bytes: number; peakRss: number }> {
  if (response.status !== 200 || !response.body) {
    throw new Error(`export failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  }
  let bytes = 0;
  let peakRss = process.memoryUsage().rss;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  return { bytes, peakRss };
}

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openBenchDatabase();
  try {
    const app = await benchApp(database);
    const counts = await database.pool.query<{ n: number }>(
      `select (select count(*)::int from "transaction" t where t.user_id = u.id) as n
       from "user" u where email = $1`,
      [BENCH_EMAIL],
    );
    const transactions = counts.rows[0]?.n;
    if (transactions === undefined) {
      throw new Error(`No ${BENCH_EMAIL}: run \`npm run seed -- --transactions 1000000\` first.`);
    }
    const cookie = await signIn(app);
    const cases: [string, string][] = [
      ['JSON document', '/user/export'],
      ['Transactions CSV', '/user/export/transactions.csv'],
    ];
    const rows: string[] = [];
    for (const [name, path] of cases) {
      const runs: Run[] = [];
      for (let i = 0; i <= RUNS; i += 1) {
        global.gc?.();
        const rssBefore = process.memoryUsage().rss;
        const started = performance.now();
        const response = await app.request(`${ORIGIN}/api/v1${path}`, {
          headers: { cookie, origin: ORIGIN },
        });
        const { bytes, peakRss } = await download(response);
        const ms = performance.now() - started;
        if (i > 0) runs.push({ ms, bytes, peakRssGainMb: (peakRss - rssBefore) / 1024 / 1024 });
      }
      runs.sort((a, b) => a.ms - b.ms);
      const median = runs[Math.floor(runs.length / 2)];
      if (!median) continue;
      const rate = transactions / (median.ms / 1000);
      const seconds = (run: Run | undefined) => ((run?.ms ?? Number.NaN) / 1000).toFixed(1);
      const peakGain = Math.max(...runs.map((run) => run.peakRssGainMb));
      rows.push(
        `| ${name} | ${seconds(median)} s | ${seconds(runs[0])}–${seconds(runs.at(-1))} s | ` +
          `${(median.bytes / 1024 / 1024).toFixed(1)} MB | ${Math.round(rate).toLocaleString('en-US')} | ` +
          `${peakGain.toFixed(0)} MB |`,
      );
    }
    console.log(
      `Export of ${transactions.toLocaleString('en-US')} transactions (${cpus().length} cores, load ${loadBefore.toFixed(2)}; ${RUNS} runs after 1 warm-up; whole body read)\n`,
    );
    console.log('| Download | Median | Range | Size | Transactions / s | Peak RSS gain |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await database.stop();
  }
}

await main();
