import { ImportParseError } from './types';

/** One CSV record: its fields (quotes removed, '""' unescaped) and the 1-based line it starts on. */
export type CsvRecord = { line: number; fields: string[] };

export type CsvTokenizeOptions = {
  /** Line number of the first character of `text` (default 1). */
  firstLine?: number;
  /** Stop after this many records (layout detection reads a sample). */
  maxRecords?: number;
  /** Accept a quote still open at the end of `text` (a sample cut mid-field) instead of throwing. */
  lenientEnd?: boolean;
};

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === LF || (code === CR && text.charCodeAt(index + 1) !== LF)) count += 1;
  }
  return count;
}

/**
 * Splits CSV text into records (RFC 4180 plus what real exports do): fields separated by
 * `delimiter`, records by CRLF, LF or CR; a field in double quotes may hold the delimiter, line
 * breaks and '""' for a quote; spaces before an opening quote and text after a closing one are kept
 * leniently. A quote that is never closed throws ImportParseError at the line where it opened.
 */
export function tokenizeCsv(text: string, delimiter: string, options: CsvTokenizeOptions = {}): CsvRecord[] {
  const separator = delimiter.charCodeAt(0);
  const records: CsvRecord[] = [];
  const length = text.length;
  let line = options.firstLine ?? 1;
  let index = 0;
  while (index < length) {
    const fields: string[] = [];
    const recordLine = line;
    for (;;) {
      let start = index;
      while (separator !== SPACE && text.charCodeAt(start) === SPACE) start += 1;
      let value: string;
      if (text.charCodeAt(start) === QUOTE) {
        const openLine = line;
        let cursor = start + 1;
        value = '';
        for (;;) {
          const close = text.indexOf('"', cursor);
          if (close < 0) {
            if (!options.lenientEnd) {
              throw new ImportParseError(openLine, 'a quoted field is never closed (a " is missing)');
            }
            value += text.slice(cursor);
            cursor = length;
            break;
          }
          value += text.slice(cursor, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            cursor = close + 2;
            continue;
          }
          cursor = close + 1;
          break;
        }
        line += countLineBreaks(text, start, cursor);
        index = cursor;
        if (value.includes('\r')) value = value.replace(/\r\n?/g, '\n');
      } else {
        value = '';
      }
      // Up to the next delimiter or line break (for a quoted field: any stray text after the quote).
      let end = index;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === separator || code === LF || code === CR) break;
        end += 1;
      }
      fields.push(value + text.slice(index, end));
      index = end;
      if (index < length && text.charCodeAt(index) === separator) {
        index += 1;
        if (index >= length) fields.push('');
        else continue;
      }
      break;
    }
    if (index < length) {
      if (text.charCodeAt(index) === CR && text.charCodeAt(index + 1) === LF) index += 2;
      else index += 1;
      line += 1;
    }
    records.push({ line: recordLine, fields });
    if (options.maxRecords !== undefined && records.length >= options.maxRecords) break;
  }
  return records;
}

/** Whether every field of the record is blank (an empty line, or only delimiters and spaces). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}
