import {
  type DashboardWidget,
  type PortfolioRange,
  TIME_PERIOD_VALUES,
  TIME_PERIODS,
  type TimePeriod,
  dashboardWidgetOrder,
  reportIdOfWidget,
} from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, LayoutDashboard } from 'lucide-react';
import { Fragment, type ReactNode, Suspense, lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ChartSkeletonBody } from '@/components/skeletons/chart-skeleton';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { savedReportsQuery } from '@/lib/reports-api';
import { useUserPreferences } from '@/lib/user-preferences';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { AccountsCard } from '../components/accounts-card';
import { ActivityCard } from '../components/activity-card';
import { AllocationCard } from '../components/allocation-card';
import { useDashboardDisplay } from '../components/display';
import { FxNotices } from '../components/fx-notices';
import { FxRatesDialog } from '../components/fx-rates-dialog';
import { HistoryCard } from '../components/history-card';
import { SummaryCard } from '../components/summary-card';
import { DASHBOARD_TEXT, needsExchangeRates, parsePeriod, parseRange } from '../model';
import { useActivitySummary, useDashboardData, usePortfolio } from '../queries';
import { HelpLink } from '@/components/help-link';

// A pinned report draws with the report views (tables, charts, their schemas): loaded only for a dashboard
// that has one, so the dashboard's first load does not carry them.
const PinnedReport = lazy(() =>
  import('../components/pinned-reports').then((module) => ({ default: module.PinnedReport })),
);

function PeriodSelect({ value, onChange }: { value: TimePeriod; onChange: (value: TimePeriod) => void }) {
  return (
    <Select value={value} onValueChange={(next) => onChange(parsePeriod(next))}>
      <SelectTrigger aria-label="Period" className="w-44">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TIME_PERIOD_VALUES.map((period) => (
          <SelectItem key={period} value={period}>
            {TIME_PERIODS[period]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The body of the shared DashboardSkeleton (summary chart card and two panels) under the page's real
 * header: the lazy route shows the whole DashboardSkeleton while the code loads, and from the moment
 * the page renders its h1 and period selector stay put while the data loads.
 */
function DashboardBodySkeleton() {
  return (
    <LoadingRegion label="Loading dashboard…">
      <div className="space-y-6">
        <ChartSkeletonBody />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    </LoadingRegion>
  );
}

/**
 * The Dashboard: net worth and what it is made of for the period in the URL (`?period=`), its history,
 * the period's income and spending, and every account. Each card loads and fails on its own, so one
 * slow or failing endpoint never blanks the page.
 */
export function DashboardRoute() {
  const [params, setParams] = useSearchParams();
  const display = useDashboardDisplay();
  const storedWidgets = useUserPreferences().preferences.dashboard_layout.widgets;
  // Reports are a Pro feature when billing is on: a plan without them shows no widgets, not an error.
  const saved = useQuery({ ...savedReportsQuery(), retry: false });
  const pinned = saved.data?.filter((report) => report.pinned) ?? [];
  const widgets = dashboardWidgetOrder(
    storedWidgets,
    pinned.map((report) => report.id),
  );
  // The moment the page opened: "today" for the default date range stays put while the page is open.
  const [openedAt] = useState(() => Date.now());
  // The user's default date range decides the period and history range unless the URL names them.
  const defaults = display.rangeDefaults(openedAt);
  const period = parsePeriod(params.get('period'), defaults.period);
  const range = parseRange(params.get('range'), defaults.portfolioRange);
  const [fxDialog, setFxDialog] = useState({ open: false, currency: '' });
  const dashboard = useDashboardData(period);
  const portfolio = usePortfolio(range);
  const activity = useActivitySummary(period);

  const data = dashboard.data;
  const setParam = (key: 'period' | 'range', next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set(key, next);
        return updated;
      },
      { preventScrollReset: true },
    );
  const setPeriod = (next: TimePeriod) => setParam('period', next);
  const setRange = (next: PortfolioRange) => setParam('range', next);
  const openRates = (currency = '') => setFxDialog({ open: true, currency });
  const header = (
    <PageHeader
      title="Dashboard"
      description="Net worth, cash, investments and what changed, at a glance."
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {data && needsExchangeRates(data) ? (
            <Button variant="outline" onClick={() => openRates()}>
              <ArrowLeftRight aria-hidden="true" />
              Exchange rates
            </Button>
          ) : null}
          {data?.hasAccounts === false ? null : <PeriodSelect value={period} onChange={setPeriod} />}
        </div>
      }
    />
  );

  if (dashboard.isPending) {
    return (
      <>
        {header}
        <DashboardBodySkeleton />
      </>
    );
  }

  if (data && !data.hasAccounts) {
    return (
      <>
        {header}
        <EmptyState
          icon={LayoutDashboard}
          title={DASHBOARD_TEXT.emptyTitle}
          action={
            <Button asChild>
              <Link to="/accounts">Go to Accounts</Link>
            </Button>
          }
        >
          On the Accounts page, link your bank through Plaid or SimpleFIN Bridge (Plaid needs PLAID_CLIENT_ID
          and PLAID_SECRET set on the server), import a file from your bank, add an account by hand or connect
          the demo bank. Net worth, its history and your spending appear here once there is a balance. Help:{' '}
          <HelpLink slug="connect-your-bank">Connect your bank</HelpLink> or{' '}
          <HelpLink slug="import-a-statement">Import a statement</HelpLink>.
        </EmptyState>
      </>
    );
  }

  const reportingCurrency = data?.currency ?? display.currency;
  // The widgets in the user's order, only those chosen (Settings → Display → Dashboard widgets).
  const widgetElements: Record<DashboardWidget, ReactNode> = {
    summary: data ? <SummaryCard data={data} display={display} /> : null,
    history: <HistoryCard query={portfolio} range={range} onRangeChange={setRange} display={display} />,
    allocation: data ? <AllocationCard data={data} display={display} /> : null,
    accounts: data ? <AccountsCard data={data} display={display} /> : null,
    activity: <ActivityCard query={activity} display={display} />,
  };
  return (
    <>
      {header}
      <div
        aria-busy={dashboard.isPlaceholderData}
        className={cn(
          'grid grid-cols-1 gap-6 transition-opacity lg:grid-cols-3 [&>*]:min-w-0',
          dashboard.isPlaceholderData && 'opacity-70',
        )}
      >
        {data && (data.fx.missing.length > 0 || data.fx.stale.length > 0) ? (
          <div className="lg:col-span-3">
            <FxNotices fx={data.fx} currency={data.currency} display={display} onAddRate={openRates} />
          </div>
        ) : null}
        {data ? null : (
          <LoadError
            title={DASHBOARD_TEXT.loadError}
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
            className="rounded-lg border bg-card lg:col-span-3"
          />
        )}
        {widgets.map((widget) => {
          const reportId = reportIdOfWidget(widget);
          const report = reportId === null ? undefined : pinned.find((item) => item.id === reportId);
          return (
            <Fragment key={widget}>
              {report ? (
                <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg lg:col-span-3" />}>
                  <PinnedReport report={report} display={display} />
                </Suspense>
              ) : (
                widgetElements[widget as DashboardWidget]
              )}
            </Fragment>
          );
        })}
      </div>
      <FxRatesDialog
        open={fxDialog.open}
        onOpenChange={(open) => setFxDialog((current) => ({ ...current, open }))}
        currency={reportingCurrency}
        initialCurrency={fxDialog.currency}
        display={display}
      />
    </>
  );
}
