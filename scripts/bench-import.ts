// `npm run bench:import`: a 100,000-row bank CSV imported over real HTTP into a real server and database
// (embedded PostgreSQL unless DATABASE_URL is set). Times preview and import end to end (request sent →
// response read, so JSON transfer, parsing, duplicate checks, inserts, rules, balance history and the
// commit are all in), then a second import of the same file (every row a duplicate) and the undo.
// BENCH_RUNS runs (default 3) on a fresh account each; prints min and median. Asserts nothing. As the web
// app does, each import follows its preview, whose read of the file it uses (ADR 068); one more import per
// format, without a preview, shows the import reading the file itself.
// Then the same rows as a CAMT.053 and an MT940 file (scripts/bench-statement-files.ts). At 100,000
// entries those files are 43 MB and 19 MB, past the 10 MB upload limit, so they go through the import use
// cases in process (bytes as base64, as the web app sends them: decoding, parsing, duplicate checks,
// inserts and commit), not over HTTP. Beside each import's time, the processor time it took (this process,
// where the server runs, and the embedded PostgreSQL's processes), which a loaded machine stretches less.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDb,
  ensureDatabase,
  financialAccount,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@lodestar/db';
import { detectCsvLayout, mergeStatementsByAccount, parseCamt, parseCsv, parseMt940 } from '@lodestar/domain';
import { decodeStatementBytes } from '@lodestar/domain/import/encoding';
import { startServer } from '@lodestar/server/boot';
import { commitImport } from '@lodestar/server/use-cases/imports/commit-import';
import { previewImport } from '@lodestar/server/use-cases/imports/preview-import';
import { undoImport } from '@lodestar/server/use-cases/imports/undo-import';
import { generateCamt053, generateMt940 } from './bench-statement-files';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = 10_000;

/**
 * Processor time spent so far by this process (the server runs in it) and by the embedded PostgreSQL's
 * processes (its postmaster, the live backends, and the ones that exited), in ms; Linux only, else
 * undefined. A loaded machine stretches wall time far more than processor time, so the commit's
 * processor time is printed beside it.
 */
function cpuMs(postgresDir: string | undefined): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const own = process.cpuUsage();
  let ms = (own.user + own.system) / 1000;
  const pidFile = postgresDir ? findPidFile(postgresDir) : undefined;
  if (!pidFile) return ms;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const tickMs = 10; // USER_HZ is 100 on Linux
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fields: string[];
    try {
      fields = (readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    } catch {
      continue; // exited meanwhile
    }
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i] ?? 0));
    if (Number(entry) === postmaster) ms += (utime! + stime! + cutime! + cstime!) * tickMs;
    else if (Number(fields[1]) === postmaster) ms += (utime! + stime!) * tickMs;
  }
  return ms;
}

