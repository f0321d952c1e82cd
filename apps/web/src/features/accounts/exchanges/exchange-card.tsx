import { AlertTriangle, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { changeText, formatPrice, formatQuantity, timeAgo } from '../wallets/model';
import type { ExchangeConnection, ExchangeHolding } from './api';
import { useRemoveExchange } from './queries';

type Display = { masked: boolean; locale: string; now: Date };

function Hidden() {
  return (
    <span className="tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

const STATUS_TEXT: Record<ExchangeConnection['status'], string> = {
  active: 'Synced',
  syncing: 'Syncing',
  needs_reauth: 'Needs a new key',
  error: 'Sync failed',
  disconnected: 'Disconnected',
};

function HoldingRow({ holding, display }: { holding: ExchangeHolding; display: Display }) {
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

/**
 * One exchange connection: its name, total in the reporting currency, last sync and status, and its
 * holdings grouped by account (Spot, Margin, Futures); remove after confirming.
 */
export function ExchangeCard({ exchange, display }: { exchange: ExchangeConnection; display: Display }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveExchange();
  const headingId = `exchange-${exchange.id}`;
  const accounts = [...new Set(exchange.holdings.map((holding) => holding.account))];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {exchange.label}
          </h2>
          <p className="text-sm text-muted-foreground">{exchange.exchangeName} · read-only API key</p>
        </div>
        <div className="sm:text-right">
          <p className="text-lg font-semibold">
            {exchange.totalConverted ? (
              <MoneyText
                amount={exchange.totalConverted}
                tone="plain"
                masked={display.masked}
                locale={display.locale}
              />
            ) : (
              <span className="text-sm font-normal text-muted-foreground">
                No total (an exchange rate is missing)
              </span>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {exchange.syncing ? (
              <span className="inline-flex items-center gap-1">
                <RefreshCw aria-hidden="true" className="size-3 motion-safe:animate-spin" />
                Syncing…
              </span>
            ) : (
              <>
                {STATUS_TEXT[exchange.status]}
                {exchange.lastSyncedAt ? ` · ${timeAgo(exchange.lastSyncedAt, display.now)}` : ''}
              </>
            )}
          </p>
        </div>
      </div>
      {exchange.lastError && !exchange.syncing ? (
        <p role="status" className="mt-2 text-sm text-destructive">
          {exchange.lastError}
        </p>
      ) : null}
      {accounts.length ? (
        accounts.map((account) => (
          <div key={account} className="mt-3">
            <h3 className="text-sm font-medium text-muted-foreground">{account}</h3>
            <ul className="divide-y" aria-label={`Holdings of ${account}`}>
              {exchange.holdings
                .filter((holding) => holding.account === account)
                .map((holding) => (
                  <HoldingRow
                    key={`${holding.accountId}-${holding.symbol}`}
                    holding={holding}
                    display={display}
                  />
                ))}
            </ul>
          </div>
        ))
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          {exchange.syncing ? 'Reading the exchange…' : 'Nothing held on this exchange.'}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {exchange.label}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${exchange.label}?`}
        description="Lodestar forgets this API key and removes the exchange's accounts, holdings and history. Nothing changes on the exchange; you can delete the key there too."
        action="Remove exchange"
        busyAction="Removing…"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(exchange.id, { onSuccess: () => setConfirming(false) })}
      />
    </section>
  );
}
