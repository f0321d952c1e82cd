import { formatCompactCurrency, formatCurrency } from '@lodestar/domain';

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

/** A short axis date for an x value made by dateToX. */
export function axisDate(x: number, locale?: string, spanDays = 365): string {
  const options: Intl.DateTimeFormatOptions =
    spanDays > 400
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(x));
}

/** The full date of a tooltip title. */
export function tooltipDate(x: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(x));
}
