import { ArrowLeftRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { LoadError } from '@/components/load-error';
import { CryptoListView } from '../crypto/crypto-list-view';
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
  return (
    <CryptoListView
      title="CEXes"
      description="Centralised crypto exchanges, connected with read-only API keys."
      query={exchanges}
      items={(data) => data.exchanges}
      noun={['exchange', 'exchanges']}
      sync={sync}
      empty={{
        icon: ArrowLeftRight,
        title: 'No exchanges yet',
        body: 'Connect Binance, Coinbase, Kraken, OKX, Bybit, KuCoin, Bitstamp or Gemini with a read-only API key to see your balances here, in your net worth and on Assets. Lodestar never trades or withdraws.',
      }}
      add={{
        label: 'Connect an exchange',
        heading: 'Connect an exchange',
        headingId: 'connect-exchange-heading',
        form: (done) => (
          <>
            {supported.isPending ? <ListSkeleton label="Loading exchanges…" /> : null}
            {supported.isError ? (
              <LoadError
                title="The exchanges could not be loaded"
                error={supported.error}
                onRetry={() => void supported.refetch()}
                retrying={supported.isFetching}
              />
            ) : null}
            {supported.data ? <ConnectExchangeForm supported={supported.data} onDone={done} /> : null}
          </>
        ),
      }}
      card={(exchange, display) => <ExchangeCard key={exchange.id} exchange={exchange} display={display} />}
    >
      {children}
    </CryptoListView>
  );
}
