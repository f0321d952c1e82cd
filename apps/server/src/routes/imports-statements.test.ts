import { and, count, eq } from 'drizzle-orm';
import { financialAccount, holding, importBatch, security, transaction } from '@lodestar/db';
import { OFX_INVESTMENT, QIF_INVESTMENT_HISTORY } from '@lodestar/domain/import/fixtures/investment-exports';
import { OFX_BANK_AND_CARD } from '@lodestar/domain/import/fixtures/ofx-exports';
import { QIF_CHECKING_AND_CARD_AUTOSWITCH } from '@lodestar/domain/import/fixtures/qif-exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import {
  addManualAccount,
  type Envelope,
  signedUp as signedUpIn,
  transactionLines,
} from '../testing/statement-imports';

// Issue 22 (deliver 4): a file of several accounts' statements is imported in one step, each statement
// into its account (matched by number or name, chosen, or created), all or nothing, with one undo.

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Target = {
  accountId: string | null;
  accountName: string;
  match: string;
  newAccount: { name: string; type: string; currency: string } | null;
} | null;
type StatementsPreview = {
  kind: string;
  statements: {
    statement: number;
    account: string | null;
    target: Target;
    newCount: number;
    duplicateCount: number;
    rows: { line: number; name: string }[];
  }[];
  ready: boolean;
};
type StatementsBatch = {
  batch: {
    id: string;
    importedCount: number;
    duplicateCount: number;
    statements: { statement: number; accountId: string; created: boolean; importedCount: number }[];
  };
};

const db = (world: AuthWorld = w) => world.t.database.db;

const signedUp = (world: AuthWorld = w) => signedUpIn(world);
const addAccount = (
  userId: string,
  values: { name: string; mask?: string; type?: string; currency?: string },
  world: AuthWorld = w,
) => addManualAccount(world, userId, values);

const previewAll = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<StatementsPreview>>('/api/v1/imports/statements/preview', { body });
const commitAll = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<StatementsBatch>>('/api/v1/imports/statements', { body });
const undo = (browser: TestBrowser, id: string) =>
  browser.json<Envelope<{ id: string; removed: number }>>(`/api/v1/imports/${id}`, { method: 'DELETE' });

const rowsOf = (accountId: string, world: AuthWorld = w) => transactionLines(world, accountId);

async function holdingsOf(accountId: string) {
  const rows = await db()
    .select({
      ticker: security.ticker,
      name: security.name,
      quantity: holding.quantity,
      price: holding.price,
    })
    .from(holding)
    .innerJoin(security, eq(security.id, holding.securityId))
    .where(eq(holding.accountId, accountId))
    .orderBy(security.name);
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity), price: Number(row.price) }));
}

describe('a bank and a card statement in one OFX', () => {
  it('matches each statement to the account by its mask, imports both in one step, and one undo removes both', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Checking', mask: '6789' });
    const visa = await addAccount(userId, { name: 'Visa', mask: '4321', type: 'credit' });
    const body = { accountId: checking, fileName: 'all-accounts.ofx', content: OFX_BANK_AND_CARD };

    const seen = await previewAll(browser, body);
    expect(seen.status, seen.body.error).toBe(200);
    expect(seen.body.data.ready).toBe(true);
    expect(
      seen.body.data.statements.map((part) => ({
        account: part.account,
        target: part.target && { accountId: part.target.accountId, match: part.target.match },
        newCount: part.newCount,
      })),
    ).toEqual([
      { account: '…6789', target: { accountId: checking, match: 'number' }, newCount: 3 },
      { account: '…4321', target: { accountId: visa, match: 'number' }, newCount: 3 },
    ]);

    const done = await commitAll(browser, body);
    expect(done.status, done.body.error).toBe(201);
    expect(done.body.data.batch).toMatchObject({ importedCount: 6, duplicateCount: 0 });
    expect(await rowsOf(checking)).toEqual([
      'AT&T MOBILITY -4567',
      'ACME CORP PAYROLL 250000',
      'VISA CARD PAYMENT -31240',
    ]);
    expect(await rowsOf(visa)).toEqual([
      'WHOLE FOODS MARKET -6420',
      'SHELL OIL 5744 -2875',
      'PAYMENT THANK YOU 31240',
    ]);
    const batches = await db().select().from(importBatch).where(eq(importBatch.userId, userId));
    expect(batches).toHaveLength(1);

    // Duplicates are found per account: the same file again adds nothing to either.
    const again = await commitAll(browser, body);
    expect(again.body.data.batch).toMatchObject({ importedCount: 0, duplicateCount: 6 });

    const undone = await undo(browser, done.body.data.batch.id);
    expect(undone.status).toBe(200);
    expect(undone.body.data.removed).toBe(6);
    expect(await rowsOf(checking)).toEqual([]);
    expect(await rowsOf(visa)).toEqual([]);
  });

  it('takes the account chosen for a statement over the match, and refuses one that is not yours', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Checking', mask: '6789' });
    const other = await addAccount(userId, { name: 'Other card', type: 'credit' });
    const stranger = await signedUp();
    const theirs = await addAccount(stranger.userId, { name: 'Theirs', mask: '4321' });
    const body = { accountId: checking, fileName: 'a.ofx', content: OFX_BANK_AND_CARD };

    const unmatched = await previewAll(browser, body);
    expect(unmatched.body.data.ready).toBe(false);
    expect(unmatched.body.data.statements[1]?.target).toBeNull();
    const refused = await commitAll(browser, body);
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]?.field).toBe('statementAccounts');
    expect(refused.body.error).toBe(
      'Statement 1 (…4321) matches none of your accounts: choose one, or a name for a new account',
    );
    const foreign = await commitAll(browser, {
      ...body,
      statementAccounts: [{ statement: 1, accountId: theirs }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toContain('Statement 1: no such account');
    expect(await rowsOf(theirs)).toEqual([]);
    expect(await rowsOf(checking)).toEqual([]);

    const chosen = await commitAll(browser, {
      ...body,
      statementAccounts: [{ statement: 1, accountId: other }],
    });
    expect(chosen.status, chosen.body.error).toBe(201);
    expect(await rowsOf(other)).toHaveLength(3);
  });
});

