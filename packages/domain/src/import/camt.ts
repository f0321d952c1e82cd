import { SaxesParser } from 'saxes';
import { isCurrencyCode } from '../currencies';
import type { IsoDate } from '../dates';
import { parseAmountCell } from './amounts';
import { fingerprintInPlace } from './fingerprint';
import { isoFromParts } from './statement-dates';
import { stripBom } from './text';
import { ImportParseError, type ParsedBalance, type ParsedStatement, type ParsedTransaction } from './types';

/** One XML element: local name (namespace prefix dropped), the line its tag opens on, text, children. */
type Element = {
  name: string;
  line: number;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
};

/** The three CAMT messages: account statement (053), intraday report (052), notification (054). */
const MESSAGES = [
  { root: 'BkToCstmrStmt', item: 'Stmt', label: 'CAMT.053' },
  { root: 'BkToCstmrAcctRpt', item: 'Rpt', label: 'CAMT.052' },
  { root: 'BkToCstmrDbtCdtNtfctn', item: 'Ntfctn', label: 'CAMT.054' },
] as const;
const ITEMS = new Set<string>(MESSAGES.map((message) => message.item));

function child(element: Element | undefined, ...path: string[]): Element | undefined {
  let current = element;
  for (const name of path) current = current?.children.find((item) => item.name === name);
  return current;
}

function list(element: Element | undefined, name: string): Element[] {
  return element ? element.children.filter((item) => item.name === name) : [];
}

/** The text of the element at `path`, trimmed; undefined when absent or empty. */
function text(element: Element | undefined, ...path: string[]): string | undefined {
  const trimmed = child(element, ...path)?.text.trim();
  return trimmed ? trimmed : undefined;
}

function texts(element: Element | undefined, name: string): string[] {
  return list(element, name)
    .map((item) => item.text.trim())
    .filter(Boolean);
}

