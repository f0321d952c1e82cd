import {
  dateRangeDefaults,
  type DateRangeDefaults,
  formatDateTime,
  formatDateTokens,
  formatIsoDate,
  type Money,
} from '@lodestar/domain';
import { MoneyText } from '@/components/money';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';

/** The calendar day it is at `at` in `timeZone`, as 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, at: Date | number = Date.now()): string {
  return formatDateTokens(at, 'YYYY-MM-DD', timeZone);
}

/**
 * How a page shows figures: masked when the user hides balances (show_balances; percentages stay
 * visible), numbers in the number locale, calendar dates in the user's date format, instants (a sync,
 * an import) in the date format and the user's time zone, and each page's default period from the
 * default date range.
 */
export function useFigureDisplay() {
  const { showBalances, locale, currency } = useMoneyDisplay();
  const { preferences, loaded } = useUserPreferences();
  const { date_format: dateFormat, time_zone: timeZone, default_date_range: dateRange } = preferences;
  return {
    masked: !showBalances,
    locale,
    /** The reporting currency preference, until a server answer names the currency it used. */
    currency,
    timeZone,
    dateFormat,
    /** Whether the preferences came from the server (until then the browser's cached copy stands in). */
    loaded,
    /** A calendar date ('YYYY-MM-DD') in the date format. */
    formatDate: (date: string) => formatIsoDate(date, dateFormat),
    /** An instant as date and time in the user's time zone: '11/22/2026, 9:05 PM'. */
    formatDateTime: (at: Date | number | string) =>
      formatDateTime(typeof at === 'string' ? new Date(at) : at, dateFormat, timeZone, locale),
    /** A whole number (counts) in the number locale. */
    formatCount: (count: number) => count.toLocaleString(locale),
    /** Each page's default period for the default date range, as of today in the user's time zone. */
    rangeDefaults: (now: Date | number = Date.now()): DateRangeDefaults =>
      dateRangeDefaults(dateRange, todayIn(timeZone, now)),
  };
}

export type FigureDisplay = ReturnType<typeof useFigureDisplay>;

/** A balance or total (no sign colour), masked by the privacy preference. */
export function Amount({
  amount,
  display,
  className,
}: {
  amount: Money;
  display: Pick<FigureDisplay, 'masked' | 'locale'>;
  className?: string;
}) {
  return (
    <MoneyText
      amount={amount}
      tone="plain"
      masked={display.masked}
      locale={display.locale}
      className={className}
    />
  );
}
