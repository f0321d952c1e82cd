import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { MASKED_AMOUNT, tooltipCurrency } from './chart-format';
import { useChartTheme } from './chart-theme';
import { useChart } from './use-chart';
import { ChartCanvas } from './chart-canvas';

export type DoughnutSegment = { label: string; value: number; color?: number };

/** Shares of a whole (allocation by class, by type, by account); values in major units. */
export function DoughnutChart({
  segments,
  currency,
  ariaLabel,
  size = 200,
  locale,
  masked = false,
  className,
}: {
  segments: readonly DoughnutSegment[];
  currency: string;
  ariaLabel: string;
  size?: number;
  locale?: string;
  masked?: boolean;
  className?: string;
}) {
  const { theme, animate } = useChartTheme();
  const config = useMemo((): ChartConfiguration<'doughnut'> | null => {
    if (segments.length === 0) return null;
    const total = segments.reduce((sum, segment) => sum + segment.value, 0);
    return {
      type: 'doughnut',
      data: {
        labels: segments.map((segment) => segment.label),
        datasets: [
          {
            data: segments.map((segment) => segment.value),
            backgroundColor: segments.map(
              (segment, index) =>
                theme.series[(segment.color ?? index) % theme.series.length] ?? theme.foreground,
            ),
            borderColor: theme.card,
            borderWidth: 2,
          },
        ],
      },
      options: {
        animation: animate ? { duration: 400 } : false,
        responsive: true,
        maintainAspectRatio: false,
        cutout: '62%',
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const share = total > 0 ? ` (${((item.parsed / total) * 100).toFixed(1)}%)` : '';
                return `${item.label}: ${masked ? MASKED_AMOUNT : tooltipCurrency(item.parsed, currency, locale)}${share}`;
              },
              footer: () => (masked ? '' : `Total: ${tooltipCurrency(total, currency, locale)}`),
            },
          },
        },
      },
    };
  }, [segments, theme, animate, masked, currency, locale]);
  const { canvasRef } = useChart(config);
  return (
    <div className={cn('relative mx-auto', className)} style={{ height: size, width: size }}>
      <ChartCanvas canvasRef={canvasRef} ariaLabel={ariaLabel} />
    </div>
  );
}
