import { AlertTriangle, RefreshCw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ApiSchema } from '@/lib/api-client';
import { changeText, formatPrice, formatQuantity, timeAgo } from '../wallets/model';

/** How amounts show on the crypto pages: masked when balances are hidden, in the user's locale. */
export type CryptoDisplay = { masked: boolean; locale: string; now: Date };

/** The fields a wallet's or an exchange's holding share (the two schemas have the same shape). */
type CryptoHolding = ApiSchema<'WalletHolding'> | ApiSchema<'ExchangeHolding'>;

function Hidden() {
  return (
    <span className="tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

/** One asset held: quantity, price with its 24 h change (or how old it is), a depeg warning and the value. */
export function CryptoHoldingRow({ holding, display }: { holding: CryptoHolding; display: CryptoDisplay }) {
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

type CryptoCardProps = {
  /** The id of the card's heading (the section is labelled by it). */
  headingId: string;
  label: string;
  subtitle: ReactNode;
  total: ReactNode;
  syncing: boolean;
  /** The connection's status in words, e.g. "Synced". */
  status: string;
  lastSyncedAt: string | null;
  lastError: string | null;
  now: Date;
  /** The holdings, or what to say when there are none. */
  children: ReactNode;
  remove: { description: string; action: string; pending: boolean; onConfirm: (done: () => void) => void };
};

/**
 * The frame of one followed wallet or connected exchange: its name, what it is, total, last sync and
 * status, the last error, its holdings, and Remove after confirming.
 */
export function CryptoCard(props: CryptoCardProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby={props.headingId} className="rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={props.headingId} className="text-base font-semibold">
            {props.label}
          </h2>
          <p className="text-sm text-muted-foreground">{props.subtitle}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-lg font-semibold">{props.total}</p>
          <p className="text-xs text-muted-foreground">
            {props.syncing ? (
              <span className="inline-flex items-center gap-1">
                <RefreshCw aria-hidden="true" className="size-3 motion-safe:animate-spin" />
                Syncing…
              </span>
            ) : (
              <>
                {props.status}
                {props.lastSyncedAt ? ` · ${timeAgo(props.lastSyncedAt, props.now)}` : ''}
              </>
            )}
          </p>
        </div>
      </div>
      {props.lastError && !props.syncing ? (
        <p role="status" className="mt-2 text-sm text-destructive">
          {props.lastError}
        </p>
      ) : null}
      {props.children}
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {props.label}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${props.label}?`}
        description={props.remove.description}
        action={props.remove.action}
        busyAction="Removing…"
        busy={props.remove.pending}
        onConfirm={() => props.remove.onConfirm(() => setConfirming(false))}
      />
    </section>
  );
}
