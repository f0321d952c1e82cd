import { and, count, eq, max, min } from 'drizzle-orm';
import { balanceSnapshot, csvMapping, financialAccount, importBatch, transaction } from '@lodestar/db';
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
  code?: string;
  items?: { field: string; message: string }[];
};
type PreviewRow = {
  line: number;
  date: string;
  amount: { amountMinor: number; currency: string };
  name: string;
  duplicate: boolean;
  repeatOf: number | null;
};
type Preview = {
  kind: string;
  mapping: ({ columns: Record<string, number>; invertSign?: boolean } & Record<string, unknown>) | null;
  rows: PreviewRow[];
  possibleDuplicates: PreviewRow[];
  newCount: number;
  duplicateCount: number;
  possibleDuplicateCount: number;
  balance: {
    anchorDate: string;
    anchor: { amountMinor: number };
    current: { amountMinor: number };
    after: { amountMinor: number };
  } | null;
  warnings: string[];
};
type Batch = {
  id: string;
  importedCount: number;
  duplicateCount: number;
  balance: { beforeMinor: number; afterMinor: number; currency: string } | null;
};

// A US checking export: MM/DD/YYYY, signed amounts, a category column, two identical coffees on one day.
const US_CSV = `Date,Description,Amount,Category
01/05/2024,STARBUCKS STORE 123,-4.50,Food & Dining
01/05/2024,STARBUCKS STORE 123,-4.50,Food & Dining
01/06/2024,ACME CORP PAYROLL,2500.00,Income
01/07/2024,SHELL OIL 5551,-40.00,Gas & Fuel
`;

// A German export: semicolons, DD.MM.YYYY, '1.234,56', separate Soll (out) and Haben (in) columns.
const DE_CSV = `Buchungstag;Verwendungszweck;Soll;Haben
15.01.2024;REWE Markt GmbH;12,50;
16.01.2024;Gehalt Januar;;3.500,00
17.01.2024;Stadtwerke München;1.234,56;
`;

const ofx = (currency: string, transactions: [fitid: string, date: string, amount: string, name: string][]) =>
  `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>${currency}
<BANKACCTFROM><BANKID>021000021<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20240101
<DTEND>20240131
${transactions
  .map(
    ([fitid, date, amount, name]) =>
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${date}\n<TRNAMT>${amount}\n<FITID>${fitid}\n<NAME>${name}\n</STMTTRN>`,
  )
  .join('\n')}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1000.00<DTASOF>20240131</LEDGERBAL>
</STMTRS>
</STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;

const OFX_USD = ofx('USD', [
  ['2024010301', '20240103', '-45.67', 'AT&amp;T MOBILITY'],
  ['2024011503', '20240115', '2500.00', 'ACME CORP PAYROLL'],
  ['2024013104', '20240131', '-5.75', 'STARBUCKS #12345'],
]);

const QIF = `!Type:Bank
D01/02/2024
T-1,234.56
PLandlord Properties LLC
MJanuary rent
LRent
^
D01/05/2024
T2,500.00
PACME CORP PAYROLL
LSalary
^
D01/15/2024
T-4.50
PBlue Bottle Coffee
LRestaurants
^
`;

const db = () => w.t.database.db;

async function userIdOf(browser: TestBrowser): Promise<string> {
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  return me.body.data.id;
}

async function createAccount(userId: string, currency = 'USD', mask: string | null = null): Promise<string> {
  const [row] = await db()
    .insert(financialAccount)
    .values({ userId, name: 'Everyday Checking', type: 'depository', provider: 'manual', currency, mask })
    .returning({ id: financialAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
}

async function person(currency = 'USD') {
  const { browser } = await w.signUp();
  const userId = await userIdOf(browser);
  return { browser, userId, accountId: await createAccount(userId, currency) };
}

async function rowsOf(accountId: string) {
  return db()
    .select()
    .from(transaction)
    .where(eq(transaction.accountId, accountId))
    .orderBy(transaction.date, transaction.amountMinor);
}

async function countRows(accountId: string) {
  const [transactions] = await db()
    .select({ n: count() })
    .from(transaction)
    .where(eq(transaction.accountId, accountId));
  const [batches] = await db()
    .select({ n: count() })
    .from(importBatch)
    .where(eq(importBatch.accountId, accountId));
  return { transactions: transactions?.n ?? -1, batches: batches?.n ?? -1 };
}

function preview(browser: TestBrowser, body: Record<string, unknown>) {
  return browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });
}

