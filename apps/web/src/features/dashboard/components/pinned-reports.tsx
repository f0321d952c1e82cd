import { REPORT_GROUPING_LABELS, REPORT_MEASURE_LABELS, type ReportDefinition } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FigureDisplay } from '@/components/figure-display';
import { LoadError } from '@/components/load-error';
import { ReportChartOf, ReportSummary, ReportTable } from '@/components/reports/report-view';
import { Skeleton } from '@/components/ui/skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { runReportQuery, type SavedReport } from '@/lib/reports-api';

/**
 * A report pinned to the dashboard, drawn as it is saved (chart or table), with its totals and a link to
 * open it; placed by the dashboard layout preference (domain dashboardWidgetOrder).
 */
export function PinnedReport({ report, display }: { report: SavedReport; display: FigureDisplay }) {
  const definition: ReportDefinition = report.definition;
  const run = useQuery(runReportQuery(definition));
  const caption =
    definition.groupBy === 'none'
      ? REPORT_MEASURE_LABELS[definition.measure]
      : `${REPORT_MEASURE_LABELS[definition.measure]} by ${REPORT_GROUPING_LABELS[definition.groupBy].toLowerCase()}`;
  const headingId = `pinned-report-${report.id}`;
  return (
    <Card className="lg:col-span-3" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle id={headingId}>{report.name}</CardTitle>
          <CardDescription>{caption}</CardDescription>
        </div>
        <Link
          to={`/reports?id=${encodeURIComponent(report.id)}`}
          className="text-sm font-medium text-primary underline-offset-2 hover:underline"
        >
          Open report
        </Link>
      </CardHeader>
      <CardContent className="grid gap-4">
        {run.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : run.isError ? (
          <LoadError
            title={`Failed to run “${report.name}”`}
            error={run.error}
            onRetry={() => void run.refetch()}
            retrying={run.isFetching}
          />
        ) : run.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transactions match this report in its dates.</p>
        ) : (
          <>
            <ReportSummary report={run.data} display={display} intervalLabel={null} />
            {definition.chart === 'table' ? (
              <ReportTable
                report={run.data}
                definition={definition}
                display={display}
                caption={report.name}
                className="max-h-72"
              />
            ) : (
              <ReportChartOf
                report={run.data}
                definition={definition}
                display={display}
                ariaLabel={`${report.name}: ${caption}`}
                height={240}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