function findPidFile(dir: string): string | undefined {
  for (const candidate of [join(dir, 'postmaster.pid'), join(dir, 'postgres', 'postmaster.pid')])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

// --- A realistic export: Chase-style columns, four years newest first, merchants with their own
// categories and amount ranges, payroll every other Friday, rent on the first, quoted descriptions.

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MERCHANTS: [description: string, category: string, min: number, max: number][] = [
  ['STARBUCKS STORE #{n} SEATTLE WA', 'Food & Drink', 3, 9],
  ['SQ *BLUE BOTTLE COFFEE {n} SAN FRANCISCO CA', 'Food & Drink', 4, 12],
  ['CHIPOTLE {n}', 'Food & Drink', 9, 18],
  ['WHOLEFDS MKT #{n}', 'Groceries', 20, 180],
  ['TRADER JOE S #{n} QPS', 'Groceries', 15, 120],
  ['SAFEWAY STORE {n}', 'Groceries', 10, 150],
  ['AMAZON.COM*{ref} AMZN.COM/BILL WA', 'Shopping', 8, 250],
  ['TARGET T-{n} OAKLAND CA', 'Shopping', 10, 200],
  ['SHELL OIL {n}', 'Gas', 30, 80],
  ['CHEVRON {n}', 'Gas', 25, 90],
  ['UBER   *TRIP HELP.UBER.COM CA', 'Travel', 7, 45],
  ['LYFT   *RIDE {ref}', 'Travel', 6, 40],
  ['NETFLIX.COM', 'Entertainment', 15.49, 15.49],
  ['SPOTIFY USA', 'Entertainment', 10.99, 10.99],
  ['AMC THEATRES {n}', 'Entertainment', 12, 40],
  ['CVS/PHARMACY #{n}', 'Health & Wellness', 5, 60],
  ['PG&E WEB ONLINE', 'Bills & Utilities', 60, 220],
  ['COMCAST CABLE COMM', 'Bills & Utilities', 70, 130],
  ['HOME DEPOT #{n}', 'Home', 15, 400],
  ['DELTA AIR LINES {ref}', 'Travel', 150, 700],
  ['MARRIOTT HOTEL {n}', 'Travel', 120, 450],
  ['VENMO PAYMENT {ref}', 'Transfer', 10, 200],
];

const CSV_HEADER = 'Transaction Date,Post Date,Description,Category,Type,Amount,Memo\n';

const pad = (value: number) => String(value).padStart(2, '0');
const usDate = (date: Date) =>
  `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
const quoted = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function generateCsv(rows: number, seed = 42): string {
  const random = prng(seed);
  const perDay = 68;
  const days = Math.ceil(rows / perDay);
  const end = Date.UTC(2025, 11, 31);
  const lines: string[] = [];
  for (let day = 0; day < days && lines.length < rows; day += 1) {
    const date = new Date(end - day * 86_400_000);
    const posted = usDate(new Date(date.getTime() + 86_400_000));
    const on = usDate(date);
    if (date.getUTCDate() === 1)
      lines.push(`${on},${posted},PROPERTY MGMT RENT ACH,Bills & Utilities,ACH_DEBIT,-2150.00,`);
    if (date.getUTCDay() === 5 && Math.floor(day / 7) % 2 === 0) {
      lines.push(`${on},${posted},ACME CORP PAYROLL PPD ID: 1234567890,,ACH_CREDIT,3412.55,`);
    }
    // No two rows of a day alike (same name and amount): the import would flag the second as a possible
    // duplicate inside the file and skip it, and the benchmark times 100,000 imported rows.
    const today = new Set<string>();
    while (lines.length < rows && lines.length < (day + 1) * perDay) {
      const [pattern, category, min, max] =
        MERCHANTS[Math.floor(random() * MERCHANTS.length)] ?? MERCHANTS[0]!;
      const description = pattern
        .replace('{n}', String(100 + Math.floor(random() * 9000)))
        .replace('{ref}', randomRef(random));
      const amount = -(min + (max - min) * random());
      const refund = random() < 0.01;
      const key = `${description}|${(refund ? -amount : amount).toFixed(2)}`;
      if (today.has(key)) continue;
      today.add(key);
      lines.push(
        [
          on,
          posted,
          quoted(description),
          category,
          refund ? 'Return' : 'Sale',
          (refund ? -amount : amount).toFixed(2),
          '',
        ].join(','),
      );
    }
  }
  return CSV_HEADER + lines.slice(0, rows).join('\n') + '\n';
}

function randomRef(random: () => number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let text = '';
  for (let i = 0; i < 9; i += 1) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

// --- The server, a signed-in user and accounts.

type Session = { url: string; cookie: string };

async function signUp(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email: `bench.${randomBytes(4).toString('hex')}@example.com`,
      password: 'Correct-Horse-Battery-9',
      name: 'Bench Mark',
      termsAccepted: true,
      callbackURL: '/verify-email',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { url, cookie };
}

async function call(session: Session, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${session.url}/api/v1${path}`, {
    method,
    headers: {
      origin: session.url,
      cookie: session.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; data: Record<string, unknown>; error?: string };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.error ?? ''}`);
  return { ms, data: json.data };
}

type Batch = { id: string; importedCount: number };

/**
 * POST /imports, to its end: a file of more than IMPORT_JOB_ROWS rows answers 202 with a job (ADR 063),
 * followed here every 50 ms until it is done, so the time is the user's wait either way.
 */
async function importFile(session: Session, body: unknown): Promise<{ ms: number; batch: Batch }> {
  const started = performance.now();
  const answer = await call(session, 'POST', '/imports', body);
  if (answer.data.batch) return { ms: answer.ms, batch: answer.data.batch as Batch };
  const { id } = answer.data.job as { id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { data } = await call(session, 'GET', `/imports/jobs/${id}`);
    const job = data.job as { state: string; result: Batch | null; error: string | null };
    if (job.state === 'failed') throw new Error(`import job failed: ${job.error ?? ''}`);
    if (job.state === 'done' && job.result) return { ms: performance.now() - started, batch: job.result };
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const workDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-import-'));
let embedded: EmbeddedPostgres | undefined;
let databaseUrl = process.env.DATABASE_URL || undefined;
/** The embedded cluster's folder (its processes' processor time is counted); none with DATABASE_URL. */
const postgresDir = databaseUrl ? undefined : join(workDir, 'postgres');
try {
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(workDir, 'postgres'),
      password: randomBytes(16).toString('hex'),
      lockDataDir: false,
    });
    databaseUrl = await ensureDatabase(embedded.adminUrl, 'lodestar_bench');
  }
  const handle = createDb({ url: databaseUrl, poolMax: 2 });
  await runMigrations(handle.pool);
  /**
   * Untimed, before each import: the table vacuumed and a checkpoint taken, so an import is not timed
   * against the previous run's undo (100,000 dead rows, whose clean-up autovacuum would otherwise run
   * beside it) or a checkpoint the previous run's WAL started.
   */
  const settle = async () => {
    await handle.pool.query('vacuum (analyze) "transaction"');
    await handle.pool.query('checkpoint');
  };
  // A fixed free port, so PUBLIC_URL (the origin state-changing requests must come from) matches it.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(workDir, 'data'),
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    // A slow machine must show its time rather than a 504.
    API_TIMEOUT_MS: '600000',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    ENCRYPTION_KEY: randomBytes(24).toString('hex'),
    AUTH_SECRET: randomBytes(24).toString('hex'),
    CRON_SECRET: randomBytes(24).toString('hex'),
  });

  const content = generateCsv(ROWS);
  const bytes = Buffer.byteLength(content);
  const parseStarted = performance.now();
  parseCsv(content, detectCsvLayout(content), { currency: 'USD' });
  const parseMs = performance.now() - parseStarted;

  const session = await signUp(server.url);
  const me = await call(session, 'GET', '/user');
  const userId = String(me.data.id);
  const timings: Record<'preview' | 'commit' | 'again' | 'undo', number[]> = {
    preview: [],
    commit: [],
    again: [],
    undo: [],
  };
  const cpu: { commit: number[] } = { commit: [] };
  let lastMapping: Record<string, unknown> | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    const [account] = await handle.db
      .insert(financialAccount)
      .values({ userId, name: `Bench ${run + 1}`, type: 'depository', provider: 'manual', currency: 'USD' })
      .returning({ id: financialAccount.id });
    const body = { accountId: account?.id, fileName: 'chase-export.csv', content };
    await settle();
    const preview = await call(session, 'POST', '/imports/preview', body);
    if (preview.data.newCount !== ROWS)
      throw new Error(`preview found ${String(preview.data.newCount)} new rows`);
    timings.preview.push(preview.ms);
    // As the web app does: the import sends back the mapping the preview showed.
    const { warnings: _warnings, ...mapping } = preview.data.mapping as Record<string, unknown>;
    lastMapping = mapping;
    const cpuBefore = cpuMs(postgresDir);
    const commit = await importFile(session, { ...body, mapping });
    const cpuAfter = cpuMs(postgresDir);
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpu.commit.push(cpuAfter - cpuBefore);
    const { batch } = commit;
    if (batch.importedCount !== ROWS) throw new Error(`imported ${batch.importedCount} rows`);
    timings.commit.push(commit.ms);
    const again = await importFile(session, { ...body, mapping });
    if (again.batch.importedCount !== 0) throw new Error('re-import wrote rows');
    timings.again.push(again.ms);
    const undo = await call(session, 'DELETE', `/imports/${batch.id}`);
    timings.undo.push(undo.ms);
    console.log(
      `run ${run + 1}: preview ${seconds(preview.ms)}, import ${seconds(commit.ms)}, again ${seconds(again.ms)}, undo ${seconds(undo.ms)}`,
    );
  }

  // The import reads the file once (ADR 068): after its preview it uses the preview's read. Once more
  // without a preview before it, on a fresh account, so the import reads the file itself.
  const coldCommit: number[] = [];
  {
    const [account] = await handle.db
      .insert(financialAccount)
      .values({
        userId,
        name: 'Bench without preview',
        type: 'depository',
        provider: 'manual',
        currency: 'USD',
      })
      .returning({ id: financialAccount.id });
    await settle();
    const cold = await importFile(session, {
      accountId: account?.id,
      fileName: 'chase-export.csv',
      content,
      mapping: lastMapping,
    });
    if (cold.batch.importedCount !== ROWS) throw new Error(`imported ${cold.batch.importedCount} rows`);
    coldCommit.push(cold.ms);
    console.log(`without a preview: import ${seconds(cold.ms)}`);
  }

  console.log(
    `\nLodestar import benchmark: ${ROWS.toLocaleString('en-US')}-row CSV (${(bytes / 1024 / 1024).toFixed(1)} MB), ` +
      `${RUNS} runs, ${databaseUrl === process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}\n`,
  );
  console.log('| measure | min | median | budget |');
  console.log('|---|---|---|---|');
  const line = (label: string, values: number[], budget = '—') =>
    console.log(`| ${label} | ${seconds(Math.min(...values))} | ${seconds(median(values))} | ${budget} |`);
  line('POST /imports/preview (new account)', timings.preview);
  const rows = ROWS.toLocaleString('en-US');
  // The budget is for 100,000 rows; other sizes are shown without one.
  line(
    `POST /imports (${rows} new rows, through commit${ROWS > 10_000 ? ', as a background job' : ''})`,
    timings.commit,
    ROWS === 100_000 ? `≤ ${seconds(BUDGET_MS)}` : '—',
  );
  if (cpu.commit.length) line('processor time of that import (server and database)', cpu.commit);
  line('POST /imports without a preview before it (reads the file itself), one run', coldCommit);
  line('POST /imports again (every row a duplicate)', timings.again);
  line(`DELETE /imports/:id (undo ${rows} rows)`, timings.undo);
  console.log(`| parse only (detectCsvLayout + parseCsv, in process) | ${seconds(parseMs)} | — | — |`);

  // --- CAMT.053 and MT940, through the use cases in process.
  const formats = [
    { label: 'CAMT.053', fileName: 'camt053.xml', text: generateCamt053(ROWS), parse: parseCamt },
    { label: 'MT940', fileName: 'umsaetze.sta', text: generateMt940(ROWS), parse: parseMt940 },
  ] as const;
  const limits = { accounts: null, transactions: null };
  for (const format of formats) {
    const bytes = Buffer.from(format.text, 'utf8');
    const contentBase64 = bytes.toString('base64');
    const parseStarted = performance.now();
    const statements = mergeStatementsByAccount(
      format.parse(decodeStatementBytes(new Uint8Array(bytes)).text),
    );
    const parseOnly = performance.now() - parseStarted;
    if (statements[0]?.transactions.length !== ROWS) throw new Error(`${format.label}: parse lost rows`);
    const times: Record<'preview' | 'commit' | 'again' | 'undo', number[]> = {
      preview: [],
      commit: [],
      again: [],
      undo: [],
    };
    const commitCpu: number[] = [];
    const timed = async <T>(list: number[], run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await run();
      list.push(performance.now() - started);
      return result;
    };
    for (let run = 0; run < RUNS; run += 1) {
      const [account] = await handle.db
        .insert(financialAccount)
        .values({
          userId,
          name: `${format.label} ${run + 1}`,
          type: 'depository',
          provider: 'manual',
          currency: 'EUR',
        })
        .returning({ id: financialAccount.id });
      const input = { accountId: account?.id ?? '', fileName: format.fileName, contentBase64 };
      const now = new Date();
      await settle();
      const preview = await timed(times.preview, () => previewImport({ db: handle.db, userId, input, now }));
      if (preview.newCount !== ROWS)
        throw new Error(`${format.label}: preview found ${preview.newCount} new rows`);
      const cpuBefore = cpuMs(postgresDir);
      const batch = await timed(times.commit, () =>
        commitImport({ db: handle.db, userId, input, limits, now }),
      );
      const cpuAfter = cpuMs(postgresDir);
      if (cpuBefore !== undefined && cpuAfter !== undefined) commitCpu.push(cpuAfter - cpuBefore);
      if (batch.importedCount !== ROWS)
        throw new Error(`${format.label}: imported ${batch.importedCount} rows`);
      const again = await timed(times.again, () =>
        commitImport({ db: handle.db, userId, input, limits, now }),
      );
      if (again.importedCount !== 0) throw new Error(`${format.label}: re-import wrote rows`);
      await timed(times.undo, () => undoImport({ db: handle.db, userId, batchId: batch.id, now }));
      console.log(
        `${format.label} run ${run + 1}: preview ${seconds(times.preview.at(-1) ?? 0)}, import ${seconds(times.commit.at(-1) ?? 0)}, again ${seconds(times.again.at(-1) ?? 0)}, undo ${seconds(times.undo.at(-1) ?? 0)}`,
      );
    }
    const cold: number[] = [];
    {
      const [account] = await handle.db
        .insert(financialAccount)
        .values({
          userId,
          name: `${format.label} without preview`,
          type: 'depository',
          provider: 'manual',
          currency: 'EUR',
        })
        .returning({ id: financialAccount.id });
      const input = { accountId: account?.id ?? '', fileName: format.fileName, contentBase64 };
      await settle();
      const batch = await timed(cold, () =>
        commitImport({ db: handle.db, userId, input, limits, now: new Date() }),
      );
      if (batch.importedCount !== ROWS)
        throw new Error(`${format.label}: imported ${batch.importedCount} rows`);
      console.log(`${format.label} without a preview: import ${seconds(cold[0] ?? 0)}`);
    }
    console.log(
      `\n${format.label}: ${ROWS.toLocaleString('en-US')} entries (${(bytes.length / 1024 / 1024).toFixed(1)} MB), ${RUNS} runs, use cases in process\n`,
    );
    console.log('| measure | min | median | budget |');
    console.log('|---|---|---|---|');
    line('preview (decode, parse, duplicate marking)', times.preview);
    line(
      `import (${rows} new rows, through commit)`,
      times.commit,
      ROWS === 100_000 ? `≤ ${seconds(BUDGET_MS)}` : '—',
    );
    if (commitCpu.length) line('processor time of that import (server and database)', commitCpu);
    line('import without a preview before it (reads the file itself), one run', cold);
    line('import again (every row a duplicate)', times.again);
    line(`undo (${rows} rows)`, times.undo);
    console.log(`| decode + parse only (in process) | ${seconds(parseOnly)} | — | — |`);
  }

  await server.stop();
  await handle.close();
} finally {
  await embedded?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
