import { AlertTriangle, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Wallet, WalletHolding } from './api';
import { changeText, CHAINS, formatPrice, formatQuantity, timeAgo } from './model';
import { useRemoveWallet } from './queries';

type Display = { masked: boolean; locale: string; now: Date };

function Hidden() {
  return (
    <span className="tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

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

function HoldingRow({ holding, display }: { holding: WalletHolding; display: Display }) {
  const change = changeText(holding.change24hPercent, display.locale);
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-2 sm:grid-cols-[minmax(0,1.5fr)_1fr_1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-medium">
          {holding.symbol} <span className="text-sm font-normal text-muted-foreground">{holding.name}</span>
        </p>
        <p className="text-sm tabular-nums text-muted-foreground">
          {display.masked ? (
            <Hidden />
          ) : (
            formatQuantity(holding.quantity, holding.quantityDecimals, display.locale)
          )}{' '}
          {holding.symbol}
        </p>
      </div>
      <div className="col-start-1 row-start-2 text-sm text-muted-foreground sm:col-start-2 sm:row-start-1">
        {holding.price ? (
          <>
            <span className="tabular-nums">{formatPrice(holding.price, display.locale)}</span>
            {change ? (
              <span className="ml-2 tabular-nums">
                <span className="sr-only">24 hour change </span>
                {change}
              </span>
            ) : null}
            {holding.priceStale && holding.priceAt ? (
              <span className="block text-xs">
                Last known price, from {timeAgo(holding.priceAt, display.now)}
              </span>
            ) : null}
          </>
        ) : (
          <span>No price yet</span>
        )}
      </div>
      <div className="col-start-1 row-start-3 sm:col-start-3 sm:row-start-1">
        {holding.depegged ? (
          <Badge variant="outline" className="gap-1 border-amber-600 text-amber-800 dark:text-amber-300">
            <AlertTriangle aria-hidden="true" className="size-3" />
            Depegged
          </Badge>
        ) : null}
      </div>
      <div className="col-start-2 row-start-1 text-right sm:col-start-4">
        {holding.converted ? (
          <MoneyText
            amount={holding.converted}
            tone="plain"
            masked={display.masked}
            locale={display.locale}
          />
        ) : holding.value ? (
          <MoneyText amount={holding.value} tone="plain" masked={display.masked} locale={display.locale} />
        ) : (
          <span className="text-sm text-muted-foreground">No value</span>
        )}
      </div>
    </li>
  );
}

/** One wallet: its name, chain and address, total, holdings, last sync and status; remove after confirming. */
export function WalletCard({ wallet, display }: { wallet: Wallet; display: Display }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveWallet();
  const chain = CHAINS.find((option) => option.value === wallet.chain)?.label ?? wallet.chain;
  const key = wallet.address ?? wallet.xpub ?? '';
  const total = wallet.totalConverted ?? wallet.total;
  const headingId = `wallet-${wallet.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {wallet.label}
          </h2>
          <p className="text-sm text-muted-foreground">
            {chain} ·{' '}
            <span className="font-mono" title={key}>
              {shortKey(key)}
            </span>
            {wallet.xpub ? ' (extended public key)' : ''}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-lg font-semibold">
            <MoneyText amount={total} tone="plain" masked={display.masked} locale={display.locale} />
          </p>
          <p className="text-xs text-muted-foreground">
            {wallet.syncing ? (
              <span className="inline-flex items-center gap-1">
                <RefreshCw aria-hidden="true" className="size-3 motion-safe:animate-spin" />
                Syncing…
              </span>
            ) : (
              <>
                {STATUS_TEXT[wallet.status]}
                {wallet.lastSyncedAt ? ` · ${timeAgo(wallet.lastSyncedAt, display.now)}` : ''}
              </>
            )}
          </p>
        </div>
      </div>
      {wallet.lastError && !wallet.syncing ? (
        <p role="status" className="mt-2 text-sm text-destructive">
          {wallet.lastError}
        </p>
      ) : null}
      {wallet.holdings.length ? (
        <ul className="mt-3 divide-y" aria-label={`Holdings of ${wallet.label}`}>
          {wallet.holdings.map((holding) => (
            <HoldingRow key={holding.symbol} holding={holding} display={display} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          {wallet.syncing ? 'Reading the chain…' : 'Nothing held at this address.'}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {wallet.label}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${wallet.label}?`}
        description="Lodestar stops following this wallet and removes its balances and history. The wallet itself is not touched."
        action="Remove wallet"
        busyAction="Removing…"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(wallet.id, { onSuccess: () => setConfirming(false) })}
      />
    </section>
  );
}
