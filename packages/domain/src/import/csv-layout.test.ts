import { describe, expect, it } from 'vitest';
import { detectCsvLayout } from './csv-layout';
import { tokenizeCsv } from './csv-tokenizer';
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
import { ImportParseError } from './types';

describe('tokenizeCsv', () => {
  it('keeps delimiters, line breaks and doubled quotes inside quoted fields', () => {
    const records = tokenizeCsv('a,"b, c","say ""hi""\r\nthere"\r\nd,e,f', ',');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"\nthere'] },
      { line: 3, fields: ['d', 'e', 'f'] },
    ]);
  });

  it('reads LF, CRLF and old Mac CR line endings, and a trailing delimiter as an empty field', () => {
    expect(tokenizeCsv('a;b\rc;d\ne;f;', ';').map((record) => [record.line, record.fields])).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [3, ['e', 'f', '']],
    ]);
  });

  it('accepts spaces before an opening quote and keeps a stray quote inside an unquoted field', () => {
    expect(tokenizeCsv('1, "Smith, J", 24" monitor', ',')[0]?.fields).toEqual([
      '1',
      'Smith, J',
      ' 24" monitor',
    ]);
  });

  it('throws at the line where a quote opens and never closes', () => {
    const text = 'Date,Description,Amount\n01/02/2024,"Coffee,-3.50\n01/03/2024,Tea,-2.00\n';
    expect(() => tokenizeCsv(text, ',')).toThrow(
      new ImportParseError(2, 'a quoted field is never closed (a " is missing)'),
    );
  });
});

describe('detectCsvLayout on real-world exports', () => {
  it('US checking: comma, MM/DD/YYYY, signed amount, check number, balance', () => {
    const layout = detectCsvLayout(US_CHECKING);
    expect(layout).toMatchObject({
      delimiter: ',',
      skipLines: 0,
      hasHeader: true,
      columns: { date: 1, name: 2, amount: 3, balance: 5, checkNumber: 6 },
      dateFormat: 'MM/DD/YYYY',
      decimal: '.',
      sign: 'signed',
      invertSign: false,
      warnings: [],
    });
    expect(layout.headers[1]).toBe('Posting Date');
  });

  it('UK current account: DD/MM/YYYY and separate Paid out / Paid in columns', () => {
    expect(detectCsvLayout(UK_CURRENT)).toMatchObject({
      delimiter: ',',
      columns: { date: 0, name: 2, debit: 3, credit: 4, balance: 5 },
      dateFormat: 'DD/MM/YYYY',
      decimal: '.',
      sign: 'debit-credit',
      warnings: [],
    });
  });

  it('German ING: BOM, 14 preamble lines, semicolons, DD.MM.YYYY, decimal comma, umlaut headers', () => {
    const layout = detectCsvLayout(DE_ING);
    expect(layout).toMatchObject({
      delimiter: ';',
      skipLines: 14,
      hasHeader: true,
      columns: { date: 0, payee: 2, name: 4, balance: 5, currency: 6, amount: 7 },
      dateFormat: 'DD.MM.YYYY',
      decimal: ',',
      sign: 'signed',
      warnings: [],
    });
    expect(layout.headers[2]).toBe('Auftraggeber/Empfänger');
  });

  it('American Express: multi-line quoted fields, unique reference and category columns', () => {
    expect(detectCsvLayout(AMEX_CARD)).toMatchObject({
      columns: { date: 0, name: 1, amount: 2, memo: 3, reference: 9, category: 10 },
      dateFormat: 'MM/DD/YYYY',
      sign: 'signed',
      invertSign: false,
    });
  });

  it('pipe-separated with a Dr/Cr indicator column and lakh grouping', () => {
    expect(detectCsvLayout(IN_PIPE_DRCR)).toMatchObject({
      delimiter: '|',
      columns: { date: 0, name: 1, checkNumber: 2, amount: 3, indicator: 4, balance: 5 },
      dateFormat: 'DD/MM/YYYY',
      decimal: '.',
      sign: 'indicator',
    });
  });

  it('Dutch ING: Af/Bij indicator, YYYYMMDD dates, "Bedrag (EUR)" with decimal comma', () => {
    expect(detectCsvLayout(NL_ING)).toMatchObject({
      delimiter: ',',
      columns: { date: 0, name: 1, indicator: 5, amount: 6, memo: 8 },
      dateFormat: 'YYYYMMDD',
      decimal: ',',
      sign: 'indicator',
    });
  });

  it('Nationwide: account lines and a blank line before the header, "02 Jan 2024" dates', () => {
    expect(detectCsvLayout(UK_NATIONWIDE)).toMatchObject({
      skipLines: 4,
      hasHeader: true,
      columns: { date: 0, name: 2, debit: 3, credit: 4, balance: 5 },
      dateFormat: 'D MMM YYYY',
      sign: 'debit-credit',
    });
  });

  it('tab-separated with date-times, a currency column and a merchant as the only text', () => {
    expect(detectCsvLayout(TAB_CARD)).toMatchObject({
      delimiter: '\t',
      columns: { date: 0, payee: 1, amount: 2, currency: 3 },
      dateFormat: 'YYYY-MM-DD',
      decimal: ',',
    });
  });
});

