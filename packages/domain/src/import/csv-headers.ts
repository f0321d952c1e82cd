import { isCurrencyCode } from '../currencies';
import { foldAccents } from './statement-dates';

/** What a CSV column can hold. */
export const CSV_COLUMN_ROLES = [
  'date',
  'indicator',
  'debit',
  'credit',
  'amount',
  'balance',
  'currency',
  'checkNumber',
  'reference',
  'category',
  'name',
  'payee',
  'memo',
  'foreignAmount',
  'foreignCurrency',
  'exchangeRate',
] as const;
export type CsvColumnRole = (typeof CSV_COLUMN_ROLES)[number];

/** 0-based column index per role; a role without a column is absent. */
export type CsvColumns = Partial<Record<CsvColumnRole, number>>;

type Words = { english: readonly string[]; other: readonly string[] };
const words = (english: string, other: string): Words => ({
  english: english.split(',').map((word) => word.trim()),
  other: other.split(',').map((word) => word.trim()),
});

// Header words (accents folded, punctuation as spaces), best first. English, then German, French,
// Spanish, Dutch (and a few Italian/Portuguese) words banks use.
const HEADER_WORDS: Record<CsvColumnRole, Words> = {
  date: words(
    'date, transaction date, trans date, txn date, booking date, posting date, post date, posted date, completed date, started date, value date',
    'buchungstag, buchungsdatum, buchung, datum, date operation, date de l operation, date de transaction, fecha, fecha operacion, fecha de operacion, transactiedatum, boekingsdatum, boekdatum, data, data operazione, wertstellung, valutadatum, date valeur, date de valeur, fecha valor, rentedatum',
  ),
  indicator: words(
    'cr dr, dr cr, debit credit, credit debit, debit credit indicator, credit debit indicator, d c, c d, sign',
    'af bij, bij af, soll haben, s h, vorzeichen, debit credit, sens',
  ),
  debit: words(
    'debit, debits, debit amount, withdrawal, withdrawals, withdrawal amount, paid out, money out, out, outflow, spent',
    'soll, ausgang, ausgaben, belastung, lastschrift, montant debit, debito, cargo, cargos, uitgaven, af',
  ),
  credit: words(
    'credit, credits, credit amount, deposit, deposits, deposit amount, paid in, money in, in, inflow, received',
    'haben, eingang, einnahmen, gutschrift, montant credit, credito, abono, abonos, ingresos, inkomsten, bij',
  ),
  amount: words(
    'amount, transaction amount, amt, value, sum, net amount, billing amount',
    'betrag, umsatz, summe, montant, montant de l operation, importe, cantidad, bedrag, transactiebedrag, importo, valor',
  ),
  balance: words(
    'balance, running balance, balance after, available balance, closing balance',
    'saldo, kontostand, saldo nach buchung, solde, saldo na mutatie, saldo dopo',
  ),
  currency: words(
    'currency, ccy, curr, currency code',
    'wahrung, waehrung, devise, moneda, divisa, valuta, munt, valuta code',
  ),
  checkNumber: words(
    'check number, check no, check, cheque number, cheque no, cheque, check or slip, chk ref, chq ref no, chq no, cheque ref no, checknum',
    'schecknummer, numero de cheque, numero cheque, cheque nummer',
  ),
  reference: words(
    'reference, ref, reference number, transaction id, transaction reference, id, fitid, bank reference, unique id, ref no, reference no',
    'referenz, kundenreferenz, bankreferenz, reference de l operation, referencia, numero de referencia, transactiereferentie, riferimento',
  ),
  category: words(
    'category, transaction category, category name',
    'kategorie, categorie, categoria, rubrique',
  ),
  name: words(
    'description, transaction description, details, transaction details, narrative, narration, particulars, merchant description',
    'verwendungszweck, beschreibung, buchungstext, text, libelle, libelle de l operation, libelle operation, intitule, concepto, descripcion, detalle, omschrijving, naam omschrijving, descrizione, descricao',
  ),
  payee: words(
    'payee, payee name, name, merchant, merchant name, beneficiary, counterparty, counterparty name, recipient, payer, to from',
    'empfanger, empfaenger, zahlungsempfanger, auftraggeber empfanger, auftraggeber, beguenstigter zahlungspflichtiger, name zahlungsbeteiligter, zahlungsbeteiligter, beneficiaire, tiers, beneficiario, ordenante, tegenpartij, naam tegenpartij, naam',
  ),
  memo: words(
    'memo, notes, note, notes and tags, extended details, additional information, additional info, remarks, comment, comments, purpose',
    'mitteilung, notiz, kommentar, information complementaire, informations complementaires, commentaire, observaciones, mededelingen, opmerking',
  ),
  // Found by FOREIGN_MARK below (the parenthesised '(Foreign Currency)' is dropped by normaliseHeader).
  foreignAmount: words(
    'foreign amount, original amount, foreign currency amount',
    'originalbetrag, fremdwahrungsbetrag',
  ),
  foreignCurrency: words('foreign currency, original currency', 'originalwahrung, fremdwahrung'),
  exchangeRate: words(
    'exchange rate, fx rate, conversion rate, currency rate',
    'wechselkurs, umrechnungskurs, taux de change, tipo de cambio, wisselkoers, cambio',
  ),
};

