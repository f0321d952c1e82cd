/**
 * Calendar arithmetic on day numbers (days since 1970-01-01, UTC) for the demo bank: conversions to and
 * from ISO dates, US bank holidays (Federal Reserve schedule) and NYSE trading days. Pure arithmetic,
 * no Date objects on the hot path.
 */
import { parseIsoDate, type IsoDate } from '../dates';

/** Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day number (H. Hinnant's civil_from_days). */
export function civilFromDays(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Day number of an ISO date (strictly validated). */
export function dayNumber(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  return daysFromCivil(year, month, day);
}

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** ISO date of a day number. */
export function isoOf(dayNumber: number): IsoDate {
  const { year, month, day } = civilFromDays(dayNumber);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** 'YYYYMMDD' of a day number (used inside identifiers). */
export function compactOf(dayNumber: number): string {
  return isoOf(dayNumber).replaceAll('-', '');
}

/** Day of the week: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(dayNumber: number): number {
  return ((dayNumber % 7) + 11) % 7;
}

/** Whether the day is a Saturday or Sunday. */
export function isWeekend(dayNumber: number): boolean {
  const dow = weekday(dayNumber);
  return dow === 0 || dow === 6;
}

/** Number of days in a month (1-based month). */
export function daysInMonth(year: number, month: number): number {
  return (
    daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) -
    daysFromCivil(year, month, 1)
  );
}

/** A month as one integer (year × 12 + month − 1), handy for month arithmetic. */
export function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

/** Year and 1-based month of a month index. */
export function monthOfIndex(index: number): { year: number; month: number } {
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Month index of a day number. */
export function monthIndexOf(dayNumber: number): number {
  const { year, month } = civilFromDays(dayNumber);
  return monthIndex(year, month);
}

/** Day number of the first day of a month index. */
export function firstDayOf(index: number): number {
  const { year, month } = monthOfIndex(index);
  return daysFromCivil(year, month, 1);
}

/** Day number of the last day of a month index. */
export function lastDayOf(index: number): number {
  return firstDayOf(index + 1) - 1;
}

/** Day number of `day` in a month index, clamped to the month's last day (31 → 28 in February). */
export function dayInMonth(index: number, day: number): number {
  const { year, month } = monthOfIndex(index);
  return daysFromCivil(year, month, Math.min(day, daysInMonth(year, month)));
}

/** Monday-based floating holidays shared by banks and the NYSE (MLK, Presidents, Memorial, Labor…). */
function floatingHoliday(month: number, day: number, dow: number, withColumbus: boolean): boolean {
  if (dow === 1) {
    if (month === 1 && day >= 15 && day <= 21) return true; // Martin Luther King Jr. Day
    if (month === 2 && day >= 15 && day <= 21) return true; // Washington's Birthday
    if (month === 5 && day >= 25) return true; // Memorial Day
    if (month === 9 && day <= 7) return true; // Labor Day
    if (withColumbus && month === 10 && day >= 8 && day <= 14) return true; // Columbus Day
  }
  return dow === 4 && month === 11 && day >= 22 && day <= 28; // Thanksgiving
}

/** Fixed-date bank holidays (month, day); Juneteenth is observed by the Federal Reserve from 2022. */
function fixedBankHoliday(year: number, month: number, day: number, withVeterans: boolean): boolean {
  return (
    (month === 1 && day === 1) ||
    (month === 6 && day === 19 && year >= 2022) ||
    (month === 7 && day === 4) ||
    (withVeterans && month === 11 && day === 11) ||
    (month === 12 && day === 25)
  );
}

/**
 * US bank holiday on the Federal Reserve schedule: a fixed-date holiday on a Sunday moves to Monday;
 * one on a Saturday is not moved (banks open the Friday before).
 */
export function isBankHoliday(dayNumber: number): boolean {
  const { year, month, day } = civilFromDays(dayNumber);
  const dow = weekday(dayNumber);
  if (dow === 0 || dow === 6) return false;
  if (fixedBankHoliday(year, month, day, true)) return true;
  if (dow === 1) {
    const sunday = civilFromDays(dayNumber - 1);
    if (fixedBankHoliday(sunday.year, sunday.month, sunday.day, true)) return true;
  }
  return floatingHoliday(month, day, dow, true);
}

/** A weekday that is not a bank holiday: the days ACH payments and internal transfers settle. */
export function isBankDay(dayNumber: number): boolean {
  return !isWeekend(dayNumber) && !isBankHoliday(dayNumber);
}

/** The first bank day on or after `dayNumber`. */
export function nextBankDay(dayNumber: number): number {
  let day = dayNumber;
  while (!isBankDay(day)) day += 1;
  return day;
}

/** The last bank day on or before `dayNumber`. */
export function previousBankDay(dayNumber: number): number {
  let day = dayNumber;
  while (!isBankDay(day)) day -= 1;
  return day;
}

/** The first weekday (Monday–Friday) on or after `dayNumber`; used for euro direct debits. */
export function nextWeekday(dayNumber: number): number {
  let day = dayNumber;
  while (isWeekend(day)) day += 1;
  return day;
}

/** Easter Sunday of `year` (anonymous Gregorian algorithm), as a day number. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return daysFromCivil(year, month, day);
}

/** Fixed-date NYSE holidays (New Year, Juneteenth from 2022, Independence Day, Christmas). */
function fixedExchangeHoliday(year: number, month: number, day: number): boolean {
  return fixedBankHoliday(year, month, day, false);
}

/**
 * NYSE trading day: a weekday that is not an exchange holiday. Saturday holidays close the Friday before
 * (except New Year's Day), Sunday holidays the Monday after; Good Friday is closed; Columbus and
 * Veterans Day are open.
 */
export function isTradingDay(dayNumber: number): boolean {
  if (isWeekend(dayNumber)) return false;
  const { year, month, day } = civilFromDays(dayNumber);
  const dow = weekday(dayNumber);
  if (fixedExchangeHoliday(year, month, day)) return false;
  if (dow === 1) {
    const sunday = civilFromDays(dayNumber - 1);
    if (fixedExchangeHoliday(sunday.year, sunday.month, sunday.day)) return false;
  }
  if (dow === 5) {
    const saturday = civilFromDays(dayNumber + 1);
    const isNewYear = saturday.month === 1 && saturday.day === 1;
    if (!isNewYear && fixedExchangeHoliday(saturday.year, saturday.month, saturday.day)) return false;
  }
  if (floatingHoliday(month, day, dow, false)) return false;
  return dayNumber !== easter(year) - 2;
}

/** The first trading day strictly after `dayNumber`. */
export function nextTradingDayAfter(dayNumber: number): number {
  let day = dayNumber + 1;
  while (!isTradingDay(day)) day += 1;
  return day;
}
