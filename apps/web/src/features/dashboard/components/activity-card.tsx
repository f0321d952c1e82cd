import { formatPercentage, TIME_PERIODS, type Money } from '@lodestar/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { ActivitySummary, MoneyChange } from '../api';
import { categoryActivityHref, direction } from '../model';
import type { useActivitySummary } from '../queries';
import { Amount, ChangeText, type DashboardDisplay } from './display';

function CountChange({
  change,
  display,
}: {
  change: { amount: number; percent: number | null };
  display: DashboardDisplay;
}) {
  const word = direction(change.amount);
  if (word === 'No change') return <span>No change</span>;
  const percent =
    change.percent === null ? '' : ` (${formatPercentage(Math.abs(change.percent), display.locale)})`;
  return (
    <span>
      {word} {Math.abs(change.amount).toLocaleString(display.locale)}
      {percent}
    </span>
  );
}

function Figure({ label, value, change }: { label: string; value: ReactNode; change: ReactNode }) {
  return (
    <div className="rounded-md border bg-background p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 grid gap-0.5">
        <span className="text-lg font-semibold">{value}</span>
        <span className="text-xs text-muted-foreground">{change}</span>
      </dd>
    </div>
  );
}

function Body({ data, display }: { data: ActivitySummary; display: DashboardDisplay }) {
  const { current, change } = data;
  const moneyChange = (value: MoneyChange | undefined) =>
    value ? (
      <ChangeText
        amount={value.amount}
        percent={value.percent}
        display={display}
        suffix="vs previous period"
      />
    ) : (
      'No previous period'
    );
  const money = (amount: Money) => <Amount amount={amount} display={display} />;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        <Figure label="Income" value={money(current.income)} change={moneyChange(change?.income)} />
        <Figure label="Spending" value={money(current.spending)} change={moneyChange(change?.spending)} />
        <Figure label="Net" value={money(current.net)} change={moneyChange(change?.net)} />
        <Figure
          label="Transactions"
          value={current.transactionCount.toLocaleString(display.locale)}
          change={
            change ? (
              <>
                <CountChange change={change.transactionCount} display={display} /> vs previous period
              </>
            ) : (
              'No previous period'
            )
          }
        />
      </dl>
      <section aria-labelledby="top-categories-heading">
        <h3 id="top-categories-heading" className="text-sm font-semibold">
          Top spending categories
        </h3>
        {current.topCategories.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">No spending in this period.</p>
        ) : (
          <ul className="mt-2 grid gap-3">
            {current.topCategories.map((category) => (
              <li key={category.category}>
                <Link
                  to={categoryActivityHref(category.category, current.from, current.to)}
                  className="block rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate font-medium">{category.label}</span>
                    <span className="flex shrink-0 items-baseline gap-2">
                      <Amount amount={category.amount} display={display} />
                      <span className="w-16 text-right tabular-nums text-muted-foreground">
                        {formatPercentage(category.percent, display.locale)}
                      </span>
                    </span>
                  </span>
                  <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-muted">
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${Math.min(100, Math.max(0, category.percent))}%` }}
                    />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Income, spending and net of the period against the one before, and where the money went. */
export function ActivityCard({
  query,
  display,
}: {
  query: ReturnType<typeof useActivitySummary>;
  display: DashboardDisplay;
}) {
  const data = query.data;
  let body;
  if (query.isPending) body = <ListSkeleton rows={4} label="Loading activity…" />;
  else if (query.isError && !data) {
    body = (
      <LoadError
        title="Activity could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className="px-0"
      />
    );
  } else if (data) {
    body = (
      <div aria-busy={query.isPlaceholderData} className={cn(query.isPlaceholderData && 'opacity-60')}>
        <Body data={data} display={display} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="activity-heading">
      <CardHeader>
        <CardTitle id="activity-heading">Activity</CardTitle>
        {data ? (
          <CardDescription>
            {TIME_PERIODS[data.period]}: {display.formatDate(data.current.from)} to{' '}
            {display.formatDate(data.current.to)}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
