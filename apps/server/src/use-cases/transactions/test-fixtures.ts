import { randomUUID } from 'node:crypto';
import { financialAccount, transaction, type Database } from '@lodestar/db';
import type { TestBrowser } from '../../testing/browser';
import type { AuthWorld } from '../../testing/auth-fixtures';

/** Test data for the transaction and rule suites: rows written straight into the test database. */

export type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  code?: string;
  items?: { field: string; message: string; code: string }[];
};

export async function signedInUser(w: AuthWorld): Promise<{ browser: TestBrowser; userId: string }> {
  const { browser } = await w.signUp();
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  if (me.status !== 200) throw new Error(`sign-up failed: ${me.status}`);
  return { browser, userId: me.body.data.id };
}

export async function addAccount(
  db: Database,
  userId: string,
  values: Partial<typeof financialAccount.$inferInsert> = {},
) {
  const [row] = await db
    .insert(financialAccount)
    .values({
      userId,
      name: 'Everyday Checking',
      type: 'depository',
      provider: 'manual',
      currency: 'USD',
      ...values,
    })
    .returning();
  if (!row) throw new Error('account insert failed');
  return row;
}

export type NewTransaction = Partial<typeof transaction.$inferInsert> & { date: string; amountMinor: number };

export async function addTransactions(
  db: Database,
  userId: string,
  accountId: string,
  rows: NewTransaction[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(transaction)
    .values(
      rows.map((row) => ({
        userId,
        accountId,
        externalId: randomUUID(),
        currency: 'USD',
        name: 'Coffee Shop',
        originalName: row.name ?? 'Coffee Shop',
        ...row,
      })),
    )
    .returning();
}
