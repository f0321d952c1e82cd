import { useQuery } from '@tanstack/react-query';
import { Filter, PieChart, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { RoundChartSkeleton } from '@/components/skeletons/round-chart-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useScreenSize } from '@/lib/breakpoints';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import {
  HOLDING_FILTER_LABELS,
  HOLDING_FILTERS,
  type HoldingFilter,
  type Holdings,
  HOLDINGS_ERROR,
  holdingsQuery,
  investmentsQuery,
} from '../api';
import { AllocationCard } from '../components/allocation-card';
import { BrokerageBalances } from '../components/brokerage-balances';
import { HoldingDialog } from '../components/holding-dialog';
import { HoldingsCards, HoldingsTable } from '../components/holdings-list';
import { HoldingsTotals } from '../components/holdings-totals';
import { AssetsNewsCard } from '../components/news-card';
import { Pagination } from '../components/pagination';
import { PerformanceCard } from '../components/performance-card';
import { TrendingCard } from '../components/trending-card';
import { WatchlistCard } from '../components/watchlist-card';
import { parseHoldingFilter, parsePage } from '../format';

function Loading() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <RoundChartSkeleton label="Loading allocation by type…" />
        <RoundChartSkeleton label="Loading allocation by account…" />
      </div>
      <ListSkeleton label="Loading holdings…" />
    </div>
  );
}

function NoInvestments() {
  return (
    <EmptyState
      icon={PieChart}
      title="No investments yet"
      action={
        <Button asChild>
          <Link to="/accounts">Go to Accounts</Link>
        </Button>
      }
    >
      Link a brokerage through Plaid on the Accounts page (Plaid needs PLAID_CLIENT_ID and PLAID_SECRET set on
      the server), follow a Bitcoin or Solana wallet, connect a crypto exchange on the CEXes page, or connect
      the demo bank — or add holdings by hand to a manual investment account with Add holding. Stocks, funds
      and crypto you hold then show here with quantity, price, value, cost basis and gain, and your allocation
      by type and by account.
    </EmptyState>
  );
}

