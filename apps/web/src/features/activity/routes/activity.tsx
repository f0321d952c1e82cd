import { AlertCircle, FilterX, ListOrdered } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useFigureDisplay } from '@/components/figure-display';
import { PageHeader } from '@/components/page-header';
import { RetentionNotice } from '@/components/retention-notice';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { accountTypeLabel, categoryLabel, DATE_RANGE_LABELS, isAccountType } from '@lodestar/domain';
import { BREAKPOINTS } from '@lodestar/domain/constants';
import { usePreferencesOrNull } from '@/lib/preferences';
import { useUserPreferences } from '@/lib/user-preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { exportCsvUrl, fetchTransactionsErrorText, isUnauthorized } from '../api';
import { useWriteAccess } from '@/lib/household';
import { BulkBar } from '../components/bulk-bar';
import { ExportCsvButton } from '../components/export-csv-button';
import { FilterChips } from '../components/filter-chips';
import { type FilterChange, FiltersBar } from '../components/filters-bar';
import { TransactionDetailSheet } from '../components/transaction-detail-sheet';
import { TransactionList } from '../components/transaction-list';
import {
  dateWindowText,
  DEFAULT_FILTERS,
  defaultFlagsFromPreference,
  defaultTypesFromPreference,
  NO_DEFAULT_FLAGS,
  filterChips,
  filtersToParams,
  hasActiveFilters,
  parseFilters,
  UNCATEGORIZED,
} from '../filters';
import { useAccountOptions, useSessionCheckOnUnauthorized, useTransactions } from '../use-activity-data';

function FetchError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-destructive/50 bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <p className="text-sm font-medium break-words">{fetchTransactionsErrorText(error)}</p>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}

/**
 * Activity: every transaction across the user's accounts, filtered by what the URL says, loaded a page
 * at a time into a virtual list; recategorize (one, similar ones by rule, or many), notes, tags,
 * exclusion, and a CSV export of the same filters.
 */
