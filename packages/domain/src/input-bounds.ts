import { addMonths, isIsoDate, type IsoDate } from './dates';
import type { ValidationItem } from './validation';

/**
 * Bounds every value a person or a file gives us must stay within, checked in one place each:
 * text without NUL characters (PostgreSQL text cannot hold U+0000) and dates from 1900 to a year ahead.
 */

/** The earliest date anyone may enter or import. Older dates are typing mistakes (0001 for 2001). */
export const EARLIEST_USER_DATE: IsoDate = '1900-01-01';
/** How far ahead a date may be: scheduled payments and valuations, never decades ahead. */
export const USER_DATE_MONTHS_AHEAD = 12;

export const INPUT_MESSAGES = {
  nul: 'Remove the NUL character (U+0000): it cannot be stored',
  nulInFile: 'the file contains a NUL character (U+0000); save it as UTF-8 text and try again',
  dateFormat: 'Use a real date written YYYY-MM-DD',
  dateTooEarly: `The date must be on or after ${EARLIEST_USER_DATE}`,
  dateTooLate: (latest: IsoDate) => `The date must be on or before ${latest} (a year from today)`,
} as const;

/** The last date a person or a file may give on `today`: a year ahead. */
export function latestUserDate(today: IsoDate): IsoDate {
  return addMonths(today, USER_DATE_MONTHS_AHEAD);
}

/**
 * Why a date given by a person or in a file cannot be taken, or undefined when it can: it must be a
 * real 'YYYY-MM-DD' date from 1900-01-01 to a year after `today` (both inclusive).
 */
export function userDateProblem(date: string, today: IsoDate): string | undefined {
  if (!isIsoDate(date)) return INPUT_MESSAGES.dateFormat;
  if (date < EARLIEST_USER_DATE) return INPUT_MESSAGES.dateTooEarly;
  const latest = latestUserDate(today);
  if (date > latest) return INPUT_MESSAGES.dateTooLate(latest);
  return undefined;
}

const NUL = '\u0000';

/** The 1-based line of the first NUL character of a multi-line text. */
function lineOfNul(text: string): number {
  const before = text.slice(0, text.indexOf(NUL));
  let line = 1;
  for (const character of before) if (character === '\n') line += 1;
  return line;
}

/**
 * Where a parsed JSON value (a request body, query or path parameters) holds a NUL character, in a
 * value or a key: one item per field, the field named by its dotted path ('conditions.0.value'). A
 * multi-line text (a statement file) names the line: 'Line 3: the file contains…'. Walks without
 * recursion, so a deeply nested body cannot exhaust the stack.
 */
export function nulCharacterItems(value: unknown, root = ''): ValidationItem[] {
  const items: ValidationItem[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  const item = (path: string, text: string): ValidationItem => ({
    field: path || 'body',
    message: text.includes('\n')
      ? `Line ${lineOfNul(text)}: ${INPUT_MESSAGES.nulInFile}`
      : INPUT_MESSAGES.nul,
    code: 'nul_character',
  });
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    if (typeof next.value === 'string') {
      if (next.value.includes(NUL)) items.push(item(next.path, next.value));
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    for (const [key, inner] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (key.includes(NUL)) items.push(item(path, key));
      else pending.push({ value: inner, path });
    }
  }
  return items.reverse();
}
