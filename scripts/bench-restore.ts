// `npm run bench:restore`: how long a restore (docs/settings-api.md "Data") of the seeded bench user's
// export takes, and how much memory the server process gains while it streams in (run
// `npm run seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR). Runs the real app
// (createApp) in process: exports the bench user to a temporary file, signs up a fresh user, restores the
// file into it read from disk as a stream (plain and gzipped), samples RSS, then deletes that user.
// Prints a Markdown table; asserts nothing.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BENCH_EMAIL, BENCH_PASSWORD, benchApp, openBenchDatabase, signIn } from './seed';

const ORIGIN = 'http://localhost:3000';
type App = Awaited<ReturnType<typeof benchApp>>;

async function signUpFresh(app: App, email: string): Promise<string> {
  const response = await app.request(`${ORIGIN}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, name: 'Restore Bench', termsAccepted: true }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openBenchDatabase();
  const folder = await mkdtemp(join(tmpdir(), 'lodestar-restore-bench-'));
  try {
    const app = await benchApp(database);
    const cookie = await signIn(app);
    const file = join(folder, 'export.json');
    const exported = await app.request(`${ORIGIN}/api/v1/user/export`, {
      headers: { cookie, origin: ORIGIN },
    });
    if (exported.status !== 200 || !exported.body) throw new Error(`export failed: ${exported.status}`);
    await pipeline(Readable.fromWeb(exported.body as never), createWriteStream(file));
    const zipped = `${file}.gz`;
    await pipeline(createReadStream(file), createGzip(), createWriteStream(zipped));
    const rows: string[] = [];
    let transactions = 0;
    for (const [name, path, gzip] of [
      ['JSON document', file, false],
      ['Same, gzipped', zipped, true],
    ] as const) {
      const email = `restore-bench-${Date.now()}@example.com`;
      const fresh = await signUpFresh(app, email);
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 100);
      const started = performance.now();
      const response = await app.request(`${ORIGIN}/api/v1/user/restore`, {
        method: 'POST',
        headers: {
          cookie: fresh,
          origin: ORIGIN,
          'content-type': 'application/json',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        },
        body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
        ...({ duplex: 'half' } as object),
      });
      const answer = (await response.json()) as { data?: { transactions?: number }; error?: string };
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (response.status !== 200) throw new Error(`restore failed: ${response.status} ${answer.error}`);
      transactions = answer.data?.transactions ?? 0;
      const size = (await stat(path)).size;
      rows.push(
        `| ${name} | ${(ms / 1000).toFixed(1)} s | ${(size / 1024 / 1024).toFixed(1)} MB | ` +
          `${Math.round(transactions / (ms / 1000)).toLocaleString('en-US')} | ` +
          `${((peakRss - rssBefore) / 1024 / 1024).toFixed(0)} MB |`,
      );
      await database.pool.query('delete from "user" where email = $1', [email]);
    }
    console.log(
      `Restore of ${BENCH_EMAIL}'s export, ${transactions.toLocaleString('en-US')} transactions (${cpus().length} cores, load ${loadBefore.toFixed(2)}; one run each)\n`,
    );
    console.log('| Upload | Time | File | Transactions / s | Peak RSS gain |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await rm(folder, { recursive: true, force: true });
    await database.stop();
  }
}

await main();