export function ActivityRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const display = useFigureDisplay();
  const { formatCount } = display;
  // The moment the page opened: "today" for the default date range stays put while the page is open.
  const [openedAt] = useState(() => Date.now());
  // The user's default date range starts the date filter once their preferences are known (so the
  // list never narrows on a guess), unless the URL names a date.
  const defaultDate = display.loaded ? (display.rangeDefaults(openedAt).activityFrom ?? '') : '';
  // The saved default filters apply the same way once the preferences are known.
  const preferences = usePreferencesOrNull();
  const userPreferences = useUserPreferences();
  const saved = userPreferences.loaded ? userPreferences.preferences.transaction_filters : null;
  const defaultTypesKey = saved ? defaultTypesFromPreference(saved).join(',') : '';
  const defaultTypes = useMemo(() => (defaultTypesKey ? defaultTypesKey.split(',') : []), [defaultTypesKey]);
  const flagsKey = saved ? JSON.stringify(defaultFlagsFromPreference(saved)) : '';
  const defaultFlags = useMemo(
    () => (flagsKey ? (JSON.parse(flagsKey) as typeof NO_DEFAULT_FLAGS) : NO_DEFAULT_FLAGS),
    [flagsKey],
  );
  const filters = useMemo(
    () => parseFilters(searchParams, defaultDate, defaultTypes, defaultFlags),
    [searchParams, defaultDate, defaultTypes, defaultFlags],
  );
  // Below 1024 px each transaction is a two-line card; the columns need a desktop's width.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.desktopMinPx}px)`);
  const { query, key, transactions, total, totalCapped, unfilteredTotal, visibleFrom } =
    useTransactions(filters);
  const accounts = useAccountOptions();
  const rangeLabel = DATE_RANGE_LABELS[userPreferences.preferences.default_date_range];
  const chipOptions = {
    defaultDate,
    defaultTypes,
    defaultFlags,
    rangeLabel,
    formatDate: display.formatDate,
    categoryName: (value: string) => (value === UNCATEGORIZED ? 'Uncategorized' : categoryLabel(value)),
    accountName: (id: string) =>
      accounts.data?.find((account) => account.id === id)?.name ?? 'Unknown account',
    typeName: (type: string) => (isAccountType(type) ? accountTypeLabel(type) : type),
  };
  const chips = filterChips(filters, chipOptions);
  const windowText = dateWindowText(filters, chipOptions);
  useSessionCheckOnUnauthorized(query.error);

  const setFilters = useCallback<FilterChange>(
    (changes, { replace = false } = {}) =>
      setSearchParams(
        (current) =>
          filtersToParams(
            { ...parseFilters(current, defaultDate, defaultTypes, defaultFlags), ...changes },
            { defaultDate, defaultTypes, defaultFlags },
          ),
        { replace, preventScrollReset: true },
      ),
    [setSearchParams, defaultDate, defaultTypes, defaultFlags],
  );
  const clearFilters = useCallback(
    () =>
      setSearchParams(
        filtersToParams(
          { ...DEFAULT_FILTERS, sort: filters.sort },
          { defaultDate, defaultTypes, defaultFlags },
        ),
        { preventScrollReset: true },
      ),
    [setSearchParams, filters.sort, defaultDate, defaultTypes, defaultFlags],
  );

  // The preferences are the owner's own: a member sees the filters, not the switches that save them.
  const { canWrite, isOwner } = useWriteAccess();
  // The selection belongs to one filtered list: a new filter starts with nothing selected.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key,
    ids: new Set(),
  });
  const selected = selection.key === key ? selection.ids : new Set<string>();
  const toggle = useCallback(
    (id: string) =>
      setSelection((current) => {
        const ids = new Set(current.key === key ? current.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key, ids };
      }),
    [key],
  );
  const clearSelection = useCallback(() => setSelection({ key, ids: new Set() }), [key]);
  const allSelected =
    transactions.length > 0 && transactions.every((transaction) => selected.has(transaction.id));
  const someSelected = selected.size > 0 && !allSelected;

  const [detailId, setDetailId] = useState<string | null>(null);
  const [lastDetail, setLastDetail] = useState<(typeof transactions)[number] | null>(null);
  const liveDetail = detailId ? transactions.find((transaction) => transaction.id === detailId) : undefined;
  if (liveDetail && liveDetail !== lastDetail) setLastDetail(liveDetail);
  // A transaction that left the list (filters changed) keeps showing as it was last seen.
  const detail = detailId ? (liveDetail ?? (lastDetail?.id === detailId ? lastDetail : null)) : null;

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const filtered = hasActiveFilters(filters);
  const updating = query.isPlaceholderData;
  let content;
  if (query.isPending || (query.isError && isUnauthorized(query.error))) {
    // A 401 re-reads the session; the app's guard then sends the visitor to sign in.
    content = <ListSkeleton rows={10} label="Loading transactions…" />;
  } else if (query.isError && !query.data) {
    content = (
      <FetchError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  } else if (transactions.length === 0 && !filtered && !updating) {
    content = (
      <EmptyState
        icon={ListOrdered}
        title="No transactions yet"
        action={
          <Button asChild>
            <Link to="/accounts">Go to Accounts</Link>
          </Button>
        }
      >
        Transactions appear here once an account is connected. On the Accounts page, choose Add account to
        link your bank through Plaid or SimpleFIN Bridge (Plaid needs PLAID_CLIENT_ID and PLAID_SECRET set on
        the server), import a CSV, OFX, QFX, QIF, CAMT.053 or MT940 file from your bank, or connect the demo
        bank to explore with sample data.
      </EmptyState>
    );
  } else if (transactions.length === 0) {
    content = (
      <EmptyState
        icon={FilterX}
        title="No transactions match these filters"
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      >
        Try a wider date range, other categories or accounts, or a different search.
      </EmptyState>
    );
  } else {
    content = (
      <>
        {query.isError ? (
          <div className="mb-3">
            <FetchError
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : null}
        <TransactionList
          key={wide ? 'wide' : 'narrow'}
          transactions={transactions}
          total={totalCapped ? undefined : total}
          wide={wide}
          groupByDate={!wide && filters.sort.startsWith('date_')}
          selected={selected}
          onToggle={toggle}
          onOpen={setDetailId}
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          onLoadMore={loadMore}
          busy={updating}
        />
        {selected.size > 0 && canWrite ? <BulkBar ids={[...selected]} onClear={clearSelection} /> : null}
      </>
    );
  }

  const showToolbar = !query.isPending && transactions.length > 0;
  return (
    <>
      <PageHeader
        title="Activity"
        description={
          chips.length > 0
            ? 'Transactions across your accounts that match the filters listed below.'
            : 'Every transaction across your accounts.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/activity/rules">Rules</Link>
            </Button>
            <ExportCsvButton href={exportCsvUrl(filters)} visibleFrom={visibleFrom} />
          </div>
        }
      />
      <FiltersBar
        filters={filters}
        onChange={setFilters}
        onClear={clearFilters}
        accounts={accounts.data}
        accountsError={accounts.isError}
      />
      <FilterChips chips={chips} onRemove={(changes) => setFilters(changes)} />
      <div className="mb-3 empty:hidden">
        <RetentionNotice visibleFrom={visibleFrom} />
      </div>
      {saved && preferences && isOwner ? (
        <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 px-1 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox
              checked={!saved.show_credit_cards}
              onCheckedChange={(checked) =>
                void preferences.updatePreference('transaction_filters', {
                  ...saved,
                  show_credit_cards: checked !== true,
                })
              }
            />
            Hide credit-card transactions by default
          </label>
          <label className="flex items-center gap-2">
            <Checkbox
              checked={!saved.show_pending}
              onCheckedChange={(checked) =>
                void preferences.updatePreference('transaction_filters', {
                  ...saved,
                  show_pending: checked !== true,
                })
              }
            />
            Hide pending transactions by default
          </label>
          <label className="flex items-center gap-2">
            <Checkbox
              checked={!saved.show_recurring}
              onCheckedChange={(checked) =>
                void preferences.updatePreference('transaction_filters', {
                  ...saved,
                  show_recurring: checked !== true,
                })
              }
            />
            Hide recurring payments by default
          </label>
          <label className="flex items-center gap-2">
            <Checkbox
              checked={saved.show_refunds_only}
              onCheckedChange={(checked) =>
                void preferences.updatePreference('transaction_filters', {
                  ...saved,
                  show_refunds_only: checked === true,
                })
              }
            />
            Show only refunds by default
          </label>
        </div>
      ) : null}
      {showToolbar ? (
        <div className="mb-2 flex min-h-8 flex-wrap items-center justify-between gap-2 px-1">
          {canWrite ? (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                onCheckedChange={(checked) =>
                  setSelection({
                    key,
                    ids:
                      checked === true
                        ? new Set(transactions.map((transaction) => transaction.id))
                        : new Set(),
                  })
                }
              />
              Select all {formatCount(transactions.length)} loaded
            </label>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {updating ? 'Updating… ' : ''}
            {formatCount(total)}
            {totalCapped ? '+' : ''} of {formatCount(unfilteredTotal)}{' '}
            {unfilteredTotal === 1 ? 'transaction' : 'transactions'}
            {windowText ? ` (${windowText})` : ''}
            {transactions.length < total || totalCapped
              ? ` · ${formatCount(transactions.length)} loaded`
              : ''}
          </p>
        </div>
      ) : null}
      {content}
      <TransactionDetailSheet
        transaction={detail}
        onOpenChange={(open) => (open ? undefined : setDetailId(null))}
      />
    </>
  );
}
