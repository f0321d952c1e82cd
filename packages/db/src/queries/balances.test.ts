import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceUpdate, financialAccount, transaction, user } from '../schema/index';
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