function camtDate(element: Element | undefined): IsoDate | undefined {
  const raw = text(element, 'Dt') ?? text(element, 'DtTm');
  const match = raw ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return match ? isoFromParts(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

type Money = { amountMinor: number; currency: string };

/** An <Amt Ccy="EUR">12.50</Amt> (unsigned, '.' decimals) with the sign of its CdtDbtInd. */
function money(
  amount: Element | undefined,
  indicator: string | undefined,
  line: number,
  where: string,
): Money {
  const raw = amount?.text.trim() || undefined;
  const currency = (amount?.attributes.Ccy ?? '').toUpperCase();
  if (raw === undefined) throw new ImportParseError(line, `${where} has no amount (<Amt>)`);
  if (!isCurrencyCode(currency)) {
    throw new ImportParseError(line, `${where}: "${currency}" is not a currency code (expected Ccy="EUR")`);
  }
  const value = /^\d+(\.\d+)?$/.test(raw) ? parseAmountCell(raw, '.', currency) : undefined;
  if (value === undefined) {
    throw new ImportParseError(line, `${where}: "${raw}" is not a valid amount (expected digits like 12.50)`);
  }
  if (indicator !== 'CRDT' && indicator !== 'DBIT') {
    throw new ImportParseError(
      line,
      `${where}: the credit/debit indicator is "${indicator ?? ''}" (expected CRDT or DBIT)`,
    );
  }
  return { amountMinor: indicator === 'DBIT' && value !== 0 ? -value : value, currency };
}

/** A party's name: CAMT 001.02 writes <Dbtr><Nm>, 001.08 and later <Dbtr><Pty><Nm>. */
function partyName(parties: Element | undefined, role: string): string | undefined {
  return text(parties, role, 'Nm') ?? text(parties, role, 'Pty', 'Nm');
}

function partyAccount(parties: Element | undefined, role: string): string | undefined {
  return text(parties, role, 'Id', 'IBAN') ?? text(parties, role, 'Id', 'Othr', 'Id');
}

const joinLines = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ').trim();

/** Remittance information: the free lines (Ustrd, joined), then structured references (Strd). */
function remittance(details: Element): string | undefined {
  const info = child(details, 'RmtInf');
  const free = joinLines(texts(info, 'Ustrd'));
  const structured = list(info, 'Strd').flatMap((item) => {
    const reference = text(item, 'CdtrRefInf', 'Ref');
    return [...(reference ? [`Ref ${reference}`] : []), ...texts(item, 'AddtlRmtInf')];
  });
  const all = [free, ...structured].filter(Boolean).join(' · ');
  return all || undefined;
}

const PLACEHOLDER_IDS = /^(NOTPROVIDED|NONREF|NOT PROVIDED|NONE)$/i;

type Detail = {
  line: number;
  amount?: Money;
  counterparty?: string;
  counterpartyAccount?: string;
  remittance?: string;
  endToEndId?: string;
  reference?: string;
};

function readDetail(details: Element, line: number, indicator: string, where: string): Detail {
  const own = child(details, 'Amt') ?? child(details, 'AmtDtls', 'TxAmt', 'Amt');
  const detailIndicator = text(details, 'CdtDbtInd') ?? indicator;
  // Money in: the other party is the debtor (payer); money out: the creditor (payee).
  const role = detailIndicator === 'CRDT' ? 'Dbtr' : 'Cdtr';
  const parties = child(details, 'RltdPties');
  const counterparty =
    partyName(parties, role) ?? partyName(parties, role === 'Dbtr' ? 'UltmtDbtr' : 'UltmtCdtr');
  const counterpartyAccount = partyAccount(parties, `${role}Acct`);
  const info = remittance(details) ?? (joinLines(texts(details, 'AddtlTxInf')) || undefined);
  const endToEndId = text(details, 'Refs', 'EndToEndId');
  const reference = text(details, 'Refs', 'AcctSvcrRef');
  return {
    line,
    ...(own !== undefined && { amount: money(own, detailIndicator, line, where) }),
    ...(counterparty && { counterparty }),
    ...(counterpartyAccount && { counterpartyAccount }),
    ...(info && { remittance: info }),
    ...(endToEndId && !PLACEHOLDER_IDS.test(endToEndId) && { endToEndId }),
    ...(reference && !PLACEHOLDER_IDS.test(reference) && { reference }),
  };
}

type Row = Omit<ParsedTransaction, 'fingerprint'>;

function rowOf(
  detail: Detail,
  entry: { date: IsoDate; amount: Money; fallbackName: string | undefined; key: string | undefined },
): Row {
  const amount = detail.amount ?? entry.amount;
  const memo = [detail.remittance, detail.counterpartyAccount && `IBAN ${detail.counterpartyAccount}`]
    .filter(Boolean)
    .join(' · ');
  const name = detail.counterparty ?? detail.remittance ?? entry.fallbackName ?? '';
  // The payer sets the end-to-end id and may reuse it every month: the day and amount make it one payment.
  const externalId = detail.endToEndId
    ? `${detail.endToEndId}|${entry.date}|${amount.amountMinor}`
    : (detail.reference ?? entry.key);
  return {
    line: detail.line,
    date: entry.date,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    name,
    ...(memo && { memo }),
    ...(detail.counterparty && { payee: detail.counterparty }),
    ...(externalId && { externalId }),
  };
}

function balanceOf(statement: Element, codes: string[]): ParsedBalance | undefined {
  const balances = list(statement, 'Bal');
  for (const code of codes) {
    const found = balances.find(
      (balance) =>
        (text(balance, 'Tp', 'CdOrPrtry', 'Cd') ?? text(balance, 'Tp', 'CdOrPrtry', 'Prtry')) === code,
    );
    if (!found) continue;
    const asOf = camtDate(child(found, 'Dt'));
    const amount = child(found, 'Amt');
    const indicator = text(found, 'CdtDbtInd');
    if (!asOf || !amount || (indicator !== 'CRDT' && indicator !== 'DBIT')) continue;
    const currency = (amount.attributes.Ccy ?? '').toUpperCase();
    const value = parseAmountCell(amount.text.trim(), '.', currency);
    if (value === undefined || !isCurrencyCode(currency)) continue;
    return { amountMinor: indicator === 'DBIT' && value !== 0 ? -value : value, currency, asOf };
  }
  return undefined;
}

/** What one statement (report, notification) gathers while its entries are read. */
type Gathered = { rows: Row[]; pending: number; entries: number; warnings: string[] };

/** One <Ntry>, read as soon as it closes: its rows (one, or one per transaction of a split batch). */
function readEntry(entry: Element, gathered: Gathered, where: string): void {
  gathered.entries += 1;
  const { line } = entry;
  const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
  const indicator = text(entry, 'CdtDbtInd');
  const amount = money(child(entry, 'Amt'), indicator, line, where);
  if (status !== undefined && status !== 'BOOK') {
    gathered.pending += 1;
    return;
  }
  const date = camtDate(child(entry, 'BookgDt')) ?? camtDate(child(entry, 'ValDt'));
  if (!date) {
    throw new ImportParseError(line, `${where} has no valid booking or value date (<BookgDt>, <ValDt>)`);
  }
  const fallbackName =
    joinLines(texts(entry, 'AddtlNtryInf')) ||
    text(entry, 'BkTxCd', 'Prtry', 'Cd') ||
    text(entry, 'BkTxCd', 'Domn', 'Cd') ||
    undefined;
  const entryKey = text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef');
  const usableKey = entryKey && !PLACEHOLDER_IDS.test(entryKey) ? entryKey : undefined;
  const details = list(entry, 'NtryDtls')
    .flatMap((item) => list(item, 'TxDtls'))
    .map((item, at) => readDetail(item, item.line, indicator ?? '', `${where}, transaction ${at + 1}`));
  // A batch is split into its transactions when each states its own amount and they add up.
  const split =
    details.length > 1 &&
    details.every((detail) => detail.amount?.currency === amount.currency) &&
    details.reduce((sum, detail) => sum + (detail.amount?.amountMinor ?? 0), 0) === amount.amountMinor;
  if (details.length > 1 && !split) {
    gathered.warnings.push(
      `Line ${line}: a batch of ${details.length} transactions is imported as one entry (its transactions do not state amounts that add up to it).`,
    );
  }
  if (split) {
    details.forEach((detail, at) =>
      gathered.rows.push(
        rowOf(detail, { date, amount, fallbackName, key: usableKey && `${usableKey}#${at + 1}` }),
      ),
    );
    return;
  }
  // One transaction's details describe the entry; a batch kept whole is named by the entry itself.
  const first: Detail = details.length === 1 && details[0] ? details[0] : { line };
  const { amount: _own, ...rest } = first;
  gathered.rows.push(rowOf({ ...rest, line }, { date, amount, fallbackName, key: usableKey }));
}

/** A statement once it closes: its account, balances and the rows its entries gave. */
function finishStatement(statement: Element, label: string, gathered: Gathered): ParsedStatement {
  const { rows, pending, warnings } = gathered;
  const account = child(statement, 'Acct');
  const accountId = text(account, 'Id', 'IBAN') ?? text(account, 'Id', 'Othr', 'Id');
  const institution =
    text(account, 'Svcr', 'FinInstnId', 'Nm') ??
    text(account, 'Svcr', 'FinInstnId', 'BICFI') ??
    text(account, 'Svcr', 'FinInstnId', 'BIC');
  if (pending > 0) {
    warnings.push(
      `${pending} pending ${pending === 1 ? 'entry was' : 'entries were'} skipped: only booked entries are imported.`,
    );
  }
  // A key repeated inside the statement cannot tell rows apart: those rows fall back to the fingerprint.
  const counts = new Map<string, number>();
  for (const row of rows)
    if (row.externalId) counts.set(row.externalId, (counts.get(row.externalId) ?? 0) + 1);
  for (const row of rows) if (row.externalId && (counts.get(row.externalId) ?? 0) > 1) delete row.externalId;

  const currency = text(account, 'Ccy')?.toUpperCase() ?? rows[0]?.currency;
  const closing = balanceOf(statement, ['CLBD', 'CLAV', 'ITBD']);
  const opening = balanceOf(statement, ['OPBD', 'PRCD']);
  if (gathered.entries === 0) warnings.push('The statement has no entries.');
  return {
    account: {
      type: label,
      ...(accountId && { externalId: accountId }),
      ...(currency && isCurrencyCode(currency) && { currency }),
      ...(closing && { balance: closing }),
      ...(opening && { openingBalance: opening }),
      ...(institution && { institution }),
    },
    transactions: fingerprintInPlace(rows),
    warnings,
  };
}

/** Whether the text is an ISO 20022 CAMT.052/053/054 message (its root or namespace says so). */
export function looksLikeCamt(head: string): boolean {
  return (
    /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/i.test(head) ||
    /<(?:\w+:)?(BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)[\s>]/.test(head)
  );
}

/**
 * Reads an ISO 20022 bank-to-customer message: CAMT.053 statements, CAMT.052 reports or CAMT.054
 * notifications (versions 001.02 to 001.13; namespace prefixes ignored), read as it streams through the
 * saxes XML parser (well-formedness checked, with the line at fault). Every booked entry becomes a
 * transaction: the booking date (else the value date), the amount signed by CdtDbtInd in its own Ccy,
 * the counterparty (the debtor of money in, the creditor of money out) as name and payee, the
 * remittance information (free lines joined, structured references after) and the counterparty's IBAN
 * as memo, and the EndToEndId (else the bank's AcctSvcrRef) as the bank id. A batch whose
 * transactions state amounts that add up to it is split into them. Pending (PDNG) and information
 * (INFO) entries are skipped with a warning. The closing (CLBD) and opening (OPBD) balances are kept.
 * Malformed XML is refused with its line; a bad entry with the line where its <Ntry> opens.
 */
export function parseCamt(input: string): ParsedStatement[] {
  const xml = stripBom(input);
  const parser = new SaxesParser({ position: true });
  const root: Element = { name: '#document', line: 1, attributes: {}, text: '', children: [] };
  const stack: Element[] = [root];
  const statements: ParsedStatement[] = [];
  let message: (typeof MESSAGES)[number] | undefined;
  let gathered: Gathered = { rows: [], pending: 0, entries: 0, warnings: [] };

  parser.on('opentag', (tag) => {
    const colon = tag.name.indexOf(':');
    const name = colon < 0 ? tag.name : tag.name.slice(colon + 1);
    const element: Element = {
      name,
      line: parser.line,
      attributes: tag.attributes as Record<string, string>,
      text: '',
      children: [],
    };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    if (stack.length <= 3 && !message) message = MESSAGES.find((candidate) => candidate.root === name);
  });
  parser.on('text', (value) => {
    const current = stack.at(-1);
    if (current && current !== root) current.text += value;
  });
  parser.on('cdata', (value) => {
    const current = stack.at(-1);
    if (current && current !== root) current.text += value;
  });
  parser.on('closetag', () => {
    const element = stack.pop();
    const parent = stack.at(-1);
    if (!element || !parent || !message) return;
    if (element.name === 'Ntry' && ITEMS.has(parent.name)) {
      // Read each entry as it closes and let it go: a statement of 100,000 entries is never held whole.
      const where = `${message.label} statement ${statements.length + 1}, entry ${gathered.entries + 1}`;
      readEntry(element, gathered, where);
      parent.children.pop();
    } else if (element.name === message.item && parent.name === message.root) {
      statements.push(finishStatement(element, message.label, gathered));
      gathered = { rows: [], pending: 0, entries: 0, warnings: [] };
      parent.children.pop();
    }
  });
  parser.on('error', (error) => {
    const reason = error.message.replace(/^[^:]*:\d+:\d+:\s*/, '');
    throw new ImportParseError(parser.line, `the XML is malformed: ${reason}`);
  });
  parser.write(xml).close();

  if (!message) {
    throw new ImportParseError(
      1,
      'this is not a CAMT.052, CAMT.053 or CAMT.054 message (no <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn>)',
    );
  }
  if (statements.length === 0) {
    throw new ImportParseError(1, `the ${message.label} message holds no statement`);
  }
  return statements;
}
