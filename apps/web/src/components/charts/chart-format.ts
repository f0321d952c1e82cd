import {
  type DateFormat,
  formatCompactCurrency,
  formatCurrency,
  formatIsoDate,
  formatIsoDayMonth,
  formatIsoMonthYear,
} from '@lodestar/domain';

/** What a masked amount shows when the user hides balances (privacy preference show_balances). */
export const MASKED_AMOUNT = '••••';

/** Y-axis tick: $ with K and M (spec §9 chart rule), in major units. */
export function axisCurrency(value: number, currency: string, locale?: string): string {
  return formatCompactCurrency(value, currency, locale);
}

/** Tooltip value: two decimals (spec §9 chart rule), in major units. */
export function tooltipCurrency(value: number, currency: string, locale?: string): string {
  return formatCurrency(Math.round(value * 100) / 100, currency, locale);
}

/** Epoch milliseconds of an ISO date at UTC midnight (the charts' linear x axis). */
export function dateToX(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

const isoOf = (x: number) => new Date(x).toISOString().slice(0, 10);

/**
 * A short axis date for an x value made by dateToX, in the user's date format: day and month ('11/22',
 * '22.11') over a year or less, month and year ('11/2026', '2026-11') over longer spans. The x values are
 * calendar days, so no time zone shifts them.
 */
export function axisDate(x: number, dateFormat: DateFormat = 'MM/DD/YYYY', spanDays = 365): string {
  const date = isoOf(x);
  return spanDays > 400 ? formatIsoMonthYear(date, dateFormat) : formatIsoDayMonth(date, dateFormat);
}

/** The full date of a tooltip title, in the user's date format. */
export function tooltipDate(x: number, dateFormat: DateFormat = 'MM/DD/YYYY'): string {
  return formatIsoDate(isoOf(x), dateFormat);
}

/**
 * Axis tick labels that never repeat: a tick whose label equals the one before it (two ticks on one
 * day of a short history) gets none, and Chart.js drops it (null hides the tick).
 */
export function uniqueTickLabel(
  format: (x: number) => string,
): (value: number | string, index: number, ticks: readonly { value: number }[]) => string | null {
  return (value, index, ticks) => {
    const label = format(Number(value));
    const previous = ticks[index - 1];
    return previous && format(previous.value) === label ? null : label;
  };
}
