import { DEFAULT_LOCALE, formatRelativeTimeLong } from '@lodestar/domain';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Spec §9 settings relative time: 'Just now', 'Nh ago', 'Nd ago', else a short date; '—' when unknown. */
export function formatSettingsRelativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  const date = parse(iso);
  return date ? formatRelativeTimeLong(date, now, DEFAULT_LOCALE, browserTimeZone()) : '—';
}

/** A short date in the browser's time zone ('Nov 3, 2026'); '—' when unknown. */
export function formatSettingsDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '—';
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: browserTimeZone() }).format(
    date,
  );
}

/** Date and time in the browser's time zone ('Nov 3, 2026, 4:05 PM'); '—' when unknown. */
export function formatSettingsDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '—';
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: browserTimeZone(),
  }).format(date);
}
