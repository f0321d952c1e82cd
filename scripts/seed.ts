// `npm run seed -- --transactions 1000000`: a benchmark user, bench@lodestar.local, with 50 accounts and ten
// years of transactions, in the database at DATABASE_URL or, when it is unset, in an embedded PostgreSQL
// under DATA_DIR (default ./data-bench). Reuses what is already there: run it again and it only checks.
// `--reset` deletes the user's transactions first. Every account also gets a daily balance snapshot from its
// first transaction to today (and so the net_worth_daily rollup), made again whenever the transactions
// change or the snapshots do not reach today. Prints what it did; asserts nothing.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  accountHistoryStart,
  createDb,
  ensureDatabase,
  financialAccount,
  recomputeBalanceSnapshots,
  recordStart,
  registerServerInstance,
  runMigrations,
  startEmbeddedPostgres,
  type DbHandle,
} from '@lodestar/db';
import { and, eq, sql } from 'drizzle-orm';
import { createApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config/env';
import { loadOrCreateSecrets } from '../apps/server/src/config/secrets-file';
import { createMemoryRateLimitStore } from '../apps/server/src/http/rate-limit';
import { createLogger } from '../apps/server/src/logger';

export const BENCH_EMAIL = 'bench@lodestar.local';
export const BENCH_PASSWORD = 'Bench-Lodestar-Password-2026!';
const ORIGIN = 'http://localhost:3000';
const SECRET = 'bench-secret-0123456789-abcdefghijklmnop';
const ACCOUNTS = 50;
const YEARS = 10;
const BATCH = 100_000;

export type BenchDatabase = DbHandle & { url: string; stop(): Promise<void> };

/** The embedded server's data folder of the benchmarks: DATA_DIR, default ./data-bench. */
export const benchDataDir = () => resolve(process.env.DATA_DIR || 'data-bench');

/** DATABASE_URL, else the embedded server under DATA_DIR (default ./data-bench), migrated. */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  let url = process.env.DATABASE_URL || undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const dataDir = benchDataDir();
    const { postgresPassword = '' } = loadOrCreateSecrets(dataDir, ['postgresPassword']);
    const embedded = await startEmbeddedPostgres({ dataDir, password: postgresPassword });
    url = await ensureDatabase(embedded.adminUrl, 'lodestar');
    stopEmbedded = embedded.stop;
  }
  const handle = createDb({ url, poolMax: 10 });
  await runMigrations(handle.pool);
  return {
    ...handle,
    url,
    async stop() {
      await handle.close();
      await stopEmbedded?.();
    },
  };
}

/** The real app over the bench database, without rate limits (the benchmark sends thousands of requests). */
export async function benchApp(database: BenchDatabase) {
  const config = parseConfig({
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '1000000',
  });
  const logger = createLogger(config.logLevel);
  const { installedAt } = await recordStart(database.db, 'bench');
  // The benchmarks start no sync: the instance is registered for the app's wiring, without heartbeats.
  const instanceId = await registerServerInstance(database.db, {
    host: 'bench',
    pid: process.pid,
    version: 'bench',
  });
  return createApp({
    config,
    db: database.db,
    logger,
    version: 'bench',
    installedAt,
    instanceId,
    rateLimitStore: createMemoryRateLimitStore(),
    readiness: async () => 'ready',
    webDistDir: undefined,
  });
}

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

