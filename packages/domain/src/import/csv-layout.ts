import { decimalSeparatorOf, parseAmountCell, type DecimalSeparator } from './amounts';
import { isBlankRecord, tokenizeCsv, type CsvRecord } from './csv-tokenizer';
import {
  headerCurrency,
  headerWordCount,
  indicatorSign,
  normaliseHeader,
  rolesFromHeaders,
  type CsvColumns,
} from './csv-headers';
import { CSV_DATE_FORMATS, looksLikeDate, parseDateAs, type CsvDateFormat } from './statement-dates';
import { stripBom, offsetAfterLines } from './text';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * How the amount's sign is written: one signed amount column ('signed'), separate money-out and
 * money-in columns ('debit-credit', both read as magnitudes), or an unsigned amount plus a CR/DR
 * column ('indicator').
 */
export type CsvSignConvention = 'signed' | 'debit-credit' | 'indicator';

/**
 * How to read one bank's CSV export: plain JSON, saved per account and reused on the next import.
 * Column numbers are 0-based.
 */
export type CsvMapping = {
  delimiter: CsvDelimiter;
  /** Lines before the header row (or the first data row): account name, period, blank lines. */
  skipLines: number;
  hasHeader: boolean;
  /** The header cells as detected; parseCsv uses them to find the header again if skipLines moved. */
  headers?: string[];
  columns: CsvColumns;
  dateFormat: CsvDateFormat;
  decimal: DecimalSeparator;
  sign: CsvSignConvention;
  /** Negate every amount: card exports that list purchases as positive. */
  invertSign?: boolean;
};

/**
 * Why a file looks like a card statement that lists purchases as positive amounts: a known card
 * issuer's export layout, or its amounts (mostly positive, and every negative one a payment or refund).
 */
export type CardStatementSign = { reason: 'layout'; layout: string } | { reason: 'amounts' };

/** A detected mapping plus the header cells and what the user should check. */
export type CsvLayout = CsvMapping & {
  headers: string[];
  warnings: string[];
  /** Set when purchases look positive: a credit account's import should invert the sign. */
  cardStatement?: CardStatementSign;
};

export type CsvLayoutHints = {
  /** BCP 47 locale of the user ('en-US' reads ambiguous dates month first, others day first). */
  locale?: string;
  /** The account's currency: of several amount columns, the one named for it ('Amount (EUR)') is the amount. */
  currency?: string;
};

const SAMPLE_LINES = 200;

function sampleRecords(text: string, delimiter: string): CsvRecord[] {
  const sample = text.slice(0, offsetAfterLines(text, SAMPLE_LINES));
  return tokenizeCsv(sample, delimiter, { lenientEnd: true }).filter((record) => !isBlankRecord(record));
}

/** The most common field count (of at least 2) and how many records have it. */
function modalWidth(records: readonly CsvRecord[]): { width: number; count: number } {
  const counts = new Map<number, number>();
  for (const record of records) {
    const width = record.fields.length;
    if (width >= 2) counts.set(width, (counts.get(width) ?? 0) + 1);
  }
  let best = { width: 0, count: 0 };
  for (const [width, count] of counts) {
    if (count > best.count || (count === best.count && width > best.width)) best = { width, count };
  }
  return best;
}

function chooseDelimiter(text: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; count: number; width: number } = {
    delimiter: ',',
    count: 0,
    width: 0,
  };
  for (const delimiter of CSV_DELIMITERS) {
    const { width, count } = modalWidth(sampleRecords(text, delimiter));
    if (count > best.count || (count === best.count && width > best.width))
      best = { delimiter, count, width };
  }
  return best.delimiter;
}

function looksLikeAmount(cell: string): boolean {
  return (
    /\d/.test(cell) && (parseAmountCell(cell, '.', 'USD') ?? parseAmountCell(cell, ',', 'USD')) !== undefined
  );
}

function looksLikeDataRow(cells: readonly string[]): boolean {
  const dateAt = cells.findIndex((cell) => looksLikeDate(cell));
  return dateAt >= 0 && cells.some((cell, index) => index !== dateAt && looksLikeAmount(cell));
}

