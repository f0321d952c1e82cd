import { currencyExponent } from '../currencies';
import type { IsoDate } from '../dates';
import { parseLooseAmount } from './amounts';
import { fingerprintInPlace } from './fingerprint';
import { isoFromParts } from './statement-dates';
import { stripBom } from './text';
import { ImportParseError, type ParsedPosition, type ParsedStatement, type ParsedTransaction } from './types';

export type QifDateFormat = 'MM/DD/YYYY' | 'DD/MM/YYYY';

export type ParseQifOptions = {
  /** ISO-4217 code of the account (QIF files do not say). */
  currency: string;
  /** Day/month order; when absent it is detected from the file (a part above 12 settles it). */
  dateFormat?: QifDateFormat;
  /** Negate every amount (a card export that lists purchases as positive). */
  invertSign?: boolean;
};

const TRANSACTION_TYPES = new Map(
  ['Bank', 'CCard', 'Cash', 'Oth A', 'Oth L'].map((type) => [type.toLowerCase().replace(/\s+/g, ' '), type]),
);
// Lists that carry no transactions.
const OTHER_SECTIONS = new Set(['cat', 'class', 'memorized', 'prices', 'security', 'invoice', 'template']);

const QIF_DATE = /^(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*(['/.-])\s*(\d{1,4})$/;

type DateParts = { first: number; second: number; year: number; yearFirst: boolean };

/** Splits a QIF date: '1/ 2'24' (an apostrophe marks 2000+), '01/02/2024', '1/2/98', '2024-01-02'. */
function qifDateParts(raw: string): DateParts | undefined {
  const match = QIF_DATE.exec(raw.trim());
  if (!match) return undefined;
  const [a = '', b = '', separator, c = ''] = [match[1], match[2], match[3], match[4]];
  if (a.length === 4) return { first: Number(b), second: Number(c), year: Number(a), yearFirst: true };
  if (a.length > 2 || c.length === 3) return undefined;
  let year = Number(c);
  if (c.length <= 2) year = separator === "'" ? 2000 + year : year < 70 ? 2000 + year : 1900 + year;
  return { first: Number(a), second: Number(b), year, yearFirst: false };
}

function qifDate(raw: string, format: QifDateFormat): IsoDate | undefined {
  const parts = qifDateParts(raw);
  if (!parts) return undefined;
  if (parts.yearFirst) return isoFromParts(parts.year, parts.first, parts.second);
  const [month, day] = format === 'MM/DD/YYYY' ? [parts.first, parts.second] : [parts.second, parts.first];
  return isoFromParts(parts.year, month, day);
}

function detectDateFormat(lines: readonly string[], warnings: string[]): QifDateFormat {
  let dayFirst = false;
  let monthFirst = false;
  let example: string | undefined;
  let inTransactions = false;
  for (const line of lines) {
    if (line.startsWith('!'))
      inTransactions = /^!Type:\s*(Bank|CCard|Cash|Oth\s*A|Oth\s*L)\s*$/i.test(line.trim());
    if (!inTransactions || line[0] !== 'D') continue;
    const parts = qifDateParts(line.slice(1));
    if (!parts || parts.yearFirst) continue;
    if (parts.first > 12) dayFirst = true;
    else if (parts.second > 12) monthFirst = true;
    else if (parts.first !== parts.second) example ??= line.slice(1).trim();
  }
  if (dayFirst && !monthFirst) return 'DD/MM/YYYY';
  if (!monthFirst && example !== undefined) {
    warnings.push(
      `Dates such as "${example}" could be month/day or day/month: no day above 12 settles it, so MM/DD/YYYY (Quicken's default) was chosen.`,
    );
  }
  return 'MM/DD/YYYY';
}

type Pending = {
  line: number;
  fields: Map<string, { value: string; line: number }>;
  splits: { amount: string; category: string; line: number }[];
};

const emptyRecord = (line: number): Pending => ({ line, fields: new Map(), splits: [] });

/**
 * Reads a QIF export of one account (!Type:Bank, CCard, Cash, Oth A, Oth L). Amounts (T, else U;
 * thousands commas allowed) are signed from the account's side as Quicken writes them (positive =
 * money in; a card charge is negative) and become integer minor units of `options.currency`. P is the
 * payee and the name, M the memo, N the check number, L the category (`providerCategory`). A split
 * transaction (S/E/$ lines) stays one transaction for the whole amount (the sum of its parts when T is
 * missing), with a warning. An investment account (!Type:Invst) gives one row per action (see
 * toInvestmentRows). Lists are skipped. All or nothing: a bad record throws ImportParseError with its line.
 */
export function parseQif(input: string, options: ParseQifOptions): ParsedStatement {
  currencyExponent(options.currency);
  const lines = stripBom(input).split(/\r\n|\r|\n/);
  const warnings: string[] = [];
  const dateFormat = options.dateFormat ?? detectDateFormat(lines, warnings);
  const rows: Omit<ParsedTransaction, 'fingerprint'>[] = [];
  let section: 'transactions' | 'investments' | 'skip' | 'account' | undefined;
  let accountType: string | undefined;
  let accountsWithTransactions = 0;
  let sectionHasRows = false;
  let skipped = 0;
  let record = emptyRecord(1);
  const holdings = new QifHoldings(options.currency);

  const finish = (endLine: number) => {
    if (record.fields.size === 0 && record.splits.length === 0) return;
    if (section === 'transactions' || section === 'investments') {
      if (section === 'investments') {
        const investmentRows = toInvestmentRows(record, dateFormat, options);
        rows.push(...investmentRows);
        holdings.add(record, investmentRows[0]?.date, warnings);
      } else rows.push(toTransaction(record, dateFormat, options, warnings));
      if (!sectionHasRows) accountsWithTransactions += 1;
      sectionHasRows = true;
      if (accountsWithTransactions > 1) {
        throw new ImportParseError(
          record.line,
          'the file holds transactions of more than one account: export one account at a time',
        );
      }
    } else if (section === 'skip') skipped += 1;
    record = emptyRecord(endLine + 1);
  };

  lines.forEach((text, index) => {
    const line = index + 1;
    const content = text.trim();
    if (content === '') return;
    if (content.startsWith('!')) {
      finish(line);
      const header = /^!(\w+)(?::\s*(.*))?$/.exec(content);
      const kind = header?.[1]?.toLowerCase();
      const type = (header?.[2] ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
      if (kind === 'account') section = 'account';
      else if (kind === 'type' && TRANSACTION_TYPES.has(type)) {
        section = 'transactions';
        accountType = TRANSACTION_TYPES.get(type);
        sectionHasRows = false;
      } else if (kind === 'type' && type === 'invst') {
        section = 'investments';
        accountType = 'Invst';
        sectionHasRows = false;
      } else if (kind === 'type' && OTHER_SECTIONS.has(type)) section = 'skip';
      else if (kind !== 'option' && kind !== 'clear') {
        throw new ImportParseError(line, `"${content}" is not a QIF header (expected one like !Type:Bank)`);
      }
      record = emptyRecord(line + 1);
      return;
    }
    if (section === undefined) {
      throw new ImportParseError(line, 'the file does not start with a QIF header such as !Type:Bank');
    }
    if (content === '^') {
      finish(line);
      return;
    }
    if (record.fields.size === 0 && record.splits.length === 0) record.line = line;
    const code = content[0] ?? '';
    const value = content.slice(1).trim();
    const lastSplit = record.splits.at(-1);
    if (code === 'S') record.splits.push({ category: value, amount: '', line });
    else if (code === '$' && lastSplit?.amount === '') Object.assign(lastSplit, { amount: value, line });
    else if (code === '$') record.splits.push({ category: '', amount: value, line });
    else if (code === 'E' || code === '%') {
      if (!lastSplit) record.splits.push({ category: '', amount: '', line });
    } else if (!record.fields.has(code)) record.fields.set(code, { value, line });
  });
  if (record.fields.size > 0 || record.splits.length > 0) {
    if (section === 'transactions' || section === 'investments')
      warnings.push('The last transaction has no closing ^ line; it was imported.');
    finish(lines.length);
  }
  if (skipped > 0) warnings.push(`${skipped} list record(s) were skipped.`);
  if (rows.length === 0) warnings.push('The file has no transactions.');
  const positions = accountType === 'Invst' ? holdings.positions(warnings) : [];
  return {
    account: { currency: options.currency, ...(accountType !== undefined && { type: accountType }) },
    transactions: fingerprintInPlace(rows),
    ...(positions.length > 0 && { positions }),
    warnings,
  };
}

/** Units are summed exactly as integers of 10^-18 (the holding column's scale). */
const UNIT_SCALE = 18;
const UNIT_ONE = 10n ** BigInt(UNIT_SCALE);

/** A QIF quantity ('1,000.5', '-20') as integer units of 10^-18; undefined when it is not a number. */
function scaledUnits(raw: string): bigint | undefined {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(raw.replace(/[,\s]/g, ''));
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const fraction = (match[3] ?? '').slice(0, UNIT_SCALE).padEnd(UNIT_SCALE, '0');
  const value = BigInt(match[2] || '0') * UNIT_ONE + BigInt(fraction);
  return match[1] === '-' ? -value : value;
}

/** Integer units of 10^-18 as the shortest decimal string ('10', '-0.5188'). */
function unitsText(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const whole = magnitude / UNIT_ONE;
  const fraction = (magnitude % UNIT_ONE).toString().padStart(UNIT_SCALE, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

// How each action moves a security's units: a buy or reinvestment adds Q, a sale takes it away.
const UNIT_MOVES: Record<string, 1 | -1> = {
  buy: 1,
  reinvdiv: 1,
  reinvint: 1,
  reinvlg: 1,
  reinvmd: 1,
  reinvsh: 1,
  shrsin: 1,
  sell: -1,
  shrsout: -1,
};

/**
 * A QIF investment account has no position list (OFX INVPOSLIST): its holdings are the net units of its
 * trades per security (Y), buys, reinvestments and shares in adding Q, sales and shares out taking it
 * away, priced at the security's last price (I) in the file and stated as of the file's last trade.
 * A security sold out is no holding; a stock split is not applied (its ratio is written differently by
 * different exporters), with a warning.
 */
class QifHoldings {
  private readonly bySecurity = new Map<
    string,
    { units: bigint; price: string | undefined; priceDate: string; line: number }
  >();
  private asOf = '';

  constructor(private readonly currency: string) {}

  add(record: Pending, date: IsoDate | undefined, warnings: string[]): void {
    const security = record.fields.get('Y')?.value;
    const key = (record.fields.get('N')?.value ?? '').toLowerCase().replace(/\s+/g, '');
    const action = key in UNIT_MOVES || key === 'stksplit' ? key : key.replace(/x$/, '');
    if (!security || date === undefined) return;
    if (action === 'stksplit') {
      warnings.push(
        `Line ${record.line}: the split of ${security} was not applied to its units; check the holding after the import.`,
      );
      return;
    }
    const direction = UNIT_MOVES[action];
    if (direction === undefined) return;
    const quantity = record.fields.get('Q');
    if (!quantity?.value) {
      warnings.push(
        `Line ${record.line}: the ${action} of ${security} gives no number of units (a Q line), so the holding leaves it out.`,
      );
      return;
    }
    const units = scaledUnits(quantity.value);
    if (units === undefined) {
      throw new ImportParseError(quantity.line, `"${quantity.value}" is not a number of units`);
    }
    const held = this.bySecurity.get(security) ?? {
      units: 0n,
      price: undefined,
      priceDate: '',
      line: record.line,
    };
    held.units += BigInt(direction) * (units < 0n ? -units : units);
    const price = record.fields.get('I')?.value?.replace(/,/g, '');
    if (price && scaledUnits(price) !== undefined && date >= held.priceDate) {
      held.price = price;
      held.priceDate = date;
    }
    this.bySecurity.set(security, held);
    if (date > this.asOf) this.asOf = date;
  }

  positions(warnings: string[]): ParsedPosition[] {
    const positions: ParsedPosition[] = [];
    for (const [security, held] of this.bySecurity) {
      if (held.units === 0n) continue;
      if (held.units < 0n) {
        warnings.push(
          `The trades of ${security} in the file come to ${unitsText(held.units)} units: the file may not begin when the account opened.`,
        );
      }
      const ticker = /^[A-Z][A-Z0-9.-]{0,9}$/.test(security) ? security : undefined;
      positions.push({
        line: held.line,
        securityId: `QIF:${security}`,
        name: security,
        ...(ticker && { ticker }),
        kind: 'other',
        units: unitsText(held.units),
        unitPrice: held.price ?? '0',
        currency: this.currency,
        asOf: this.asOf,
      });
    }
    return positions;
  }
}

function amountAt(raw: string, line: number, currency: string): number {
  const amount = parseLooseAmount(raw, currency);
  if (amount === undefined) {
    throw new ImportParseError(line, `"${raw}" is not a valid amount (expected a number like -1,234.56)`);
  }
  return amount;
}

function toTransaction(
  record: Pending,
  dateFormat: QifDateFormat,
  options: ParseQifOptions,
  warnings: string[],
): Omit<ParsedTransaction, 'fingerprint'> {
  const { currency } = options;
  const { fields } = record;
  const dateField = fields.get('D');
  if (!dateField?.value) throw new ImportParseError(record.line, 'the transaction has no date (a D line)');
  const date = qifDate(dateField.value, dateFormat);
  if (date === undefined) {
    throw new ImportParseError(
      dateField.line,
      `"${dateField.value}" is not a valid date (expected ${dateFormat})`,
    );
  }

  const total = fields.get('T')?.value ? fields.get('T') : fields.get('U');
  let partsSum = 0;
  let partCount = 0;
  for (const split of record.splits) {
    if (split.amount === '') continue;
    partsSum += amountAt(split.amount, split.line, currency);
    partCount += 1;
  }
  let amountMinor: number;
  if (total?.value) amountMinor = amountAt(total.value, total.line, currency);
  else if (partCount > 0) amountMinor = partsSum;
  else throw new ImportParseError(record.line, 'the transaction has no amount (a T line)');
  if (record.splits.length > 0) {
    const categories = record.splits.map((split) => split.category).filter(Boolean);
    const mismatch =
      partCount > 0 && partsSum !== amountMinor
        ? ' (its parts do not add up to the total; the total was kept)'
        : '';
    warnings.push(
      `Line ${record.line}: a split transaction (${record.splits.length} parts${categories.length ? `: ${categories.join(', ')}` : ''}) was imported as one transaction for the whole amount${mismatch}.`,
    );
  }
  if (options.invertSign && amountMinor !== 0) amountMinor = -amountMinor;

  const payee = fields.get('P')?.value || undefined;
  const memo = fields.get('M')?.value || undefined;
  const checkNumber = fields.get('N')?.value || undefined;
  const category = fields.get('L')?.value || undefined;
  const row: Omit<ParsedTransaction, 'fingerprint'> = {
    line: record.line,
    date,
    amountMinor: amountMinor === 0 ? 0 : amountMinor,
    currency,
    name: payee ?? memo ?? '',
  };
  if (memo !== undefined) row.memo = memo;
  if (payee !== undefined) row.payee = payee;
  if (checkNumber !== undefined) row.checkNumber = checkNumber;
  // '--Split--' marks a split parent in some exporters; it is not a category.
  if (category !== undefined && category !== '--Split--') row.providerCategory = category;
  return row;
}

// QIF investment actions: the row's name, its sign on the account's cash, and its category (INVESTMENT_…
// keeps trades out of spending; cash moved in or out is a plain row). Reinvestments give two rows.
const ACTIONS: Record<string, { verb: string; sign: 1 | -1 | 0; category?: string; reinvest?: boolean }> = {
  buy: { verb: 'Buy', sign: -1, category: 'INVESTMENT_BUY' },
  sell: { verb: 'Sell', sign: 1, category: 'INVESTMENT_SELL' },
  div: { verb: 'Dividend', sign: 1, category: 'INVESTMENT_DIVIDEND' },
  intinc: { verb: 'Interest', sign: 1, category: 'INVESTMENT_INTEREST' },
  cglong: { verb: 'Capital gain (long-term)', sign: 1, category: 'INVESTMENT_CAPITAL_GAIN' },
  cgmid: { verb: 'Capital gain (mid-term)', sign: 1, category: 'INVESTMENT_CAPITAL_GAIN' },
  cgshort: { verb: 'Capital gain (short-term)', sign: 1, category: 'INVESTMENT_CAPITAL_GAIN' },
  miscinc: { verb: 'Income', sign: 1, category: 'INVESTMENT_INCOME' },
  miscexp: { verb: 'Expense', sign: -1, category: 'INVESTMENT_FEE' },
  reinvdiv: { verb: 'Dividend', sign: 1, category: 'INVESTMENT_DIVIDEND', reinvest: true },
  reinvint: { verb: 'Interest', sign: 1, category: 'INVESTMENT_INTEREST', reinvest: true },
  reinvlg: { verb: 'Capital gain (long-term)', sign: 1, category: 'INVESTMENT_CAPITAL_GAIN', reinvest: true },
  reinvmd: { verb: 'Capital gain (mid-term)', sign: 1, category: 'INVESTMENT_CAPITAL_GAIN', reinvest: true },
  reinvsh: {
    verb: 'Capital gain (short-term)',
    sign: 1,
    category: 'INVESTMENT_CAPITAL_GAIN',
    reinvest: true,
  },
  shrsin: { verb: 'Shares in', sign: 0, category: 'INVESTMENT_TRANSFER' },
  shrsout: { verb: 'Shares out', sign: 0, category: 'INVESTMENT_TRANSFER' },
  stksplit: { verb: 'Split', sign: 0, category: 'INVESTMENT_TRANSFER' },
  xin: { verb: 'Cash in', sign: 1 },
  contribx: { verb: 'Contribution', sign: 1 },
  xout: { verb: 'Cash out', sign: -1 },
  withdrwx: { verb: 'Withdrawal', sign: -1 },
  cash: { verb: 'Cash', sign: 1 },
};

/**
 * One !Type:Invst record as rows: N is the action (Buy, Sell, Div, ReinvDiv, IntInc, XIn, ShrsIn…; an X
 * suffix, money moved from or to another account, reads like the plain action), Y the security, Q the
 * units, I the price, T (else U) the total, which signs by the action (a buy is money out whatever its
 * sign in the file); without T the total is Q × I plus commission O. A reinvestment gives the income
 * and the buy it paid for (two rows netting to nothing); share movements and splits have no amount.
 */
function toInvestmentRows(
  record: Pending,
  dateFormat: QifDateFormat,
  options: ParseQifOptions,
): Omit<ParsedTransaction, 'fingerprint'>[] {
  const { currency } = options;
  const { fields } = record;
  const dateField = fields.get('D');
  if (!dateField?.value) throw new ImportParseError(record.line, 'the transaction has no date (a D line)');
  const date = qifDate(dateField.value, dateFormat);
  if (date === undefined) {
    throw new ImportParseError(
      dateField.line,
      `"${dateField.value}" is not a valid date (expected ${dateFormat})`,
    );
  }
  const actionField = fields.get('N');
  const rawAction = actionField?.value ?? '';
  const key = rawAction.toLowerCase().replace(/\s+/g, '');
  const action = ACTIONS[key] ?? (key.endsWith('x') ? ACTIONS[key.slice(0, -1)] : undefined);
  if (!action) {
    throw new ImportParseError(
      actionField?.line ?? record.line,
      `"${rawAction}" is not a QIF investment action (expected one like Buy, Sell, Div or ReinvDiv)`,
    );
  }
  const security = fields.get('Y')?.value || undefined;
  const units = fields.get('Q')?.value || undefined;
  const price = fields.get('I')?.value || undefined;
  const total = fields.get('T')?.value ? fields.get('T') : fields.get('U');
  let amount = 0;
  if (action.sign !== 0) {
    if (total?.value) amount = Math.abs(amountAt(total.value, total.line, currency));
    else if (units && price) {
      const unitsValue = Number(units.replace(/,/g, ''));
      const priceValue = Number(price.replace(/,/g, ''));
      const commission = fields.get('O');
      const fee = commission?.value ? amountAt(commission.value, commission.line, currency) : 0;
      const exponent = currencyExponent(currency);
      amount =
        Math.round(Math.abs(unitsValue * priceValue) * 10 ** exponent) + action.sign * -1 * Math.abs(fee);
      if (!Number.isFinite(amount))
        throw new ImportParseError(record.line, 'the units or price are not numbers');
    } else {
      throw new ImportParseError(
        record.line,
        `the ${action.verb.toLowerCase()} has no amount (a T line, or Q and I)`,
      );
    }
  }
  const memo = fields.get('M')?.value || undefined;
  const what = security ?? '';
  const payee = fields.get('P')?.value || undefined;
  const detail = units ? `${units.replace(/^-/, '')}${price ? ` at ${price}` : ' units'}` : undefined;
  const base = { line: record.line, date, currency };
  // A security's action is named after it ('Buy VTI'); cash moved in or out after its payee.
  const name = security ? `${action.verb} ${security}` : (payee ?? action.verb);
  const first: Omit<ParsedTransaction, 'fingerprint'> = {
    ...base,
    amountMinor: action.sign === 0 || amount === 0 ? 0 : action.sign * amount,
    name,
    ...(action.reinvest
      ? memo && { memo }
      : (detail || memo) && { memo: [detail, memo].filter(Boolean).join(' · ') }),
    ...(action.category && { providerCategory: action.category }),
  };
  if (!action.reinvest) return [first];
  return [
    first,
    {
      ...base,
      amountMinor: amount === 0 ? 0 : -amount,
      name: `Reinvest${what ? ` ${what}` : ''}`,
      ...(detail && { memo: detail }),
      providerCategory: 'INVESTMENT_REINVEST',
    },
  ];
}

/**
 * A QIF file of several accounts (Quicken's "all accounts" export: an !Account record, N name and T type,
 * before each account's !Type section) as one statement per account, its name in `account.externalId`.
 * Each account's part is read by parseQif with the file's own line numbers. A file without !Account
 * records is one statement.
 */
export function parseQifStatements(input: string, options: ParseQifOptions): ParsedStatement[] {
  const lines = stripBom(input).split(/\r\n|\r|\n/);
  const starts = lines.flatMap((line, index) => (/^!Account\s*$/i.test(line.trim()) ? [index] : []));
  if (starts.length <= 1) return [parseQif(input, options)];
  const parts: ParsedStatement[] = [];
  starts.forEach((start, at) => {
    const end = starts[at + 1] ?? lines.length;
    const block = lines.slice(start, end);
    if (!block.some((line) => /^!Type:/i.test(line.trim()))) return;
    // Blank lines before the part keep its lines numbered as in the file.
    const statement = parseQif('\n'.repeat(start) + block.join('\n'), options);
    const header = block.slice(
      1,
      block.findIndex((line) => line.trim() === '^'),
    );
    const name = header
      .find((line) => line.trim().startsWith('N'))
      ?.trim()
      .slice(1)
      .trim();
    parts.push(name ? { ...statement, account: { ...statement.account, externalId: name } } : statement);
  });
  return parts.length > 0 ? parts : [parseQif(input, options)];
}
