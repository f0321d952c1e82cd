import { CHART, type DateFormat, lttb } from '@lodestar/domain';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import {
  axisCurrency,
  axisDate,
  MASKED_AMOUNT,
  tooltipCurrency,
  tooltipDate,
  uniqueTickLabel,
} from './chart-format';
import { useChartTheme, type ChartTheme } from './chart-theme';
import { useChart } from './use-chart';
import { ChartCanvas } from './chart-canvas';

export type ChartPoint = { x: number; y: number };

const DAY_MS = 86_400_000;

export type TimeSeries = {
  id: string;
  label: string;
  /** Index into the theme's series colours, or 'negative' (liabilities, overspending). */
  color?: number | 'negative';
  /** Sorted by x; for a stacked chart every series has the same x values. */
  points: readonly ChartPoint[];
  dashed?: boolean;
};

export type TimeSeriesChartProps = {
  series: readonly TimeSeries[];
  currency: string;
  /** Accessible name of the canvas: what the chart shows, with its headline figure. */
  ariaLabel: string;
  /** 'date': x is epoch ms (dateToX); 'day': x is the day of the month; 'step': whole steps (years, ages). */
  xKind?: 'date' | 'day' | 'step';
  /** Tooltip title of a point for 'step' charts: (5) → 'Year 5'. */
  stepLabel?: (x: number) => string;
  stacked?: boolean;
  height?: number;
  /** Number format of the amounts (spec §3 number_format). */
  locale?: string;
  /** Date format of the x axis and tooltip titles for 'date' charts (spec §3 date_format). */
  dateFormat?: DateFormat;
  /** Hide amounts (privacy): no y labels, tooltips without values. */
  masked?: boolean;
  /** Shown in the tooltip footer of the first point (the performance chart's account count). */
  firstPointFooter?: string;
  className?: string;
};