/**
 * Where the table starts: the header row (the row among the first 50 naming the most known columns,
 * at least two, before any data row; a preamble line like 'Date range:,…,Balance:,…' names fewer)
 * or else the first data row.
 */
function findTableStart(records: readonly CsvRecord[]): { skipLines: number; hasHeader: boolean } {
  const dataAt = records.findIndex((record) => looksLikeDataRow(record.fields));
  let headerAt = -1;
  let named = 1;
  records.slice(0, dataAt < 0 ? 50 : Math.min(dataAt, 50)).forEach((record, index) => {
    const count = headerWordCount(record.fields);
    if (count > named) [headerAt, named] = [index, count];
  });
  if (headerAt >= 0 && (dataAt < 0 || headerAt < dataAt)) {
    return { skipLines: (records[headerAt]?.line ?? 1) - 1, hasHeader: true };
  }
  if (dataAt < 0) return { skipLines: 0, hasHeader: false };
  // A row of unknown words just above the first data row, as wide as it, is a header too.
  const previous = records[dataAt - 1];
  const first = records[dataAt];
  if (
    previous &&
    first &&
    previous.fields.length === first.fields.length &&
    !looksLikeDataRow(previous.fields)
  ) {
    if (!previous.fields.some((cell) => looksLikeDate(cell) || looksLikeAmount(cell))) {
      return { skipLines: previous.line - 1, hasHeader: true };
    }
  }
  return { skipLines: (first?.line ?? 1) - 1, hasHeader: false };
}

type Column = readonly string[];

const isAmountColumn = (values: Column) =>
  values.some((value) => value !== '') &&
  values.every((value) => value === '' || looksLikeAmount(value)) &&
  // Long plain integers are ids or account numbers, not amounts.
  !values.every((value) => value === '' || /^\d{6,}$/.test(value));
const isDateColumn = (values: Column) =>
  values.some((value) => value !== '') && values.every((value) => value === '' || looksLikeDate(value));
const isCurrencyColumn = (values: Column) =>
  values.some((value) => value !== '') &&
  values.every((value) => value === '' || /^[A-Za-z]{3}$/.test(value));
const isIndicatorColumn = (values: Column) =>
  values.some((value) => value !== '') &&
  values.every((value) => value === '' || indicatorSign(value) !== undefined);

// What a cell of a named column must look like. A column keeps the role its header gives it when most
// of its cells fit, so one typo in a long file is reported by parseCsv at its line instead of
// silently moving the role elsewhere.
const CELL_CHECKS: Partial<Record<keyof CsvColumns, (value: string) => boolean>> = {
  date: looksLikeDate,
  amount: looksLikeAmount,
  debit: looksLikeAmount,
  credit: looksLikeAmount,
  balance: looksLikeAmount,
  currency: (value) => /^[A-Za-z]{3}$/.test(value),
  indicator: (value) => indicatorSign(value) !== undefined,
  foreignAmount: looksLikeAmount,
  foreignCurrency: (value) => /^[A-Za-z]{3}$/.test(value),
  exchangeRate: (value) => /^\d+(?:[.,]\d+)?$/.test(value),
};

/**
 * Card issuers whose exports list purchases as positive amounts and payments as negative ones, known by
 * their header cells (normalised, lower case): American Express (US and UK), Discover, Apple Card.
 */
const CARD_LAYOUTS: { layout: string; matches: (headers: ReadonlySet<string>) => boolean }[] = [
  {
    layout: 'American Express',
    matches: (headers) =>
      headers.has('card member') ||
      headers.has('appears on your statement as') ||
      headers.has('extended details'),
  },
  { layout: 'Discover', matches: (headers) => headers.has('trans date') && headers.has('post date') },
  { layout: 'Apple Card', matches: (headers) => headers.has('clearing date') && headers.has('purchased by') },
];

