import type { UseQueryResult } from '@tanstack/react-query';
import type { Money } from '@lodestar/domain';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Investments } from '../api';

export const BROKERAGE_ERROR = 'Failed to fetch your investment accounts’ balances';

type Display = { masked: boolean; locale: string };

/** Balance = holdings + cash, each amount with its currency. */
function Parts({
  balance,
  holdings,
  cash,
  display,
}: {
  balance: Money;
  holdings: Money;
  cash: Money;
  display: Display;
}) {
  const amount = (value: Money, className?: string) => (
    <MoneyText
      amount={value}
      tone="plain"
      masked={display.masked}
      locale={display.locale}
      className={className}
    />
  );
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Balance</dt>
        <dd className="text-xl font-semibold">{amount(balance)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Holdings</dt>
        <dd className="text-base">{amount(holdings)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Cash</dt>
        <dd className="text-base">{amount(cash)}</dd>
      </div>
    </dl>
  );
}

const accountsText = (count: number) => (count === 1 ? '1 account' : `${count} accounts`);

/**
 * Each investment account's balance as holdings + cash (GET /investments `accounts[].brokerage`): the
 * balance Accounts and the dashboard show, and, with more than one account, their total in the
 * reporting currency. Hidden when no investment account has holdings.
 */
export function BrokerageBalances({
  investments,
  display,
}: {
  investments: UseQueryResult<Investments>;
  display: Display;
}) {
  const heading = (
    <CardHeader>
      <CardTitle id="brokerage-heading">Investment account balances</CardTitle>
      <p className="text-sm text-muted-foreground">
        Balance = holdings at their latest prices + cash: the balance Accounts and the dashboard show.
      </p>
    </CardHeader>
  );
  if (investments.isPending) {
    return (
      <Card aria-labelledby="brokerage-heading" aria-busy="true">
        {heading}
        <CardContent>
          <p className="text-sm text-muted-foreground">Loading balances…</p>
        </CardContent>
      </Card>
    );
  }
  if (investments.isError) {
    return (
      <Card aria-labelledby="brokerage-heading">
        {heading}
        <LoadError
          title={BROKERAGE_ERROR}
          error={investments.error}
          onRetry={() => void investments.refetch()}
          retrying={investments.isFetching}
        />
      </Card>
    );
  }
  const { data } = investments;
  const accounts = data.accounts.flatMap((account) =>
    account.brokerage ? [{ id: account.accountId, name: account.name, ...account.brokerage }] : [],
  );
  const total = data.brokerage;
  if (accounts.length === 0 || total === null) return null;
  return (
    <Card aria-labelledby="brokerage-heading">
      {heading}
      <CardContent className="grid gap-4">
        {accounts.length > 1 ? (
          <section aria-label="All investment accounts" className="grid gap-2 rounded-md border p-4">
            <h3 className="text-sm font-medium">
              All investment accounts{' '}
              <span className="font-normal text-muted-foreground">in {total.balance.currency}</span>
            </h3>
            <Parts balance={total.balance} holdings={total.holdings} cash={total.cash} display={display} />
            {total.unconvertedCount > 0 ? (
              <p className="text-sm text-muted-foreground">
                {accountsText(total.unconvertedCount)} without an exchange rate into {total.balance.currency}{' '}
                left out of this total.
              </p>
            ) : null}
          </section>
        ) : null}
        <ul className="grid gap-4" aria-label="Investment accounts">
          {accounts.map((account) => (
            <li key={account.id} aria-label={account.name} className="grid gap-2">
              <h3 className="text-sm font-medium">
                {account.name}{' '}
                <span className="font-normal text-muted-foreground">in {account.balance.currency}</span>
              </h3>
              <Parts
                balance={account.balance}
                holdings={account.holdings}
                cash={account.cash}
                display={display}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
