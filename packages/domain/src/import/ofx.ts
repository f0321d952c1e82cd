import { isCurrencyCode } from '../currencies';
import type { IsoDate } from '../dates';
import { parseLooseAmount } from './amounts';
import { fingerprintInPlace } from './fingerprint';
import { readInvestmentTransactions, readPositions, readSecurities } from './ofx-investments';
import { childOf, findAll, parseOfxTree, textAt, type OfxElement } from './ofx-tree';
import { isoFromParts } from './statement-dates';
import { stripBom } from './text';
import { ImportParseError, type ParsedAccount, type ParsedStatement, type ParsedTransaction } from './types';

export type ParseOfxOptions = {
  /** Used when a statement has no CURDEF (the specification requires one; a few banks omit it). */
  currency?: string;
  /** Negate every amount, for the rare bank whose file reports card purchases as positive. */
  invertSign?: boolean;
};

const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,3})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:\.\d+)?(?::[A-Za-z]*)?\s*\])?$/;

/**
 * An OFX date-time (YYYYMMDD[HHMMSS[.XXX]][[±H:TZ]]) as the calendar date the bank wrote: the time and
 * zone are dropped rather than converted, so a purchase late in the evening keeps the bank's date.
 */
export function parseOfxDate(raw: string): IsoDate | undefined {
  const match = OFX_DATE.exec(raw.trim());
  if (!match) return undefined;
  const [hour, minute, second] = [match[4], match[5], match[6]].map((part) => Number(part ?? 0));
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 60) return undefined;
  return isoFromParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

function leafLine(element: OfxElement, name: string): number {
  return childOf(element, name)?.line ?? element.line;
}

function requiredDate(element: OfxElement, name: string): IsoDate {
  const raw = textAt(element, name);
  if (raw === undefined) throw new ImportParseError(element.line, `<${element.name}> has no <${name}> date`);
  const date = parseOfxDate(raw);
  if (date === undefined) {
    throw new ImportParseError(
      leafLine(element, name),
      `"${raw}" is not a valid OFX date (expected YYYYMMDD, optionally followed by HHMMSS and a time zone)`,
    );
  }
  return date;
}

function requiredAmount(element: OfxElement, name: string, currency: string): number {
  const raw = textAt(element, name);
  if (raw === undefined)
    throw new ImportParseError(element.line, `<${element.name}> has no <${name}> amount`);
  const amount = parseLooseAmount(raw, currency);
  if (amount === undefined) {
    throw new ImportParseError(
      leafLine(element, name),
      `"${raw}" is not a valid amount (expected a number like -12.50)`,
    );
  }
  return amount;
}

function currencyAt(element: OfxElement, path: string[], fallback: string | undefined): string | undefined {
  const raw = textAt(element, ...path)?.toUpperCase();
  if (raw === undefined) return fallback;
  if (!isCurrencyCode(raw)) {
    const leaf = path.reduce<OfxElement | undefined>((node, name) => childOf(node, name), element);
    throw new ImportParseError(
      leaf?.line ?? element.line,
      `"${raw}" is not a currency code (expected one like USD)`,
    );
  }
  return raw;
}

function readTransaction(
  entry: OfxElement,
  statementCurrency: string,
  invert: boolean,
): Omit<ParsedTransaction, 'fingerprint'> {
  // CURRENCY means the amount is in another currency than CURDEF (ORIGCURRENCY: converted into CURDEF).
  const currency = currencyAt(entry, ['CURRENCY', 'CURSYM'], statementCurrency) ?? statementCurrency;
  const signed = requiredAmount(entry, 'TRNAMT', currency);
  const amountMinor = invert && signed !== 0 ? -signed : signed;
  const payee = textAt(entry, 'PAYEE', 'NAME');
  const memo = textAt(entry, 'MEMO');
  const checkNumber = textAt(entry, 'CHECKNUM');
  const externalId = textAt(entry, 'FITID');
  return {
    line: entry.line,
    date: requiredDate(entry, 'DTPOSTED'),
    amountMinor,
    currency,
    name: textAt(entry, 'NAME') ?? payee ?? memo ?? textAt(entry, 'TRNTYPE') ?? '',
    ...(memo !== undefined && { memo }),
    ...(payee !== undefined && { payee }),
    ...(checkNumber !== undefined && { checkNumber }),
    ...(externalId !== undefined && { externalId }),
  };
}