function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const value = Number.parseInt(match[1], 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

function colorOf(theme: ChartTheme, color: TimeSeries['color'], index: number): string {
  if (color === 'negative') return theme.negative;
  const series = theme.series;
  return series[(color ?? index) % series.length] ?? theme.foreground;
}

/**
 * Stacked areas must share x values, but Chart.js decimates each dataset on its own. So a stacked chart
 * keeps the same 240 days for every series, picked by LTTB on their total (the net-worth line); Chart.js's
 * own LTTB decimation (240 samples) then handles unstacked charts.
 */
function alignedSamples(series: readonly TimeSeries[]): readonly TimeSeries[] {
  const first = series[0];
  if (!first || first.points.length <= CHART.decimationSamples) return series;
  const indices = first.points.map((_, index) => index);
  const total = (index: number) => series.reduce((sum, s) => sum + (s.points[index]?.y ?? 0), 0);
  const keep = lttb(indices, CHART.decimationSamples, (index) => first.points[index]?.x ?? 0, total);
  return series.map((s) => ({ ...s, points: keep.map((index) => s.points[index] ?? { x: 0, y: 0 }) }));
}

/** A line or stacked-area chart of amounts over time (net worth, cumulative spending, projections). */
export function TimeSeriesChart({
  series,
  currency,
  ariaLabel,
  xKind = 'date',
  stacked = false,
  height = 280,
  locale,
  dateFormat,
  masked = false,
  firstPointFooter,
  stepLabel,
  className,
}: TimeSeriesChartProps) {
  const { theme, animate } = useChartTheme();
  const config = useMemo((): ChartConfiguration<'line', ChartPoint[]> | null => {
    if (series.length === 0) return null;
    const drawn = stacked ? alignedSamples(series) : series;
    const xs = drawn[0]?.points.map((point) => point.x) ?? [];
    const spanDays = xs.length > 1 ? ((xs.at(-1) ?? 0) - (xs[0] ?? 0)) / DAY_MS : 0;
    const formatX = (x: number) => (xKind === 'date' ? axisDate(x, dateFormat, spanDays) : String(x));
    const title = (x: number) =>
      xKind === 'date'
        ? tooltipDate(x, dateFormat)
        : xKind === 'day'
          ? `Day ${x}`
          : (stepLabel?.(x) ?? String(x));
    return {
      type: 'line',
      data: {
        datasets: drawn.map((s, index) => {
          const color = colorOf(theme, s.color, index);
          return {
            label: s.label,
            // Chart.js decimation replaces dataset.data, so each chart gets its own copy.
            data: s.points.map((point) => ({ x: point.x, y: point.y })),
            borderColor: color,
            backgroundColor: stacked ? withAlpha(color, 0.35) : color,
            // Chart.js stacks negative values (liabilities) apart from positive ones, below zero: such a
            // series fills to the axis, not to the series before it (which would shade every asset).
            fill: stacked ? (index === 0 || s.color === 'negative' ? 'origin' : '-1') : false,
            borderWidth: 2,
            borderDash: s.dashed ? [6, 4] : undefined,
            // A single point (a projection that starts at its goal) would be invisible as a line.
            pointRadius: s.points.length === 1 ? 3 : 0,
            pointHoverRadius: 4,
            tension: 0,
          };
        }),
      },
      options: {
        parsing: false,
        normalized: true,
        animation: animate ? { duration: 400 } : false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            type: 'linear',
            min: xs[0],
            max: xs.at(-1),
            ticks: {
              maxTicksLimit: CHART.maxXTicks,
              color: theme.muted,
              // Whole steps only: no 'Year 2.5' between two years.
              precision: xKind === 'date' ? undefined : 0,
              // Day-sized steps on short histories, and a label is never repeated: a tick between two
              // days would otherwise print the same date twice.
              ...(xKind === 'date' && spanDays < CHART.maxXTicks ? { stepSize: DAY_MS } : {}),
              callback: uniqueTickLabel(formatX),
            },
            grid: { display: false },
            border: { color: theme.grid },
          },
          y: {
            stacked,
            beginAtZero: xKind === 'step',
            ticks: {
              maxTicksLimit: CHART.yTicks,
              color: theme.muted,
              display: !masked,
              callback: (value) => axisCurrency(Number(value), currency, locale),
            },
            grid: { color: theme.grid },
            border: { display: false },
          },
        },
        plugins: {
          decimation: {
            enabled: true,
            algorithm: 'lttb',
            samples: CHART.decimationSamples,
            threshold: CHART.decimationSamples,
          },
          legend: {
            display: drawn.length > 1,
            position: 'bottom',
            labels: { color: theme.foreground, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: {
            callbacks: {
              title: (items) => title(items[0]?.parsed.x ?? 0),
              label: (item) =>
                `${item.dataset.label ?? ''}: ${masked ? MASKED_AMOUNT : tooltipCurrency(item.parsed.y ?? 0, currency, locale)}`,
              footer: (items) => {
                const lines: string[] = [];
                // A stacked chart's total is the sum of its layers (net worth: assets less liabilities).
                if (stacked && items.length > 1 && !masked) {
                  const total = items.reduce((sum, item) => sum + (item.parsed.y ?? 0), 0);
                  lines.push(`Total: ${tooltipCurrency(total, currency, locale)}`);
                }
                if (firstPointFooter && items[0]?.dataIndex === 0) lines.push(firstPointFooter);
                return lines;
              },
            },
          },
        },
      },
    };
  }, [
    series,
    stacked,
    theme,
    animate,
    masked,
    currency,
    locale,
    dateFormat,
    xKind,
    firstPointFooter,
    stepLabel,
  ]);
  const { canvasRef, failed } = useChart(config);
  return (
    <div className={cn('relative w-full', className)} style={{ height }}>
      {failed ? (
        <p className="text-sm text-muted-foreground">
          The chart could not be drawn; the table below has its data.
        </p>
      ) : (
        <ChartCanvas canvasRef={canvasRef} ariaLabel={ariaLabel} />
      )}
    </div>
  );
}
