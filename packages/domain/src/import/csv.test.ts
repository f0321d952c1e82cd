import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { detectCsvLayout, type CsvMapping } from './csv-layout';
import {
  AMEX_CARD,
  DE_ING,
  IN_PIPE_DRCR,
  NL_ING,
  TAB_CARD,
  UK_CURRENT,
  UK_NATIONWIDE,
  US_CHECKING,
} from './fixtures/csv-exports';
import { ImportParseError, type ParsedStatement } from './types';

const parse = (text: string, currency: string, changes: Partial<CsvMapping> = {}) =>
  parseCsv(text, { ...detectCsvLayout(text), ...changes }, { currency });
const brief = (statement: ParsedStatement) =>
  statement.transactions.map(({ line, date, amountMinor, name }) => [line, date, amountMinor, name]);

/** The error a parse throws; fails the test when it returns instead. */
function parseError(run: () => unknown): ImportParseError {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportParseError);
    return error as ImportParseError;
  }
  throw new Error(`expected an ImportParseError, got ${JSON.stringify(result)}`);
}

describe('parseCsv on real-world exports', () => {
  it('US checking: signed cents, quoted payees with commas, check numbers, the latest balance', () => {
    const statement = parse(US_CHECKING, 'USD');
    expect(brief(statement)).toEqual([
      [2, '2024-01-16', -575, 'STARBUCKS STORE 12345 SEATTLE, WA 01/16'],
      [3, '2024-01-16', -575, 'STARBUCKS STORE 12345 SEATTLE, WA 01/16'],
      [4, '2024-01-15', 250000, 'ACME CORP PAYROLL PPD ID: 1234567890'],
      [5, '2024-01-12', -12000, 'CHECK 1042'],
      [6, '2024-01-02', -113394, 'AMAZON.COM*RT4YU7 AMZN.COM/BILL, WA'],
    ]);
    expect(statement.transactions[3]).toMatchObject({ checkNumber: '1042', currency: 'USD' });
    // Newest first: the balance after the most recent row is the first row's.
    expect(statement.account).toEqual({
      currency: 'USD',
      balance: { amountMinor: 123456, currency: 'USD', asOf: '2024-01-16' },
    });
    expect(statement.warnings).toEqual([]);
  });

  it('UK current account: paid out is negative, paid in positive, £ and thousands stripped', () => {
    const statement = parse(UK_CURRENT, 'GBP');
    expect(brief(statement)).toEqual([
      [2, '2024-01-31', -4520, 'THAMES WATER'],
      [3, '2024-01-30', 60000, 'J SMITH RENT SHARE'],
      [4, '2024-01-29', -2345, 'TESCO STORES 3217, LONDON'],
      [5, '2024-01-02', -100000, 'SAVINGS POT'],
    ]);
    expect(statement.account?.balance).toEqual({ amountMinor: 195480, currency: 'GBP', asOf: '2024-01-31' });
  });

  it('German ING: "-1.234,56" is -123456 cents, payee and purpose kept, lines counted from the file start', () => {
    const statement = parse(DE_ING, 'EUR');
    expect(brief(statement)).toEqual([
      [16, '2024-01-31', -123456, 'Strom Januar 2024 Vertragskonto 1234567'],
      [17, '2024-01-29', 350000, 'Gehalt Januar 2024'],
      [18, '2024-01-15', -1250, 'REWE SAGT DANKE 12345678'],
      [19, '2024-01-02', -320, 'Kartenzahlung girocard'],
    ]);
    expect(statement.transactions[1]?.payee).toBe('Müller & Söhne GmbH');
    expect(statement.account?.balance).toEqual({ amountMinor: 306710, currency: 'EUR', asOf: '2024-01-31' });
  });

  it('American Express with invertSign: purchases become negative, the payment positive', () => {
    const statement = parse(AMEX_CARD, 'USD', { invertSign: true });
    expect(brief(statement)).toEqual([
      [2, '2024-01-14', -2341, 'UBER TRIP HELP.UBER.COM CA'],
      [10, '2024-01-12', -8712, 'WHOLE FOODS MARKET, #10 AUSTIN TX'],
      [13, '2024-01-10', 50000, 'ONLINE PAYMENT - THANK YOU'],
    ]);
    expect(statement.transactions[0]).toMatchObject({
      externalId: '320240140123456789',
      providerCategory: 'Transportation-Taxis & Coach',
      memo: 'TVPWGTGD UBER TRIP HELP.UBER.COM CA Description : RIDESHARE Price : 0.00 Transportation',
    });
    expect(parse(AMEX_CARD, 'USD').transactions.map((row) => row.amountMinor)).toEqual([2341, 8712, -50000]);
  });

  it('pipe-separated Dr/Cr: DR is money out, CR money in, 1,50,000.00 is 15,000,000 paise', () => {
    const statement = parse(IN_PIPE_DRCR, 'INR');
    expect(brief(statement)).toEqual([
      [2, '2024-01-02', -125000, 'UPI/401234567890/SWIGGY/swiggy@icici'],
      [3, '2024-01-05', 15000000, 'NEFT-ACME SOFTWARE PVT LTD-SALARY JAN'],
      [4, '2024-01-15', -1000000, 'ATM WDL/MUMBAI ANDHERI E'],
    ]);
    expect(statement.account?.balance).toEqual({
      amountMinor: 26345678,
      currency: 'INR',
      asOf: '2024-01-15',
    });
  });

  it('Dutch ING: Af is money out, Bij money in', () => {
    expect(brief(parse(NL_ING, 'EUR'))).toEqual([
      [2, '2024-01-15', -1234, 'Albert Heijn 1234'],
      [3, '2024-01-25', 275000, 'Werkgever B.V.'],
    ]);
  });

  it('Nationwide: skips the account lines, reads "02 Jan 2024", oldest-first balance', () => {
    const statement = parse(UK_NATIONWIDE, 'GBP');
    expect(brief(statement)).toEqual([
      [6, '2024-01-02', -2345, 'TESCO STORES 3217'],
      [7, '2024-01-05', 200000, 'ACME LTD SALARY'],
      [8, '2024-01-13', -15000, 'COUNCIL TAX'],
    ]);
    expect(statement.account?.balance).toEqual({ amountMinor: 306111, currency: 'GBP', asOf: '2024-01-13' });
  });

  it('a currency column overrides the account currency per row', () => {
    const statement = parse(TAB_CARD, 'EUR');
    expect(statement.transactions.map((row) => [row.amountMinor, row.currency, row.name])).toEqual([
      [-450, 'EUR', 'Café Central'],
      [-1200, 'CHF', 'SBB CFF FFS'],
    ]);
  });

  it('rounds to the currency exponent (JPY has none, KWD three)', () => {
    const text = 'Date,Description,Amount\n2024-01-03,Ramen,-1200\n2024-01-04,Sushi,-3500.4\n';
    expect(parse(text, 'JPY').transactions.map((row) => row.amountMinor)).toEqual([-1200, -3500]);
    expect(parse(text, 'KWD').transactions.map((row) => row.amountMinor)).toEqual([-1200000, -3500400]);
  });
});

