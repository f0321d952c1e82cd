import { and, eq } from 'drizzle-orm';
import { financialAccount, holding, importBatch, security, transaction } from '@lodestar/db';
import { CAMT053_CH, CAMT053_DE } from '@lodestar/domain/import/fixtures/camt-exports';
import { OFX_INVESTMENT, QIF_INVESTMENT } from '@lodestar/domain/import/fixtures/investment-exports';
import { MT940_DE, MT940_NL } from '@lodestar/domain/import/fixtures/mt940-exports';
import { QIF_CHECKING_AND_CARD } from '@lodestar/domain/import/fixtures/qif-exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
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
type Balance = { amountMinor: number; currency: string; asOf: string } | null;
type Preview = {
  kind: string;
  statementIndex: number;
  needsStatementChoice: boolean;
  statements: { account: string | null; transactionCount: number }[];
  rows: { line: number; date: string; name: string; amount: { amountMinor: number }; duplicate: boolean }[];
  newCount: number;
  duplicateCount: number;
  statementBalances: { opening: Balance; closing: Balance };
  warnings: string[];
};
type Batch = { batch: { id: string; importedCount: number; duplicateCount: number } };

const db = () => w.t.database.db;

async function person(currency: string, mask: string | null = null, type = 'depository') {
  const { browser } = await w.signUp();
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  const [row] = await db()
    .insert(financialAccount)
    .values({
      userId: me.body.data.id,
      name: 'Konto',
      type,
      provider: 'manual',
      currency,
      mask,
    })
    .returning({ id: financialAccount.id });
  if (!row) throw new Error('no account');
  return { browser, accountId: row.id };
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const preview = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });
const commit = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<Batch>>('/api/v1/imports', { body });

async function stored(accountId: string) {
  return db()
    .select({
      name: transaction.name,
      amountMinor: transaction.amountMinor,
      externalId: transaction.externalId,
    })
    .from(transaction)
    .where(eq(transaction.accountId, accountId))
    .orderBy(transaction.date, transaction.amountMinor);
}

