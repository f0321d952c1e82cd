import type { IsoDate } from '../dates';
import { parseLooseAmount } from './amounts';
import { childOf, findAll, textAt, type OfxElement } from './ofx-tree';
import { ImportParseError, type ParsedPosition, type ParsedTransaction, type SecurityKind } from './types';

type Row = Omit<ParsedTransaction, 'fingerprint'>;

/** What the investment statement reader needs from the OFX reader (dates and amounts read alike). */
export type OfxReaders = {
  date: (element: OfxElement, name: string) => IsoDate;
  amount: (element: OfxElement, name: string, currency: string) => number;
};

type SecurityInfo = { name: string; ticker?: string; kind: SecurityKind };

const INFO_KINDS: Record<string, SecurityKind> = {
  STOCKINFO: 'equity',
  MFINFO: 'mutual_fund',
  DEBTINFO: 'bond',
  OPTINFO: 'other',
  OTHERINFO: 'other',
};

/** SECLIST: each security's name, ticker and kind by its id ('CUSIP:922908769'). */
export function readSecurities(root: OfxElement): Map<string, SecurityInfo> {
  const securities = new Map<string, SecurityInfo>();
  for (const info of findAll(root, new Set(Object.keys(INFO_KINDS)))) {
    const secinfo = childOf(info, 'SECINFO');
    const id = securityKey(childOf(secinfo, 'SECID'));
    if (!id) continue;
    const ticker = textAt(secinfo, 'TICKER');
    securities.set(id, {
      name: textAt(secinfo, 'SECNAME') ?? ticker ?? id,
      ...(ticker && { ticker }),
      kind: INFO_KINDS[info.name] ?? 'other',
    });
  }
  return securities;
}

function securityKey(secid: OfxElement | undefined): string | undefined {
  const id = textAt(secid, 'UNIQUEID');
  if (!id) return undefined;
  return `${(textAt(secid, 'UNIQUEIDTYPE') ?? 'ID').toUpperCase()}:${id}`;
}

/** A decimal as written ('10', '-5.5', '0.1234'), or a line-numbered error. */
function decimal(element: OfxElement, name: string): string {
  const raw = textAt(element, name);
  const line = childOf(element, name)?.line ?? element.line;
  if (raw === undefined) throw new ImportParseError(element.line, `<${element.name}> has no <${name}>`);
  const value = raw.replace(/,/g, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) {
    throw new ImportParseError(line, `"${raw}" is not a valid number in <${name}>`);
  }
  return value.replace(/^\+/, '').replace(/^(-?)\./, '$10.');
}

const plainUnits = (units: string) => units.replace(/^-/, '');

// Investment transactions: what each is called and the category that keeps it out of spending.
const TRADES: Record<string, { verb: string; category: string; holder: string }> = {
  BUYSTOCK: { verb: 'Buy', category: 'INVESTMENT_BUY', holder: 'INVBUY' },
  BUYMF: { verb: 'Buy', category: 'INVESTMENT_BUY', holder: 'INVBUY' },
  BUYDEBT: { verb: 'Buy', category: 'INVESTMENT_BUY', holder: 'INVBUY' },
  BUYOPT: { verb: 'Buy', category: 'INVESTMENT_BUY', holder: 'INVBUY' },
  BUYOTHER: { verb: 'Buy', category: 'INVESTMENT_BUY', holder: 'INVBUY' },
  SELLSTOCK: { verb: 'Sell', category: 'INVESTMENT_SELL', holder: 'INVSELL' },
  SELLMF: { verb: 'Sell', category: 'INVESTMENT_SELL', holder: 'INVSELL' },
  SELLDEBT: { verb: 'Sell', category: 'INVESTMENT_SELL', holder: 'INVSELL' },
  SELLOPT: { verb: 'Sell', category: 'INVESTMENT_SELL', holder: 'INVSELL' },
  SELLOTHER: { verb: 'Sell', category: 'INVESTMENT_SELL', holder: 'INVSELL' },
};
const INCOME_NAMES: Record<string, { verb: string; category: string }> = {
  DIV: { verb: 'Dividend', category: 'INVESTMENT_DIVIDEND' },
  INTEREST: { verb: 'Interest', category: 'INVESTMENT_INTEREST' },
  CGLONG: { verb: 'Capital gain (long-term)', category: 'INVESTMENT_CAPITAL_GAIN' },
  CGSHORT: { verb: 'Capital gain (short-term)', category: 'INVESTMENT_CAPITAL_GAIN' },
  MISC: { verb: 'Income', category: 'INVESTMENT_INCOME' },
};

/**
 * The transactions of an INVSTMTRS (OFX 1.x/2.x investment statement), signed from the account's cash:
 * buys (TOTAL negative), sells, income (dividends, interest, capital gains) and reinvestments (the
 * income and the buy it paid for, two rows that net to nothing), with INVESTMENT_… categories so trades
 * never count as spending; INVBANKTRAN cash movements as ordinary rows. FITID is the bank id.
 */
