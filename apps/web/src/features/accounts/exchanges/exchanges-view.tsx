import { ArrowLeftRight, Plus, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { useMoneyDisplay } from '@/lib/user-preferences';
import { ConnectExchangeForm } from './connect-exchange-form';
import { ExchangeCard } from './exchange-card';
import { useExchanges, useSupportedExchanges, useSyncExchanges } from './queries';

/**
 * CEXes: exchanges connected with read-only API keys, with their holdings per account and values, and
 * the connect form; `children` (exchange accounts kept by hand) come last.
 */
export function ExchangesView({ children }: { children?: ReactNode }) {
  const exchanges = useExchanges();
  const supported = useSupportedExchanges();
  const sync = useSyncExchanges();
  const { showBalances, locale } = useMoneyDisplay();
  const [adding, setAdding] = useState(false);
  const display = { masked: !showBalances, locale, now: new Date() };
  const list = exchanges.data?.exchanges ?? [];
  const total = list.reduce((sum, item) => sum + (item.totalConverted?.amountMinor ?? 0), 0);
  const showForm = adding || (exchanges.isSuccess && list.length === 0);

  return (
    <>
      <PageHeader
        title="CEXes"
        description="Centralised crypto exchanges, connected with read-only API keys."
        actions={
          list.length ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Sync all
              </Button>
              <Button onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
                <Plus aria-hidden="true" className="size-4" />
                Connect an exchange
              </Button>
            </div>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6">
        {exchanges.isPending ? <ListSkeleton label="Loading exchanges…" /> : null}
        {exchanges.isError ? (
          <LoadError
            title="Exchanges could not be loaded"
            error={exchanges.error}
            onRetry={() => void exchanges.refetch()}
            retrying={exchanges.isFetching}
          />
        ) : null}
        {exchanges.isSuccess && list.length === 0 ? (
          <EmptyState icon={ArrowLeftRight} title="No exchanges yet">
            Connect Binance, Coinbase, Kraken, OKX, Bybit, KuCoin, Bitstamp or Gemini with a read-only API key
            to see your balances here, in your net worth and on Assets. Lodestar never trades or withdraws.
          </EmptyState>
        ) : null}
        {showForm ? (
          <section
            aria-labelledby="connect-exchange-heading"
            className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6"
          >
            <h2 id="connect-exchange-heading" className="mb-3 text-base font-semibold">
              Connect an exchange
            </h2>
            {supported.isPending ? <ListSkeleton label="Loading exchanges…" /> : null}
            {supported.isError ? (
              <LoadError
                title="The exchanges could not be loaded"
                error={supported.error}
                onRetry={() => void supported.refetch()}
                retrying={supported.isFetching}
              />
            ) : null}
            {supported.data ? (
              <ConnectExchangeForm supported={supported.data} onDone={() => setAdding(false)} />
            ) : null}
          </section>
        ) : null}
        {list.length ? (
          <>
            <p className="text-sm text-muted-foreground">
              {list.length} {list.length === 1 ? 'exchange' : 'exchanges'} worth{' '}
              <MoneyText
                amount={{ amountMinor: total, currency: exchanges.data?.reportingCurrency ?? 'USD' }}
                tone="plain"
                masked={display.masked}
                locale={locale}
                className="font-medium text-foreground"
              />
            </p>
            {list.map((exchange) => (
              <ExchangeCard key={exchange.id} exchange={exchange} display={display} />
            ))}
          </>
        ) : null}
        {children}
      </div>
    </>
  );
}
