import { MoneyText } from '@/components/money';
import { CryptoCard, CryptoHoldingRow, type CryptoDisplay } from '../crypto/crypto-card';
import type { ExchangeConnection } from './api';
import { useRemoveExchange } from './queries';

const STATUS_TEXT: Record<ExchangeConnection['status'], string> = {
  active: 'Synced',
  syncing: 'Syncing',
  needs_reauth: 'Needs a new key',
  error: 'Sync failed',
  disconnected: 'Disconnected',
};

/**
 * One exchange connection: its name, total in the reporting currency, last sync and status, and its
 * holdings grouped by account (Spot, Margin, Futures); remove after confirming.
 */
export function ExchangeCard({
  exchange,
  display,
}: {
  exchange: ExchangeConnection;
  display: CryptoDisplay;
}) {
  const remove = useRemoveExchange();
  const accounts = [...new Set(exchange.holdings.map((holding) => holding.account))];
  return (
    <CryptoCard
      headingId={`exchange-${exchange.id}`}
      label={exchange.label}
      subtitle={`${exchange.exchangeName} · read-only API key`}
      total={
        exchange.totalConverted ? (
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
        )
      }
      syncing={exchange.syncing}
      status={STATUS_TEXT[exchange.status]}
      lastSyncedAt={exchange.lastSyncedAt}
      lastError={exchange.lastError}
      now={display.now}
      remove={{
        description:
          "Lodestar forgets this API key and removes the exchange's accounts, holdings and history. Nothing changes on the exchange; you can delete the key there too.",
        action: 'Remove exchange',
        pending: remove.isPending,
        onConfirm: (done) => remove.mutate(exchange.id, { onSuccess: done }),
      }}
    >
      {accounts.length ? (
        accounts.map((account) => (
          <div key={account} className="mt-3">
            <h3 className="text-sm font-medium text-muted-foreground">{account}</h3>
            <ul className="divide-y" aria-label={`Holdings of ${account}`}>
              {exchange.holdings
                .filter((holding) => holding.account === account)
                .map((holding) => (
                  <CryptoHoldingRow
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
    </CryptoCard>
  );
}
