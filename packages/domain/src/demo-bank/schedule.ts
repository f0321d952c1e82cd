/** Scheduling helpers shared by the streams: fixed-day payments moved to bank days, store numbers. */
import { daysInMonth, monthOfIndex, nextBankDay, nextWeekday, previousBankDay } from './calendar';
import type { DayContext } from './context';
import { hash32 } from './random';

/** How a nominal date moves when it is not a bank day. */
export type Adjust = 'next-bank-day' | 'previous-bank-day' | 'next-weekday' | 'none';

function adjusted(day: number, adjust: Adjust): number {
  switch (adjust) {
    case 'next-bank-day':
      return nextBankDay(day);
    case 'previous-bank-day':
      return previousBankDay(day);
    case 'next-weekday':
      return nextWeekday(day);
    case 'none':
      return day;
  }
}

/**
 * If a monthly payment nominally due on `nominalDay` (clamped to the month's end) lands on `ctx.day`
 * after adjustment, the month index it belongs to; else undefined. Only the months listed in `months`
 * (1–12) count when given.
 */
export function monthlyOccurrence(
  ctx: DayContext,
  nominalDay: number,
  adjust: Adjust,
  months?: readonly number[],
): number | undefined {
  const { day, monthIndex: index } = ctx;
  const firstOfMonth = day - ctx.date + 1;
  if (occursOn(day, index, firstOfMonth - 1 + Math.min(nominalDay, ctx.daysInMonth), adjust, months))
    return index;
  if ((adjust === 'next-bank-day' || adjust === 'next-weekday') && ctx.date <= 7) {
    const { year, month } = monthOfIndex(index - 1);
    const length = daysInMonth(year, month);
    if (occursOn(day, index - 1, firstOfMonth - 1 - length + Math.min(nominalDay, length), adjust, months)) {
      return index - 1;
    }
  }
  if (adjust === 'previous-bank-day' && ctx.daysInMonth - ctx.date <= 7) {
    const { year, month } = monthOfIndex(index + 1);
    const nominal = firstOfMonth + ctx.daysInMonth - 1 + Math.min(nominalDay, daysInMonth(year, month));
    if (occursOn(day, index + 1, nominal, adjust, months)) return index + 1;
  }
  return undefined;
}

/** Whether the occurrence nominally due on day `nominal` of month `index` is paid on `day`. */
function occursOn(
  day: number,
  index: number,
  nominal: number,
  adjust: Adjust,
  months?: readonly number[],
): boolean {
  if (months && !months.includes((((index % 12) + 12) % 12) + 1)) return false;
  // Adjustments move a date by at most four days (a weekend next to a holiday): skip far dates cheaply.
  const shift = day - nominal;
  if (adjust === 'none') return shift === 0;
  if (adjust === 'previous-bank-day' ? shift > 0 || shift < -6 : shift < 0 || shift > 6) return false;
  return adjusted(nominal, adjust) === day;
}

/** A store number that stays the same for one seed and merchant ('#0423'). */
export function storeNumber(seed: string, merchant: string, branch = 0): string {
  return `#${String((hash32(`${seed}|store|${merchant}|${branch}`) % 9000) + 1000)}`;
}

/** Uppercase statement text with a city suffix, cut to `max` characters. */
export function statementLine(parts: readonly string[], max = 50): string {
  let text = '';
  for (const part of parts) if (part) text = text ? `${text} ${part}` : part;
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

/** Formats minor units as a plain major-unit string with two decimals ('42.50'). */
export function major2(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
