import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Plus, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { useMoneyDisplay } from '@/lib/user-preferences';
import type { CryptoDisplay } from './crypto-card';

type Followed = { id: string; totalConverted?: { amountMinor: number } | null };

type CryptoListViewProps<D extends { reportingCurrency: string }, T extends Followed> = {
  title: string;
  description: string;
  /** The list and its items; `noun` names one or many of them ("wallet", "wallets"). */
  query: UseQueryResult<D>;
  items: (data: D) => T[];
  noun: [one: string, many: string];
  sync: { mutate: () => void; isPending: boolean };
  empty: { icon: LucideIcon; title: string; body: ReactNode };
  /** The add form, with its button label and section heading; `done` closes it. */
  add: { label: string; heading: string; headingId: string; form: (done: () => void) => ReactNode };
  card: (item: T, display: CryptoDisplay) => ReactNode;
  /** Accounts of this kind kept by hand, shown last. */
  children?: ReactNode;
};

/**
 * A crypto page (Wallets, CEXes): what is followed with its total, Sync all, the add form (open at once
 * when there is nothing yet), loading, error and empty states, then the accounts kept by hand.
 */
export function CryptoListView<D extends { reportingCurrency: string }, T extends Followed>(
  props: CryptoListViewProps<D, T>,
) {
  const { query, sync } = props;
  const { showBalances, locale } = useMoneyDisplay();
  const [adding, setAdding] = useState(false);
  const display = { masked: !showBalances, locale, now: new Date() };
  const list = query.data ? props.items(query.data) : [];
  const total = list.reduce((sum, item) => sum + (item.totalConverted?.amountMinor ?? 0), 0);
  const showForm = adding || (query.isSuccess && list.length === 0);
  const [one, many] = props.noun;

  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          list.length ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Sync all
              </Button>
              <Button onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
                <Plus aria-hidden="true" className="size-4" />
                {props.add.label}
              </Button>
            </div>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6">
        {query.isPending ? <ListSkeleton label={`Loading ${many}…`} /> : null}
        {query.isError ? (
          <LoadError
            title={`${many[0]?.toUpperCase()}${many.slice(1)} could not be loaded`}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : null}
        {query.isSuccess && list.length === 0 ? (
          <EmptyState icon={props.empty.icon} title={props.empty.title}>
            {props.empty.body}
          </EmptyState>
        ) : null}
        {showForm ? (
          <section
            aria-labelledby={props.add.headingId}
            className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6"
          >
            <h2 id={props.add.headingId} className="mb-3 text-base font-semibold">
              {props.add.heading}
            </h2>
            {props.add.form(() => setAdding(false))}
          </section>
        ) : null}
        {list.length ? (
          <>
            <p className="text-sm text-muted-foreground">
              {list.length} {list.length === 1 ? one : many} worth{' '}
              <MoneyText
                amount={{ amountMinor: total, currency: query.data?.reportingCurrency ?? 'USD' }}
                tone="plain"
                masked={display.masked}
                locale={locale}
                className="font-medium text-foreground"
              />
            </p>
            {list.map((item) => props.card(item, display))}
          </>
        ) : null}
        {props.children}
      </div>
    </>
  );
}
