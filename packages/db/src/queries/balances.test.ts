import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceUpdate,
  financialAccount,
  holding,
  security,
  securityPrice,
  transaction,
  user,
} from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { recomputeBalanceSnapshots } from './balances';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(89);

async function snapshots(accountId: string) {
  const result = await t.db.execute<{ date: string; balance: string }>(sql`
    select date::text, balance_minor::text as balance from balance_snapshot
    where account_id = ${accountId} order by date`);
  return result.rows;
}

/** An account with 90 days of transactions; entered balances on the given days (none: the provider's). */
async function account(entered: { offset: number; balance: number }[]) {
  const userId = randomUUID();
  await t.db.insert(user).values({ id: userId, name: 'Ada Lovelace', email: `${userId}@example.com` });
  const [row] = await t.db
    .insert(financialAccount)
    .values({
      userId,
      name: 'Checking',
      type: 'depository',
      provider: entered.length ? 'manual' : 'plaid',
      currency: 'USD',
      currentBalanceMinor: 123_456,
      balanceAsOf: new Date(`${day(80)}T12:00:00Z`),
    })
    .returning();
  const accountId = row!.id;
  await t.db.insert(transaction).values(
    Array.from({ length: 90 }, (_, index) => ({
      userId,
      accountId,
      externalId: `t-${index}`,
      date: day(index),
      amountMinor: ((index * 7919) % 10_000) - 5_000,
      currency: 'USD',
      name: `Payee ${index}`,
      originalName: `Payee ${index}`,
    })),
  );
  for (const item of entered)
    await t.db
      .insert(balanceUpdate)
      .values({ userId, accountId, date: day(item.offset), balanceMinor: item.balance });
  return { userId, accountId };
}

describe('balance history recomputed from a changed day', () => {
  for (const [name, entered] of [
    ['the provider’s balance', []],
    [
      'balances entered before and after the change',
      [
        { offset: 10, balance: 50_000 },
        { offset: 70, balance: -2_000 },
      ],
    ],
    ['a balance entered only after the change', [{ offset: 75, balance: 9_900 }]],
  ] as const) {
    it(`matches a recompute of the whole history (${name})`, async () => {
      const { userId, accountId } = await account([...entered]);
      await recomputeBalanceSnapshots(t.db, { userId, accountId, from: day(0), today: TODAY });
      // A late change 40 days back, then only the days from it are recomputed.
      await t.db.insert(transaction).values({
        userId,
        accountId,
        externalId: 'late',
        date: day(40),
        amountMinor: -31_415,
        currency: 'USD',
        name: 'Late posting',
        originalName: 'Late posting',
      });
      await recomputeBalanceSnapshots(t.db, { userId, accountId, from: day(40), today: TODAY });
      const partial = await snapshots(accountId);
      await t.db.execute(sql`delete from balance_snapshot where account_id = ${accountId}`);
      await recomputeBalanceSnapshots(t.db, { userId, accountId, from: day(0), today: TODAY });
      // From the changed day on, the same as the whole history gives (days before it stay as they were).
      const whole = await snapshots(accountId);
      expect(whole).toHaveLength(90);
      expect(partial.slice(40)).toEqual(whole.slice(40));
    });
  }
});

describe('a brokerage account with holdings', () => {
  /**
   * Provider balance $10,000.00 on day 80 with 10 shares held (stated at $150) and $8,500 cash. A $1,000
   * deposit on day 10, a $1,200 buy on day 40 and a $50 dividend on day 60. Closes: $100 on day 0, $120
   * from day 30, $150 from day 70 (none on weekends or other days: the last one before counts).
   */
  async function brokerage(type = 'brokerage') {
    const userId = randomUUID();
    await t.db.insert(user).values({ id: userId, name: 'Ada Lovelace', email: `${userId}@example.com` });
    const [row] = await t.db
      .insert(financialAccount)
      .values({
        userId,
        name: 'Brokerage',
        type,
        provider: 'plaid',
        currency: 'USD',
        currentBalanceMinor: 1_000_000,
        balanceAsOf: new Date(`${day(80)}T12:00:00Z`),
      })
      .returning();
    const accountId = row!.id;
    const [stock] = await t.db
      .insert(security)
      .values({
        provider: 'plaid',
        externalId: randomUUID(),
        ticker: 'AAPL',
        name: 'Apple',
        type: 'equity',
        currency: 'USD',
      })
      .returning();
    await t.db.insert(holding).values({
      userId,
      accountId,
      securityId: stock!.id,
      quantity: '10',
      price: '150',
      currency: 'USD',
      asOf: day(80),
    });
    await t.db.insert(securityPrice).values([
      { securityId: stock!.id, date: day(0), close: '100' },
      { securityId: stock!.id, date: day(30), close: '120' },
      { securityId: stock!.id, date: day(70), close: '150' },
    ]);
    await t.db.insert(transaction).values(
      [
        { offset: 10, amountMinor: 100_000, detailedCategory: 'TRANSFER_IN_DEPOSIT' },
        { offset: 40, amountMinor: -120_000, detailedCategory: 'INVESTMENT_BUY' },
        { offset: 60, amountMinor: 5_000, detailedCategory: 'INCOME_DIVIDENDS' },
      ].map((item, index) => ({
        userId,
        accountId,
        externalId: `b-${index}`,
        date: day(item.offset),
        amountMinor: item.amountMinor,
        detailedCategory: item.detailedCategory,
        currency: 'USD',
        name: 'Activity',
        originalName: 'Activity',
      })),
    );
    await recomputeBalanceSnapshots(t.db, { userId, accountId, from: day(0), today: TODAY });
    return new Map((await snapshots(accountId)).map((item) => [item.date, Number(item.balance)]));
  }

  it('is valued each day with the last close on or before it, plus cash worked back without trades', async () => {
    const history = await brokerage();
    // Cash: 8,500 on day 80, less the dividend before day 60, less the deposit before day 10; the buy
    // does not move it (today's 10 shares are counted on every day).
    expect(history.get(day(0))).toBe(745_000 + 10 * 100_00);
    expect(history.get(day(10))).toBe(845_000 + 10 * 100_00);
    expect(history.get(day(35))).toBe(845_000 + 10 * 120_00);
    expect(history.get(day(40))).toBe(845_000 + 10 * 120_00);
    expect(history.get(day(60))).toBe(850_000 + 10 * 120_00);
    expect(history.get(day(80))).toBe(1_000_000);
    expect(history.get(TODAY)).toBe(1_000_000);
  });

  it('a checking account with holdings stays worked back from its transactions', async () => {
    const history = await brokerage('checking');
    expect(history.get(day(80))).toBe(1_000_000);
    // Worked back through the buy: 10,000 − 50 + 1,200 − 1,000 on day 0.
    expect(history.get(day(0))).toBe(1_015_000);
  });
});