function commit(browser: TestBrowser, body: Record<string, unknown>) {
  return browser.json<Envelope<{ batch: Batch }>>('/api/v1/imports', { body });
}

describe('CSV', () => {
  it('previews a US export (detected columns, signed amounts) without writing, then imports it', async () => {
    const { browser, accountId } = await person();
    const body = { accountId, fileName: 'chase.csv', content: US_CSV };

    const shown = await preview(browser, body);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      kind: 'csv',
      newCount: 3,
      duplicateCount: 0,
      possibleDuplicateCount: 1,
    });
    expect(shown.body.data.mapping).toMatchObject({
      delimiter: ',',
      hasHeader: true,
      dateFormat: 'MM/DD/YYYY',
      sign: 'signed',
      columns: { date: 0, name: 1, amount: 2, category: 3 },
    });
    expect(shown.body.data.rows).toEqual([
      {
        line: 2,
        date: '2024-01-05',
        amount: { amountMinor: -450, currency: 'USD' },
        name: 'STARBUCKS STORE 123',
        duplicate: false,
        repeatOf: null,
      },
      {
        line: 3,
        date: '2024-01-05',
        amount: { amountMinor: -450, currency: 'USD' },
        name: 'STARBUCKS STORE 123',
        duplicate: false,
        repeatOf: 2,
      },
      {
        line: 4,
        date: '2024-01-06',
        amount: { amountMinor: 250000, currency: 'USD' },
        name: 'ACME CORP PAYROLL',
        duplicate: false,
        repeatOf: null,
      },
      {
        line: 5,
        date: '2024-01-07',
        amount: { amountMinor: -4000, currency: 'USD' },
        name: 'SHELL OIL 5551',
        duplicate: false,
        repeatOf: null,
      },
    ]);
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });

    expect(shown.body.data.possibleDuplicates.map((row) => [row.line, row.repeatOf])).toEqual([[3, 2]]);
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });

    // The user keeps the second coffee (two were bought), so all four are imported.
    const done = await commit(browser, { ...body, keepLines: [3] });
    expect(done.status).toBe(201);
    expect(done.body.data.batch).toMatchObject({ importedCount: 4, duplicateCount: 0 });
    const rows = await rowsOf(accountId);
    expect(rows.map((row) => [row.date, row.amountMinor, row.name, row.currency])).toEqual([
      ['2024-01-05', -450, 'STARBUCKS STORE 123', 'USD'],
      ['2024-01-05', -450, 'STARBUCKS STORE 123', 'USD'],
      ['2024-01-06', 250000, 'ACME CORP PAYROLL', 'USD'],
      ['2024-01-07', -4000, 'SHELL OIL 5551', 'USD'],
    ]);
    expect(new Set(rows.map((row) => row.importBatchId))).toEqual(new Set([done.body.data.batch.id]));
    expect(rows.every((row) => row.externalId.startsWith('fp:'))).toBe(true);
    // The file's categories are mapped to the spec's twelve; the raw text is kept.
    const coffee = rows.find((row) => row.name.startsWith('STARBUCKS'));
    expect(coffee).toMatchObject({ category: 'FOOD_AND_DRINK', providerCategory: 'Food & Dining' });
    expect(coffee?.categoryConfidence).toBeGreaterThanOrEqual(0.7);
    expect(rows.find((row) => row.amountMinor === 250000)?.category).toBe('INCOME');
  });

  it('reads a German export with debit and credit columns', async () => {
    const { browser, accountId } = await person('EUR');
    const body = { accountId, fileName: 'umsaetze.csv', content: DE_CSV };
    const shown = await preview(browser, body);
    expect(shown.status).toBe(200);
    expect(shown.body.data.mapping).toMatchObject({
      delimiter: ';',
      dateFormat: 'DD.MM.YYYY',
      decimal: ',',
      sign: 'debit-credit',
    });
    expect(shown.body.data.rows.map((row) => [row.date, row.amount.amountMinor, row.name])).toEqual([
      ['2024-01-15', -1250, 'REWE Markt GmbH'],
      ['2024-01-16', 350000, 'Gehalt Januar'],
      ['2024-01-17', -123456, 'Stadtwerke München'],
    ]);
    const done = await commit(browser, body);
    expect(done.status).toBe(201);
    expect(done.body.data.batch.importedCount).toBe(3);
    expect((await rowsOf(accountId)).map((row) => [row.amountMinor, row.currency])).toEqual([
      [-1250, 'EUR'],
      [350000, 'EUR'],
      [-123456, 'EUR'],
    ]);
  });

  it('stores names exactly as written: quotes, backslashes, braces, commas, NULL, emoji', async () => {
    const { browser, accountId } = await person();
    const names = ['He said "hi", {ok}', 'C:\\path\\to', 'NULL', 'Café ☕ naïve', "O'Brien & Sons"];
    const content = `Date,Description,Amount\n${names
      .map((name, i) => `01/0${i + 1}/2024,"${name.replace(/"/g, '""')}",-1.0${i}`)
      .join('\n')}\n`;
    const done = await commit(browser, { accountId, fileName: 'odd.csv', content });
    expect(done.status).toBe(201);
    expect((await rowsOf(accountId)).map((row) => [row.name, row.originalName])).toEqual(
      names.map((name) => [name, name]),
    );
  });

  it('saves the mapping used and reuses it for the next file into the account', async () => {
    const { browser, accountId } = await person();
    const detected = await preview(browser, { accountId, fileName: 'card.csv', content: US_CSV });
    const { warnings: _warnings, ...mapping } = detected.body.data.mapping as Record<string, unknown>;
    // The user says this card export lists purchases as positive.
    const edited = { ...mapping, invertSign: true };
    const done = await commit(browser, { accountId, fileName: 'card.csv', content: US_CSV, mapping: edited });
    expect(done.status).toBe(201);
    const [saved] = await db().select().from(csvMapping).where(eq(csvMapping.accountId, accountId));
    expect(saved?.mapping).toMatchObject({ invertSign: true, columns: { date: 0, amount: 2 } });

    const next = `Date,Description,Amount,Category\n02/01/2024,NEW PURCHASE,12.00,Shopping\n`;
    const again = await preview(browser, { accountId, fileName: 'card-feb.csv', content: next });
    expect(again.status).toBe(200);
    expect(again.body.data.mapping).toMatchObject({ invertSign: true });
    expect(again.body.data.rows[0]?.amount.amountMinor).toBe(-1200);
  });
});

describe('OFX and QIF', () => {
  it('imports OFX with the bank ids, and the same file again imports nothing', async () => {
    const { browser, accountId } = await person();
    const body = { accountId, fileName: 'statement.ofx', content: OFX_USD };
    const shown = await preview(browser, body);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ kind: 'ofx', mapping: null, newCount: 3, duplicateCount: 0 });
    expect(shown.body.data.rows.map((row) => [row.date, row.amount.amountMinor, row.name])).toEqual([
      ['2024-01-03', -4567, 'AT&T MOBILITY'],
      ['2024-01-15', 250000, 'ACME CORP PAYROLL'],
      ['2024-01-31', -575, 'STARBUCKS #12345'],
    ]);

    expect((await commit(browser, body)).body.data.batch).toMatchObject({
      importedCount: 3,
      duplicateCount: 0,
    });
    expect((await rowsOf(accountId)).map((row) => row.externalId).sort()).toEqual([
      'ofx:2024010301',
      'ofx:2024011503',
      'ofx:2024013104',
    ]);

    const again = await preview(browser, { ...body, fileName: 'statement.qfx' });
    expect(again.body.data).toMatchObject({ kind: 'qfx', newCount: 0, duplicateCount: 3 });
    expect(again.body.data.rows.every((row) => row.duplicate)).toBe(true);
    const second = await commit(browser, body);
    expect(second.status).toBe(201);
    expect(second.body.data.batch).toMatchObject({ importedCount: 0, duplicateCount: 3 });
    expect((await countRows(accountId)).transactions).toBe(3);
  });

  it('refuses an OFX file in another currency than the account, writing nothing', async () => {
    const { browser, accountId } = await person('USD');
    const body = {
      accountId,
      fileName: 'euro.ofx',
      content: ofx('EUR', [['1', '20240103', '-5.00', 'CAFE']]),
    };
    for (const send of [preview, commit]) {
      const refused = await send(browser, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        error: 'The file is in EUR, but this account is in USD',
        items: [{ field: 'content', message: 'The file is in EUR, but this account is in USD' }],
      });
    }
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });
  });

  it('imports QIF in the account currency with its categories', async () => {
    const { browser, accountId } = await person();
    const body = { accountId, fileName: 'quicken.qif', content: QIF };
    const shown = await preview(browser, body);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ kind: 'qif', newCount: 3, duplicateCount: 0 });
    expect(shown.body.data.rows.map((row) => [row.date, row.amount.amountMinor, row.name])).toEqual([
      ['2024-01-02', -123456, 'Landlord Properties LLC'],
      ['2024-01-05', 250000, 'ACME CORP PAYROLL'],
      ['2024-01-15', -450, 'Blue Bottle Coffee'],
    ]);
    expect((await commit(browser, body)).body.data.batch.importedCount).toBe(3);
    const rows = await rowsOf(accountId);
    expect(rows.map((row) => [row.name, row.description, row.category])).toEqual([
      ['Landlord Properties LLC', 'January rent', 'RENT_AND_UTILITIES'],
      ['ACME CORP PAYROLL', null, 'INCOME'],
      ['Blue Bottle Coffee', null, 'FOOD_AND_DRINK'],
    ]);
    expect((await commit(browser, body)).body.data.batch).toMatchObject({
      importedCount: 0,
      duplicateCount: 3,
    });
  });
});

describe('rules', () => {
  it("applies the user's rules to the imported rows, after the file's own categories", async () => {
    const { browser, accountId } = await person();
    const rule = await browser.json('/api/v1/rules', {
      body: { conditions: { nameContains: 'shell' }, actions: { category: 'TRAVEL', rename: 'Shell' } },
    });
    expect(rule.status).toBe(201);
    expect((await commit(browser, { accountId, fileName: 'chase.csv', content: US_CSV })).status).toBe(201);
    const rows = await rowsOf(accountId);
    expect(rows.find((row) => row.originalName === 'SHELL OIL 5551')).toMatchObject({
      name: 'Shell',
      category: 'TRAVEL',
      categorySource: 'rule',
    });
    expect(rows.find((row) => row.name === 'ACME CORP PAYROLL')).toMatchObject({
      category: 'INCOME',
      categorySource: 'provider',
    });
  });
});

describe('duplicates', () => {
  it('skips rows the account already holds from its bank: same date, amount and merchant', async () => {
    const { browser, userId, accountId } = await person();
    // One of the two coffees was already synced from the bank, under the bank's own id and a cleaner name.
    await db().insert(transaction).values({
      userId,
      accountId,
      externalId: 'demo:tx-1',
      date: '2024-01-05',
      amountMinor: -450,
      currency: 'USD',
      name: 'Starbucks',
      originalName: 'Starbucks',
    });
    const body = { accountId, fileName: 'chase.csv', content: US_CSV };
    const shown = await preview(browser, body);
    // The second coffee of the file repeats the first: a possible duplicate, to be kept or not.
    expect(shown.body.data).toMatchObject({ newCount: 2, duplicateCount: 1, possibleDuplicateCount: 1 });
    expect(shown.body.data.rows.map((row) => [row.duplicate, row.repeatOf])).toEqual([
      [true, null],
      [false, 2],
      [false, null],
      [false, null],
    ]);

    expect((await commit(browser, { ...body, keepLines: [3] })).body.data.batch).toMatchObject({
      importedCount: 3,
      duplicateCount: 1,
    });
    expect((await countRows(accountId)).transactions).toBe(4);
    // Importing the same file again finds all four: three by their ids, one by the synced row.
    expect((await commit(browser, body)).body.data.batch).toMatchObject({
      importedCount: 0,
      duplicateCount: 4,
    });
    expect((await countRows(accountId)).transactions).toBe(4);
  });

  it('imports only the new part of a statement that overlaps an earlier import', async () => {
    const { browser, accountId } = await person();
    const january = `Date,Description,Amount\n01/05/2024,CORNER SHOP,-3.00\n01/05/2024,CORNER SHOP,-3.00\n01/20/2024,RENT,-900.00\n`;
    const later = `Date,Description,Amount\n01/05/2024,CORNER SHOP,-3.00\n01/05/2024,CORNER SHOP,-3.00\n01/05/2024,CORNER SHOP,-3.00\n01/20/2024,RENT,-900.00\n02/02/2024,BOOKS,-15.00\n`;
    expect(
      (await commit(browser, { accountId, fileName: 'jan.csv', content: january, keepLines: [3] })).status,
    ).toBe(201);
    const shown = await preview(browser, { accountId, fileName: 'jan-feb.csv', content: later });
    // The February row is new; the third identical purchase on 5 January may be a duplicate of the first.
    expect(shown.body.data.rows.map((row) => [row.duplicate, row.repeatOf])).toEqual([
      [true, null],
      [true, null],
      [false, 2],
      [true, null],
      [false, null],
    ]);
    const done = await commit(browser, {
      accountId,
      fileName: 'jan-feb.csv',
      content: later,
      keepLines: [4],
    });
    expect(done.body.data.batch).toMatchObject({ importedCount: 2, duplicateCount: 3 });
    expect((await countRows(accountId)).transactions).toBe(5);
  });
});

describe('possible duplicates inside one file', () => {
  it('skips a row repeated inside the file unless its line is kept', async () => {
    const { browser, accountId } = await person();
    const body = { accountId, fileName: 'chase.csv', content: US_CSV };
    const done = await commit(browser, body);
    expect(done.status).toBe(201);
    expect(done.body.data.batch).toMatchObject({ importedCount: 3, duplicateCount: 1 });
    expect((await rowsOf(accountId)).filter((row) => row.name.startsWith('STARBUCKS'))).toHaveLength(1);
    // The repeat is still offered on the next preview, and can be kept then.
    const again = await preview(browser, body);
    expect(again.body.data).toMatchObject({ newCount: 0, duplicateCount: 3, possibleDuplicateCount: 1 });
    expect(again.body.data.possibleDuplicates).toMatchObject([{ line: 3, repeatOf: 2 }]);
    const kept = await commit(browser, { ...body, keepLines: [3] });
    expect(kept.body.data.batch).toMatchObject({ importedCount: 1, duplicateCount: 3 });
    expect((await countRows(accountId)).transactions).toBe(4);
  });

  it('answers 400 for a kept line that is not a possible duplicate, writing nothing', async () => {
    const { browser, accountId } = await person();
    for (const keepLines of [[2], [3, 5], [99]]) {
      const refused = await commit(browser, { accountId, fileName: 'chase.csv', content: US_CSV, keepLines });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(
        /^Line \d+ is not a possible duplicate of an earlier row of the file$/,
      );
      expect(refused.body.items?.[0]?.field).toBe('keepLines');
    }
    const malformed = await commit(browser, {
      accountId,
      fileName: 'chase.csv',
      content: US_CSV,
      keepLines: ['3'],
    });
    expect(malformed.status).toBe(400);
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });
  });

  it('never flags rows told apart by the bank’s own ids', async () => {
    const { browser, accountId } = await person();
    const same = ofx('USD', [
      ['A1', '20240105', '-4.50', 'STARBUCKS'],
      ['A2', '20240105', '-4.50', 'STARBUCKS'],
    ]);
    const shown = await preview(browser, { accountId, fileName: 'two.ofx', content: same });
    expect(shown.body.data).toMatchObject({ newCount: 2, possibleDuplicateCount: 0 });
  });
});

describe('malformed and refused files', () => {
  it('answers 400 with the line at fault and writes nothing', async () => {
    const { browser, accountId } = await person();
    const content = `Date,Description,Amount\n01/05/2024,CORNER SHOP,-3.00\n01/06/2024,BAKERY,-2.50\n01/07/2024,GROCER,twelve\n01/08/2024,BOOKS,-15.00\n`;
    for (const send of [preview, commit]) {
      const refused = await send(browser, { accountId, fileName: 'bad.csv', content });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.error).toMatch(/^Line 4: /);
      expect(refused.body.error).toContain('twelve');
      expect(refused.body.items).toEqual([
        expect.objectContaining({ field: 'content', message: refused.body.error }),
      ]);
    }
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });
    expect(await db().select().from(csvMapping).where(eq(csvMapping.accountId, accountId))).toEqual([]);
  });

  it('refuses an empty file, a file over 10 MB and a file of unknown kind', async () => {
    const { browser, accountId } = await person();
    const empty = await commit(browser, { accountId, fileName: 'empty.csv', content: '  \n ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: 'Validation failed',
      items: [{ field: 'content', message: 'The file is empty' }],
    });

    const line = '01/05/2024,CORNER SHOP,-3.00\n';
    const huge = `Date,Description,Amount\n${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length) + 10)}`;
    const tooBig = await commit(browser, { accountId, fileName: 'huge.csv', content: huge });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.items).toEqual([
      expect.objectContaining({ field: 'content', message: 'The file is larger than 10 MB' }),
    ]);

    const unknown = await preview(browser, { accountId, fileName: 'notes.txt', content: 'just some words' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.items?.[0]?.field).toBe('content');

    const headerOnly = await commit(browser, {
      accountId,
      fileName: 'none.csv',
      content: 'Date,Description,Amount\n',
    });
    expect(headerOnly.status).toBe(400);
    expect(await countRows(accountId)).toEqual({ transactions: 0, batches: 0 });
  });
});

describe('history and undo', () => {
  it('lists imports newest first and undoes exactly one batch', async () => {
    const { browser, accountId } = await person();
    const first = await commit(browser, {
      accountId,
      fileName: 'chase.csv',
      content: US_CSV,
      keepLines: [3],
    });
    const second = await commit(browser, { accountId, fileName: 'statement.ofx', content: OFX_USD });
    expect((await countRows(accountId)).transactions).toBe(7);

    const list = await browser.json<Envelope<{ batches: Record<string, unknown>[] }>>('/api/v1/imports');
    expect(list.status).toBe(200);
    expect(list.body.data.batches).toMatchObject([
      {
        id: second.body.data.batch.id,
        fileName: 'statement.ofx',
        kind: 'ofx',
        status: 'committed',
        importedCount: 3,
        accountId,
        accountName: 'Everyday Checking',
      },
      {
        id: first.body.data.batch.id,
        fileName: 'chase.csv',
        kind: 'csv',
        status: 'committed',
        importedCount: 4,
        undoneAt: null,
      },
    ]);

    const undo = await browser.json<Envelope<{ id: string; removed: number }>>(
      `/api/v1/imports/${first.body.data.batch.id}`,
      {
        method: 'DELETE',
      },
    );
    expect(undo.status).toBe(200);
    expect(undo.body.data).toEqual({ id: first.body.data.batch.id, removed: 4 });
    const left = await rowsOf(accountId);
    expect(left).toHaveLength(3);
    expect(left.every((row) => row.importBatchId === second.body.data.batch.id)).toBe(true);

    const after =
      await browser.json<Envelope<{ batches: { id: string; status: string; undoneAt: string | null }[] }>>(
        '/api/v1/imports',
      );
    expect(after.body.data.batches.find((batch) => batch.id === first.body.data.batch.id)).toMatchObject({
      status: 'undone',
      undoneAt: expect.any(String),
    });
    const twice = await browser.json<Envelope<unknown>>(`/api/v1/imports/${first.body.data.batch.id}`, {
      method: 'DELETE',
    });
    expect(twice.status).toBe(409);

    // Undone rows can be imported again.
    expect(
      (await commit(browser, { accountId, fileName: 'chase.csv', content: US_CSV, keepLines: [3] })).body.data
        .batch.importedCount,
    ).toBe(4);
  });

  it('recomputes the balance history from the earliest imported day', async () => {
    const { browser, userId, accountId } = await person();
    await commit(browser, { accountId, fileName: 'chase.csv', content: US_CSV });
    const [snapshots] = await db()
      .select({ first: min(balanceSnapshot.date), last: max(balanceSnapshot.date) })
      .from(balanceSnapshot)
      .where(and(eq(balanceSnapshot.userId, userId), eq(balanceSnapshot.accountId, accountId)));
    expect(snapshots?.first).toBe('2024-01-05');
    expect(snapshots?.last && snapshots.last > '2024-01-07').toBe(true);
  });
});

describe('isolation', () => {
  it("never reads, writes or undoes into another user's account", async () => {
    const owner = await person();
    const done = await commit(owner.browser, {
      accountId: owner.accountId,
      fileName: 'chase.csv',
      content: US_CSV,
      keepLines: [3],
    });
    const batchId = done.body.data.batch.id;

    const { browser: other } = await w.signUp();
    for (const send of [preview, commit]) {
      const refused = await send(other, {
        accountId: owner.accountId,
        fileName: 'chase.csv',
        content: US_CSV,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ items: [{ field: 'accountId', message: 'No such account' }] });
    }
    expect(
      (await preview(other, { accountId: 'not-a-uuid', fileName: 'a.csv', content: US_CSV })).status,
    ).toBe(400);
    expect((await other.json(`/api/v1/imports/${batchId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.json('/api/v1/imports/not-a-uuid', { method: 'DELETE' })).status).toBe(404);
    const list = await other.json<Envelope<{ batches: unknown[] }>>('/api/v1/imports');
    expect(list.body.data.batches).toEqual([]);

    expect((await countRows(owner.accountId)).transactions).toBe(4);
    const [batch] = await db()
      .select({ status: importBatch.status })
      .from(importBatch)
      .where(and(eq(importBatch.id, batchId), eq(importBatch.userId, owner.userId)));
    expect(batch?.status).toBe('committed');
  });

  it('requires a session', async () => {
    const response = await w.browser().json('/api/v1/imports');
    expect(response.status).toBe(401);
  });
});

