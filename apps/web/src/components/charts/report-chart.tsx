import { currencyExponent } from '@lodestar/domain';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { axisCurrency, MASKED_AMOUNT, tooltipCurrency } from './chart-format';
import { useChartTheme } from './chart-theme';
import { useChart } from './use-chart';
import { ChartCanvas } from './chart-canvas';

export type ReportChartKind = 'bar' | 'stacked_bar' | 'line' | 'area';
export type ReportChartSeries = {
  label: string;
  /** Index into the theme's series colours. */
  color: number;
  /** One value per label (minor units, or counts when `unit` is 'count'). */
  values: readonly number[];
};

function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match?.[1]) return color;
  const value = Number.parseInt(match[1], 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/**
 * A report's chart over its columns (months, quarters, …): bars, stacked bars, lines or stacked areas of
 * each row. Chart.js loads on first draw; the report's own table is its text alternative.
 */
export function ReportChart({
  labels,
  series,
  kind,
  currency,
  unit,
  ariaLabel,
  locale,
  masked = false,
  height = 300,
  className,
}: {
  labels: readonly string[];
  series: readonly ReportChartSeries[];
  kind: ReportChartKind;
  currency: string;
  unit: 'money' | 'count';
  ariaLabel: string;
  locale?: string;
  masked?: boolean;
  height?: number;
  className?: string;
}) {
  const { theme, animate } = useChartTheme();
  const config = useMemo((): ChartConfiguration<'bar' | 'line'> | null => {
    if (series.length === 0 || labels.length === 0) return null;
    const stacked = kind === 'stacked_bar' || kind === 'area';
    // Amounts are drawn in major units of the currency (the axis and tooltip formats take those).
    const scale = unit === 'count' ? 1 : 10 ** currencyExponent(currency);
    const format = (value: number) =>
      unit === 'count' ? value.toLocaleString(locale) : tooltipCurrency(value, currency, locale);
    const type = kind === 'bar' || kind === 'stacked_bar' ? 'bar' : 'line';
    return {
      type,
      data: {
        labels: [...labels],
        datasets: series.map((s) => {
          const color = theme.series[s.color % theme.series.length] ?? theme.foreground;
          return {
            label: s.label,
            data: s.values.map((value) => value / scale),
            borderColor: color,
            backgroundColor: kind === 'area' ? withAlpha(color, 0.35) : color,
            fill: kind === 'area' ? 'stack' : false,
            borderWidth: type === 'line' ? 2 : 0,
            pointRadius: labels.length > 40 ? 0 : 2,
            tension: 0,
          };
        }),
      } as ChartConfiguration<'bar' | 'line'>['data'],
      options: {
        animation: animate ? { duration: 300 } : false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            stacked,
            ticks: { color: theme.muted, maxRotation: 0, autoSkip: true },
            grid: { display: false },
            border: { color: theme.grid },
          },
          y: {
            stacked,
            ticks: {
              color: theme.muted,
              display: !masked,
              callback: (value) =>
                unit === 'count'
                  ? Number(value).toLocaleString(locale)
                  : axisCurrency(Number(value), currency, locale),
            },
            grid: { color: theme.grid },
            border: { display: false },
          },
        },
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { color: theme.foreground, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: {
            callbacks: {
              label: (item) => {
                const value = Number(item.raw ?? 0);
                return `${item.dataset.label ?? ''}: ${masked ? MASKED_AMOUNT : format(value)}`;
              },
            },
          },
        },
      },
    };
  }, [labels, series, kind, currency, unit, locale, masked, theme, animate]);
  const { canvasRef, failed } = useChart(config);
  return (
    <div className={cn('relative w-full', className)} style={{ height }}>
      {failed ? (
        <p className="text-sm text-muted-foreground">The chart could not be drawn; the table has its data.</p>
      ) : (
        <ChartCanvas canvasRef={canvasRef} ariaLabel={ariaLabel} />
      )}
    </div>
  );
}
