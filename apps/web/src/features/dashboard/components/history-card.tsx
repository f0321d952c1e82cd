import { ASSET_CLASS_LABELS, formatMoney, PORTFOLIO_RANGES, type PortfolioRange } from '@lodestar/domain';
import { useMemo } from 'react';
import { ChartDataTable, dateToX, TimeSeriesChart, type TimeSeries } from '@/components/charts';
import { MoneyText } from '@/components/money';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { cn } from '@/lib/utils';
import type { PortfolioData, PortfolioPoint } from '../api';
import { classColor, major, RANGE_DESCRIPTIONS, RANGE_LABELS, tableRows } from '../model';
import type { usePortfolio } from '../queries';
import { Amount, type DashboardDisplay } from './display';

type SeriesKey = 'cash' | 'investment' | 'crypto' | 'real_estate' | 'other' | 'liability';
const SERIES_KEYS: readonly SeriesKey[] = [
  'cash',
  'investment',
  'crypto',
  'real_estate',
  'other',
  'liability',
];

function buildSeries(data: PortfolioData): TimeSeries[] {
  return SERIES_KEYS.map((key) => ({
    id: key,
    label: ASSET_CLASS_LABELS[key],
    color: key === 'liability' ? ('negative' as const) : classColor(key),
    points: data.points.map((point) => ({ x: dateToX(point.date), y: major(point[key], data.currency) })),
  }));
}

const COLUMNS = [
  { key: 'date', label: 'Date' },
  { key: 'netWorth', label: 'Net worth', numeric: true },
  ...SERIES_KEYS.map((key) => ({ key, label: ASSET_CLASS_LABELS[key], numeric: true })),
];

function HistoryTable({ data, display }: { data: PortfolioData; display: DashboardDisplay }) {
  const { monthly, rows } = tableRows(data.points);
  const cell = (point: PortfolioPoint, key: 'netWorth' | SeriesKey) => (
    <MoneyText
      amount={{ amountMinor: point[key], currency: data.currency }}
      tone="plain"
      masked={display.masked}
      locale={display.locale}
    />
  );
  const caption = monthly
    ? `Net worth and its classes in ${data.currency} on the last day of each month, ${RANGE_DESCRIPTIONS[data.range]} (monthly rows keep the table readable; the last row is the latest day)`
    : `Net worth and its classes in ${data.currency} by day, ${RANGE_DESCRIPTIONS[data.range]}`;
  return (
    <>
      {monthly ? (
        <p className="mt-3 text-xs text-muted-foreground">The table lists the last day of each month.</p>
      ) : null}
      <ChartDataTable
        caption={caption}
        columns={COLUMNS}
        rows={rows.map((point) => ({
          date: point.estimated
            ? `${display.formatDate(point.date)} (estimated)`
            : display.formatDate(point.date),
          netWorth: cell(point, 'netWorth'),
          ...Object.fromEntries(SERIES_KEYS.map((key) => [key, cell(point, key)])),
        }))}
      />
    </>
  );
}

/** Net worth over time, stacked by class (liabilities below zero), with a range switch and a table. */
export function HistoryCard({
  query,
  range,
  onRangeChange,
  display,
}: {
  query: ReturnType<typeof usePortfolio>;
  range: PortfolioRange;
  onRangeChange: (range: PortfolioRange) => void;
  display: DashboardDisplay;
}) {
  const data = query.data;
  const series = useMemo(() => (data ? buildSeries(data) : []), [data]);
  const latest = data?.points.at(-1);
  const first = data?.points[0];
  const updating = query.isPlaceholderData;
  let body;
  if (query.isPending) {
    body = (
      <LoadingRegion label="Loading net-worth history…">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="mt-3 h-72 w-full" />
      </LoadingRegion>
    );
  } else if (query.isError && !data) {
    body = (
      <LoadError
        title="Net-worth history could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="px-0"
      />
    );
  } else if (!data || !latest || !first) {
    body = (
      <p className="text-sm text-muted-foreground">
        No balance history yet: it starts with the first daily snapshot.
      </p>
    );
  } else {
    const lastEstimated = data.points.findLast((point) => point.estimated);
    const headline = display.masked
      ? 'amount hidden'
      : formatMoney({ amountMinor: latest.netWorth, currency: data.currency }, display.locale);
    body = (
      <div aria-busy={updating} className={cn('transition-opacity', updating && 'opacity-60')}>
        <p className="text-sm text-muted-foreground">
          Net worth on {display.formatDate(latest.date)}:{' '}
          <Amount
            amount={{ amountMinor: latest.netWorth, currency: data.currency }}
            display={display}
            className="text-lg font-semibold text-foreground"
          />
        </p>
        {lastEstimated ? (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="history-estimated">
            Estimated up to {display.formatDate(lastEstimated.date)}: days before a currency’s first exchange
            rate use its earliest known rate ({data.fx.estimated.map((note) => note.currency).join(', ')}).
          </p>
        ) : null}
        <TimeSeriesChart
          className="mt-3"
          series={series}
          stacked
          currency={data.currency}
          locale={display.locale}
          dateFormat={display.dateFormat}
          masked={display.masked}
          firstPointFooter={`${display.formatCount(first.account_count)} accounts`}
          ariaLabel={`Net worth by class over ${RANGE_DESCRIPTIONS[data.range]}, ${headline} on ${display.formatDate(latest.date)}`}
        />
        <HistoryTable data={data} display={display} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="history-heading" className="lg:col-span-2">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="history-heading">Net-worth history</CardTitle>
        <SegmentedControl
          label="History range"
          value={range}
          options={PORTFOLIO_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
          onValueChange={onRangeChange}
        />
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