describe('plan limits', () => {
  it('refuses (403) an import that would pass the plan’s transaction limit, writing nothing', async () => {
    // With billing configured every user is on the free tier: 250 transactions (spec §9).
    const billed = await createAuthWorld({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_PRICE_ID_PRO_MONTHLY: 'price_123',
    });
    try {
      const { browser } = await billed.signUp();
      const userId = await userIdOf(browser);
      const [account] = await billed.t.database.db
        .insert(financialAccount)
        .values({ userId, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD' })
        .returning({ id: financialAccount.id });
      const rows = (n: number, day: string) =>
        Array.from({ length: n }, (_, i) => `${day},SHOP ${i},-${i + 1}.00`).join('\n');
      const send = (content: string) =>
        browser.json<Envelope<{ batch: Batch }>>('/api/v1/imports', {
          body: {
            accountId: account?.id,
            fileName: 'big.csv',
            content: `Date,Description,Amount\n${content}\n`,
          },
        });

      expect((await send(rows(200, '01/05/2024'))).status).toBe(201);
      const refused = await send(rows(51, '01/06/2024'));
      expect(refused.status).toBe(403);
      expect(refused.body.error).toContain('250 transactions');
      const [left] = await billed.t.database.db
        .select({ n: count() })
        .from(transaction)
        .where(eq(transaction.userId, userId));
      expect(left?.n).toBe(200);
      const batches = await billed.t.database.db
        .select()
        .from(importBatch)
        .where(eq(importBatch.userId, userId));
      expect(batches).toHaveLength(1);
      // Exactly up to the limit is fine.
      expect((await send(rows(50, '01/07/2024'))).body.data.batch.importedCount).toBe(50);
    } finally {
      await billed.close();
    }
  });
});

describe('a file of more than 10,000 rows', () => {
  it(
    'is imported at once up to 10,000 rows, and as a background job from 10,001',
    { timeout: 120_000 },
    async () => {
      const { browser, accountId } = await person();
      const lines = ['Date,Description,Amount'];
      for (let index = 0; index < 10_001; index += 1)
        lines.push(
          `2024-02-${String(1 + (index % 28)).padStart(2, '0')},Payee ${index},-${1 + (index % 500)}.25`,
        );
      const direct = await commit(browser, {
        accountId,
        fileName: 'ten-thousand.csv',
        content: `${lines.slice(0, 10_001).join('\n')}\n`,
      });
      expect(direct.status, JSON.stringify(direct.body)).toBe(201);
      expect(direct.body.data.batch.importedCount).toBe(10_000);

      const queued = await browser.json<Envelope<{ job: { id: string; state: string; totalRows: number } }>>(
        '/api/v1/imports',
        { body: { accountId, fileName: 'ten-thousand-and-one.csv', content: `${lines.join('\n')}\n` } },
      );
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      expect(queued.body.data.job).toMatchObject({ state: 'queued', totalRows: 10_001 });
      let job: { state: string; result: Batch | null } | undefined;
      for (let attempt = 0; attempt < 600 && job?.state !== 'done'; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        const read = await browser.json<Envelope<{ job: { state: string; result: Batch | null } }>>(
          `/api/v1/imports/jobs/${queued.body.data.job.id}`,
        );
        job = read.body.data.job;
      }
      expect(job?.result, JSON.stringify(job)).toMatchObject({ importedCount: 1, duplicateCount: 10_000 });
      expect(await countRows(accountId)).toEqual({ transactions: 10_001, batches: 2 });
    },
  );
});
