import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';
import { categoryColor, INCOME_SERIES, OTHER_SERIES, SAVINGS_SERIES } from './category-colors';
import { MASKED_AMOUNT, tooltipCurrency } from './chart-format';
import { useChartTheme } from './chart-theme';
import { loadSankeyCharts, useChart } from './use-chart';
import { ChartCanvas } from './chart-canvas';

export type SankeyNodeKind = 'source' | 'income' | 'category' | 'other' | 'savings' | 'deficit';
export type SankeyNodeInput = { id: string; label: string; kind: SankeyNodeKind };
/** Flow weights in major units. */
export type SankeyLinkInput = { from: string; to: string; amount: number };

const COLUMN: Record<SankeyNodeKind, number> = {
  source: 0,
  deficit: 0,
  income: 1,
  category: 2,
  other: 2,
  savings: 2,
};

/** Income sources → income → spending categories and savings (the expense flow). */
export function SankeyChart({
  nodes,
  links,
  currency,
  ariaLabel,
  height = 420,
  locale,
  masked = false,
  className,
}: {
  nodes: readonly SankeyNodeInput[];
  links: readonly SankeyLinkInput[];
  currency: string;
  ariaLabel: string;
  height?: number;
  locale?: string;
  masked?: boolean;
  className?: string;
}) {
  const { theme, animate } = useChartTheme();
  const config = useMemo((): ChartConfiguration<'sankey'> | null => {
    if (links.length === 0) return null;
    const kindOf = new Map(nodes.map((node) => [node.id, node.kind]));
    const series = (index: number) => theme.series[index % theme.series.length] ?? theme.foreground;
    const colorOf = (id: string): string => {
      const kind = kindOf.get(id);
      if (kind === 'deficit') return theme.negative;
      if (kind === 'savings') return series(SAVINGS_SERIES);
      if (kind === 'source' || kind === 'income') return series(INCOME_SERIES);
      if (kind === 'other') return series(OTHER_SERIES);
      // Category nodes are `cat:<code>` (the same colour as the category in the Expenses doughnut).
      return series(categoryColor(id.replace(/^cat:/, '')));
    };
    return {
      type: 'sankey',
      data: {
        datasets: [
          {
            data: links.map((link) => ({ from: link.from, to: link.to, flow: link.amount })),
            labels: Object.fromEntries(nodes.map((node) => [node.id, node.label])),
            column: Object.fromEntries(nodes.map((node) => [node.id, COLUMN[node.kind]])),
            priority: Object.fromEntries(nodes.map((node, index) => [node.id, index])),
            colorFrom: (context) => colorOf(context.raw.from),
            colorTo: (context) => colorOf(context.raw.to),
            colorMode: 'gradient',
            alpha: 0.55,
            color: theme.foreground,
            borderColor: theme.card,
            nodeWidth: 12,
            // Labels sit at their node's middle: every node at least a line of text tall, with a gap, so
            // two labels never overlap however small their amounts (the table has the exact figures).
            nodeMinSize: 14,
            nodePadding: 8,
            size: 'max',
            parsing: { from: 'from', to: 'to', flow: 'flow' },
          },
        ],
      },
      options: {
        animation: animate ? { duration: 400 } : false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const raw = item.raw as { from: string; to: string; flow: number };
                const label = (id: string) => nodes.find((node) => node.id === id)?.label ?? id;
                const value = masked ? MASKED_AMOUNT : tooltipCurrency(raw.flow, currency, locale);
                return `${label(raw.from)} → ${label(raw.to)}: ${value}`;
              },
            },
          },
        },
      },
    };
  }, [nodes, links, theme, animate, masked, currency, locale]);
  const { canvasRef, failed } = useChart(config, loadSankeyCharts);
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