/** Signs in through better-auth's endpoint; returns the Cookie header of the new session. */
export async function signIn(app: BenchApp): Promise<string> {
  const response = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function ensureUser(app: BenchApp, database: BenchDatabase): Promise<string> {
  const found = await database.pool.query<{ id: string }>('select id from "user" where email = $1', [
    BENCH_EMAIL,
  ]);
  if (found.rows[0]) return found.rows[0].id;
  const response = await app.request(`${ORIGIN}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      name: 'Bench Mark',
      termsAccepted: true,
      callbackURL: '/verify-email',
    }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const created = await database.pool.query<{ id: string }>('select id from "user" where email = $1', [
    BENCH_EMAIL,
  ]);
  const id = created.rows[0]?.id;
  if (!id) throw new Error('the bench user was not created');
  await database.pool.query('update "user" set email_verified = true where id = $1', [id]);
  return id;
}

/** Account types and the merchant pool their transactions come from. */
const ACCOUNT_PLAN: { type: string; name: string; pool: number }[] = [
  ...Array.from({ length: 16 }, (_, i) => ({ type: 'credit', name: `Rewards Card ${i + 1}`, pool: 0 })),
  ...Array.from({ length: 14 }, (_, i) => ({ type: 'depository', name: `Checking ${i + 1}`, pool: 1 })),
  ...Array.from({ length: 8 }, (_, i) => ({ type: 'depository', name: `Savings ${i + 1}`, pool: 2 })),
  ...Array.from({ length: 6 }, (_, i) => ({ type: 'brokerage', name: `Brokerage ${i + 1}`, pool: 2 })),
  ...Array.from({ length: 6 }, (_, i) => ({ type: 'loan', name: `Loan ${i + 1}`, pool: 3 })),
];

// [pool, descriptor, merchant name (null: the provider sent none), category, min, max (minor units), sign]
type Merchant = [number, string, string | null, string, number, number, 1 | -1];
const CARD: Merchant[] = [
  [0, 'STARBUCKS STORE', 'Starbucks', 'FOOD_AND_DRINK', 300, 1_500, -1],
  [0, 'SQ *BLUE BOTTLE COFFEE', 'Blue Bottle Coffee', 'FOOD_AND_DRINK', 400, 1_800, -1],
  [0, 'TST* SWEETGREEN', 'Sweetgreen', 'FOOD_AND_DRINK', 1_100, 2_500, -1],
  [0, 'CHIPOTLE ONLINE', 'Chipotle', 'FOOD_AND_DRINK', 900, 3_000, -1],
  [0, 'DOORDASH*DASHPASS', 'DoorDash', 'FOOD_AND_DRINK', 1_500, 6_000, -1],
  [0, 'UBER *EATS PENDING', null, 'FOOD_AND_DRINK', 1_500, 5_000, -1],
  [0, 'WHOLEFDS MKT', 'Whole Foods Market', 'FOOD_AND_DRINK', 2_000, 25_000, -1],
  [0, "TRADER JOE'S", "Trader Joe's", 'FOOD_AND_DRINK', 1_500, 15_000, -1],
  [0, 'SAFEWAY', 'Safeway', 'FOOD_AND_DRINK', 1_000, 18_000, -1],
  [0, 'AMZN Mktp US*2K3L4M5N6', 'Amazon', 'GENERAL_MERCHANDISE', 500, 30_000, -1],
  [0, 'AMAZON.COM*RT4ZZ1', 'Amazon', 'GENERAL_MERCHANDISE', 500, 30_000, -1],
  [0, 'TARGET T-1234', 'Target', 'GENERAL_MERCHANDISE', 800, 20_000, -1],
  [0, 'WM SUPERCENTER', 'Walmart', 'GENERAL_MERCHANDISE', 800, 20_000, -1],
  [0, 'COSTCO WHSE', 'Costco', 'GENERAL_MERCHANDISE', 5_000, 40_000, -1],
  [0, 'BEST BUY', 'Best Buy', 'GENERAL_MERCHANDISE', 2_000, 150_000, -1],
  [0, 'APPLE.COM/BILL', 'Apple', 'ENTERTAINMENT', 99, 2_999, -1],
  [0, 'NETFLIX.COM', 'Netflix', 'ENTERTAINMENT', 1_549, 2_299, -1],
  [0, 'SPOTIFY USA', 'Spotify', 'ENTERTAINMENT', 1_099, 1_699, -1],
  [0, 'AMC THEATRES', 'AMC', 'ENTERTAINMENT', 1_200, 4_000, -1],
  [0, 'UBER *TRIP HELP.UBER.COM', 'Uber', 'TRANSPORTATION', 800, 6_000, -1],
  [0, 'LYFT *RIDE', 'Lyft', 'TRANSPORTATION', 800, 5_000, -1],
  [0, 'SHELL OIL 57442', 'Shell', 'TRANSPORTATION', 2_500, 9_000, -1],
  [0, 'CHEVRON 0091234', 'Chevron', 'TRANSPORTATION', 2_500, 9_000, -1],
  [0, 'UNITED AIRLINES', 'United Airlines', 'TRAVEL', 9_000, 90_000, -1],
  [0, 'DELTA AIR LINES', 'Delta', 'TRAVEL', 9_000, 90_000, -1],
  [0, 'MARRIOTT HOTELS', 'Marriott', 'TRAVEL', 15_000, 120_000, -1],
  [0, 'AIRBNB * HMQ2ZK', 'Airbnb', 'TRAVEL', 20_000, 150_000, -1],
  [0, 'CVS/PHARMACY #04512', 'CVS Pharmacy', 'MEDICAL', 500, 8_000, -1],
  [0, 'WALGREENS #1234', 'Walgreens', 'MEDICAL', 500, 8_000, -1],
  [0, 'HOME DEPOT #0611', 'The Home Depot', 'HOME_IMPROVEMENT', 1_000, 60_000, -1],
  [0, "LOWE'S #1534", "Lowe's", 'HOME_IMPROVEMENT', 1_000, 60_000, -1],
  [0, 'GREAT CLIPS', 'Great Clips', 'GENERAL_SERVICES', 1_800, 4_000, -1],
  [0, 'USPS PO 0543210', 'USPS', 'GENERAL_SERVICES', 100, 3_000, -1],
  [0, 'CARD REFUND AMAZON', 'Amazon', 'GENERAL_MERCHANDISE', 500, 10_000, 1],
];
const CHECKING: Merchant[] = [
  [1, 'ACME CORP PAYROLL', 'Acme Corp', 'INCOME', 250_000, 600_000, 1],
  [1, 'INTEREST PAYMENT', null, 'INCOME', 1, 500, 1],
  [1, 'ZELLE FROM ALEX', null, 'TRANSFER', 1_000, 50_000, 1],
  [1, 'ZELLE TO JORDAN', null, 'TRANSFER', 1_000, 50_000, -1],
  [1, 'ONLINE TRANSFER TO SAVINGS', null, 'TRANSFER', 10_000, 200_000, -1],
  [1, 'PACIFIC GAS AND ELECTRIC', 'PG&E', 'RENT_AND_UTILITIES', 4_000, 30_000, -1],
  [1, 'COMCAST CABLE', 'Comcast', 'RENT_AND_UTILITIES', 6_000, 15_000, -1],
  [1, 'VERIZON WIRELESS', 'Verizon', 'RENT_AND_UTILITIES', 5_000, 20_000, -1],
  [1, 'OAKWOOD APARTMENTS RENT', null, 'RENT_AND_UTILITIES', 150_000, 350_000, -1],
  [1, 'CHASE CREDIT CRD AUTOPAY', null, 'LOAN_PAYMENTS', 20_000, 400_000, -1],
  [1, 'ATM WITHDRAWAL', null, 'TRANSFER', 2_000, 40_000, -1],
  [1, 'VENMO PAYMENT', 'Venmo', 'TRANSFER', 500, 20_000, -1],
  [1, 'CHECK DEPOSIT', null, 'INCOME', 5_000, 200_000, 1],
];
const SAVINGS: Merchant[] = [
  [2, 'ONLINE TRANSFER FROM CHECKING', null, 'TRANSFER', 10_000, 200_000, 1],
  [2, 'INTEREST EARNED', null, 'INCOME', 1, 3_000, 1],
  [2, 'DIVIDEND REINVESTMENT', null, 'INCOME', 100, 20_000, 1],
  [2, 'BUY VTI', null, 'TRANSFER', 10_000, 300_000, -1],
];
const LOAN: Merchant[] = [
  [3, 'MORTGAGE PAYMENT', null, 'LOAN_PAYMENTS', 150_000, 350_000, 1],
  [3, 'AUTO LOAN PAYMENT', null, 'LOAN_PAYMENTS', 30_000, 60_000, 1],
  [3, 'INTEREST CHARGE', null, 'LOAN_PAYMENTS', 5_000, 90_000, -1],
];

async function ensureAccounts(database: BenchDatabase, userId: string) {
  const existing = await database.db
    .select({ id: financialAccount.id, name: financialAccount.name })
    .from(financialAccount)
    .where(eq(financialAccount.userId, userId));
  const names = new Set(existing.map((row) => row.name));
  const missing = ACCOUNT_PLAN.filter((plan) => !names.has(plan.name));
  if (missing.length > 0) {
    await database.db.insert(financialAccount).values(
      missing.map((plan, index) => ({
        userId,
        name: plan.name,
        type: plan.type,
        provider: 'manual',
        currency: 'USD',
        mask: String(1000 + index),
      })),
    );
  }
  if (existing.length + missing.length !== ACCOUNTS) {
    throw new Error(`the bench user has ${existing.length + missing.length} accounts, expected ${ACCOUNTS}`);
  }
}

/**
 * Inserts `count` transactions with `insert … select generate_series` in batches of 100,000 rows, inside
 * one database transaction that drops the table's secondary indexes and foreign keys first and builds them
 * again at the end (a sorted index build is many times faster than a million index insertions). Every
 * definition is read back from the catalog, so the table ends exactly as the migrations made it; the
 * listing counters are kept by their triggers as usual.
 */
async function insertTransactions(database: BenchDatabase, userId: string, count: number) {
  const merchants = [...CARD, ...CHECKING, ...SAVINGS, ...LOAN].map(
    ([pool, name, merchant, category, min, max, sign], ord) => ({
      ord,
      pool,
      name,
      merchant,
      category,
      min,
      max,
      sign,
    }),
  );
  const poolSizes = [CARD.length, CHECKING.length, SAVINGS.length, LOAN.length];
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query("set local work_mem = '256MB'");
    await client.query("set local maintenance_work_mem = '512MB'");
    const indexes = await client.query<{ name: string; definition: string }>(`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'transaction' and indexname <> 'transaction_pkey'`);
    const foreignKeys = await client.query<{ name: string; definition: string }>(`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = '"transaction"'::regclass and contype = 'f'`);
    for (const key of foreignKeys.rows) {
      await client.query(`alter table "transaction" drop constraint "${key.name}"`);
    }
    for (const index of indexes.rows) await client.query(`drop index "${index.name}"`);

    const accounts = await client.query<{ id: string; name: string }>(
      'select id, name from financial_account where user_id = $1 order by name',
      [userId],
    );
    const plan = new Map(ACCOUNT_PLAN.map((entry) => [entry.name, entry.pool]));
    const accountRows = accounts.rows.map((row, index) => ({
      idx: index,
      id: row.id,
      pool: plan.get(row.name) ?? 0,
    }));
    await client.query('select setseed(0.4242)');
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const started = performance.now();
      await client.query(
        `
        with m as (
          select (row_number() over (partition by pool order by ord) - 1)::int as pidx, *
          from jsonb_to_recordset($3::jsonb) as r(ord int, pool int, name text, merchant text, category text,
            min int, max int, sign int)
        ),
        a as (select * from jsonb_to_recordset($4::jsonb) as r(idx int, id uuid, pool int)),
        g as (
          select g, random() as ra, random() as rm, random() as rd, random() as rv, random() as rc, random() as rs
          from generate_series($5::int + 1, $5::int + $6::int) g
        )
        insert into "transaction" (user_id, account_id, external_id, date, amount_minor, currency, name,
          original_name, merchant_name, category, detailed_category, category_confidence, category_source,
          payment_channel, status, excluded)
        select $1, a.id, 'bench-' || g.g, current_date - floor(g.rd * $2::int)::int,
          m.sign * (m.min + floor(g.rv * g.rv * (m.max - m.min)))::bigint, 'USD',
          left(m.name || case when m.pool = 0 then ' ' || (1000 + floor(g.rs * 9000))::int else '' end, 200),
          m.name || case when m.pool = 0 then ' ' || (1000 + floor(g.rs * 9000))::int else '' end,
          m.merchant, m.category, null,
          case when g.rc < 0.12 then 0.4 else 0.92 end, 'provider',
          case when m.pool = 0 then 'in store' else 'other' end,
          case when floor(g.rd * $2::int) < 3 and g.rc < 0.5 then 'pending' else 'posted' end,
          m.category = 'TRANSFER' and g.rc > 0.6
        from g
        join a on a.idx = floor(g.ra * ${ACCOUNTS})::int
        join m on m.pool = a.pool
          and m.pidx = floor(g.rm * (array[${poolSizes.join(',')}])[a.pool + 1])::int`,
        [userId, YEARS * 365, JSON.stringify(merchants), JSON.stringify(accountRows), start, size],
      );
      console.log(
        `  inserted ${(start + size).toLocaleString('en-US')} / ${count.toLocaleString('en-US')} ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }

    let started = performance.now();
    for (const index of indexes.rows) await client.query(index.definition);
    console.log(
      `  rebuilt ${indexes.rows.length} indexes (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    started = performance.now();
    for (const key of foreignKeys.rows) {
      await client.query(`alter table "transaction" add constraint "${key.name}" ${key.definition}`);
    }
    console.log(
      `  checked ${foreignKeys.rows.length} foreign keys (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Daily snapshots of every account from its first transaction to today through the app's own
 * recomputeBalanceSnapshots (the triggers fill net_worth_daily), in one database transaction. Skipped when
 * the transactions did not change and each account already has one snapshot per day up to today.
 */
async function ensureSnapshots(database: BenchDatabase, userId: string, transactionsChanged: boolean) {
  const today = (await database.pool.query<{ today: string }>('select current_date::text as today')).rows[0]
    ?.today;
  if (!today) throw new Error('the database did not say what day it is');
  if (!transactionsChanged) {
    const { rows } = await database.pool.query<{ have: number; want: number }>(
      `select (select count(*) from balance_snapshot where user_id = $1)::int as have,
              coalesce((select sum($2::date - first + 1) from (
                select min(date) as first from "transaction" where user_id = $1 group by account_id) f), 0)::int as want`,
      [userId, today],
    );
    const counts = rows[0];
    if (counts && counts.have === counts.want) {
      console.log(`Snapshots are up to date (${counts.have.toLocaleString('en-US')} account-days).`);
      return;
    }
  }
  const started = performance.now();
  const accounts = await database.db
    .select({ id: financialAccount.id })
    .from(financialAccount)
    .where(eq(financialAccount.userId, userId));
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from balance_run where user_id = ${userId}`);
    for (const account of accounts) {
      const from = await accountHistoryStart(tx, userId, account.id);
      if (from) await recomputeBalanceSnapshots(tx, { userId, accountId: account.id, from, today });
    }
  });
  // Recomputing whole histories leaves many dead rollup versions behind; compact the small rollup so the
  // benchmark reads it as a steadily maintained table would be read, and set its visibility map.
  await database.pool.query('vacuum (full) "net_worth_daily"');
  for (const table of ['balance_run', 'net_worth_daily'])
    await database.pool.query(`vacuum (analyze) "${table}"`);
  const { rows } = await database.pool.query<{ snapshots: number; rollup: number }>(
    `select (select count(*) from balance_snapshot where user_id = $1)::int as snapshots,
            (select count(*) from net_worth_daily where user_id = $1)::int as rollup`,
    [userId],
  );
  console.log(
    `Snapshots: ${(rows[0]?.snapshots ?? 0).toLocaleString('en-US')} account-days, ` +
      `${(rows[0]?.rollup ?? 0).toLocaleString('en-US')} net-worth rows ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]?.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

async function main() {
  const count = argument('transactions', 1_000_000);
  const reset = process.argv.includes('--reset');
  const started = performance.now();
  const database = await openBenchDatabase();
  try {
    const app = await benchApp(database);
    const userId = await ensureUser(app, database);
    await ensureAccounts(database, userId);
    const existing = await database.pool.query<{ count: number }>(
      'select count(*)::int as count from "transaction" where user_id = $1',
      [userId],
    );
    const have = existing.rows[0]?.count ?? 0;
    if (have === count && !reset) {
      console.log(
        `${BENCH_EMAIL} already has ${have.toLocaleString('en-US')} transactions in ${ACCOUNTS} accounts.`,
      );
      await ensureSnapshots(database, userId, false);
      return;
    }
    if (have > 0) {
      console.log(`Deleting ${have.toLocaleString('en-US')} existing transactions…`);
      await database.db.execute(sql`delete from "transaction" where user_id = ${userId}`);
    }
    console.log(
      `Seeding ${count.toLocaleString('en-US')} transactions for ${BENCH_EMAIL} (${ACCOUNTS} accounts, ${YEARS} years)…`,
    );
    const inserting = performance.now();
    await insertTransactions(database, userId, count);
    const insertSeconds = (performance.now() - inserting) / 1000;
    const vacuuming = performance.now();
    // Statistics for the planner and an up-to-date visibility map for index-only scans.
    for (const table of [
      'transaction',
      'transaction_month_count',
      'transaction_year_count',
      'transaction_month_total',
      'transaction_amount_count',
    ]) {
      await database.pool.query(`vacuum (analyze) "${table}"`);
    }
    // The inserts' batches, spread over ten years, rewrite every spending rollup row about ten times: the
    // dead versions left (payee_account_month: 70 MB for 21 MB of rows) would make the planner read the
    // whole table for a year. Compacted, they are read as rollups filled over time are.
    // The same goes for the amount counters per account and per category (ADR 091: 59 and 27 MB uncompacted
    // against 19 and 5 MB) and per month (ADR 095).
    for (const table of [
      'spending_day',
      'spending_month',
      'account_month',
      'payee_account_month',
      'transaction_amount_category_count',
      'transaction_amount_account_count',
      'transaction_amount_month_count',
      'transaction_amount_digits_month_count',
    ]) {
      await database.pool.query(`vacuum (full, analyze) "${table}"`);
    }
    await ensureSnapshots(database, userId, true);
    const counted = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(financialAccount)
      .where(and(eq(financialAccount.userId, userId)));
    console.log(
      `Done: ${count.toLocaleString('en-US')} transactions in ${counted[0]?.count ?? 0} accounts; insert and ` +
        `index build ${insertSeconds.toFixed(1)} s, vacuum ${((performance.now() - vacuuming) / 1000).toFixed(1)} s, ` +
        `total ${((performance.now() - started) / 1000).toFixed(1)} s. Database: ${database.url.replace(/:[^:@/]+@/, ':***@')}`,
    );
  } finally {
    await database.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
