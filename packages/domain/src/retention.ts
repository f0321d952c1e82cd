/**
 * The data-retention window of a billing tier (spec §9: Free 365 days, Pro 730). History older than the
 * window is kept, never deleted: reads simply start at the window's first day, so an upgrade shows it
 * again. Without billing (self-hosted) there is no window (null).
 */
import type { DateSpan } from './analytics/periods';
import { addDays, type IsoDate } from './dates';

/** The first day a window of `days` shows, ending `today` inclusive (365 days: today and the 364 before). */
export function retentionStart(today: IsoDate, days: number): IsoDate {
  return addDays(today, -(Math.max(1, Math.floor(days)) - 1));
}

/** A requested start moved up to the window's first day; unchanged without a window. */
export function clampFrom(from: IsoDate, visibleFrom: IsoDate | null): IsoDate;
export function clampFrom(from: IsoDate | undefined, visibleFrom: IsoDate | null): IsoDate | undefined;
export function clampFrom(from: IsoDate | undefined, visibleFrom: IsoDate | null): IsoDate | undefined {
  if (visibleFrom === null) return from;
  return from === undefined || from < visibleFrom ? visibleFrom : from;
}

/** The part of `span` inside the window; null when all of it is older than the window. */
export function clampSpan(span: DateSpan, visibleFrom: IsoDate | null): DateSpan | null {
  if (visibleFrom === null || span.from >= visibleFrom) return span;
  if (span.to < visibleFrom) return null;
  return { from: visibleFrom, to: span.to };
}

/** Whether `span` reaches back before the window (the response then says so with `visibleFrom`). */
export function spanClamped(span: DateSpan, visibleFrom: IsoDate | null): boolean {
  return visibleFrom !== null && span.from < visibleFrom;
}

/**
 * The notice the app shows where a plan's window leaves older history out; on the top plan there is
 * nothing to upgrade to, so it only says what the window is.
 */
export function retentionNotice(days: number, canUpgrade: boolean): string {
  const shown = `Your plan shows the last ${days} days.`;
  return canUpgrade ? `${shown} Upgrade to see older history.` : shown;
}
