import type { FlowPeriod } from '@lodestar/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, PiggyBank, Receipt, Wallet } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useFigureDisplay } from '@/components/figure-display';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { RetentionNotice } from '@/components/retention-notice';
import { ChartSkeleton } from '@/components/skeletons/chart-skeleton';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { RoundChartSkeleton } from '@/components/skeletons/round-chart-skeleton';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { anyAccountQuery, prefetchAdjacentMonths, type SpendingSummary, spendingSummaryQuery } from '../api';
import { CategoryBreakdown } from '../components/category-breakdown';
import { DailySpendChart } from '../components/daily-spend-chart';
import { ExpenseFlowCard, parseFlowPeriod } from '../components/expense-flow-card';
import { MonthNav } from '../components/month-nav';
import { SpendingTotals } from '../components/spending-totals';
import { TopMerchants } from '../components/top-merchants';
import { adjacentMonths, currentMonth, monthLabel, parseMonth } from '../month';

/** The plan's first visible day when it cuts into this month or the month before it, else null. */
function clampedFrom(summary: SpendingSummary | undefined): string | null {
  if (!summary?.visibleFrom) return null;
  return `${summary.previousMonth}-01` < summary.visibleFrom ? summary.visibleFrom : null;
}

function HiddenCategoriesNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
      <EyeOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {count} {count === 1 ? 'category' : 'categories'} hidden (
        <Link to="/settings/financial" className="underline underline-offset-2 hover:text-foreground">
          Settings → Financial
        </Link>
        )
      </span>
    </p>
  );
}

function SummaryLoading() {
  return (
    <div className="space-y-4">
      <ChartSkeleton label="Loading spending…" />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RoundChartSkeleton label="Loading spending by category…" />
        </div>
        <ListSkeleton label="Loading top merchants…" />
      </div>
    </div>
  );
}

const isEmptyMonth = (summary: SpendingSummary) =>
  summary.byCategory.length === 0 && summary.total.amountMinor === 0;

/** No account at all: the one state that says how spending arrives. */
function NoAccounts() {
  return (
    <EmptyState
      icon={Wallet}
      title="Your spending will appear here"
      action={
        <Button asChild>
          <Link to="/accounts">Go to Accounts</Link>
        </Button>
      }
    >
      Spending appears once an account is connected or a file of transactions is imported. Then this page
      shows it by category and merchant, compares each month with the last, and follows income into spending
      and savings.
    </EmptyState>
  );
}

function EmptyMonth({ month }: { month: string }) {
  return (
    <EmptyState
      icon={Receipt}
      title={`No spending in ${monthLabel(month)}`}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant="outline">
            <Link to="/activity">See all activity</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/accounts">Check your accounts</Link>
          </Button>
        </div>
      }
    >
      Nothing this month counts as spending. Transfers, excluded transactions and hidden categories are left
      out.
    </EmptyState>
  );
}

/**
 * Expenses: one calendar month (?month=YYYY-MM) of spending by category and merchant against the month
 * before, its day-by-day pace, and the expense flow of the month, quarter or year (?flow=).
 */
export function ExpensesRoute() {
  const display = useFigureDisplay();
  const { masked, locale } = display;
  // The moment the page opened: the current month stays put while the page is open.
  const [openedAt] = useState(() => Date.now());
  const latest = currentMonth(openedAt, display.timeZone);
  const [params, setParams] = useSearchParams();
  const month = parseMonth(params.get('month'), latest);
  // The user's default date range picks the flow's period unless the URL names one.
  const flowPeriod = parseFlowPeriod(params.get('flow'), display.rangeDefaults(openedAt).flowPeriod);
  const { previous, next } = adjacentMonths(month, latest);

  const queryClient = useQueryClient();
  const summary = useQuery(spendingSummaryQuery(month));
  const loaded = summary.isSuccess;
  const emptyMonth = summary.data ? isEmptyMonth(summary.data) : false;
  // Asked only when a month is empty: a user without any account sees one "connect an account" state.
  const anyAccount = useQuery({ ...anyAccountQuery(), enabled: emptyMonth });
  useEffect(() => {
    // After the month shown has arrived, so the neighbours never delay it.
    if (loaded) prefetchAdjacentMonths(queryClient, { previous, next });
  }, [loaded, queryClient, previous, next]);

  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(key, value);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  const showMonth = useCallback((value: string) => setParam('month', value), [setParam]);
  const showFlowPeriod = useCallback((value: FlowPeriod) => setParam('flow', value), [setParam]);

  const header = (actions?: ReactNode) => (
    <PageHeader title="Expenses" description="Where your money goes, month by month." actions={actions} />
  );
  if (emptyMonth && anyAccount.data === false) {
    return (
      <>
        {header()}
        <NoAccounts />
      </>
    );
  }

  // Until it is known whether this is a new user, nothing below the header is settled.
  const settling = summary.isPending || (emptyMonth && anyAccount.isPending);
  let body;
  if (settling) {
    body = <SummaryLoading />;
  } else if (summary.isError) {
    body = (
      <Card>
        <LoadError
          title="Spending could not be loaded"
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      </Card>
    );
  } else if (emptyMonth) {
    body = <EmptyMonth month={month} />;
  } else {
    body = (
      <div className="space-y-4">
        <SpendingTotals summary={summary.data} masked={masked} locale={locale} />
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <CategoryBreakdown summary={summary.data} masked={masked} locale={locale} />
          </div>
          <div className="min-w-0">
            <TopMerchants summary={summary.data} masked={masked} locale={locale} />
          </div>
        </div>
        <DailySpendChart summary={summary.data} masked={masked} locale={locale} />
      </div>
    );
  }

  return (
    <>
      {header(
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline">
            <Link to={`/expenses/budgets?month=${month}`}>
              <PiggyBank aria-hidden="true" />
              Budgets
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/reports">Custom reports</Link>
          </Button>
          <MonthNav month={month} previous={previous} next={next} onChange={showMonth} />
        </div>,
      )}
      <HiddenCategoriesNote count={summary.data?.hiddenCategories.length ?? 0} />
      <div className="mb-4 empty:hidden">
        <RetentionNotice visibleFrom={clampedFrom(summary.data)} />
      </div>
      <div className="space-y-4">
        {body}
        {settling && emptyMonth ? null : (
          <ExpenseFlowCard
            month={month}
            period={flowPeriod}
            onPeriodChange={showFlowPeriod}
            masked={masked}
            locale={locale}
          />
        )}
      </div>
    </>
  );
}
