import type { DateFormat } from '@lodestar/domain';
import { MoneyText } from '@/components/money';
import { Card } from '@/components/ui/card';
import type { Holdings, Investments } from '../api';
import { gainPercentText, pricesAsOfText } from '../format';

/**
 * Value, cost basis and unrealized gain over every holding, in the reporting currency, and the day of
 * the prices they are valued at (GET /investments `totals.priceDates`, once it has loaded).
 */
export function HoldingsTotals({
  totals,
  priceDates,
  masked,
  locale,
  dateFormat,
}: {
  totals: Holdings['totals'];
  priceDates: Investments['totals']['priceDates'] | undefined;
  masked: boolean;
  locale: string;
  dateFormat: DateFormat;
}) {
  const cost = totals.costBasis.amountMinor;
  const percent = cost > 0 ? (totals.unrealizedGain.amountMinor / cost) * 100 : null;
  return (
    <Card aria-label="Totals" className="grid gap-4 p-5 sm:grid-cols-3">
      <dl className="contents">
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Holdings value</dt>
          <dd className="text-2xl font-semibold">
            <MoneyText amount={totals.value} tone="plain" masked={masked} locale={locale} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Cost basis</dt>
          <dd className="text-2xl font-semibold">
            <MoneyText amount={totals.costBasis} tone="plain" masked={masked} locale={locale} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Unrealized gain</dt>
          <dd className="flex flex-wrap items-baseline gap-2">
            <MoneyText
              amount={totals.unrealizedGain}
              masked={masked}
              locale={locale}
              className="text-2xl font-semibold"
            />
            {percent === null ? null : (
              <span className="text-sm tabular-nums text-muted-foreground">
                {gainPercentText(percent, locale)}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {priceDates ? (
        <p className="text-sm text-muted-foreground sm:col-span-3">
          {pricesAsOfText(priceDates, dateFormat)}
        </p>
      ) : null}
    </Card>
  );
}