function readStatement(
  statement: OfxElement,
  institution: string | undefined,
  options: ParseOfxOptions,
  root: OfxElement,
): ParsedStatement {
  const warnings: string[] = [];
  const currency = currencyAt(statement, ['CURDEF'], options.currency);
  if (currency === undefined) {
    throw new ImportParseError(statement.line, 'the statement has no currency (<CURDEF>)');
  }
  const isCard = statement.name === 'CCSTMTRS';
  const isInvestment = statement.name === 'INVSTMTRS';
  const from = childOf(statement, isCard ? 'CCACCTFROM' : isInvestment ? 'INVACCTFROM' : 'BANKACCTFROM');
  const accountId = textAt(from, 'ACCTID');
  const type = textAt(from, 'ACCTTYPE') ?? (isCard ? 'CREDITCARD' : isInvestment ? 'INVESTMENT' : undefined);
  const invert = options.invertSign ?? false;
  const readers = {
    date: requiredDate,
    amount: (element: OfxElement, name: string, in_: string) => requiredAmount(element, name, in_),
  };
  const securities = isInvestment ? readSecurities(root) : new Map();
  const rows = isInvestment
    ? readInvestmentTransactions(statement, securities, currency, readers, (entry) =>
        readTransaction(entry, currency, invert),
      )
    : (childOf(statement, 'BANKTRANLIST')?.children.filter((child) => child.name === 'STMTTRN') ?? []).map(
        (entry) => readTransaction(entry, currency, invert),
      );
  const positions = isInvestment ? readPositions(statement, securities, currency, readers) : undefined;

  const seen = new Map<string, number>();
  for (const row of rows) if (row.externalId) seen.set(row.externalId, (seen.get(row.externalId) ?? 0) + 1);
  const reused = new Set([...seen].filter(([, count]) => count > 1).map(([id]) => id));
  if (reused.size > 0) {
    warnings.push(
      `${reused.size} transaction id(s) (FITID) repeat in this statement, such as "${[...reused][0]}"; those rows are matched by date, amount and name instead.`,
    );
    for (const row of rows) if (row.externalId && reused.has(row.externalId)) delete row.externalId;
  }

  const ledger = childOf(statement, 'LEDGERBAL');
  let balance: ParsedAccount['balance'];
  const cash = textAt(statement, 'INVBAL', 'AVAILCASH');
  if (
    isInvestment &&
    positions &&
    textAt(statement, 'DTASOF') &&
    (cash !== undefined || positions.length > 0)
  ) {
    // An investment account is worth its cash plus its positions' market value on the statement date.
    const held = positions.reduce((sum, position) => sum + (position.marketValueMinor ?? 0), 0);
    const cashMinor =
      cash === undefined
        ? 0
        : requiredAmount(childOf(statement, 'INVBAL') ?? statement, 'AVAILCASH', currency);
    balance = { amountMinor: held + cashMinor, currency, asOf: requiredDate(statement, 'DTASOF') };
  } else if (ledger && textAt(ledger, 'BALAMT') !== undefined) {
    const asOf = textAt(ledger, 'DTASOF') ? requiredDate(ledger, 'DTASOF') : undefined;
    const amount = requiredAmount(ledger, 'BALAMT', currency);
    if (asOf) balance = { amountMinor: amount === 0 ? 0 : amount, currency, asOf };
    else warnings.push('The closing balance has no date (<DTASOF>), so it was not used.');
  }
  const account: ParsedAccount = {
    currency,
    ...(accountId !== undefined && { externalId: accountId }),
    ...(type !== undefined && { type }),
    ...(balance && { balance }),
    ...(institution !== undefined && { institution }),
  };
  if (rows.length === 0) warnings.push('The statement has no transactions.');
  return { account, transactions: fingerprintInPlace(rows), ...(positions && { positions }), warnings };
}

/**
 * Reads an OFX or QFX file (OFX 1.x SGML with unclosed leaf elements, or 2.x XML): every bank (STMTRS),
 * credit-card (CCSTMTRS) and investment (INVSTMTRS: trades, income and reinvestments as rows with
 * INVESTMENT_… categories, positions with the SECLIST's names and tickers) statement, in file order. TRNAMT is already signed from the account
 * holder's side (positive = money in; a card purchase is negative) and becomes integer minor units of
 * CURDEF (or of the transaction's CURRENCY); DTPOSTED keeps the bank's calendar date; FITID becomes
 * `externalId`; ACCTID stays unmasked in `account.externalId`; LEDGERBAL is the balance (an investment
 * account's: its cash plus its positions' market value). All or nothing: a bad value throws ImportParseError.
 */
export function parseOfx(input: string, options: ParseOfxOptions = {}): ParsedStatement[] {
  const root = parseOfxTree(stripBom(input));
  const institution = findAll(root, new Set(['FI']))
    .map((fi) => textAt(fi, 'ORG'))
    .find((org) => org !== undefined);
  const statements = findAll(root, STATEMENTS).map((statement) =>
    readStatement(statement, institution, options, root),
  );
  if (statements.length === 0) {
    const status = findAll(root, new Set(['STATUS'])).find((element) => textAt(element, 'CODE') !== '0');
    const message = status
      ? ` (the bank reported: ${textAt(status, 'MESSAGE') ?? `code ${textAt(status, 'CODE')}`})`
      : '';
    throw new ImportParseError(
      status?.line ?? 1,
      `the file holds no bank, credit-card or investment statement${message}`,
    );
  }
  return statements;
}
