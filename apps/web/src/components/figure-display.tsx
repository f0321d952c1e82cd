import { formatIsoDate, type Money } from '@lodestar/domain';
import { MoneyText } from '@/components/money';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';

/**
 * How a page shows figures: masked when the user hides balances (show_balances; percentages stay
 * visible), in the number locale, dates in the user's date format and time zone.
 */
export function useFigureDisplay() {
  const { showBalances, locale, currency } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  return {
    masked: !showBalances,
    locale,
    /** The reporting currency preference, until a server answer names the currency it used. */
    currency,
    timeZone: preferences.time_zone,
    formatDate: (date: string) => formatIsoDate(date, preferences.date_format),
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
