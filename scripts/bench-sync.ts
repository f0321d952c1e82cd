// `npm run bench:sync`: the Plaid connector and the sync engine against the fake Plaid API on
// 127.0.0.1 (through the SDK and the outbound guard, as in production), into a real database (embedded
// PostgreSQL unless DATABASE_URL is set). A fresh item of 50,000 transactions is read in pages of 500
// (first sync, timed whole: requests, mapping, batches with their cursor, transfer pairing, balance
// history); then 100 incremental syncs of 100 changes each (added, modified and removed in the last 30
// days, pending→posted), each timed from start to finish. Prints the figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { insertConnection, findConnection, registerServerInstance, user } from '@lodestar/db';
import { parseConfig } from '@lodestar/server/config/env';
import { createPlaidConnector, PLAID_PROVIDER } from '@lodestar/server/connectors/plaid/plaid-connector';
import { sealConnectionSecret } from '@lodestar/server/secrets/connection-secret';
import { createLogger } from '@lodestar/server/logger';
import { runSync } from '@lodestar/server/sync/engine';
import { startFakePlaid, type FakePlaidTransaction } from '@lodestar/server/testing/fake-plaid';
import { openThrowawayDatabase } from './bench-database';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 50_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 100);
const CHANGES = 100;
const FIRST_BUDGET_S = 15;
const INCREMENTAL_BUDGET_MS = 300;

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
const random = prng(20261126);
const CATEGORIES = [
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'],
  ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
  ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
] as const;
let sequence = 0;
function transaction(date: string, pending = false): FakePlaidTransaction {
  sequence += 1;
  const [primary, detailed] = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!;
  return {
    transaction_id: `bench-${sequence}`,
    account_id: random() < 0.7 ? 'acc-checking' : 'acc-credit',
    amount: Math.round((2 + random() * 180) * 100) / 100,
    iso_currency_code: 'USD',
    date,
    authorized_date: date,
    name: `PURCHASE ${sequence % 997}`,
    merchant_name: `Merchant ${sequence % 211}`,
    pending,
    payment_channel: random() < 0.5 ? 'in store' : 'online',
    personal_finance_category: { primary, detailed, confidence_level: 'HIGH' },
  };
}
const dayOf = (index: number, total: number) =>
  new Date(Date.UTC(2026, 10, 20) - Math.floor((index / total) * 730) * 86_400_000)
    .toISOString()
    .slice(0, 10);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

const fake = await startFakePlaid();
const handle = await openThrowawayDatabase('lodestar_bench_sync', { poolMax: 20 });
try {
  const secret = randomBytes(32).toString('base64url');
  const config = parseConfig({
    DATABASE_URL: handle.url,
    ENCRYPTION_KEY: secret,
    AUTH_SECRET: secret,
    CRON_SECRET: secret,
    PLAID_CLIENT_ID: fake.clientId,
    PLAID_SECRET: fake.secret,
    PLAID_BASE_URL: fake.url,
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
  const db = handle.db;
  const userId = `bench-sync-${randomBytes(4).toString('hex')}`;
  await db.insert(user).values({ id: userId, name: 'Bench Mark', email: `${userId}@example.com` });
  const instanceId = await registerServerInstance(db, { host: 'bench', pid: process.pid, version: 'bench' });
  const { item } = fake.createItem();
  fake.add(
    item.itemId,
    Array.from({ length: TRANSACTIONS }, (_, index) => transaction(dayOf(index, TRANSACTIONS))),
  );
  const sealed = sealConnectionSecret(config.secrets.encryptionKey, item.accessToken);
  const created = await insertConnection(db, {
    userId,
    provider: PLAID_PROVIDER,
    institutionId: null,
    displayName: 'Bench Bank',
    settings: { itemId: item.itemId, products: ['transactions'] },
    secretCiphertext: sealed.ciphertext,
    secretKeyId: sealed.keyId,
  });
  const connector = createPlaidConnector(config);
  const logger = createLogger('silent');
  const sync = async () => {
    const connection = (await findConnection(db, userId, created.id))!;
    const started = performance.now();
    const outcome = await runSync({
      db,
      connector,
      connection,
      instanceId,
      logger,
      today: '2026-11-20',
      secret: item.accessToken,
    });
    if (!outcome.ok) throw new Error(`sync failed: ${outcome.message}`);
    return { ms: performance.now() - started, outcome };
  };

  const first = await sync();
  const count = await handle.pool.query<{ n: number }>(
    'select count(*)::int as n from "transaction" where user_id = $1',
    [userId],
  );

  const incremental: number[] = [];
  // Plaid's changes concern recent days (corrections, withdrawn charges, postings), not years back.
  const recentFrom = new Date(Date.UTC(2026, 10, 20) - 30 * 86_400_000).toISOString().slice(0, 10);
  const live = () => fake.current(item.itemId).filter((t) => !t.pending && t.date >= recentFrom);
  for (let round = 0; round < UPDATES; round += 1) {
    const day = dayOf(0, 1);
    const posted = live();
    // 100 changes: 40 new, 25 corrected, 15 withdrawn, 10 new pending, 10 pending that post.
    fake.add(
      item.itemId,
      Array.from({ length: 40 }, () => transaction(day)),
    );
    for (let i = 0; i < 25; i += 1) {
      const target = posted[Math.floor(random() * posted.length)]!;
      fake.modify(item.itemId, target.transaction_id, { amount: Math.round(random() * 9_000) / 100 + 1 });
    }
    for (let i = 0; i < 15; i += 1) {
      const still = live();
      fake.remove(item.itemId, still[Math.floor(random() * still.length)]!.transaction_id);
    }
    const pending = Array.from({ length: 10 }, () => transaction(day, true));
    fake.add(item.itemId, pending);
    const { ms } = await sync();
    incremental.push(ms);
    for (const each of pending) {
      sequence += 1;
      fake.post(item.itemId, each.transaction_id, { transaction_id: `bench-posted-${sequence}` });
    }
  }
  const final = await handle.pool.query<{ n: number }>(
    'select count(*)::int as n from "transaction" where user_id = $1',
    [userId],
  );

  const p50 = percentile(incremental, 0.5);
  const p95 = percentile(incremental, 0.95);
  console.log(
    `Plaid sync, ${TRANSACTIONS.toLocaleString('en-US')} transactions in pages of 500, then ${UPDATES} incremental syncs of ${CHANGES} changes`,
  );
  console.log('| measure | budget | figure |');
  console.log('| --- | --- | --- |');
  console.log(
    `| first sync (${first.outcome.ok ? first.outcome.batches : 0} pages, ${count.rows[0]?.n} rows) | ≤ ${FIRST_BUDGET_S} s | ${seconds(first.ms)} |`,
  );
  console.log(`| incremental sync of ${CHANGES} changes, p50 | — | ${p50.toFixed(0)} ms |`);
  console.log(
    `| incremental sync of ${CHANGES} changes, p95 | ≤ ${INCREMENTAL_BUDGET_MS} ms | ${p95.toFixed(0)} ms |`,
  );
  console.log(`| incremental sync, max | — | ${Math.max(...incremental).toFixed(0)} ms |`);
  console.log(`rows at the end: ${final.rows[0]?.n} (Plaid holds ${fake.current(item.itemId).length})`);
} finally {
  await fake.close();
  await handle.stop();
}
