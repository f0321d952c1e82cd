import { useMemo } from 'react';
import { TimeSeriesChart, type TimeSeries } from '@/components/charts';

export type ProjectionSeries = {
  label: string;
  /** One value per point, in major units. */
  values: readonly number[];
  /** Index into the theme's chart colours. */
  color: number;
  /** Dashed, so the series is told apart without relying on colour. */
  dashed?: boolean;
};

/**
 * A line chart of amounts against whole steps (years of a projection, ages): the app's time-series
 * chart on a step axis. `ariaLabel` names the chart and states its headline; the caller puts the data
 * table next to it.
 */
export function ProjectionChart({
  points,
  pointLabel,
  series,
  currency,
  locale,
  ariaLabel,
  height = 260,
}: {
  /** The x value of each point (year 0…n, age 30…55). */
  points: readonly number[];
  /** A point's tooltip title: (5) → 'Year 5', (45) → 'Age 45'. */
  pointLabel: (point: number) => string;
  series: readonly ProjectionSeries[];
  currency: string;
  locale: string;
  ariaLabel: string;
  height?: number;
}) {
  const lines = useMemo(
    (): TimeSeries[] =>
      series.map((entry, index) => ({
        id: `${index}`,
        label: entry.label,
        color: entry.color,
        dashed: entry.dashed,
        points: points.map((x, at) => ({ x, y: entry.values[at] ?? 0 })),
      })),
    [points, series],
  );
  return (
    <TimeSeriesChart
      series={lines}
      xKind="step"
      stepLabel={pointLabel}
      currency={currency}
      locale={locale}
      ariaLabel={ariaLabel}
      height={height}
    />
  );
}
