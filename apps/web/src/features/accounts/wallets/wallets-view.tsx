import { Plus, RefreshCw, Wallet as WalletIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { MoneyText } from '@/components/money';
import { Button } from '@/components/ui/button';
import { useMoneyDisplay } from '@/lib/user-preferences';
import { AddWalletForm } from './add-wallet-form';
import { WalletCard } from './wallet-card';
import { useSyncWallets, useWallets } from './queries';
import { HelpLink } from '@/components/help-link';

/**
 * Wallets: blockchain wallets followed by their public address, with their holdings and values, and an
 * add form checked as you type; `children` (wallet accounts kept by hand) come last.
 */
export function WalletsView({ children }: { children?: ReactNode }) {
  const wallets = useWallets();
  const sync = useSyncWallets();
  const { showBalances, locale } = useMoneyDisplay();
  const [adding, setAdding] = useState(false);
  const display = { masked: !showBalances, locale, now: new Date() };
  const list = wallets.data?.wallets ?? [];
  const total = list.reduce((sum, wallet) => sum + (wallet.totalConverted?.amountMinor ?? 0), 0);
  const showForm = adding || (wallets.isSuccess && list.length === 0);

  return (
    <>
      <PageHeader
        title="Wallets"
        description="Blockchain wallets you follow by their public address."
        actions={
          list.length ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Sync all
              </Button>
              <Button onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
                <Plus aria-hidden="true" className="size-4" />
                Add wallet
              </Button>
            </div>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6">
        {wallets.isPending ? <ListSkeleton label="Loading wallets…" /> : null}
        {wallets.isError ? (
          <LoadError
            title="Wallets could not be loaded"
            error={wallets.error}
            onRetry={() => void wallets.refetch()}
            retrying={wallets.isFetching}
          />
        ) : null}
        {wallets.isSuccess && list.length === 0 ? (
          <EmptyState icon={WalletIcon} title="No wallets yet">
            Add a Bitcoin or Solana address, or a Bitcoin extended public key, to follow its balance here, in
            your net worth and on Assets. Lodestar only reads public data.{' '}
            <HelpLink slug="crypto-wallets">How wallets work</HelpLink>
          </EmptyState>
        ) : null}
        {showForm ? (
          <section
            aria-labelledby="add-wallet-heading"
            className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6"
          >
            <h2 id="add-wallet-heading" className="mb-3 text-base font-semibold">
              Add a wallet
            </h2>
            <AddWalletForm onDone={() => setAdding(false)} />
          </section>
        ) : null}
        {list.length ? (
          <>
            <p className="text-sm text-muted-foreground">
              {list.length} {list.length === 1 ? 'wallet' : 'wallets'} worth{' '}
              <MoneyText
                amount={{ amountMinor: total, currency: wallets.data?.reportingCurrency ?? 'USD' }}
                tone="plain"
                masked={display.masked}
                locale={locale}
                className="font-medium text-foreground"
              />
            </p>
            {list.map((wallet) => (
              <WalletCard key={wallet.id} wallet={wallet} display={display} />
            ))}
          </>
        ) : null}
        {children}
      </div>
    </>
  );
}