/** A header about the other currency of a card payment abroad: 'Amount (Foreign Currency)', 'Original Currency'. */
const FOREIGN_MARK = /\b(foreign|original|orig|fremdwahrung|devise etrangere|moneda extranjera)\b/;
const CURRENCY_WORD = /\b(currency|type|wahrung|waehrung|devise|moneda|valuta)\b/;
const RATE_WORD = /\b(rate|kurs|taux|cambio)\b/;
const AMOUNT_WORD = /\b(amount|betrag|montant|importe|bedrag|value|sum)\b/;

/**
 * The foreign-currency columns, told apart from the account-currency ones by their words:
 * 'Amount (Foreign Currency)' and 'Original Amount' are amounts, 'Type Foreign Currency' and
 * 'Original Currency' are codes. Exchange-rate columns are left to the header words.
 */
function foreignRoles(headers: readonly string[]): CsvColumns {
  const columns: CsvColumns = {};
  headers.forEach((header, column) => {
    const text = foldAccents(header)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ');
    if (!FOREIGN_MARK.test(text) || RATE_WORD.test(text)) return;
    const role = AMOUNT_WORD.test(text)
      ? 'foreignAmount'
      : CURRENCY_WORD.test(text)
        ? 'foreignCurrency'
        : undefined;
    if (role && columns[role] === undefined) columns[role] = column;
  });
  return columns;
}

/** The ISO code a header names ('Amount (EUR)', 'Betrag EUR'), if any. */
export function headerCurrency(header: string): string | undefined {
  const code = /\(([A-Za-z]{3})\)|(?:^|\s)([A-Z]{3})$/.exec(header.trim());
  const value = (code?.[1] ?? code?.[2])?.toUpperCase();
  return value && isCurrencyCode(value) ? value : undefined;
}

/** A header cell reduced for matching: accents folded, '(EUR)'/'£'/trailing 'GBP' and punctuation dropped. */
export function normaliseHeader(header: string): string {
  const folded = foldAccents(header)
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\p{Sc}/gu, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const parts = folded.split(' ');
  const last = parts.at(-1) ?? '';
  if (parts.length > 1 && isCurrencyCode(last.toUpperCase())) parts.pop();
  return parts.join(' ');
}

function containsWords(header: string, phrase: string): boolean {
  return ` ${header} `.includes(` ${phrase} `);
}

/** Which role each header names, best synonyms first; a column gets at most one role. */
export function rolesFromHeaders(headers: readonly string[]): { columns: CsvColumns; nonEnglish: boolean } {
  const normalised = headers.map(normaliseHeader);
  const columns: CsvColumns = foreignRoles(headers);
  const used = new Set<number>(Object.values(columns));
  let nonEnglish = false;
  for (const pass of ['exact', 'contains'] as const) {
    for (const role of CSV_COLUMN_ROLES) {
      if (columns[role] !== undefined) continue;
      const { english, other } = HEADER_WORDS[role];
      const synonyms = [...english, ...other];
      let best: { column: number; rank: number } | undefined;
      normalised.forEach((header, column) => {
        if (used.has(column) || header === '') return;
        const rank = synonyms.findIndex((synonym) =>
          pass === 'exact' ? header === synonym : synonym.length >= 4 && containsWords(header, synonym),
        );
        if (rank >= 0 && (!best || rank < best.rank)) best = { column, rank };
      });
      if (best) {
        columns[role] = best.column;
        used.add(best.column);
        if (best.rank >= english.length) nonEnglish = true;
      }
    }
  }
  return { columns, nonEnglish };
}

/** How many cells of a row name a known column (a header row names at least two). */
export function headerWordCount(cells: readonly string[]): number {
  return Object.keys(rolesFromHeaders(cells).columns).length;
}

const CREDIT_MARKS = new Set([
  'cr',
  'c',
  'credit',
  'h',
  'haben',
  '+',
  'bij',
  'in',
  'gutschrift',
  'abono',
  'credito',
]);
const DEBIT_MARKS = new Set([
  'dr',
  'd',
  'debit',
  's',
  'soll',
  '-',
  'af',
  'out',
  'lastschrift',
  'cargo',
  'debito',
]);

/** +1 for a credit mark (CR, C, Credit, H/Haben, Bij), −1 for a debit mark (DR, D, Debit, S/Soll, Af). */
export function indicatorSign(raw: string): 1 | -1 | undefined {
  const mark = foldAccents(raw.trim()).replace(/\.$/, '');
  if (CREDIT_MARKS.has(mark)) return 1;
  if (DEBIT_MARKS.has(mark)) return -1;
  return undefined;
}