describe('parseCsv with a saved mapping', () => {
  it('finds the header again when the bank adds preamble lines', () => {
    const saved: CsvMapping = JSON.parse(JSON.stringify(detectCsvLayout(DE_ING)));
    const longer = DE_ING.replace(
      'Bank;ING\r\n',
      'Bank;ING\r\nBIC;INGDDEFFXXX\r\nKontoinhaber;Max Mustermann\r\n',
    );
    const statement = parseCsv(longer, saved, { currency: 'EUR' });
    expect(statement.transactions[0]).toMatchObject({ line: 18, amountMinor: -123456 });
  });

  it('skips blank lines and repeated header rows, with a warning for the latter', () => {
    const text =
      'Date,Description,Amount\n2024-01-03,Coffee,-3.50\n\nDate,Description,Amount\n2024-01-04,Tea,-2.00\n';
    const statement = parse(text, 'USD');
    expect(brief(statement)).toEqual([
      [2, '2024-01-03', -350, 'Coffee'],
      [5, '2024-01-04', -200, 'Tea'],
    ]);
    expect(statement.warnings).toEqual(['1 repeated header row(s) were skipped.']);
  });

  it('does not use a reference column that repeats values as the transaction id', () => {
    const text =
      'Date,Description,Amount,Reference\n2024-01-03,Rent,-900.00,RENT\n2024-02-03,Rent,-900.00,RENT\n';
    const statement = parse(text, 'GBP');
    expect(statement.transactions.every((row) => row.externalId === undefined)).toBe(true);
    expect(statement.warnings).toEqual([
      'The reference column repeats values (such as "RENT"), so it is not used as the bank\'s transaction id.',
    ]);
  });

  it('returns an empty statement, with a warning, for a header without rows', () => {
    expect(parse('Date,Description,Amount\n', 'USD')).toEqual({
      account: { currency: 'USD' },
      transactions: [],
      warnings: ['The file has no transactions.'],
    });
  });
});

