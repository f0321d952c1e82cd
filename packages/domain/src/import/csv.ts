import { currencyExponent, isCurrencyCode } from '../currencies';
import { parseAmountCell, type DecimalSeparator } from './amounts';
import { indicatorSign, normaliseHeader, type CsvColumnRole } from './csv-headers';
import type { CsvMapping } from './csv-layout';
import { isBlankRecord, tokenizeCsv, type CsvRecord } from './csv-tokenizer';
import { fingerprintInPlace } from './fingerprint';
import { parseDateAs } from './statement-dates';
import { offsetAfterLines, stripBom } from './text';
import { ImportParseError, type ParsedStatement, type ParsedTransaction } from './types';

export type ParseCsvOptions = {
  /** ISO-4217 code of the account; rows without a currency column are in it. */
  currency: string;
};

type Row = Omit<ParsedTransaction, 'fingerprint'>;

const AMOUNT_EXAMPLE = { '.': '-1,234.56', ',': '-1.234,56' } as const;

/** Whether a record is the saved header row (cells compared loosely). */
function isHeaderRow(record: CsvRecord, headers: readonly string[]): boolean {
  return (
    record.fields.length === headers.length &&
    record.fields.every((cell, index) => normaliseHeader(cell) === normaliseHeader(headers[index] ?? ''))
  );
}

function sameCells(a: CsvRecord, b: CsvRecord): boolean {
  return (
    a.fields.length === b.fields.length &&
    a.fields.every((cell, index) => cell.trim() === b.fields[index]?.trim())
  );
}

/**
 * Tokenises from the mapping's first line. When the saved header row is not there (the bank added or
 * dropped a line of preamble), looks for it in the first 50 lines before giving up.
 */
function readRecords(text: string, mapping: CsvMapping): CsvRecord[] {
  const read = (skip: number) =>
    tokenizeCsv(text.slice(offsetAfterLines(text, skip)), mapping.delimiter, { firstLine: skip + 1 }).filter(
      (record) => !isBlankRecord(record),
    );
  const headers = mapping.headers;
  if (!mapping.hasHeader || !headers?.length) return read(mapping.skipLines);
  const firstAt = (skip: number) =>
    tokenizeCsv(text.slice(offsetAfterLines(text, skip)), mapping.delimiter, {
      firstLine: skip + 1,
      maxRecords: 1,
      lenientEnd: true,
    })[0];
  const expected = firstAt(mapping.skipLines);
  if (expected && isHeaderRow(expected, headers)) return read(mapping.skipLines);
  for (let skip = 0; skip < 50; skip += 1) {
    const record = firstAt(skip);
    if (record && isHeaderRow(record, headers)) return read(skip);
  }
  return read(mapping.skipLines);
}

function requiredRoles(mapping: CsvMapping): CsvColumnRole[] {
  const { columns } = mapping;
  if (mapping.sign === 'debit-credit') {
    return [
      'date',
      ...(columns.debit === undefined && columns.credit === undefined ? (['debit'] as const) : []),
    ];
  }
  return mapping.sign === 'indicator' ? ['date', 'amount', 'indicator'] : ['date', 'amount'];
}

const ROLE_TEXT: Record<CsvColumnRole, string> = {
  date: 'the date',
  amount: 'the amount',
  debit: 'the debit (money out)',
  credit: 'the credit (money in)',
  indicator: 'the debit/credit indicator',
  balance: 'the balance',
  currency: 'the currency',
  checkNumber: 'the check number',
  reference: 'the reference',
  category: 'the category',
  name: 'the description',
  payee: 'the payee',
  memo: 'the memo',
  foreignAmount: 'the foreign amount',
  foreignCurrency: 'the foreign currency',
  exchangeRate: 'the exchange rate',
};

/**
 * Reads a bank's CSV export with a mapping from detectCsvLayout (or one the user edited and saved).
 * Amounts become signed integer minor units of the row's currency (a currency column, else
 * `options.currency`), positive = money into the account: a signed column as written, debit/credit
 * columns as credit − debit (magnitudes), an indicator column as + for CR and − for DR; `invertSign`
 * then negates every amount. Digits beyond the currency's exponent are rounded half away from zero.
 * Blank rows and repeated header rows are skipped. All or nothing: any bad row throws ImportParseError
 * with its line number. The statement's balance is the balance column of the most recent row.
 */