export function readInvestmentTransactions(
  statement: OfxElement,
  securities: ReadonlyMap<string, SecurityInfo>,
  currency: string,
  read: OfxReaders,
  readBankTransaction: (entry: OfxElement) => Row,
): Row[] {
  const list = childOf(statement, 'INVTRANLIST');
  if (!list) return [];
  const rows: Row[] = [];
  const label = (secid: OfxElement | undefined) => {
    const key = securityKey(secid);
    const info = key ? securities.get(key) : undefined;
    return info?.ticker ?? info?.name ?? key?.replace(/^[A-Z]+:/, '') ?? 'a security';
  };
  for (const item of list.children) {
    if (item.name === 'DTSTART' || item.name === 'DTEND') continue;
    if (item.name === 'INVBANKTRAN') {
      const entry = childOf(item, 'STMTTRN');
      if (entry) rows.push(readBankTransaction(entry));
      continue;
    }
    const trade = TRADES[item.name];
    const holder = trade ? childOf(item, trade.holder) : item;
    const tran = childOf(holder, 'INVTRAN');
    if (!holder || !tran) continue;
    const date = read.date(tran, 'DTTRADE');
    const fitid = textAt(tran, 'FITID');
    const memo = textAt(tran, 'MEMO');
    const secid = childOf(holder, 'SECID');
    const base = { line: item.line, date, currency, ...(fitid && { externalId: fitid }) };
    if (trade) {
      const units = decimal(holder, 'UNITS');
      const price = decimal(holder, 'UNITPRICE');
      const amountMinor = read.amount(holder, 'TOTAL', currency);
      rows.push({
        ...base,
        amountMinor,
        name: `${trade.verb} ${label(secid)}`,
        memo: [`${plainUnits(units)} at ${price}`, memo].filter(Boolean).join(' · '),
        providerCategory: trade.category,
      });
    } else if (item.name === 'INCOME' || item.name === 'REINVEST') {
      const type = (textAt(item, 'INCOMETYPE') ?? 'MISC').toUpperCase();
      const income = INCOME_NAMES[type] ??
        INCOME_NAMES.MISC ?? { verb: 'Income', category: 'INVESTMENT_INCOME' };
      const total = read.amount(item, 'TOTAL', currency);
      if (item.name === 'INCOME') {
        rows.push({
          ...base,
          amountMinor: total,
          name: `${income.verb} ${label(secid)}`,
          ...(memo && { memo }),
          providerCategory: income.category,
        });
      } else {
        // REINVEST: TOTAL is the amount reinvested (negative from the cash's side in most files).
        const reinvested = Math.abs(total);
        const units = decimal(item, 'UNITS');
        const price = decimal(item, 'UNITPRICE');
        rows.push({
          ...base,
          amountMinor: reinvested,
          name: `${income.verb} ${label(secid)}`,
          ...(memo && { memo }),
          providerCategory: income.category,
        });
        rows.push({
          ...base,
          ...(fitid && { externalId: `${fitid}:reinvest` }),
          amountMinor: -reinvested,
          name: `Reinvest ${label(secid)}`,
          memo: `${plainUnits(units)} at ${price}`,
          providerCategory: 'INVESTMENT_REINVEST',
        });
      }
    } else if (item.name === 'TRANSFER' || item.name === 'SPLIT') {
      const units = textAt(item, 'UNITS') ?? textAt(item, 'NEWUNITS') ?? '';
      rows.push({
        ...base,
        amountMinor: 0,
        name: `${item.name === 'SPLIT' ? 'Split' : 'Transfer of'} ${label(secid)}`,
        ...(units && { memo: `${plainUnits(units)} units` }),
        providerCategory: 'INVESTMENT_TRANSFER',
      });
    }
  }
  return rows;
}

const POSITIONS = new Set(['POSSTOCK', 'POSMF', 'POSDEBT', 'POSOPT', 'POSOTHER']);
const POSITION_KINDS: Record<string, SecurityKind> = {
  POSSTOCK: 'equity',
  POSMF: 'mutual_fund',
  POSDEBT: 'bond',
  POSOPT: 'other',
  POSOTHER: 'other',
};

/** INVPOSLIST: each position's units, unit price and market value on its price date. */
export function readPositions(
  statement: OfxElement,
  securities: ReadonlyMap<string, SecurityInfo>,
  currency: string,
  read: OfxReaders,
): ParsedPosition[] {
  const list = childOf(statement, 'INVPOSLIST');
  if (!list) return [];
  return list.children
    .filter((item) => POSITIONS.has(item.name))
    .map((item) => {
      const position = childOf(item, 'INVPOS');
      if (!position) throw new ImportParseError(item.line, `<${item.name}> has no <INVPOS>`);
      const secid = childOf(position, 'SECID');
      const key = securityKey(secid);
      if (!key)
        throw new ImportParseError(position.line, 'the position has no security id (<SECID><UNIQUEID>)');
      const info = securities.get(key);
      const marketValue = textAt(position, 'MKTVAL');
      const units = decimal(position, 'UNITS');
      const short = textAt(position, 'POSTYPE')?.toUpperCase() === 'SHORT' && !units.startsWith('-');
      return {
        line: item.line,
        securityId: key,
        name: info?.name ?? key,
        ...(info?.ticker && { ticker: info.ticker }),
        kind: info?.kind ?? POSITION_KINDS[item.name] ?? 'other',
        units: short ? `-${units}` : units,
        unitPrice: decimal(position, 'UNITPRICE'),
        ...(marketValue !== undefined && { marketValueMinor: parseLooseAmount(marketValue, currency) ?? 0 }),
        currency,
        asOf: read.date(position, 'DTPRICEASOF'),
      };
    });
}