describe('parseCsv errors: the line, what was found, what was expected, and nothing imported', () => {
  const uk = (rows: string) => `Date,Description,Amount\n${rows}`;
  const layout: CsvMapping = {
    delimiter: ',',
    skipLines: 0,
    hasHeader: true,
    columns: { date: 0, name: 1, amount: 2 },
    dateFormat: 'DD/MM/YYYY',
    decimal: '.',
    sign: 'signed',
  };

  it.each([
    [
      'an impossible date',
      uk('28/02/2024,Coffee,-3.50\n29/02/2024,Leap day,-1.00\n31/02/2024,Tea,-2.00\n'),
      'Line 4: "31/02/2024" is not a valid date (expected DD/MM/YYYY)',
    ],
    [
      'a date in another format',
      uk('2024-02-03,Coffee,-3.50\n'),
      'Line 2: "2024-02-03" is not a valid date (expected DD/MM/YYYY)',
    ],
    ['an empty date', uk('01/02/2024,Coffee,-3.50\n,Tea,-2.00\n'), 'Line 3: the date is empty'],
    [
      'a bad amount',
      uk('01/02/2024,Coffee,-3.5O\n'),
      'Line 2: "-3.5O" is not a valid amount (expected a number like -1,234.56)',
    ],
    [
      'a decimal comma in a "." file',
      uk('01/02/2024,Coffee,"12,50"\n'),
      'Line 2: "12,50" is not a valid amount (expected a number like -1,234.56)',
    ],
    ['an empty amount', uk('01/02/2024,Coffee,\n'), 'Line 2: the amount is empty'],
    [
      'an unterminated quote',
      uk('01/02/2024,"Coffee,-3.50\n02/02/2024,Tea,-2.00\n'),
      'Line 2: a quoted field is never closed (a " is missing)',
    ],
  ])('%s', (_, text, message) => {
    const error = parseError(() => parseCsv(text, layout, { currency: 'GBP' }));
    expect(error.message).toBe(message);
    expect(error.line).toBe(Number(/^Line (\d+)/.exec(message)?.[1]));
  });

  it('a saved mapping whose column the file does not have', () => {
    const error = parseError(() =>
      parseCsv('Date,Description\n01/02/2024,Coffee\n', layout, { currency: 'GBP' }),
    );
    expect(error.message).toBe('Line 1: the header has 2 columns, so column 3 for the amount is missing');
  });

  it('no column chosen for the date or the amount', () => {
    const noDate = { ...layout, columns: { name: 1, amount: 2 } };
    expect(
      parseError(() => parseCsv(uk('01/02/2024,Coffee,-3.50\n'), noDate, { currency: 'GBP' })).message,
    ).toBe('Line 1: no column is chosen for the date');
    const noAmount = { ...layout, sign: 'debit-credit' as const, columns: { date: 0, name: 1 } };
    expect(
      parseError(() => parseCsv(uk('01/02/2024,Coffee,-3.50\n'), noAmount, { currency: 'GBP' })).message,
    ).toBe('Line 1: no column is chosen for the debit or credit amount');
  });

  it('a bad debit/credit indicator, an empty debit and credit, an unknown currency', () => {
    const indicator: CsvMapping = {
      ...layout,
      sign: 'indicator',
      columns: { date: 0, amount: 1, indicator: 2 },
    };
    expect(
      parseError(() => parseCsv('Date,Amount,CR/DR\n01/02/2024,3.50,XX\n', indicator, { currency: 'GBP' }))
        .message,
    ).toBe('Line 2: "XX" is not a debit/credit indicator (expected CR or DR)');
    const split: CsvMapping = { ...layout, sign: 'debit-credit', columns: { date: 0, debit: 1, credit: 2 } };
    expect(
      parseError(() => parseCsv('Date,Out,In\n01/02/2024,,\n', split, { currency: 'GBP' })).message,
    ).toBe('Line 2: neither the debit nor the credit column has an amount');
    const withCurrency: CsvMapping = { ...layout, columns: { date: 0, amount: 1, currency: 2 } };
    expect(
      parseError(() =>
        parseCsv('Date,Amount,Currency\n01/02/2024,3.50,EURO\n', withCurrency, { currency: 'GBP' }),
      ).message,
    ).toBe('Line 2: "EURO" is not a currency code (expected one like EUR or USD)');
  });

  it('a multi-line record reports the line it starts on', () => {
    const text = AMEX_CARD.replace('87.12', '87.12x');
    expect(parseError(() => parse(text, 'USD')).message).toBe(
      'Line 10: "87.12x" is not a valid amount (expected a number like -1,234.56)',
    );
  });

  it('a row with more fields than the header (an unquoted delimiter) instead of shifted columns', () => {
    const text = AMEX_CARD.replace('87.12', '87,12');
    expect(parseError(() => parse(text, 'USD')).message).toBe(
      'Line 10: the row has 12 fields but the header has 11 (a value containing "," may be missing its quotes)',
    );
  });
});