describe('a QIF with two !Account blocks', () => {
  it('matches the one named like an account and creates the other, one batch for both', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Everyday Checking' });
    const body = { accountId: checking, fileName: 'quicken.qif', content: QIF_CHECKING_AND_CARD_AUTOSWITCH };

    const seen = await previewAll(browser, {
      ...body,
      statementAccounts: [{ statement: 1, newAccountName: 'Travel Visa' }],
    });
    expect(seen.status, seen.body.error).toBe(200);
    expect(seen.body.data.statements.map((part) => part.target)).toEqual([
      { accountId: checking, accountName: 'Everyday Checking', match: 'name', newAccount: null },
      {
        accountId: null,
        accountName: 'Travel Visa',
        match: 'new',
        newAccount: { name: 'Travel Visa', type: 'credit', currency: 'USD' },
      },
    ]);
    // Nothing is created by the preview.
    const accountsBefore = await db()
      .select({ n: count() })
      .from(financialAccount)
      .where(eq(financialAccount.userId, userId));
    expect(accountsBefore[0]?.n).toBe(1);

    const done = await commitAll(browser, {
      ...body,
      statementAccounts: [{ statement: 1, newAccountName: 'Travel Visa' }],
    });
    expect(done.status, done.body.error).toBe(201);
    const [, card] = done.body.data.batch.statements;
    expect(card).toMatchObject({ statement: 1, created: true, importedCount: 2 });
    const [created] = await db()
      .select({ name: financialAccount.name, type: financialAccount.type })
      .from(financialAccount)
      .where(eq(financialAccount.id, card?.accountId ?? ''));
    expect(created).toEqual({ name: 'Travel Visa', type: 'credit' });
    expect(await rowsOf(checking)).toEqual(['Corner Shop -1250', 'Payroll 120000']);
    expect(await rowsOf(card?.accountId ?? '')).toEqual(['Airline -8000', 'Taxi -2000']);
  });

  it('writes nothing when the second statement fails (the plan limit is met halfway)', async () => {
    // With billing configured every user is on the free tier: 250 transactions, 3 accounts (spec §9).
    const billed = await createAuthWorld({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_PRICE_ID_PRO_MONTHLY: 'price_123',
    });
    try {
      const { browser, userId } = await signedUp(billed);
      const checking = await addAccount(userId, { name: 'Everyday Checking' }, billed);
      const records = (n: number, day: string, name: string) =>
        Array.from({ length: n }, (_, i) => `D${day}\nT-${i + 1}.00\nP${name} ${i}\n^`).join('\n');
      const qif = [
        '!Account\nNEveryday Checking\nTBank\n^\n!Type:Bank',
        records(200, '01/05/2024', 'Shop'),
        '!Account\nNTravel Visa\nTCCard\n^\n!Type:CCard',
        records(60, '01/06/2024', 'Fare'),
        '',
      ].join('\n');
      const refused = await commitAll(browser, {
        accountId: checking,
        fileName: 'big.qif',
        content: qif,
        statementAccounts: [{ statement: 1, newAccountName: 'Travel Visa' }],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toContain('250 transactions');
      const [rows] = await db(billed)
        .select({ n: count() })
        .from(transaction)
        .where(eq(transaction.userId, userId));
      expect(rows?.n).toBe(0);
      expect(await db(billed).select().from(importBatch).where(eq(importBatch.userId, userId))).toEqual([]);
      const accounts = await db(billed)
        .select({ name: financialAccount.name })
        .from(financialAccount)
        .where(eq(financialAccount.userId, userId));
      expect(accounts).toEqual([{ name: 'Everyday Checking' }]);
    } finally {
      await billed.close();
    }
  });
});

describe('undo of an investment import', () => {
  it('removes the holdings it created with its trades, and puts back the ones it replaced', async () => {
    const { browser, userId } = await signedUp();
    const accountId = await addAccount(userId, { name: 'Brokerage', type: 'investment' });
    const december = OFX_INVESTMENT.replace(/<DTPRICEASOF>20240131160000/g, '<DTPRICEASOF>20231229160000')
      .replace('<UNITS>110', '<UNITS>90')
      .replace(/FITID>([A-Z]+-\d+-\d)/g, 'FITID>OLD-$1');
    const commit = (content: string, fileName: string) =>
      browser.json<Envelope<{ batch: { id: string; importedCount: number } }>>('/api/v1/imports', {
        body: { accountId, fileName, content },
      });

    const first = await commit(december, 'dec.qfx');
    expect(first.status, first.body.error).toBe(201);
    const decemberHoldings = await holdingsOf(accountId);
    expect(decemberHoldings.map((row) => [row.ticker, row.quantity])).toEqual([
      ['FZROX', 150.2688],
      ['VTI', 90],
    ]);
    const second = await commit(OFX_INVESTMENT, 'jan.qfx');
    expect(second.status, second.body.error).toBe(201);
    expect((await holdingsOf(accountId)).map((row) => [row.ticker, row.quantity])).toEqual([
      ['FZROX', 150.2688],
      ['VTI', 110],
    ]);

    // Undoing January gives December's holdings back exactly, and removes January's trades.
    const undone = await undo(browser, second.body.data.batch.id);
    expect(undone.status, undone.body.error).toBe(200);
    expect(undone.body.data.removed).toBe(second.body.data.batch.importedCount);
    expect(await holdingsOf(accountId)).toEqual(decemberHoldings);
    expect(await rowsOf(accountId)).toHaveLength(first.body.data.batch.importedCount);

    // Undoing December, which created them, leaves no holdings and no rows.
    expect((await undo(browser, first.body.data.batch.id)).status).toBe(200);
    expect(await holdingsOf(accountId)).toEqual([]);
    expect(await rowsOf(accountId)).toEqual([]);
  });

  it('refuses the undo, changing nothing, when the holdings it set changed since', async () => {
    const { browser, userId } = await signedUp();
    const accountId = await addAccount(userId, { name: 'Brokerage', type: 'investment' });
    const commit = (content: string, fileName: string) =>
      browser.json<Envelope<{ batch: { id: string } }>>('/api/v1/imports', {
        body: { accountId, fileName, content },
      });
    const january = await commit(OFX_INVESTMENT, 'jan.qfx');
    const february = OFX_INVESTMENT.replace(/<DTPRICEASOF>20240131160000/g, '<DTPRICEASOF>20240229160000')
      .replace('<UNITS>110', '<UNITS>115')
      .replace(/FITID>([A-Z]+-\d+-\d)/g, 'FITID>FEB-$1');
    const later = await commit(february, 'feb.qfx');
    expect(later.status).toBe(201);
    const rowsBefore = await rowsOf(accountId);
    const held = await holdingsOf(accountId);

    const refused = await undo(browser, january.body.data.batch.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'The holdings this import set have changed since (a sync or a later import), so undoing it could not put the earlier ones back exactly; nothing was undone',
    );
    expect(await holdingsOf(accountId)).toEqual(held);
    expect(await rowsOf(accountId)).toEqual(rowsBefore);
    const [batch] = await db()
      .select({ status: importBatch.status })
      .from(importBatch)
      .where(and(eq(importBatch.id, january.body.data.batch.id)));
    expect(batch?.status).toBe('committed');
  });
});

describe('QIF investment holdings', () => {
  it('sets holdings to the net units of the trades of a Quicken investment export', async () => {
    const { browser, userId } = await signedUp();
    const accountId = await addAccount(userId, { name: 'Fidelity Brokerage', type: 'brokerage' });
    const done = await browser.json<Envelope<{ batch: { importedCount: number } }>>('/api/v1/imports', {
      body: { accountId, fileName: 'fidelity.qif', content: QIF_INVESTMENT_HISTORY },
    });
    expect(done.status, done.body.error).toBe(201);
    expect((await holdingsOf(accountId)).map((row) => [row.name, row.quantity, row.price])).toEqual([
      ['Apple Inc', 12, 189.95],
      ['FZROX', 146.2688, 48.19],
      ['VTI', 13.5372, 226.4],
    ]);
  });
});
