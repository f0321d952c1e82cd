import { asc, eq } from 'drizzle-orm';
import { financialAccount, transaction } from '@lodestar/db';
import type { AuthWorld } from './auth-fixtures';

/** The API's answer envelope, as the import tests read it. */
export type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};

/** A new user signed in, with their id. */
export async function signedUp(world: AuthWorld) {
  const { browser } = await world.signUp();
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  return { browser, userId: me.body.data.id };
}

/** A manual account of the user's (USD and depository unless said). */
export async function addManualAccount(
  world: AuthWorld,
  userId: string,
  values: { name: string; mask?: string; type?: string; currency?: string },
): Promise<string> {
  const [row] = await world.t.database.db
    .insert(financialAccount)
    .values({
      userId,
      name: values.name,
      type: values.type ?? 'depository',
      provider: 'manual',
      currency: values.currency ?? 'USD',
      mask: values.mask ?? null,
    })
    .returning({ id: financialAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
}

/** An account's transactions as "name amount", by date then name. */
export async function transactionLines(world: AuthWorld, accountId: string): Promise<string[]> {
  const rows = await world.t.database.db
    .select({ name: transaction.name, amountMinor: transaction.amountMinor })
    .from(transaction)
    .where(eq(transaction.accountId, accountId))
    .orderBy(asc(transaction.date), asc(transaction.name));
  return rows.map((row) => `${row.name} ${row.amountMinor}`);
}
