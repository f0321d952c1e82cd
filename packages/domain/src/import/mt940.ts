import { isCurrencyCode } from '../currencies';
import type { IsoDate } from '../dates';
import { parseAmountCell } from './amounts';
import { fingerprintInPlace } from './fingerprint';
import { isoFromParts } from './statement-dates';
import { stripBom } from './text';
import { ImportParseError, type ParsedBalance, type ParsedStatement, type ParsedTransaction } from './types';

type Field = { tag: string; value: string; line: number };

/** ':61:' … ':86:' fields of the file (SWIFT block envelopes and '-' separators marked as 'end'). */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let current: Field | undefined;
  lines.forEach((raw, index) => {
    const line = index + 1;
    let content = raw.trimEnd();
    // A SWIFT envelope: '{1:F01…}{2:…}{4:' opens the text block, '-}' closes it.
    if (content.charCodeAt(0) === 123) {
      const block = /^\{1:.*?\{4:(.*)$/.exec(content);
      if (block) content = block[1] ?? '';
    }
    if (content.charCodeAt(0) === 45 && /^-\}?\s*$/.test(content)) {
      current = undefined;
      fields.push({ tag: 'end', value: '', line });
      return;
    }
    const match = content.charCodeAt(0) === 58 ? /^:(\d{2}[A-Z]?):(.*)$/.exec(content) : null;
    if (match) {
      current = { tag: match[1] ?? '', value: match[2] ?? '', line };
      fields.push(current);
    } else if (current && content !== '') {
      current.value += `\n${content}`;
    }
  });
  return fields;
}

/** A YYMMDD date (years 00–69 are 20xx, 70–99 19xx, as SWIFT files are read). */
function swiftDate(raw: string): IsoDate | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!match) return undefined;
  const year = Number(match[1]);
  return isoFromParts(year < 70 ? 2000 + year : 1900 + year, Number(match[2]), Number(match[3]));
}

/**
 * The booking date, written MMDD without a year beside the value date: the year that puts it nearest
 * the value date (a value date of 31 Dec 2023 and a booking on 0102 is 2 Jan 2024, and back).
 */
function bookingDate(value: IsoDate, monthDay: string): IsoDate | undefined {
  const month = Number(monthDay.slice(0, 2));
  const day = Number(monthDay.slice(2, 4));
  const year = Number(value.slice(0, 4));
  const valueTime = Date.UTC(year, Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  let best: IsoDate | undefined;
  let bestDistance = Infinity;
  for (const candidate of [year - 1, year, year + 1]) {
    const iso = isoFromParts(candidate, month, day);
    if (!iso) continue;
    const distance = Math.abs(Date.UTC(candidate, month - 1, day) - valueTime);
    if (distance < bestDistance) [best, bestDistance] = [iso, distance];
  }
  return best;
}

function amountOf(raw: string, currency: string): number | undefined {
  return /^\d+,\d*$|^\d+$/.test(raw) ? parseAmountCell(raw, ',', currency) : undefined;
}

/** :60F:/:62F: — C or D, YYMMDD, currency, amount with a decimal comma. */
function balanceOf(field: Field | undefined): ParsedBalance | undefined {
  if (!field) return undefined;
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)/.exec(field.value.trim());
  if (!match) {
    throw new ImportParseError(
      field.line,
      `:${field.tag}: "${field.value.trim()}" is not a balance (expected C or D, YYMMDD, currency, amount like C240131EUR1234,56)`,
    );
  }
  const currency = match[3] ?? '';
  const asOf = swiftDate(match[2] ?? '');
  const value = amountOf(match[4] ?? '', currency);
  if (!asOf || !isCurrencyCode(currency) || value === undefined) {
    throw new ImportParseError(field.line, `:${field.tag}: "${field.value.trim()}" is not a valid balance`);
  }
  return { amountMinor: match[1] === 'D' && value !== 0 ? -value : value, currency, asOf };
}