const PAYMENT_WORDS =
  /\b(payment|pymt|paymt|thank you|autopay|auto pay|refund|return|returned|credit|cashback|cash back|reversal|rebate|zahlung|gutschrift|erstattung|paiement|remboursement|pago|abono|devolucion|betaling|terugbetaling)\b/i;

/**
 * Whether a signed single-amount file reads like a card statement with purchases positive: a known
 * issuer layout, or at least three amounts, at least two thirds of them positive, some negative, and
 * every negative one named like a payment, refund or credit.
 */
function cardStatementSign(
  headers: readonly string[],
  amounts: readonly number[],
  names: readonly string[],
): CardStatementSign | undefined {
  const normalised = new Set(headers.map((header) => normaliseHeader(header).toLowerCase()));
  const known = CARD_LAYOUTS.find((card) => card.matches(normalised));
  if (known) return { reason: 'layout', layout: known.layout };
  const nonZero = amounts.map((amount, row) => ({ amount, row })).filter(({ amount }) => amount !== 0);
  const negatives = nonZero.filter(({ amount }) => amount < 0);
  if (nonZero.length < 3 || negatives.length === 0) return undefined;
  if ((nonZero.length - negatives.length) * 3 < nonZero.length * 2) return undefined;
  return negatives.every(({ row }) => PAYMENT_WORDS.test(names[row] ?? ''))
    ? { reason: 'amounts' }
    : undefined;
}

/** Of several amount columns named for a currency ('Amount (EUR)', 'Amount (USD)'), the account's is the amount. */
function preferAccountCurrency(columns: CsvColumns, headers: readonly string[], currency: string): void {
  const named = headers.findIndex(
    (header, column) =>
      headerCurrency(header) === currency &&
      column !== columns.amount &&
      /^(amount|betrag|montant|importe|bedrag|value|sum|transaction amount)$/i.test(normaliseHeader(header)),
  );
  if (named < 0) return;
  const previous = columns.amount;
  const previousCurrency = previous === undefined ? undefined : headerCurrency(headers[previous] ?? '');
  for (const role of Object.keys(columns) as (keyof CsvColumns)[]) {
    if (columns[role] === named) delete columns[role];
  }
  columns.amount = named;
  if (previous !== undefined && previousCurrency && previousCurrency !== currency) {
    columns.foreignAmount ??= previous;
  }
}

function mostlyFits(values: Column, check: (value: string) => boolean): boolean {
  const present = values.filter((value) => value !== '');
  return present.length === 0 || present.filter(check).length * 2 > present.length;
}

/** Fills roles the header did not name from what the columns hold. */
function rolesFromContent(columns: CsvColumns, values: readonly Column[]): void {
  const used = () => new Set(Object.values(columns));
  const free = (test: (column: Column) => boolean) =>
    values.map((_, index) => index).filter((index) => !used().has(index) && test(values[index] ?? []));
  if (columns.date === undefined) columns.date = free(isDateColumn)[0];
  if (columns.amount === undefined && columns.debit === undefined && columns.credit === undefined) {
    const numeric = free(isAmountColumn);
    const [first, second, third] = numeric;
    const complementary =
      first !== undefined &&
      second !== undefined &&
      (values[first] ?? []).every((value, row) => (value === '') !== ((values[second] ?? [])[row] === ''));
    if (complementary) {
      Object.assign(columns, { debit: first, credit: second });
      if (third !== undefined && columns.balance === undefined) columns.balance = third;
    } else if (first !== undefined) {
      columns.amount = first;
      if (second !== undefined && columns.balance === undefined) columns.balance = second;
    }
  }
  if (columns.indicator === undefined) columns.indicator = free(isIndicatorColumn)[0];
  if (columns.currency === undefined) columns.currency = free(isCurrencyColumn)[0];
  if (columns.name === undefined && columns.payee === undefined) {
    const text = free((column) => !isAmountColumn(column) && !isDateColumn(column));
    const averageLength = (index: number) =>
      (values[index] ?? []).reduce((total, value) => total + value.length, 0) /
      Math.max(1, values[index]?.length ?? 1);
    columns.name = text.sort((a, b) => averageLength(b) - averageLength(a))[0];
  }
  for (const role of Object.keys(columns) as (keyof CsvColumns)[]) {
    if (columns[role] === undefined) delete columns[role];
  }
}

