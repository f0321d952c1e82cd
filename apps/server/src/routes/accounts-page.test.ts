import { and, eq } from 'drizzle-orm';
import { balanceSnapshot } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';

// The clock moves: an account is created on one day and a statement imported weeks later.
let clock = new Date('2024-01-10T17:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};
type Money = { amountMinor: number; currency: string };
type Account = { id: string; name: string; currentBalance: Money; hidden: boolean; transactionCount: number };
type Detail = {
  account: Account;
  balanceSource: 'manual' | 'connection' | 'property';
  history: { date: string; balanceMinor: number }[];
};
type Preview = {
  newCount: number;
  balance: { anchorDate: string; anchor: Money; current: Money; after: Money } | null;
};
type Batch = {
  id: string;
  importedCount: number;
  balance: { beforeMinor: number; afterMinor: number; currency: string } | null;
};
type ImportBatch = { id: string; accountId: string; fileName: string; status: string };

async function manualAccount(browser: TestBrowser, name: string, balance: number): Promise<string> {
  const created = await browser.json<Envelope<{ account: Account }>>('/api/v1/accounts', {
    body: { name, type: 'depository', currency: 'USD', balance },
  });
  expect(created.status).toBe(201);
  return created.body.data.account.id;
}

const detail = (browser: TestBrowser, id: string) => browser.json<Envelope<Detail>>(`/api/v1/accounts/${id}`);

// Two rows on or before the day the balance was entered (10 January), two after it.
const STATEMENT = `Date,Description,Amount
2024-01-05,CORNER SHOP,-20.00
2024-01-10,BAKERY,-5.00
2024-01-20,PAYCHECK,300.00
2024-02-01,RENT,-200.00
`;

describe('the account page’s data', () => {
  it('answers one account with how its balance is kept and its daily history', async () => {
    clock = new Date('2024-01-10T17:00:00Z');
    const { browser } = await w.signUp();
    const id = await manualAccount(browser, 'Wallet cash', 250);
    clock = new Date('2024-01-13T17:00:00Z');
    expect(
      (await browser.json(`/api/v1/accounts/${id}/balance`, { body: { balance: 240, date: '2024-01-12' } }))
        .status,
    ).toBe(200);
    const shown = await detail(browser, id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.account).toMatchObject({
      id,
      name: 'Wallet cash',
      currentBalance: { amountMinor: 24000 },
    });
    expect(shown.body.data.balanceSource).toBe('manual');
    // One point per day from the first; each entered balance stays true on its day.
    expect(shown.body.data.history).toEqual([
      { date: '2024-01-10', balanceMinor: 25000 },
      { date: '2024-01-11', balanceMinor: 25000 },
      { date: '2024-01-12', balanceMinor: 24000 },
      { date: '2024-01-13', balanceMinor: 24000 },
    ]);
  });

  it("answers 404 for another user's account or an unknown one, and 400 for a malformed id", async () => {
    const owner = await w.signUp();
    const id = await manualAccount(owner.browser, 'Owner cash', 10);
    const other = await w.signUp();
    const foreign = await detail(other.browser, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('No such account');
    expect((await detail(owner.browser, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await detail(owner.browser, 'not-an-id')).status).toBe(400);
    // The imports of one account: another user's account id is not found either.
    expect((await other.browser.json(`/api/v1/imports?accountId=${id}`)).status).toBe(404);
  });

  it('lists the imports of one account only', async () => {
    clock = new Date('2024-02-15T17:00:00Z');
    const { browser } = await w.signUp();
    const first = await manualAccount(browser, 'First', 0);
    const second = await manualAccount(browser, 'Second', 0);
    const content = 'Date,Description,Amount\n2024-02-01,SHOP,-1.00\n';
    await browser.json('/api/v1/imports', { body: { accountId: first, fileName: 'a.csv', content } });
    await browser.json('/api/v1/imports', { body: { accountId: second, fileName: 'b.csv', content } });
    const listed = await browser.json<Envelope<{ batches: ImportBatch[] }>>(
      `/api/v1/imports?accountId=${second}`,
    );
    expect(listed.body.data.batches.map((batch) => [batch.accountId, batch.fileName])).toEqual([
      [second, 'b.csv'],
    ]);
    expect(
      (await browser.json<Envelope<{ batches: ImportBatch[] }>>('/api/v1/imports')).body.data.batches,
    ).toHaveLength(2);
  });
});

describe('importing into a manual account', () => {
  it('moves its balance by the rows after the entered balance; earlier rows fill in the history', async () => {
    clock = new Date('2024-01-10T17:00:00Z');
    const { browser } = await w.signUp();
    const id = await manualAccount(browser, 'Cash', 1000);
    clock = new Date('2024-02-15T17:00:00Z');
    const body = { accountId: id, fileName: 'statement.csv', content: STATEMENT };

    const shown = await browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });
    expect(shown.body.data.balance).toEqual({
      anchorDate: '2024-01-10',
      anchor: { amountMinor: 100000, currency: 'USD' },
      current: { amountMinor: 100000, currency: 'USD' },
      // +300 paycheck − 200 rent, both after 10 January.
      after: { amountMinor: 110000, currency: 'USD' },
    });

    const done = await browser.json<Envelope<{ batch: Batch }>>('/api/v1/imports', { body });
    expect(done.status).toBe(201);
    expect(done.body.data.batch.balance).toEqual({
      beforeMinor: 100000,
      afterMinor: 110000,
      currency: 'USD',
    });
    const after = (await detail(browser, id)).body.data;
    expect(after.account.currentBalance.amountMinor).toBe(110000);
    // The history ends on today's balance and still holds the entered balance on its day.
    const on = (date: string) => after.history.find((point) => point.date === date)?.balanceMinor;
    expect(after.history.at(-1)).toEqual({ date: '2024-02-15', balanceMinor: 110000 });
    expect(after.history[0]?.date).toBe('2024-01-05');
    expect(on('2024-01-10')).toBe(100000);
    expect(on('2024-01-09')).toBe(100500);
    expect(on('2024-01-05')).toBe(100500);
    expect(on('2024-01-20')).toBe(130000);

    // Undo gives the balance back and the history with it.
    const undone = await browser.json(`/api/v1/imports/${done.body.data.batch.id}`, { method: 'DELETE' });
    expect(undone.status).toBe(200);
    const back = (await detail(browser, id)).body.data;
    expect(back.account.currentBalance.amountMinor).toBe(100000);
    expect(back.history.at(-1)).toEqual({ date: '2024-02-15', balanceMinor: 100000 });
    const [row] = await w.t.database.db
      .select({ balance: balanceSnapshot.balanceMinor })
      .from(balanceSnapshot)
      .where(and(eq(balanceSnapshot.accountId, id), eq(balanceSnapshot.date, '2024-01-20')));
    expect(row?.balance).toBe(100000);
  });

  it('keeps the balance when every row is dated on or before the entered balance, and says so', async () => {
    clock = new Date('2024-02-15T17:00:00Z');
    const { browser } = await w.signUp();
    const id = await manualAccount(browser, 'Savings', 1000);
    const body = { accountId: id, fileName: 'statement.csv', content: STATEMENT };
    const shown = await browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });
    expect(shown.body.data.balance).toMatchObject({
      anchorDate: '2024-02-15',
      current: { amountMinor: 100000 },
      after: { amountMinor: 100000 },
    });
    const done = await browser.json<Envelope<{ batch: Batch }>>('/api/v1/imports', { body });
    expect(done.body.data.batch.balance).toEqual({
      beforeMinor: 100000,
      afterMinor: 100000,
      currency: 'USD',
    });
    const after = (await detail(browser, id)).body.data;
    expect(after.account.currentBalance.amountMinor).toBe(100000);
    // 5 January ends 95.00 below today: the bakery, paycheck and rent came after it.
    expect(after.history.find((point) => point.date === '2024-01-05')?.balanceMinor).toBe(100000 - 9500);
  });
});