// :61: value date, optional MMDD booking date, (R)C/(R)D, optional funds code, amount, N + type code,
// the account owner's reference, '//' and the bank's reference, then supplementary details.
const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)([NSF][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;

type Details = {
  name?: string;
  memo?: string;
  endToEndId?: string;
  counterpartyAccount?: string;
  bookingText?: string;
};

// SEPA keywords inside German remittance lines ('EREF+…', 'SVWZ+…').
const SEPA_KEYS = [
  'EREF',
  'KREF',
  'MREF',
  'CRED',
  'DEBT',
  'SVWZ',
  'ABWA',
  'ABWE',
  'IBAN',
  'BIC',
  'COAM',
  'OAMT',
];

const SEPA_PATTERN = new RegExp(`(${SEPA_KEYS.join('|')})\\+`, 'g');

function sepaParts(text: string): Map<string, string> {
  const parts = new Map<string, string>();
  const hits = [...text.matchAll(SEPA_PATTERN)];
  hits.forEach((hit, at) => {
    const start = (hit.index ?? 0) + hit[0].length;
    const end = hits[at + 1]?.index ?? text.length;
    parts.set(hit[1] ?? '', text.slice(start, end).trim());
  });
  return parts;
}

const PLACEHOLDER = /^(NOTPROVIDED|NONREF|NOT PROVIDED)$/i;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The :86: field in its common dialects: German structured ('166?00SEPA-ÜBERWEISUNG?20…?32Name'), the
 * slash-keyed form of Dutch and other banks ('/NAME/…/REMI/…/EREF/…'), or free text.
 */
function readDetails(raw: string): Details {
  const joined = raw.includes('\n') ? raw.replace(/\n/g, '') : raw;
  if (/^(\d{3})?\s*\?\d{2}/.test(joined)) {
    const fields = new Map<number, string>();
    for (const part of joined.split('?').slice(1)) {
      const code = Number(part.slice(0, 2));
      if (Number.isInteger(code)) fields.set(code, (fields.get(code) ?? '') + part.slice(2));
    }
    const purposeCodes = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63];
    const purpose = purposeCodes.map((code) => fields.get(code) ?? '').join('');
    const sepa = sepaParts(purpose);
    const remittance = squash(sepa.get('SVWZ') ?? (sepa.size > 0 ? '' : purpose));
    const name = squash(`${fields.get(32) ?? ''}${fields.get(33) ?? ''}`);
    const endToEndId = sepa.get('EREF');
    const account = fields.get(31)?.trim();
    const bookingText = fields.get(0)?.trim();
    return {
      ...(name && { name }),
      ...(remittance && { memo: remittance }),
      ...(endToEndId && !PLACEHOLDER.test(endToEndId) && { endToEndId }),
      ...(account && { counterpartyAccount: account }),
      ...(bookingText && { bookingText }),
    };
  }
  const oneLine = joined;
  if (/^\/(NAME|REMI|EREF|TRTP|IBAN|ORDP|BENM)\//.test(oneLine)) {
    const keyed = new Map<string, string>();
    const pattern = /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|ORDP|BENM|ID|ADDR|PREF|RTRN|CREF|ISDT|FX)\//g;
    const hits = [...oneLine.matchAll(pattern)];
    hits.forEach((hit, at) => {
      const start = (hit.index ?? 0) + hit[0].length;
      const end = hits[at + 1]?.index ?? oneLine.length;
      if (!keyed.has(hit[1] ?? ''))
        keyed.set(hit[1] ?? '', oneLine.slice(start, end).replace(/\/+$/, '').trim());
    });
    const remittance = keyed.get('REMI')?.replace(/^\/?(USTD|STRD)\/\/?/, '');
    const name = keyed.get('NAME');
    const endToEndId = keyed.get('EREF');
    const account = keyed.get('IBAN');
    const bookingText = keyed.get('TRTP');
    return {
      ...(name && { name: squash(name) }),
      ...(remittance && { memo: squash(remittance) }),
      ...(endToEndId && !PLACEHOLDER.test(endToEndId) && { endToEndId }),
      ...(account && { counterpartyAccount: account }),
      ...(bookingText && { bookingText }),
    };
  }
  const free = squash(raw.replace(/\n/g, ' '));
  return free ? { memo: free } : {};
}

type Row = Omit<ParsedTransaction, 'fingerprint'>;

