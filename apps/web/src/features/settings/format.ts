import { type DateFormat, formatDateTime, formatDateTokens, formatRelativeTimeLong } from '@lodestar/domain';
import { useFigureDisplay } from '@/components/figure-display';

/** The preferences a settings date follows: date format, time zone and number locale. */
export type SettingsDateStyle = { dateFormat: DateFormat; timeZone: string; locale: string };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Spec §9 settings relative time: 'Just now', 'Nh ago', 'Nd ago', else the date in the user's date
 * format and time zone; '—' when unknown.
 */
export function formatSettingsRelativeTime(
  iso: string | null | undefined,
  style: SettingsDateStyle,
  now: number = Date.now(),
): string {
  const date = parse(iso);
  if (!date) return '—';
  if (now - date.getTime() >= WEEK_MS) return formatDateTokens(date, style.dateFormat, style.timeZone);
  return formatRelativeTimeLong(date, now, style.locale, style.timeZone);
}

/** A date in the user's date format and time zone ('11/03/2026'); '—' when unknown. */
export function formatSettingsDate(iso: string | null | undefined, style: SettingsDateStyle): string {
  const date = parse(iso);
  return date ? formatDateTokens(date, style.dateFormat, style.timeZone) : '—';
}

/** Date and time in the user's date format and time zone ('11/03/2026, 4:05 PM'); '—' when unknown. */
export function formatSettingsDateTime(iso: string | null | undefined, style: SettingsDateStyle): string {
  const date = parse(iso);
  return date ? formatDateTime(date, style.dateFormat, style.timeZone, style.locale) : '—';
}

/** The three settings date formatters bound to the user's date format, time zone and locale. */
export function useSettingsDates() {
  const { dateFormat, timeZone, locale } = useFigureDisplay();
  const style: SettingsDateStyle = { dateFormat, timeZone, locale };
  return {
    relative: (iso: string | null | undefined) => formatSettingsRelativeTime(iso, style),
    date: (iso: string | null | undefined) => formatSettingsDate(iso, style),
    dateTime: (iso: string | null | undefined) => formatSettingsDateTime(iso, style),
  };
}