const SAMPLE_ROWS = 1000;

/** Up to SAMPLE_ROWS values spread evenly over the column (the same rows for every column). */
function sampleOf<T>(values: readonly T[]): T[] {
  if (values.length <= SAMPLE_ROWS) return [...values];
  const step = values.length / SAMPLE_ROWS;
  return Array.from({ length: SAMPLE_ROWS }, (_, index) => values[Math.floor(index * step)] as T);
}

function chooseDateFormat(
  values: Column,
  dayFirst: boolean,
  header: string,
  warnings: string[],
): CsvDateFormat {
  const present = values.filter((value) => value !== '');
  // Every row counts (one day above 12 settles the order), but only formats a sample allows are tried.
  const sample = sampleOf(present);
  const possible = CSV_DATE_FORMATS.filter((format) => sample.some((value) => parseDateAs(value, format)));
  const scores = possible.map((format) => ({
    format,
    count: present.filter((value) => parseDateAs(value, format) !== undefined).length,
  }));
  const top = Math.max(0, ...scores.map((score) => score.count));
  const candidates = scores.filter((score) => score.count === top && top > 0).map((score) => score.format);
  if (candidates.length === 0) return dayFirst ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  let chosen = candidates[0] ?? 'YYYY-MM-DD';
  if (candidates.length > 1) {
    const preferred = candidates.find((format) => format.startsWith(dayFirst ? 'DD' : 'MM'));
    chosen = preferred ?? chosen;
    const example = present.find((value) => /\d/.test(value)) ?? '';
    warnings.push(
      `Dates such as "${example}" could be ${candidates.join(' or ')}: no day above 12 settles it, so ${chosen} was chosen. Change the date format if the dates look wrong.`,
    );
  }
  if (top < present.length) {
    warnings.push(`${present.length - top} value(s) in the date column${header} do not read as ${chosen}.`);
  }
  return chosen;
}

function chooseDecimal(values: readonly Column[], warnings: string[]): DecimalSeparator {
  const votes = { '.': 0, ',': 0 };
  for (const column of values) {
    for (const value of column) {
      const vote = decimalSeparatorOf(value);
      if (vote) votes[vote] += 1;
    }
  }
  if (votes['.'] > 0 && votes[','] > 0) {
    warnings.push(
      `Amounts use both '.' and ',' as the decimal separator (${votes['.']} vs ${votes[',']}); the more common one was chosen.`,
    );
  }
  return votes[','] > votes['.'] ? ',' : '.';
}

/**
 * Guesses how to read a bank's CSV export: delimiter, junk lines before the table, header row, which
 * column holds what (English, German, French, Spanish and Dutch header words, then the cells' content),
 * date format (every row is scanned; a day above 12 settles day/month order, otherwise `hints.locale`,
 * the header language and the currency symbols decide, with a warning), decimal separator and how the
 * sign is written. Never throws: what it cannot settle is left out or warned about, for the user to edit.
 */