function readStatementLine(field: Field, details: Field | undefined, currency: string): Row {
  const match = STATEMENT_LINE.exec(field.value.trim());
  if (!match) {
    throw new ImportParseError(
      field.line,
      `:61: "${field.value.split('\n')[0]?.trim()}" is not a statement line (expected YYMMDD[MMDD], C or D, an amount like 12,50, N and a type code)`,
    );
  }
  const valueDate = swiftDate(match[1] ?? '');
  if (!valueDate)
    throw new ImportParseError(field.line, `:61: "${match[1]}" is not a valid value date (YYMMDD)`);
  const date = match[2] ? bookingDate(valueDate, match[2]) : valueDate;
  if (!date) throw new ImportParseError(field.line, `:61: "${match[2]}" is not a valid booking date (MMDD)`);
  const value = amountOf(match[5] ?? '', currency);
  if (value === undefined) throw new ImportParseError(field.line, `:61: "${match[5]}" is not a valid amount`);
  // C and RD (reversal of a debit) bring money in; D and RC take it out.
  const incoming = match[3] === 'C' || match[3] === 'RD';
  const amountMinor = incoming || value === 0 ? value : -value;
  const info = details ? readDetails(details.value) : {};
  const supplementary = match[9]?.trim();
  const ownReference = match[7]?.trim();
  const memo = [info.memo, info.counterpartyAccount && `IBAN ${info.counterpartyAccount}`]
    .filter(Boolean)
    .join(' · ');
  const name =
    info.name ??
    info.memo ??
    supplementary ??
    info.bookingText ??
    (ownReference && !PLACEHOLDER.test(ownReference) ? ownReference : undefined) ??
    '';
  return {
    line: field.line,
    date,
    amountMinor,
    currency,
    name,
    ...(memo && { memo }),
    ...(info.name && { payee: info.name }),
    ...(info.endToEndId && { externalId: info.endToEndId }),
  };
}

/** Whether the text is a SWIFT MT940/MT942 statement: a ':20:' reference and ':25:' account field. */
export function looksLikeMt940(head: string): boolean {
  return (
    /(^|[\n{]|\{4:\s*)(:20:)/.test(head) &&
    /(^|\n):25:/.test(head) &&
    /(^|\n):(61|60F|60M|34F|13D?):/.test(head)
  );
}

/**
 * Reads a SWIFT MT940 statement or MT942 interim report, with one or several statements (each opens
 * with :20:; SWIFT envelopes '{1:…}{4:' … '-}' are allowed). Each :61: line is a transaction: the
 * booking date (MMDD, its year taken nearest the value date, so a statement across New Year is right),
 * else the value date; C/RD in, D/RC out; amounts with a decimal comma in the currency of :60F: (or
 * :34F: for MT942). Its :86: gives the counterparty, remittance text, IBAN and end-to-end id, read in
 * the German structured form (?20–?29 purpose, ?32–?33 name), the slash-keyed form (/NAME/, /REMI/,
 * /EREF/) or as free text. :60F: and :62F: are the opening and closing balances. Statements of one
 * account are merged by the caller. All or nothing: a bad line throws ImportParseError with its line.
 */
export function parseMt940(input: string): ParsedStatement[] {
  const fields = fieldsOf(stripBom(input));
  const groups: Field[][] = [];
  let group: Field[] | undefined;
  for (const field of fields) {
    if (field.tag === 'end') {
      group = undefined;
      continue;
    }
    if (field.tag === '20' || !group) {
      group = [];
      groups.push(group);
    }
    group.push(field);
  }
  const statements = groups.filter((items) =>
    items.some((field) => field.tag === '25' || field.tag === '61'),
  );
  if (statements.length === 0) {
    throw new ImportParseError(1, 'this is not an MT940 or MT942 statement (no :20:, :25: and :61: fields)');
  }
  return statements.map((items) => {
    const warnings: string[] = [];
    const find = (...tags: string[]) => items.find((field) => tags.includes(field.tag));
    const opening = balanceOf(find('60F', '60M'));
    const closing = balanceOf(find('62F')) ?? balanceOf(find('62M'));
    const floor = find('34F');
    const currency =
      opening?.currency ??
      closing?.currency ??
      (floor ? /^([A-Z]{3})/.exec(floor.value.trim())?.[1] : undefined);
    const firstLine = items.find((field) => field.tag === '61');
    if (!currency && firstLine) {
      throw new ImportParseError(
        firstLine.line,
        'the statement states no currency (no :60F: opening balance or :34F: floor limit)',
      );
    }
    const rows: Row[] = [];
    items.forEach((field, index) => {
      if (field.tag !== '61') return;
      const next = items[index + 1];
      rows.push(readStatementLine(field, next?.tag === '86' ? next : undefined, currency ?? ''));
    });
    const counts = new Map<string, number>();
    for (const row of rows)
      if (row.externalId) counts.set(row.externalId, (counts.get(row.externalId) ?? 0) + 1);
    for (const row of rows)
      if (row.externalId && (counts.get(row.externalId) ?? 0) > 1) delete row.externalId;
    const account = find('25')?.value.trim();
    const type = find('60F', '62F') ? 'MT940' : 'MT942';
    if (rows.length === 0) warnings.push('The statement has no transactions.');
    return {
      account: {
        type,
        ...(account && { externalId: account }),
        ...(currency && { currency }),
        ...(closing && { balance: closing }),
        ...(opening && { openingBalance: opening }),
      },
      transactions: fingerprintInPlace(rows),
      warnings,
    };
  });
}
