import {
  formatPercentage,
  percentChange,
  REPORT_GROUPING_LABELS,
  reportHrefBetween,
  type ReportDefinition,
} from '@lodestar/domain';
import { Link } from 'react-router';
import { ReportChart } from '@/components/charts/report-chart';
import type { FigureDisplay } from '@/components/figure-display';
import { moneyText } from '@/components/money';
import { cn } from '@/lib/utils';
import type { ReportResult } from '@/lib/reports-api';
import { chartSeries } from '@/lib/reports-model';

/** A report's value as the user reads it: money in their number format (masked with balances), or a count. */
function useValueText(report: ReportResult, display: Pick<FigureDisplay, 'masked' | 'locale'>) {
  return (value: number) => {
    if (report.unit === 'count') return value.toLocaleString(display.locale);
    if (display.masked) return '••••';
    return moneyText({ amountMinor: value, currency: report.currency }, 'plain', display.locale);
  };
}

function CellLink({ href, text, label }: { href: string | null; text: string; label: string }) {
  if (!href) return <>{text}</>;
  return (
    <Link
      to={href}
      aria-label={`${text}, ${label}: open in Activity`}
      className="rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {text}
    </Link>
  );
}

/** The report's totals in words: the whole range, the average column, and the previous period. */
export function ReportSummary({
  report,
  display,
  intervalLabel,
}: {
  report: ReportResult;
  display: FigureDisplay;
  intervalLabel: string | null;
}) {
  const text = useValueText(report, display);
  const change = report.previous ? report.total.value - report.previous.total : null;
  const percent = report.previous ? percentChange(report.total.value, report.previous.total) : null;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <div className="rounded-md border bg-background p-3">
        <dt className="text-xs font-medium text-muted-foreground">
          {report.measure === 'balance' ? 'At the end' : 'Total'} ({display.formatDate(report.from)} to{' '}
          {display.formatDate(report.to)})
        </dt>
        <dd className="mt-1 text-lg font-semibold tabular-nums">
          <CellLink href={report.total.href} text={text(report.total.value)} label="whole range" />
        </dd>
      </div>
      {intervalLabel ? (
        <div className="rounded-md border bg-background p-3">
          <dt className="text-xs font-medium text-muted-foreground">
            Average per {intervalLabel.toLowerCase()}
          </dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{text(report.average)}</dd>
        </div>
      ) : null}
      {report.previous ? (
        <div className="rounded-md border bg-background p-3">
          <dt className="text-xs font-medium text-muted-foreground">
            Previous period ({display.formatDate(report.previous.from)} to{' '}
            {display.formatDate(report.previous.to)})
          </dt>
          <dd className="mt-1 grid gap-0.5">
            <span className="text-lg font-semibold tabular-nums">{text(report.previous.total)}</span>
            <span className="text-xs text-muted-foreground">
              {change === 0
                ? 'No change'
                : `${(change ?? 0) > 0 ? 'Up' : 'Down'} ${text(Math.abs(change ?? 0))}${
                    percent === null ? '' : ` (${formatPercentage(Math.abs(percent), display.locale)})`
                  }`}
            </span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The report's table: a row per group, a column per period, totals and averages; every cell links to Activity. */
export function ReportTable({
  report,
  definition,
  display,
  caption,
  className,
}: {
  report: ReportResult;
  definition: ReportDefinition;
  display: FigureDisplay;
  caption: string;
  className?: string;
}) {
  const text = useValueText(report, display);
  const showColumns = definition.interval !== 'none';
  const groupLabel = definition.groupBy === 'none' ? 'Measure' : REPORT_GROUPING_LABELS[definition.groupBy];
  const hasPrevious = report.previous !== null;
  return (
    <div className={cn('max-h-[32rem] overflow-auto rounded-md border', className)}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-muted">
          <tr>
            <th scope="col" className="sticky left-0 bg-muted px-3 py-2 text-left font-medium">
              {groupLabel}
            </th>
            {showColumns
              ? report.columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className="whitespace-nowrap px-3 py-2 text-right font-medium"
                  >
                    {column.label}
                  </th>
                ))
              : null}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {report.measure === 'balance' ? 'At the end' : 'Total'}
            </th>
            {showColumns ? (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Average
              </th>
            ) : null}
            {hasPrevious ? (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Previous period
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key} className="border-t">
              <th
                scope="row"
                className="sticky left-0 max-w-56 truncate bg-card px-3 py-1.5 text-left font-normal"
              >
                {row.label}
              </th>
              {showColumns
                ? row.cells.map((value, index) => {
                    const column = report.columns[index];
                    return (
                      <td
                        key={column?.key ?? index}
                        className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap"
                      >
                        <CellLink
                          href={
                            value === 0 || !column
                              ? null
                              : reportHrefBetween(row.total.href, column.from, column.to)
                          }
                          text={text(value)}
                          label={`${row.label}, ${column?.label ?? ''}`}
                        />
                      </td>
                    );
                  })
                : null}
              <td className="px-3 py-1.5 text-right font-medium tabular-nums whitespace-nowrap">
                <CellLink href={row.total.href} text={text(row.total.value)} label={`${row.label}, total`} />
              </td>
              {showColumns ? (
                <td className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">{text(row.average)}</td>
              ) : null}
              {hasPrevious ? (
                <td className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">
                  {text(row.previousTotal ?? 0)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 bg-muted/50 font-medium">
          <tr>
            <th scope="row" className="sticky left-0 bg-muted px-3 py-2 text-left">
              Total
            </th>
            {showColumns
              ? report.columns.map((column) => (
                  <td key={column.key} className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    <CellLink
                      href={column.total.href}
                      text={text(column.total.value)}
                      label={`${column.label}, total`}
                    />
                  </td>
                ))
              : null}
            <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
              <CellLink href={report.total.href} text={text(report.total.value)} label="total" />
            </td>
            {showColumns ? (
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{text(report.average)}</td>
            ) : null}
            {hasPrevious ? (
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                {text(report.previous?.total ?? 0)}
              </td>
            ) : null}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The chart of a report (when it has one), drawn from its largest rows. */
export function ReportChartOf({
  report,
  definition,
  display,
  ariaLabel,
  height,
}: {
  report: ReportResult;
  definition: ReportDefinition;
  display: FigureDisplay;
  ariaLabel: string;
  height?: number;
}) {
  if (definition.chart === 'table') return null;
  return (
    <ReportChart
      labels={report.columns.map((column) => column.label)}
      series={chartSeries(report, definition.groupBy)}
      kind={definition.chart}
      currency={report.currency}
      unit={report.unit}
      ariaLabel={ariaLabel}
      locale={display.locale}
      masked={display.masked}
      {...(height ? { height } : {})}
    />
  );
}
