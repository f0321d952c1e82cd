import { formatIsoDate, formatSignedPercentage } from '@lodestar/domain';
import { useUserPreferences } from '@/lib/user-preferences';
import { formatPrice } from '../format';
import type { Quote } from '../market-api';

/** The date a price was set, in the user's date format. */
export function usePriceDate() {
  const { preferences } = useUserPreferences();
  return (quote: Pick<Quote, 'priceTime'>) =>
    formatIsoDate(quote.priceTime.slice(0, 10), preferences.date_format);
}

/** How old a stale answer is, in words. */
export function ageText(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** '+1.23 (+0.55%)' or '(1.23) ((0.55%))': the sign is in the text, the colour only repeats it. */
export function ChangeText({ quote, locale }: { quote: Quote; locale: string }) {
  if (quote.change === null || quote.changePercent === null) {
    return <span className="text-muted-foreground">No previous close</span>;
  }
  const up = Number(quote.change) > 0;
  const down = Number(quote.change) < 0;
  const amount = formatPrice({ amount: quote.change.replace('-', ''), currency: quote.currency }, locale);
  return (
    <span
      className={
        up
          ? 'tabular-nums text-green-700 dark:text-green-400 in-[.high-contrast]:text-green-900 dark:in-[.high-contrast]:text-green-300'
          : 'tabular-nums'
      }
    >
      {up ? '+' : down ? '−' : ''}
      {amount} ({formatSignedPercentage(quote.changePercent, locale)})
    </span>
  );
}

/** Price, day change, price date and currency of a quote; a stale one says how old it is. */
export function QuoteFigures({
  quote,
  locale,
  size = 'sm',
}: {
  quote: Quote;
  locale: string;
  size?: 'sm' | 'lg';
}) {
  const priceDate = usePriceDate();
  return (
    <div className={size === 'lg' ? 'grid gap-1' : 'grid justify-items-end gap-0.5 text-right'}>
      <span className={size === 'lg' ? 'text-3xl font-semibold tabular-nums' : 'font-medium tabular-nums'}>
        {formatPrice({ amount: quote.price, currency: quote.currency }, locale)}
      </span>
      <span className="text-sm">
        <ChangeText quote={quote} locale={locale} />
      </span>
      <span className="text-xs text-muted-foreground">
        {quote.currency} · price of {priceDate(quote)}
      </span>
      {quote.stale ? (
        <span className="text-xs font-medium">
          Last known price, fetched {ageText(quote.ageSeconds)} ago: the provider could not be reached
        </span>
      ) : null}
    </div>
  );
}
