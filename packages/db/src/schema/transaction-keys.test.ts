import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { financialAccount, importBatch, transaction, user } from './index';

/** The foreign key of a transaction's account and user (ADR 081). */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function userWithAccount() {
  const userId = randomUUID();
  await t.db.insert(user).values({ id: userId, name: 'Owner', email: `${userId}@example.test` });
  const [account] = await t.db
    .insert(financialAccount)
    .values({ userId, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD' })
    .returning();
  return { userId, accountId: account!.id };
}

const row = (userId: string, accountId: string) => ({
  userId,
  accountId,
  externalId: randomUUID(),
  currency: 'USD',
  name: 'Coffee',
  originalName: 'Coffee',
  date: '2026-11-01',
  amountMinor: -450,
});

it("refuses a transaction whose user is not its account's owner", async () => {
  const owner = await userWithAccount();
  const other = await userWithAccount();
  await expect(t.db.insert(transaction).values(row(other.userId, owner.accountId))).rejects.toThrow();
  await expect(t.db.insert(transaction).values(row(owner.userId, randomUUID()))).rejects.toThrow();
  await t.db.insert(transaction).values(row(owner.userId, owner.accountId));
  expect(
    await t.db.select().from(transaction).where(eq(transaction.accountId, owner.accountId)),
  ).toHaveLength(1);
});

it("deletes a user's transactions with the user, and an account's with the account", async () => {
  const first = await userWithAccount();
  const second = await userWithAccount();
  const [batch] = await t.db
    .insert(importBatch)
    .values({
      userId: first.userId,
      accountId: first.accountId,
      fileName: 'a.csv',
      kind: 'csv',
      status: 'committed',
    })
    .returning();
  await t.db
    .insert(transaction)
    .values([
      { ...row(first.userId, first.accountId), importBatchId: batch!.id },
      row(second.userId, second.accountId),
    ]);
  await t.db.delete(user).where(eq(user.id, first.userId));
  expect(await t.db.select().from(transaction).where(eq(transaction.userId, first.userId))).toEqual([]);
  await t.db.delete(financialAccount).where(eq(financialAccount.id, second.accountId));
  expect(await t.db.select().from(transaction).where(eq(transaction.userId, second.userId))).toEqual([]);
});
