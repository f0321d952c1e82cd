import type { IsoDate } from '../dates';

/**
 * Date layouts found in bank CSV exports. 'D MMM YYYY' also reads '05-Jan-24' and '5. Mär 2024';
 * 'YYYYMMDD' is the compact form of Dutch and OFX-derived exports ('20240115').
 */
export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
  'YYYY/MM/DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'D MMM YYYY',
  'YYYYMMDD',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

type Order = 'ymd' | 'mdy' | 'dmy';
const numeric = (order: Order, separator: string) => {
  const sep = `\\${separator}`;
  const pattern =
    order === 'ymd'
      ? `^(\\d{4})${sep}(\\d{1,2})${sep}(\\d{1,2})$`
      : `^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4}|\\d{2})$`;
  return { order, pattern: new RegExp(pattern) };
};
const NUMERIC: Record<Exclude<CsvDateFormat, 'D MMM YYYY'>, { order: Order; pattern: RegExp }> = {
  'YYYY-MM-DD': numeric('ymd', '-'),
  'MM/DD/YYYY': numeric('mdy', '/'),
  'DD/MM/YYYY': numeric('dmy', '/'),
  'DD.MM.YYYY': numeric('dmy', '.'),
  'YYYY/MM/DD': numeric('ymd', '/'),
  'DD-MM-YYYY': numeric('dmy', '-'),
  'MM-DD-YYYY': numeric('mdy', '-'),
  YYYYMMDD: { order: 'ymd', pattern: /^(\d{4})(\d{2})(\d{2})$/ },
};

// Month names and abbreviations in English, German, French, Spanish and Dutch, without accents.
const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    'jan janv january januar janvier ene enero januari',
    'feb febr fev fevr february februar fevrier febrero februari',
    'mar mrz mrt march marz mars marzo maart',
    'apr avr abr april avril abril',
    'may mai mei mayo',
    'jun juin june juni junio',
    'jul juil july juli juillet julio',
    'aug ago aou august aout agosto augustus',
    'sep sept september septembre septiembre',
    'oct okt october oktober octobre octubre',
    'nov november novembre noviembre',
    'dec dez dic december dezember decembre diciembre',
  ].flatMap((names, index) => names.split(' ').map((name) => [name, index + 1] as const)),
);

/** Lower-case, accents removed ('Mär' → 'mar', 'Libellé' → 'libelle'). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999. */
export function expandYear(year: string): number {
  const value = Number(year);
  if (year.length !== 2) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The ISO date for a year, month and day, or undefined when that day does not exist. */
export function isoFromParts(year: number, month: number, day: number): IsoDate | undefined {
  // Plain arithmetic rather than Date: this runs once per row of files with 100,000 rows.
  if (!Number.isInteger(year) || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1)
    return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const last = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (!Number.isInteger(day) || day > last) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// A time of day after the date ('2024-01-15 10:23:00', '2024-01-15T10:23:00Z', '01/15/2024 3:04 PM').
const TIME_SUFFIX =
  /(?:[T\s]+|,\s*)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*[AaPp][Mm])?(?:\s*(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}))?$/;

/**
 * Reads a date cell written in `format` (day and month may have one digit, years two or four; a time of
 * day after the date is ignored). Returns the calendar date, or undefined when the cell does not
 * match or names a day that does not exist ('31/02/2024').
 */
export function parseDateAs(raw: string, format: CsvDateFormat): IsoDate | undefined {
  const trimmed = raw.trim();
  const text = trimmed.includes(':') ? trimmed.replace(TIME_SUFFIX, '') : trimmed;
  if (format === 'D MMM YYYY') {
    const match = /^(\d{1,2})\.?[\s./-]*([\p{L}]+)\.?[\s.,/-]*(\d{4}|\d{2})$/u.exec(text);
    const month = match ? MONTHS.get(foldAccents(match[2] ?? '')) : undefined;
    if (!match || month === undefined) return undefined;
    return isoFromParts(expandYear(match[3] ?? ''), month, Number(match[1]));
  }
  const { order, pattern } = NUMERIC[format];
  const match = pattern.exec(text);
  if (!match) return undefined;
  const [a, b, c] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (order === 'ymd') return isoFromParts(Number(a), Number(b), Number(c));
  return order === 'mdy'
    ? isoFromParts(expandYear(c), Number(a), Number(b))
    : isoFromParts(expandYear(c), Number(b), Number(a));
}

/** The formats in which every one of `values` (blank ones skipped) is a real date, in list order. */
export function dateFormatsMatching(values: readonly string[]): CsvDateFormat[] {
  const present = values.map((value) => value.trim()).filter(Boolean);
  if (present.length === 0) return [];
  return CSV_DATE_FORMATS.filter((format) =>
    present.every((value) => parseDateAs(value, format) !== undefined),
  );
}

/** Whether a cell reads as a date in at least one of the formats. */
export function looksLikeDate(raw: string): boolean {
  return CSV_DATE_FORMATS.some((format) => parseDateAs(raw, format) !== undefined);
}