function TypeFilter({ value, onChange }: { value: HoldingFilter; onChange: (value: HoldingFilter) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="holding-type" className="text-sm text-muted-foreground">
        Type
      </Label>
      <Select value={value} onValueChange={(next) => onChange(parseHoldingFilter(next))}>
        <SelectTrigger id="holding-type" size="sm" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {HOLDING_FILTERS.map((filter) => (
            <SelectItem key={filter} value={filter}>
              {HOLDING_FILTER_LABELS[filter]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function HoldingsCard({
  data,
  type,
  busy,
  onTypeChange,
  onPageChange,
}: {
  data: Holdings;
  type: HoldingFilter;
  busy: boolean;
  onTypeChange: (value: HoldingFilter) => void;
  onPageChange: (page: number) => void;
}) {
  const { showBalances, locale } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const desktop = useScreenSize() === 'desktop';
  // Day change, weight and price date come from GET /investments; the page shows without them until then.
  const investments = useQuery(investmentsQuery());
  const byId = useMemo(
    () => new Map((investments.data?.holdings ?? []).map((holding) => [holding.id, holding])),
    [investments.data],
  );
  const display = { masked: !showBalances, locale, dateFormat: preferences.date_format, investments: byId };
  const { pagination } = data;
  let list;
  if (data.data.length > 0) {
    list = desktop ? (
      <HoldingsTable holdings={data.data} display={display} />
    ) : (
      <HoldingsCards holdings={data.data} display={display} />
    );
  } else if (pagination.total === 0) {
    list = (
      <div className="grid justify-items-center gap-3 py-8 text-center text-sm text-muted-foreground">
        <Filter aria-hidden="true" className="size-5" />
        <p>No holdings of the type {HOLDING_FILTER_LABELS[type]}.</p>
        <Button variant="outline" size="sm" onClick={() => onTypeChange('all')}>
          Show all types
        </Button>
      </div>
    );
  } else {
    list = (
      <div className="grid justify-items-center gap-3 py-8 text-center text-sm text-muted-foreground">
        <p>This page is past the last holding.</p>
        <Button variant="outline" size="sm" onClick={() => onPageChange(1)}>
          Go to page 1
        </Button>
      </div>
    );
  }
  return (
    <Card aria-labelledby="holdings-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="holdings-heading">Holdings</CardTitle>
          <p className="text-sm text-muted-foreground">
            {pagination.total} {pagination.total === 1 ? 'holding' : 'holdings'}
          </p>
        </div>
        <TypeFilter value={type} onChange={onTypeChange} />
      </CardHeader>
      <CardContent aria-busy={busy || undefined}>
        {list}
        <Pagination
          page={pagination.page}
          totalPages={pagination.totalPages}
          hasNext={pagination.hasNext}
          busy={busy}
          onPageChange={onPageChange}
        />
      </CardContent>
    </Card>
  );
}

/**
 * Assets: the user's investment holdings (?type= filters them, ?page= pages them, 100 a page), their
 * totals and their allocation by type and by account.
 */
export function AssetsRoute() {
  const [params, setParams] = useSearchParams();
  const type = parseHoldingFilter(params.get('type'));
  const page = parsePage(params.get('page'));
  const holdings = useQuery(holdingsQuery(page, type));
  const investments = useQuery(investmentsQuery());
  const { showBalances, locale } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const masked = !showBalances;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  const changeType = useCallback(
    (value: HoldingFilter) => update({ type: value === 'all' ? null : value, page: null }),
    [update],
  );
  const changePage = useCallback(
    (value: number) => {
      update({ page: value <= 1 ? null : String(value) });
      window.scrollTo({ top: 0 });
    },
    [update],
  );

  const [adding, setAdding] = useState(false);
  const header = (
    <PageHeader
      title="Assets"
      description="Holdings across your investment and crypto accounts, and the securities you watch."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add holding
        </Button>
      }
    />
  );
  const { data } = holdings;
  // Stable slices, so the doughnuts are redrawn only when the figures change.
  const slices = useMemo(
    () =>
      data
        ? {
            byType: data.allocation.byType.map((slice) => ({ ...slice, key: slice.type })),
            byAccount: data.allocation.byAccount.map((slice) => ({
              key: slice.accountId,
              label: slice.name,
              amount: slice.amount,
              percent: slice.percent,
            })),
          }
        : null,
    [data],
  );
  let body;
  if (holdings.isPending) {
    body = <Loading />;
  } else if (holdings.isError) {
    body = (
      <Card>
        <LoadError
          title={HOLDINGS_ERROR}
          error={holdings.error}
          onRetry={() => void holdings.refetch()}
          retrying={holdings.isFetching}
        />
      </Card>
    );
  } else if (data && data.pagination.total === 0 && type === 'all') {
    body = <NoInvestments />;
  } else if (data && slices) {
    body = (
      <div className="space-y-4">
        <HoldingsTotals
          totals={data.totals}
          priceDates={investments.data?.totals.priceDates}
          masked={masked}
          locale={locale}
          dateFormat={preferences.date_format}
        />
        <BrokerageBalances investments={investments} display={{ masked, locale }} />
        <div className="grid gap-4 lg:grid-cols-2">
          <AllocationCard
            id="allocation-type"
            title="Allocation by type"
            slices={slices.byType}
            currency={data.currency}
            masked={masked}
            locale={locale}
          />
          <AllocationCard
            id="allocation-account"
            title="Allocation by account"
            slices={slices.byAccount}
            currency={data.currency}
            masked={masked}
            locale={locale}
          />
        </div>
        <HoldingsCard
          data={data}
          type={type}
          busy={holdings.isPlaceholderData}
          onTypeChange={changeType}
          onPageChange={changePage}
        />
        <PerformanceCard />
      </div>
    );
  }
  return (
    <>
      {header}
      <HoldingDialog open={adding} onOpenChange={setAdding} />
      <div className="space-y-4">
        {body}
        <WatchlistCard />
        <AssetsNewsCard />
        <TrendingCard />
      </div>
    </>
  );
}
