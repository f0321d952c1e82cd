import { MoneyText } from '@/components/money';
import { CryptoCard, CryptoHoldingRow, type CryptoDisplay } from '../crypto/crypto-card';
import type { Wallet } from './api';
import { CHAINS, isDescriptor } from './model';
import { useRemoveWallet } from './queries';

const STATUS_TEXT: Record<Wallet['status'], string> = {
  active: 'Synced',
  syncing: 'Syncing',
  needs_reauth: 'Needs attention',
  error: 'Sync failed',
  disconnected: 'Disconnected',
};

function shortKey(value: string): string {
  return value.length > 24 ? `${value.slice(0, 12)}…${value.slice(-8)}` : value;
}

/** One wallet: its name, chain and address, total, holdings, last sync and status; remove after confirming. */
export function WalletCard({ wallet, display }: { wallet: Wallet; display: CryptoDisplay }) {
  const remove = useRemoveWallet();
  const chain = CHAINS.find((option) => option.value === wallet.chain)?.label ?? wallet.chain;
  const key = wallet.address ?? wallet.xpub ?? '';
  return (
    <CryptoCard
      headingId={`wallet-${wallet.id}`}
      label={wallet.label}
      subtitle={
        <>
          {chain} ·{' '}
          <span className="font-mono" title={key}>
            {shortKey(key)}
          </span>
          {wallet.xpub ? (isDescriptor(wallet.xpub) ? ' (descriptor)' : ' (extended public key)') : ''}
        </>
      }
      total={
        <MoneyText
          amount={wallet.totalConverted ?? wallet.total}
          tone="plain"
          masked={display.masked}
          locale={display.locale}
        />
      }
      syncing={wallet.syncing}
      status={STATUS_TEXT[wallet.status]}
      lastSyncedAt={wallet.lastSyncedAt}
      lastError={wallet.lastError}
      now={display.now}
      remove={{
        description:
          'Lodestar stops following this wallet and removes its balances and history. The wallet itself is not touched.',
        action: 'Remove wallet',
        pending: remove.isPending,
        onConfirm: (done) => remove.mutate(wallet.id, { onSuccess: done }),
      }}
    >
      {wallet.holdings.length ? (
        <ul className="mt-3 divide-y" aria-label={`Holdings of ${wallet.label}`}>
          {wallet.holdings.map((holding) => (
            <CryptoHoldingRow key={holding.symbol} holding={holding} display={display} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          {wallet.syncing ? 'Reading the chain…' : 'Nothing held at this address.'}
        </p>
      )}
    </CryptoCard>
  );
}
