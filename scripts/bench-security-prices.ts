// `npm run bench:security-prices`: the cost of valuing a brokerage's history from its holdings and daily
// closes (docs/domain.md "Securities' daily closes and brokerage balances"). A brokerage with 20 holdings
// (BENCH_HOLDINGS), 10 years of history (BENCH_DAYS) with a transaction every third day and a close per
// security on every weekday, in a real database (embedded PostgreSQL unless DATABASE_URL is set). Times
// the whole-history revaluation a sync with holdings runs, the month a new close re-values, and the same
// whole history for a checking account of the same transactions (worked back, no holdings) to compare;
// then a savings account without a transaction in those years: its whole history, and one more day of it
// at a time (what each daily sync writes). BENCH_RUNS runs each (default 5, one more day: 20); prints
// min, median and max. Asserts nothing.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  financialAccount,
  holding,
  recomputeBalanceSnapshots,
  security,
  transaction,
  upsertSecurityPrices,
  user,
} from '@lodestar/db';
import { addDays } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { openThrowawayDatabase } from './bench-database';

const HOLDINGS = Number(process.env.BENCH_HOLDINGS ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 3650);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TODAY = '2026-11-26';
const FIRST = addDays(TODAY, -DAYS + 1);

const database = await openThrowawayDatabase('lodestar_bench_security_prices');
const { db } = database;
try {
  const userId = randomUUID();
  await db.insert(user).values({ id: userId, name: 'Bench', email: `${userId}@example.com` });
  const account = async (type: string, withTransactions = true) => {
    const [row] = await db
      .insert(financialAccount)
      .values({
        userId,
        name: type,
        type,
        provider: 'plaid',
        currency: 'USD',
        currentBalanceMinor: 50_000_000,
        balanceAsOf: new Date(`${TODAY}T12:00:00Z`),
      })
      .returning();
    const accountId = row!.id;
    const rows = [];
    for (let offset = 0; withTransactions && offset < DAYS; offset += 3) {
      rows.push({
        userId,
        accountId,
        externalId: `t-${offset}`,
        date: addDays(FIRST, offset),
        amountMinor: offset % 2 ? -25_000 : 40_000,
        detailedCategory: offset % 9 === 0 ? 'INVESTMENT_BUY' : 'TRANSFER_IN_DEPOSIT',
        currency: 'USD',
        name: 'Activity',
        originalName: 'Activity',
      });
    }
    for (let start = 0; start < rows.length; start += 1_000)
      await db.insert(transaction).values(rows.slice(start, start + 1_000));
    return accountId;
  };
  const brokerage = await account('brokerage');
  const checking = await account('checking');
  const savings = await account('savings', false);
  let closes = 0;
  for (let index = 0; index < HOLDINGS; index += 1) {
    const [row] = await db
      .insert(security)
      .values({
        provider: 'bench',
        externalId: `s-${index}`,
        ticker: `S${index}`,
        name: `Security ${index}`,
        type: 'equity',
        currency: 'USD',
      })
      .returning();
    await db.insert(holding).values({
      userId,
      accountId: brokerage,
      securityId: row!.id,
      quantity: String(10 + index),
      price: '100',
      currency: 'USD',
      asOf: TODAY,
    });
    const prices = [];
    for (let offset = 0; offset < DAYS; offset += 1) {
      const date = addDays(FIRST, offset);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      prices.push({ securityId: row!.id, date, close: (50 + ((offset * 7 + index) % 100)).toFixed(2) });
    }
    await upsertSecurityPrices(db, prices);
    closes += prices.length;
  }
  await db.execute(sql`analyze`);

  const time = async (label: string, accountId: string, from: string) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Start from no snapshots each run, so every day is written (the worst case).
      await db.execute(sql`delete from balance_run where account_id = ${accountId}`);
      const began = performance.now();
      await recomputeBalanceSnapshots(db, { userId, accountId, from, today: TODAY });
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `${label}: min ${ms(times[0] ?? 0)}  median ${ms(times[Math.floor(times.length / 2)] ?? 0)}  max ${ms(times.at(-1) ?? 0)}`,
    );
  };
  console.log(
    `${database.label}; ${DAYS} days, ${HOLDINGS} holdings, ${closes} closes, ${Math.ceil(DAYS / 3)} transactions per account, ${RUNS} runs`,
  );
  await time('brokerage, whole history (a sync with holdings)', brokerage, FIRST);
  await time('brokerage, last 30 days (new closes)', brokerage, addDays(TODAY, -29));
  await time('checking, whole history (worked back, for comparison)', checking, FIRST);
  await time('savings, no transaction in ten years, whole history', savings, FIRST);
  const days: number[] = [];
  for (let run = 0; run < Math.max(RUNS, 20); run += 1) {
    const day = addDays(TODAY, run + 1);
    const began = performance.now();
    await db.transaction((tx) =>
      recomputeBalanceSnapshots(tx, { userId, accountId: savings, from: day, today: day }),
    );
    days.push(performance.now() - began);
  }
  days.sort((a, b) => a - b);
  console.log(
    `savings, one more day (a daily sync): min ${days[0]!.toFixed(1)} ms  median ${days[Math.floor(days.length / 2)]!.toFixed(1)} ms  max ${days.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  await database.stop();
}