export function detectCsvLayout(input: string, hints: CsvLayoutHints = {}): CsvLayout {
  const text = stripBom(input);
  const warnings: string[] = [];
  const excelHint = /^sep=(.)\r?\n/i.exec(text);
  const delimiter = (CSV_DELIMITERS as readonly string[]).includes(excelHint?.[1] ?? '')
    ? (excelHint?.[1] as CsvDelimiter)
    : chooseDelimiter(text);
  const start = findTableStart(sampleRecords(text, delimiter));
  const skipLines = Math.max(start.skipLines, excelHint ? 1 : 0);
  let records: CsvRecord[] = [];
  try {
    records = tokenizeCsv(text.slice(offsetAfterLines(text, skipLines)), delimiter, {
      firstLine: skipLines + 1,
    });
  } catch (error) {
    warnings.push(error instanceof Error ? error.message : String(error));
    records = tokenizeCsv(text.slice(offsetAfterLines(text, skipLines)), delimiter, {
      firstLine: skipLines + 1,
      lenientEnd: true,
    });
  }
  records = records.filter((record) => !isBlankRecord(record));
  const headers = start.hasHeader ? (records[0]?.fields.map((cell) => cell.trim()) ?? []) : [];
  const rows = start.hasHeader
    ? records.slice(1).filter((record) => record.fields.join('\u0000') !== records[0]?.fields.join('\u0000'))
    : records;
  const width = Math.max(headers.length, ...rows.slice(0, 50).map((row) => row.fields.length));
  const values: Column[] = Array.from({ length: width }, (_, column) =>
    rows.map((row) => (row.fields[column] ?? '').trim()),
  );

  // Role checks read a sample; the date format, decimal separator and sign read every row.
  const sampled = values.map(sampleOf);
  const named = rolesFromHeaders(headers);
  const columns = named.columns;
  if (hints.currency) preferAccountCurrency(columns, headers, hints.currency);
  for (const [role, check] of Object.entries(CELL_CHECKS) as [
    keyof CsvColumns,
    (value: string) => boolean,
  ][]) {
    const column = columns[role];
    if (column !== undefined && !mostlyFits(sampled[column] ?? [], check)) delete columns[role];
  }
  rolesFromContent(columns, sampled);

  const amountLike = [columns.amount, columns.debit, columns.credit, columns.balance]
    .filter((column) => column !== undefined)
    .map((column) => values[column] ?? []);
  const symbols = amountLike.flatMap(sampleOf).join(' ');
  const dayFirst = hints.locale
    ? !/-(US|PH|FM|MH|PW)$/i.test(hints.locale)
    : named.nonEnglish || /[£€]/.test(symbols) || (!/\$/.test(symbols) && delimiter === ';');
  const headerName = (column: number | undefined) =>
    column !== undefined && headers[column] ? ` "${headers[column]}"` : '';
  const dateFormat = chooseDateFormat(
    values[columns.date ?? -1] ?? [],
    dayFirst,
    headerName(columns.date),
    warnings,
  );
  const decimal = chooseDecimal(amountLike, warnings);

  let sign: CsvSignConvention = 'signed';
  if (columns.amount === undefined && (columns.debit !== undefined || columns.credit !== undefined)) {
    sign = 'debit-credit';
  } else if (columns.amount !== undefined && columns.indicator !== undefined) {
    const anyNegative = (values[columns.amount] ?? []).some(
      (value) => (parseAmountCell(value, decimal, 'USD') ?? 0) < 0,
    );
    if (anyNegative) delete columns.indicator;
    else sign = 'indicator';
  }
  let cardStatement: CardStatementSign | undefined;
  if (sign === 'signed' && columns.amount !== undefined) {
    const amounts = (values[columns.amount] ?? []).map(
      (value) => parseAmountCell(value, decimal, 'USD') ?? 0,
    );
    if (amounts.length >= 3 && amounts.every((amount) => amount >= 0)) {
      warnings.push(
        'Every amount is positive. If this is a card statement that lists purchases as positive, invert the sign.',
      );
    }
    const nameColumn = columns.name ?? columns.payee ?? columns.memo;
    const names = nameColumn === undefined ? [] : (values[nameColumn] ?? []);
    cardStatement = cardStatementSign(headers, amounts, names);
  }
  if (columns.date === undefined)
    warnings.push('No date column was recognised: choose the column that holds the date.');
  if (columns.amount === undefined && columns.debit === undefined && columns.credit === undefined) {
    warnings.push('No amount column was recognised: choose the column that holds the amount.');
  }
  return {
    delimiter,
    skipLines,
    hasHeader: start.hasHeader,
    headers,
    columns,
    dateFormat,
    decimal,
    sign,
    invertSign: false,
    warnings,
    ...(cardStatement && { cardStatement }),
  };
}
