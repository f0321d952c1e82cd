import { toMajorNumber } from '@lodestar/domain';
import { useMemo } from 'react';
import { ChartDataTable, type TimeSeries, TimeSeriesChart } from '@/components/charts';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SpendingSummary } from '../api';
import { monthLabel } from '../month';

const COLUMNS = [
  { key: 'day', label: 'Day' },
  { key: 'current', label: 'This month', numeric: true },
  { key: 'previous', label: 'Last month', numeric: true },
] as const;

/** Spending so far this month, day by day, against the same days of last month (dashed). */
export function DailySpendChart({
  summary,
  masked,
  locale,
}: {
  summary: SpendingSummary;
  masked: boolean;
  locale: string;
}) {
  const { currency } = summary;
  const series = useMemo((): TimeSeries[] => {
    const major = (amountMinor: number) => toMajorNumber({ amountMinor, currency });
    const previous = summary.daily.flatMap((entry) =>
      entry.previousCumulative === null ? [] : [{ x: entry.day, y: major(entry.previousCumulative) }],
    );
    return [
      {
        id: 'current',
        label: monthLabel(summary.month),
        points: summary.daily.map((entry) => ({ x: entry.day, y: major(entry.cumulative) })),
      },
      ...(previous.length > 0
        ? [{ id: 'previous', label: monthLabel(summary.previousMonth), points: previous, dashed: true }]
        : []),
    ];
  }, [summary.daily, summary.month, summary.previousMonth, currency]);
  const last = summary.daily.at(-1);
  const money = (amountMinor: number) => (
    <MoneyText amount={{ amountMinor, currency }} tone="plain" masked={masked} locale={locale} />
  );
  const rows = summary.daily.map((entry) => ({
    day: entry.day,
    current: money(entry.cumulative),
    previous: entry.previousCumulative === null ? '—' : money(entry.previousCumulative),
  }));
  const title = `Cumulative spending by day, ${monthLabel(summary.month)} against ${monthLabel(summary.previousMonth)}`;
  return (
    <Card aria-labelledby="daily-spend-heading">
      <CardHeader>
        <CardTitle id="daily-spend-heading">Day by day</CardTitle>
        <CardDescription>
          Spending so far this month against the same days last month (dashed).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {last ? (
          <>
            <TimeSeriesChart
              series={series}
              currency={currency}
              xKind="day"
              ariaLabel={`${title}, ${last.day} days shown`}
              locale={locale}
              masked={masked}
              height={260}
            />
            <ChartDataTable caption={title} columns={COLUMNS} rows={rows} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No days to show yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