export function parseCsv(input: string, mapping: CsvMapping, options: ParseCsvOptions): ParsedStatement {
  currencyExponent(options.currency);
  const text = stripBom(input);
  const warnings: string[] = [];
  const records = readRecords(text, mapping);
  const header = mapping.hasHeader ? records[0] : undefined;
  const rows = mapping.hasHeader ? records.slice(1) : records;
  const { columns } = mapping;
  const where = header?.line ?? rows[0]?.line ?? mapping.skipLines + 1;

  for (const role of requiredRoles(mapping)) {
    if (columns[role] === undefined) {
      const what = role === 'debit' ? 'the debit or credit amount' : ROLE_TEXT[role];
      throw new ImportParseError(where, `no column is chosen for ${what}`);
    }
  }
  for (const [role, column] of Object.entries(columns) as [CsvColumnRole, number][]) {
    if (header && column >= header.fields.length) {
      throw new ImportParseError(
        where,
        `the header has ${header.fields.length} columns, so column ${column + 1} for ${ROLE_TEXT[role]} is missing`,
      );
    }
  }

  const parsed: Row[] = [];
  // Only the first and last rows with a balance matter; their cells are parsed once, at the end.
  let firstBalance: { row: Row; raw: string } | undefined;
  let lastBalance: { row: Row; raw: string } | undefined;
  let repeatedHeaders = 0;
  for (const record of rows) {
    if (header && sameCells(record, header)) {
      repeatedHeaders += 1;
      continue;
    }
    if (
      header &&
      record.fields.length > header.fields.length &&
      record.fields.slice(header.fields.length).some((field) => field.trim() !== '')
    ) {
      const shown = mapping.delimiter === '\t' ? 'a tab' : `"${mapping.delimiter}"`;
      throw new ImportParseError(
        record.line,
        `the row has ${record.fields.length} fields but the header has ${header.fields.length} (a value containing ${shown} may be missing its quotes)`,
      );
    }
    const row = readRow(record, mapping, options.currency);
    parsed.push(row);
    const raw = cellOf(record, columns.balance);
    if (raw !== '') {
      lastBalance = { row, raw };
      firstBalance ??= lastBalance;
    }
  }
  if (repeatedHeaders > 0) warnings.push(`${repeatedHeaders} repeated header row(s) were skipped.`);
  if (parsed.length === 0) warnings.push('The file has no transactions.');

  const references = new Set<string>();
  const repeated = parsed.find((row) => {
    if (row.externalId === undefined) return false;
    if (references.has(row.externalId)) return true;
    references.add(row.externalId);
    return false;
  })?.externalId;
  if (repeated !== undefined) {
    warnings.push(
      `The reference column repeats values (such as "${repeated}"), so it is not used as the bank's transaction id.`,
    );
    for (const row of parsed) delete row.externalId;
  }

  // Exports run oldest-first or newest-first; the balance that holds now is on the latest row.
  const latest =
    firstBalance && lastBalance && firstBalance.row.date > lastBalance.row.date ? firstBalance : lastBalance;
  const balanceMinor = latest && parseAmountCell(latest.raw, mapping.decimal, latest.row.currency);
  return {
    account: {
      currency: options.currency,
      ...(latest &&
        balanceMinor !== undefined && {
          balance: { amountMinor: balanceMinor, currency: latest.row.currency, asOf: latest.row.date },
        }),
    },
    transactions: fingerprintInPlace(parsed),
    warnings,
  };
}

/** A cell trimmed, with runs of whitespace (line breaks of multi-line cells) as one space; '' if absent. */
function cellOf(record: CsvRecord, column: number | undefined): string {
  if (column === undefined) return '';
  const value = (record.fields[column] ?? '').trim();
  return /\s\s|[\t\n\r]/.test(value) ? value.replace(/\s+/g, ' ') : value;
}

function amountOf(raw: string, decimal: DecimalSeparator, currency: string, line: number): number {
  const amount = parseAmountCell(raw, decimal, currency);
  if (amount === undefined) {
    throw new ImportParseError(
      line,
      `"${raw}" is not a valid amount (expected a number like ${AMOUNT_EXAMPLE[decimal]})`,
    );
  }
  return amount;
}