describe('CAMT.053', () => {
  it('previews and imports a German statement; the same file again is all duplicates; undo removes it', async () => {
    const { browser, accountId } = await person('EUR');
    const body = { accountId, fileName: 'camt053.xml', contentBase64: base64(CAMT053_DE) };
    const seen = await preview(browser, body);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      kind: 'camt',
      newCount: 4,
      duplicateCount: 0,
      statementBalances: {
        opening: { amountMinor: 152_030, currency: 'EUR', asOf: '2023-12-29' },
        closing: { amountMinor: 371_375, currency: 'EUR', asOf: '2024-01-31' },
      },
      warnings: ['1 pending entry was skipped: only booked entries are imported.'],
    });
    expect(seen.body.data.rows.map((row) => row.name)).toEqual([
      'Müller & Söhne GmbH',
      'Stadtwerke München',
      'Rundfunk ARD, ZDF, DRadio',
      'KARTENZAHLUNG REWE SAGT DANKE 44321',
    ]);
    const done = await commit(browser, body);
    expect(done.status).toBe(201);
    expect(done.body.data.batch).toMatchObject({ importedCount: 4, duplicateCount: 0 });
    expect((await stored(accountId)).map((row) => row.externalId).sort()).toEqual([
      'camt:2024011500456#2',
      'camt:2024012000789',
      'camt:LOHN-2024-01-4711|2024-01-02|285000',
      'camt:STROM-2024-01|2024-01-15|-8600',
    ]);
    const again = await commit(browser, body);
    expect(again.body.data.batch).toMatchObject({ importedCount: 0, duplicateCount: 4 });
    const undone = await browser.json<Envelope<{ removed: number }>>(
      `/api/v1/imports/${done.body.data.batch.id}`,
      {
        method: 'DELETE',
      },
    );
    expect(undone.body.data.removed).toBe(4);
    expect(await stored(accountId)).toEqual([]);
  });

  it('refuses a Swiss statement in CHF for a EUR account, and malformed XML with its line, writing nothing', async () => {
    const { browser, accountId } = await person('EUR');
    const foreign = await commit(browser, {
      accountId,
      fileName: 'camt.xml',
      contentBase64: base64(CAMT053_CH),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('The file is in CHF, but this account is in EUR');
    const broken = CAMT053_DE.replace('</Ntry>', '</Entry>');
    const malformed = await commit(browser, {
      accountId,
      fileName: 'camt.xml',
      contentBase64: base64(broken),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^Line \d+: the XML is malformed: /);
    expect(await db().select().from(importBatch).where(eq(importBatch.accountId, accountId))).toEqual([]);
    const chf = await person('CHF');
    const swiss = await commit(chf.browser, {
      accountId: chf.accountId,
      fileName: 'camt.xml',
      content: CAMT053_CH,
    });
    expect(swiss.body.data.batch).toMatchObject({ importedCount: 3 });
  });

  it('imports the statement of the account whose number ends in its mask when a file holds two accounts', async () => {
    const second = CAMT053_DE.replace('DE02120300000000202051', 'DE75512108001245126199');
    const start = second.indexOf('<Stmt>');
    const end = second.indexOf('</Stmt>') + '</Stmt>'.length;
    const both = CAMT053_DE.replace('</BkToCstmrStmt>', `${second.slice(start, end)}\n</BkToCstmrStmt>`);
    const plain = await person('EUR');
    const asked = await preview(plain.browser, {
      accountId: plain.accountId,
      fileName: 'b.xml',
      content: both,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      statementIndex: 0,
      needsStatementChoice: true,
      statements: [
        { account: '…2051', type: 'CAMT.053', currency: 'EUR', transactionCount: 4 },
        { account: '…6199', type: 'CAMT.053', currency: 'EUR', transactionCount: 4 },
      ],
    });
    const refused = await commit(plain.browser, {
      accountId: plain.accountId,
      fileName: 'b.xml',
      content: both,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]?.field).toBe('statement');
    expect(refused.body.error).toContain('The file holds statements of 2 accounts (…2051, …6199)');
    const picked = await commit(plain.browser, {
      accountId: plain.accountId,
      fileName: 'b.xml',
      content: both,
      statement: 1,
    });
    expect(picked.status).toBe(201);
    const masked = await person('EUR', '6199');
    const chosen = await preview(masked.browser, {
      accountId: masked.accountId,
      fileName: 'b.xml',
      content: both,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.newCount).toBe(4);
  });
});

describe('MT940', () => {
  it('imports two daily statements of one account as one, across New Year; again is all duplicates', async () => {
    const { browser, accountId } = await person('EUR');
    const body = { accountId, fileName: 'umsaetze.sta', contentBase64: base64(MT940_DE) };
    const seen = await preview(browser, body);
    expect(seen.status).toBe(200);
    expect(seen.body.data.kind).toBe('mt940');
    expect(seen.body.data.rows.map((row) => [row.date, row.name, row.amount.amountMinor])).toEqual([
      ['2023-12-29', 'Telefonica Germany GmbH Co. OHG', -4_590],
      ['2024-01-02', 'Hausverwaltung Schmidt', 125_000],
      ['2024-01-02', 'BAECKEREI KOEHLER', -350],
      ['2024-01-02', 'Eigene Bank', -1_000],
    ]);
    expect(seen.body.data.statementBalances.closing).toEqual({
      amountMinor: 369_060,
      currency: 'EUR',
      asOf: '2024-01-02',
    });
    expect((await commit(browser, body)).body.data.batch.importedCount).toBe(4);
    expect((await commit(browser, body)).body.data.batch).toMatchObject({
      importedCount: 0,
      duplicateCount: 4,
    });
    const rows = await db()
      .select({ externalId: transaction.externalId })
      .from(transaction)
      .where(and(eq(transaction.accountId, accountId), eq(transaction.amountMinor, -4_590)));
    expect(rows).toEqual([{ externalId: 'mt940:VF-2023-12-9911' }]);
  });

  it('matches a Dutch account number written with its currency to the mask', async () => {
    const { browser, accountId } = await person('EUR', '4567');
    const two = `${MT940_NL}\n${MT940_NL.replace(/NL20INGB0001234567EUR/g, 'NL91ABNA0417164300EUR')}`;
    const seen = await preview(browser, { accountId, fileName: 'mt940.txt', content: two });
    expect(seen.status).toBe(200);
    expect(seen.body.data.rows.map((row) => row.name)).toEqual(['Gemeente Amsterdam', 'J. de Vries']);
  });
});

describe('investment files', () => {
  it('imports an OFX investment statement: trades kept out of spending, positions as holdings', async () => {
    const { browser, accountId } = await person('USD', null, 'investment');
    const body = { accountId, fileName: 'brokerage.qfx', contentBase64: base64(OFX_INVESTMENT) };
    const seen = await browser.json<Envelope<Preview & { positions: { ticker: string; units: string }[] }>>(
      '/api/v1/imports/preview',
      { body },
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data.kind).toBe('qfx');
    expect(seen.body.data.newCount).toBe(6);
    expect(seen.body.data.positions.map(({ ticker, units }) => ({ ticker, units }))).toEqual([
      { ticker: 'VTI', units: '110' },
      { ticker: 'FZROX', units: '150.2688' },
    ]);
    const done = await commit(browser, body);
    expect(done.status).toBe(201);
    expect(done.body.data.batch.importedCount).toBe(6);
    const held = await db()
      .select({
        ticker: security.ticker,
        quantity: holding.quantity,
        price: holding.price,
        asOf: holding.asOf,
      })
      .from(holding)
      .innerJoin(security, eq(security.id, holding.securityId))
      .where(eq(holding.accountId, accountId))
      .orderBy(security.ticker);
    expect(held.map((row) => ({ ...row, quantity: Number(row.quantity), price: Number(row.price) }))).toEqual(
      [
        { ticker: 'FZROX', quantity: 150.2688, price: 48.19, asOf: '2024-01-31' },
        { ticker: 'VTI', quantity: 110, price: 225.1, asOf: '2024-01-31' },
      ],
    );
    const spending = await browser.json<Envelope<{ total: { amountMinor: number } }>>(
      '/api/v1/transactions/spending-summary?month=2024-01',
    );
    expect(spending.status).toBe(200);
    expect(spending.body.data.total.amountMinor).toBe(0);
    expect((await commit(browser, body)).body.data.batch).toMatchObject({
      importedCount: 0,
      duplicateCount: 6,
    });
  });

  it('imports a QIF investment account, and an older statement leaves newer holdings alone', async () => {
    const { browser, accountId } = await person('USD', null, 'brokerage');
    const done = await commit(browser, { accountId, fileName: 'invest.qif', content: QIF_INVESTMENT });
    expect(done.status).toBe(201);
    expect(done.body.data.batch.importedCount).toBe(7);
    const rows = await db()
      .select({ name: transaction.name, providerCategory: transaction.providerCategory })
      .from(transaction)
      .where(and(eq(transaction.accountId, accountId), eq(transaction.name, 'Buy VTI')));
    expect(rows).toEqual([{ name: 'Buy VTI', providerCategory: 'INVESTMENT_BUY' }]);

    await commit(browser, { accountId, fileName: 'jan.qfx', content: OFX_INVESTMENT });
    const older = OFX_INVESTMENT.replace(/<DTPRICEASOF>20240131160000/g, '<DTPRICEASOF>20231229160000')
      .replace('<UNITS>110', '<UNITS>90')
      .replace(/FITID>([A-Z]+-\d+-\d)/g, 'FITID>OLD-$1');
    await commit(browser, { accountId, fileName: 'dec.qfx', content: older });
    const vti = await db()
      .select({ quantity: holding.quantity })
      .from(holding)
      .innerJoin(security, eq(security.id, holding.securityId))
      .where(and(eq(holding.accountId, accountId), eq(security.ticker, 'VTI')));
    expect(vti.map((row) => Number(row.quantity))).toEqual([110]);
  });
});

describe('QIF with several accounts', () => {
  it('lists each !Account block as a statement, and imports the one chosen', async () => {
    const qif = QIF_CHECKING_AND_CARD;
    const { browser, accountId } = await person('USD');
    const seen = await preview(browser, { accountId, fileName: 'all.qif', content: qif });
    expect(seen.status).toBe(200);
    expect(seen.body.data.statements).toEqual([
      { account: 'Everyday Checking', type: 'Bank', currency: 'USD', transactionCount: 2 },
      { account: 'Travel Visa', type: 'CCard', currency: 'USD', transactionCount: 2 },
    ]);
    const card = await preview(browser, { accountId, fileName: 'all.qif', content: qif, statement: 1 });
    expect(card.body.data.rows.map((row) => [row.line, row.name])).toEqual([
      [19, 'Airline'],
      [23, 'Taxi'],
    ]);
    const done = await commit(browser, { accountId, fileName: 'all.qif', content: qif, statement: 1 });
    expect(done.body.data.batch.importedCount).toBe(2);
  });
});
