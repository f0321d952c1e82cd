import { formatPercentage, ZERO_PERCENT_TEXT } from '@lodestar/domain';
import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { DoughnutChart } from '@/components/charts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { DashboardData } from '../api';
import { classColor, major } from '../model';
import { Amount, type DashboardDisplay } from './display';

/** Where the assets are, as a doughnut with a legend that is also its text alternative. */
export function AllocationCard({ data, display }: { data: DashboardData; display: DashboardDisplay }) {
  const segments = useMemo(
    () =>
      data.allocation.map((slice) => ({
        label: slice.label,
        value: major(slice.amount.amountMinor, slice.amount.currency),
        color: classColor(slice.class),
      })),
    [data.allocation],
  );
  const { cryptoShare } = data;
  const share = formatPercentage(cryptoShare.percent, display.locale);
  return (
    <Card aria-labelledby="allocation-heading">
      <CardHeader>
        <CardTitle id="allocation-heading">Allocation</CardTitle>
        <CardDescription>Assets by class</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.allocation.length === 0 ? (
          <p className="text-sm text-muted-foreground">No assets to allocate yet.</p>
        ) : (
          <>
            <DoughnutChart
              segments={segments}
              currency={data.currency}
              locale={display.locale}
              masked={display.masked}
              size={180}
              ariaLabel={`Allocation of assets: ${data.allocation
                .map((slice) => `${slice.label} ${formatPercentage(slice.percent, display.locale)}`)
                .join(', ')}`}
            />
            <ul aria-label="Allocation by class" className="grid gap-2 text-sm">
              {data.allocation.map((slice) => (
                <li key={slice.class} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: `var(--chart-${classColor(slice.class) + 1})` }}
                  />
                  <span className="min-w-0 flex-1 truncate">{slice.label}</span>
                  <Amount amount={slice.amount} display={display} />
                  <span className="w-16 text-right tabular-nums text-muted-foreground">
                    {formatPercentage(slice.percent, display.locale)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <p
          data-testid="crypto-share"
          className={cn(
            'flex items-start gap-2 text-sm',
            cryptoShare.above
              ? 'rounded-md border border-amber-700/40 bg-amber-50 p-2 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground'
              : 'text-muted-foreground',
          )}
        >
          {cryptoShare.above ? <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
          <span>
            {share === ZERO_PERCENT_TEXT ? 'You hold no crypto' : `Crypto is ${share} of your assets`}
            {cryptoShare.above
              ? `, above the ${formatPercentage(cryptoShare.threshold, display.locale)} guideline. Consider whether that much volatility suits you.`
              : '.'}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