function readRow(record: CsvRecord, mapping: CsvMapping, fallbackCurrency: string): Row {
  const { columns, decimal } = mapping;
  const line = record.line;

  const rawDate = cellOf(record, columns.date);
  if (rawDate === '') throw new ImportParseError(line, 'the date is empty');
  const date = parseDateAs(rawDate, mapping.dateFormat);
  if (date === undefined) {
    throw new ImportParseError(line, `"${rawDate}" is not a valid date (expected ${mapping.dateFormat})`);
  }

  const rawCurrency = cellOf(record, columns.currency).toUpperCase();
  const currency = rawCurrency === '' ? fallbackCurrency : rawCurrency;
  if (!isCurrencyCode(currency)) {
    throw new ImportParseError(
      line,
      `"${rawCurrency}" is not a currency code (expected one like EUR or USD)`,
    );
  }

  let amountMinor: number;
  if (mapping.sign === 'debit-credit') {
    const debit = cellOf(record, columns.debit);
    const credit = cellOf(record, columns.credit);
    if (debit === '' && credit === '') {
      throw new ImportParseError(line, 'neither the debit nor the credit column has an amount');
    }
    const moneyIn = credit === '' ? 0 : Math.abs(amountOf(credit, decimal, currency, line));
    const moneyOut = debit === '' ? 0 : Math.abs(amountOf(debit, decimal, currency, line));
    amountMinor = moneyIn - moneyOut;
  } else {
    const raw = cellOf(record, columns.amount);
    if (raw === '') throw new ImportParseError(line, 'the amount is empty');
    amountMinor = amountOf(raw, decimal, currency, line);
    if (mapping.sign === 'indicator') {
      const mark = cellOf(record, columns.indicator);
      const sign = indicatorSign(mark);
      if (sign === undefined) {
        throw new ImportParseError(line, `"${mark}" is not a debit/credit indicator (expected CR or DR)`);
      }
      amountMinor = sign * Math.abs(amountMinor);
    }
  }
  if (mapping.invertSign) amountMinor = -amountMinor;
  if (amountMinor === 0) amountMinor = 0;

  const memo = cellOf(record, columns.memo);
  const payee = cellOf(record, columns.payee);
  const checkNumber = cellOf(record, columns.checkNumber);
  // Excel guards long numbers as text with apostrophes ('320240140123456789'); they are not part of the id.
  const reference = cellOf(record, columns.reference).replace(/^'(.*)'$|^'(.*)$/, '$1$2');
  const category = cellOf(record, columns.category);
  const name = cellOf(record, columns.name) || payee || memo;
  const transaction: Row = { line, date, amountMinor, currency, name };
  if (memo) transaction.memo = memo;
  if (payee) transaction.payee = payee;
  if (checkNumber) transaction.checkNumber = checkNumber;
  if (reference) transaction.externalId = reference;
  if (category) transaction.providerCategory = category;
  const foreign = foreignOf(record, mapping, currency, amountMinor);
  if (foreign) transaction.foreign = foreign;
  return transaction;
}

/**
 * The foreign amount, currency and rate of a card payment abroad, when the row has them and they read
 * well; never a reason to refuse the row (a cell that does not read is left out).
 */
function foreignOf(
  record: CsvRecord,
  mapping: CsvMapping,
  currency: string,
  amountMinor: number,
): ParsedTransaction['foreign'] {
  const { columns, decimal } = mapping;
  if (columns.foreignAmount === undefined) return undefined;
  const code = cellOf(record, columns.foreignCurrency).toUpperCase();
  const raw = cellOf(record, columns.foreignAmount);
  if (raw === '' || !isCurrencyCode(code) || code === currency) return undefined;
  const foreignMinor = parseAmountCell(raw, decimal, code);
  if (foreignMinor === undefined) return undefined;
  const signed =
    amountMinor < 0 ? -Math.abs(foreignMinor) : amountMinor > 0 ? Math.abs(foreignMinor) : foreignMinor;
  const rate = cellOf(record, columns.exchangeRate).replace(',', '.');
  return {
    amountMinor: signed,
    currency: code,
    ...(/^\d+(?:\.\d+)?$/.test(rate) && Number(rate) > 0 && { rate }),
  };
}
