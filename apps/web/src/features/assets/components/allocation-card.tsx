import { formatPercentage, type Money, toMajorNumber } from '@lodestar/domain';
import { useMemo } from 'react';
import { DoughnutChart } from '@/components/charts';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type AllocationSlice = { key: string; label: string; amount: Money; percent: number };

/** The theme has eight series colours; the legend's swatch uses the same one as the chart's segment. */
const SERIES_COLOURS = 8;

/**
 * A share of the holdings' value as a doughnut, with a legend list of amounts and percentages that is
 * also the chart's text alternative.
 */
export function AllocationCard({
  id,
  title,
  slices,
  currency,
  masked,
  locale,
}: {
  id: string;
  title: string;
  slices: readonly AllocationSlice[];
  currency: string;
  masked: boolean;
  locale: string;
}) {
  const segments = useMemo(
    () =>
      slices.map((slice, index) => ({
        label: slice.label,
        value: toMajorNumber(slice.amount),
        color: index,
      })),
    [slices],
  );
  const headingId = `${id}-heading`;
  return (
    <Card aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {slices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to allocate yet.</p>
        ) : (
          <>
            <DoughnutChart
              segments={segments}
              currency={currency}
              locale={locale}
              masked={masked}
              size={180}
              ariaLabel={`${title}: ${slices
                .map((slice) => `${slice.label} ${formatPercentage(slice.percent, locale)}`)
                .join(', ')}`}
            />
            <ul aria-label={title} className="grid gap-2 text-sm">
              {slices.map((slice, index) => (
                <li key={slice.key} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: `var(--chart-${(index % SERIES_COLOURS) + 1})` }}
                  />
                  <span className="min-w-0 flex-1 truncate">{slice.label}</span>
                  <MoneyText amount={slice.amount} tone="plain" masked={masked} locale={locale} />
                  <span className="w-16 text-right tabular-nums text-muted-foreground">
                    {formatPercentage(slice.percent, locale)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
