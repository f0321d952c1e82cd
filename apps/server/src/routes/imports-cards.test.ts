import { eq } from 'drizzle-orm';
import { financialAccount } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';

// Real layouts of card and foreign-currency exports (names and numbers made up): what used to import
// every Amex purchase as income, and what refused a whole N26 file over one payment abroad.

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = { success: boolean; data: T; error?: string };
type Preview = {
  mapping: ({ invertSign?: boolean } & Record<string, unknown>) | null;
  rows: { line: number; amount: { amountMinor: number; currency: string }; name: string }[];
  warnings: string[];
};
type Transaction = {
  name: string;
  amount: { amountMinor: number; currency: string };
  foreignAmount: { amount: { amountMinor: number; currency: string }; exchangeRate: string | null } | null;
};

/** American Express (US) with extended details: purchases positive, the payment negative. */
const AMEX = `Date,Description,Card Member,Account #,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category
01/14/2024,UBER   TRIP       HELP.UBER.COM       CA,JANE DOE,-71003,23.41,"UBER TRIP
HELP.UBER.COM",UBER   TRIP       HELP.UBER.COM       CA,"1455 MARKET ST","SAN FRANCISCO
CA",94103,UNITED STATES,'320240140123456789',Transportation-Taxis & Coach
01/12/2024,"WHOLE FOODS MARKET, #10 AUSTIN TX",JANE DOE,-71003,87.12,"GROCERY",WHOLE FOODS MARKET #10 AUSTIN TX,525 N LAMAR BLVD,"AUSTIN
TX",78703,UNITED STATES,'320240120987654321',Merchandise & Supplies-Groceries
01/10/2024,ONLINE PAYMENT - THANK YOU,JANE DOE,-71003,-500.00,,ONLINE PAYMENT - THANK YOU,,,,,'320240100555555555',
`;

/** N26: 'Amount (EUR)' beside 'Amount (Foreign Currency)', 'Type Foreign Currency' and 'Exchange Rate'. */
const N26 = `"Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)","Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"
"2024-03-01","Spotify","","MasterCard Payment","","-9.99","","",""
"2024-03-02","Jane Doe","DE89370400440532013000","Income","Rent share March","450.0","","",""
"2024-03-04","Pret A Manger","","MasterCard Payment","","-7.05","-6.0","GBP","0.8510638"
"2024-03-05","Tesco","","MasterCard Payment","","-23.41","-19.95","GBP","0.8521999"
`;

async function accountFor(browser: TestBrowser, type: string, currency: string): Promise<string> {
  const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
  const [row] = await w.t.database.db
    .insert(financialAccount)
    .values({ userId, name: `${type} ${currency}`, type, provider: 'manual', currency })
    .returning({ id: financialAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
}

const preview = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });

describe('card statements with purchases positive', () => {
  it('into a credit account: inverted by default, said so, and the switch undoes it', async () => {
    const { browser } = await w.signUp();
    const accountId = await accountFor(browser, 'credit', 'USD');
    const shown = await preview(browser, { accountId, fileName: 'activity.csv', content: AMEX });
    expect(shown.status).toBe(200);
    expect(shown.body.data.mapping?.invertSign).toBe(true);
    expect(shown.body.data.warnings[0]).toBe(
      'This is an American Express card export, which lists purchases as positive amounts, so the signs were inverted: purchases are money out and payments money in. Turn off "Invert signs" if that is wrong.',
    );
    expect(shown.body.data.rows.map((row) => row.amount.amountMinor)).toEqual([-2341, -8712, 50000]);

    const undone = await preview(browser, {
      accountId,
      fileName: 'activity.csv',
      content: AMEX,
      mapping: { ...shown.body.data.mapping, invertSign: false },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.data.rows.map((row) => row.amount.amountMinor)).toEqual([2341, 8712, -50000]);

    const committed = await browser.json('/api/v1/imports', {
      body: { accountId, fileName: 'activity.csv', content: AMEX },
    });
    expect(committed.status).toBe(201);
    const list = await browser.json<Envelope<Transaction[]>>(
      `/api/v1/transactions/paginated?accounts=${accountId}&limit=10`,
    );
    expect(list.body.data.map((row) => row.amount.amountMinor).sort((a, b) => a - b)).toEqual([
      -8712, -2341, 50000,
    ]);
  });

  it('into a checking account: left as written', async () => {
    const { browser } = await w.signUp();
    const accountId = await accountFor(browser, 'depository', 'USD');
    const shown = await preview(browser, { accountId, fileName: 'activity.csv', content: AMEX });
    expect(shown.body.data.mapping?.invertSign).toBe(false);
    expect(shown.body.data.rows.map((row) => row.amount.amountMinor)).toEqual([2341, 8712, -50000]);
  });
});

describe('exports with a foreign-currency column', () => {
  it('imports an N26 file whole: the EUR column is the amount, the GBP amount and rate are kept as details', async () => {
    const { browser } = await w.signUp();
    const accountId = await accountFor(browser, 'depository', 'EUR');
    const shown = await preview(browser, { accountId, fileName: 'n26.csv', content: N26 });
    expect(shown.status).toBe(200);
    expect(shown.body.data.rows.map((row) => [row.line, row.amount])).toEqual([
      [2, { amountMinor: -999, currency: 'EUR' }],
      [3, { amountMinor: 45000, currency: 'EUR' }],
      [4, { amountMinor: -705, currency: 'EUR' }],
      [5, { amountMinor: -2341, currency: 'EUR' }],
    ]);
    const committed = await browser.json('/api/v1/imports', {
      body: { accountId, fileName: 'n26.csv', content: N26 },
    });
    expect(committed.status).toBe(201);
    const list = await browser.json<Envelope<Transaction[]>>(
      `/api/v1/transactions/paginated?accounts=${accountId}&limit=10`,
    );
    const byName = new Map(list.body.data.map((row) => [row.name, row]));
    expect(byName.get('Pret A Manger')).toMatchObject({
      amount: { amountMinor: -705, currency: 'EUR' },
      foreignAmount: { amount: { amountMinor: -600, currency: 'GBP' }, exchangeRate: '0.8510638' },
    });
    expect(byName.get('Tesco')?.foreignAmount).toEqual({
      amount: { amountMinor: -1995, currency: 'GBP' },
      exchangeRate: '0.8521999',
    });
    expect(byName.get('Spotify')?.foreignAmount).toBeNull();
    const [account] = await w.t.database.db
      .select({ currency: financialAccount.currency })
      .from(financialAccount)
      .where(eq(financialAccount.id, accountId));
    expect(account?.currency).toBe('EUR');
  });
});
