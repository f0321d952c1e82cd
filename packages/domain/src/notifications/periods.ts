import { addDays, type IsoDate, parseIsoDate } from '../dates';
import type { NOTIFICATION_FREQUENCIES } from '../preferences';

/**
 * Notification periods (docs/settings-api.md "Notifications"): each kind is sent at most once per user and
 * period, keyed by the period. Periods are calendar periods in the user's time zone; the job looks at the
 * last completed one, so it can run as often as it likes and a missed run catches up.
 */

export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export type PeriodUnit = NotificationFrequency | 'iso_week';

/** An inclusive range of local dates with the key that names it ('2026-11-19', '2026-W47', '2026-11'). */
export type NotificationPeriod = { key: string; from: IsoDate; to: IsoDate };

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone` (an IANA name). */
export function localDate(instant: Date, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** ISO-8601 weekday, Monday = 1 … Sunday = 7. */
function isoWeekday(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The ISO week of a date: weeks start on Monday and belong to the year of their Thursday, so
 * 2026-12-31 (a Thursday) is 2026-W53 and 2027-01-01 (a Friday) is still 2026-W53.
 */
export function isoWeekOf(date: IsoDate): { year: number; week: number; monday: IsoDate } {
  const monday = addDays(date, 1 - isoWeekday(date));
  const thursday = addDays(monday, 3);
  const year = parseIsoDate(thursday).year;
  const firstThursday = (() => {
    const january4 = `${year}-01-04`;
    return addDays(january4, 4 - isoWeekday(january4));
  })();
  const week = Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / (7 * 86_400_000)) + 1;
  return { year, week, monday };
}

/** The period of `unit` that holds `date` ('weekly' is the ISO week, Monday–Sunday). */
export function periodContaining(date: IsoDate, unit: PeriodUnit): NotificationPeriod {
  const { year, month } = parseIsoDate(date);
  switch (unit) {
    case 'daily':
      return { key: date, from: date, to: date };
    case 'weekly':
    case 'iso_week': {
      const week = isoWeekOf(date);
      return {
        key: `${week.year}-W${String(week.week).padStart(2, '0')}`,
        from: week.monday,
        to: addDays(week.monday, 6),
      };
    }
    case 'monthly': {
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return { key: from.slice(0, 7), from, to: `${from.slice(0, 8)}${String(last).padStart(2, '0')}` };
    }
  }
}

/** The last period of `unit` that ended before `today` (the user's local date). */
export function lastCompletedPeriod(today: IsoDate, unit: PeriodUnit): NotificationPeriod {
  return periodContaining(addDays(periodContaining(today, unit).from, -1), unit);
}