describe('detectCsvLayout decisions', () => {
  const ambiguous = 'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Tea,-2.00\n';

  it('reports day/month ambiguity and follows the locale hint', () => {
    const us = detectCsvLayout(ambiguous, { locale: 'en-US' });
    expect(us.dateFormat).toBe('MM/DD/YYYY');
    expect(us.warnings).toEqual([
      'Dates such as "01/02/2024" could be MM/DD/YYYY or DD/MM/YYYY: no day above 12 settles it, so MM/DD/YYYY was chosen. Change the date format if the dates look wrong.',
    ]);
    expect(detectCsvLayout(ambiguous, { locale: 'en-GB' }).dateFormat).toBe('DD/MM/YYYY');
  });

  it('without a locale, non-English headers or € / £ amounts mean day first', () => {
    expect(detectCsvLayout(ambiguous).dateFormat).toBe('MM/DD/YYYY');
    expect(detectCsvLayout('Datum,Omschrijving,Bedrag\n01/02/2024,Koffie,-3.50\n').dateFormat).toBe(
      'DD/MM/YYYY',
    );
    expect(detectCsvLayout('Date,Description,Amount\n01/02/2024,Coffee,-£3.50\n').dateFormat).toBe(
      'DD/MM/YYYY',
    );
  });

  it('one day above 12 anywhere in the file settles the order without a warning', () => {
    const rows = Array.from({ length: 40 }, (_, index) => `0${(index % 9) + 1}/01/2024,Row ${index},-1.00`);
    const layout = detectCsvLayout(['Date,Description,Amount', ...rows, '25/01/2024,Last,-1.00'].join('\n'));
    expect(layout.dateFormat).toBe('DD/MM/YYYY');
    expect(layout.warnings).toEqual([]);
  });

  it('reads a file without a header from its content', () => {
    const text =
      '2024-01-03,"WHOLE FOODS, AUSTIN",-87.12,1912.88\n2024-01-04,SHELL OIL 5744,-40.00,1872.88\n';
    expect(detectCsvLayout(text)).toMatchObject({
      hasHeader: false,
      skipLines: 0,
      headers: [],
      columns: { date: 0, name: 1, amount: 2, balance: 3 },
      dateFormat: 'YYYY-MM-DD',
      sign: 'signed',
    });
  });

  it('takes the row naming the most columns as the header, not a preamble line with two known words', () => {
    const text = [
      'Date range:,01/01/2024 - 31/01/2024,Balance:,£812.40',
      'Date,Type,Description,Amount,Balance',
      '03/01/2024,DEB,Coffee,-3.50,808.90',
    ].join('\n');
    expect(detectCsvLayout(text)).toMatchObject({
      skipLines: 1,
      hasHeader: true,
      columns: { date: 0, amount: 3 },
    });
  });

  it('obeys an Excel "sep=" line', () => {
    const layout = detectCsvLayout('sep=;\nDate;Description;Amount\n2024-01-03;Coffee;-3,50\n');
    expect(layout).toMatchObject({ delimiter: ';', skipLines: 1, hasHeader: true, decimal: ',' });
  });

  it('drops an indicator column when the amounts already carry a sign', () => {
    const text = 'Date,Description,Amount,Type\n2024-01-03,Coffee,-3.50,DR\n2024-01-04,Refund,3.50,CR\n';
    expect(detectCsvLayout(text)).toMatchObject({ sign: 'signed', columns: { amount: 2 } });
    expect(detectCsvLayout(text).columns.indicator).toBeUndefined();
  });

  it('warns when every amount is positive (a card export that may need the sign inverted)', () => {
    const text =
      'Date,Description,Amount\n2024-01-03,Coffee,3.50\n2024-01-04,Books,12.00\n2024-01-05,Fuel,40.00\n';
    expect(detectCsvLayout(text).warnings).toEqual([
      'Every amount is positive. If this is a card statement that lists purchases as positive, invert the sign.',
    ]);
  });

  it('says what it could not find instead of throwing', () => {
    const layout = detectCsvLayout('Name,Notes\nAlice,hello\nBob,world\n');
    expect(layout.columns.date).toBeUndefined();
    expect(layout.warnings).toContain(
      'No date column was recognised: choose the column that holds the date.',
    );
    expect(layout.warnings).toContain(
      'No amount column was recognised: choose the column that holds the amount.',
    );
  });

  it('produces a mapping that survives a JSON round trip (it is saved per account)', () => {
    const layout = detectCsvLayout(DE_ING);
    expect(JSON.parse(JSON.stringify(layout))).toEqual(layout);
  });
});
