import { accountStatusText, normalizeAccountStatus } from '@lodestar/domain';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DashboardAccount, DashboardData } from '../api';
import { Amount, type DashboardDisplay } from './display';

const STATUS_VARIANT = {
  active: 'success',
  syncing: 'secondary',
  needs_reauth: 'warning',
  error: 'destructive',
  disconnected: 'outline',
} as const;

function StatusBadge({ status }: { status: string }) {
  const canonical = normalizeAccountStatus(status);
  const text = accountStatusText(status);
  return (
    <Badge variant={STATUS_VARIANT[canonical]} title={text.description}>
      {text.label}
    </Badge>
  );
}

/** What the user can do about an account that stopped syncing: the Accounts page reconnects it. */
function StatusPrompt({ status }: { status: string }) {
  const canonical = normalizeAccountStatus(status);
  if (canonical !== 'needs_reauth' && canonical !== 'error') return null;
  return (
    <p className="text-xs text-muted-foreground">
      {accountStatusText(status).description}:{' '}
      <Link
        to="/accounts"
        className="rounded-sm font-medium text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        reconnect on the Accounts page
      </Link>
    </p>
  );
}

function AccountBalance({
  account,
  currency,
  display,
}: {
  account: DashboardAccount;
  currency: string;
  display: DashboardDisplay;
}) {
  const foreign = account.native.currency !== currency;
  return (
    <span className="flex flex-wrap items-baseline justify-end gap-x-1 text-right text-sm">
      <Amount amount={account.native} display={display} className="font-medium" />
      {foreign ? (
        <>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          {account.converted ? (
            <Amount amount={account.converted} display={display} className="text-muted-foreground" />
          ) : (
            <span className="text-xs text-muted-foreground">no {currency} rate</span>
          )}
        </>
      ) : null}
    </span>
  );
}

/** Every visible account, grouped by type with the group's total in the reporting currency. */
export function AccountsCard({ data, display }: { data: DashboardData; display: DashboardDisplay }) {
  return (
    <Card aria-labelledby="accounts-heading" className="lg:col-span-2">
      <CardHeader>
        <CardTitle id="accounts-heading">Accounts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {data.accounts.map((group) => (
          <section key={group.type} aria-labelledby={`group-${group.type}`}>
            <div className="flex items-baseline justify-between gap-3 border-b pb-1">
              <h3 id={`group-${group.type}`} className="text-sm font-semibold">
                {group.label}
              </h3>
              <span className="text-sm font-semibold">
                <span className="sr-only">Total: </span>
                <Amount amount={group.total} display={display} />
              </span>
            </div>
            <ul className="divide-y">
              {group.accounts.map((account) => (
                <li
                  key={account.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2 compact:py-1"
                >
                  <div className="grid min-w-0 gap-0.5">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{account.name}</span>
                      <StatusBadge status={account.status} />
                    </span>
                    {account.institution ? (
                      <span className="text-xs text-muted-foreground">{account.institution}</span>
                    ) : null}
                    <StatusPrompt status={account.status} />
                  </div>
                  <AccountBalance account={account} currency={data.currency} display={display} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
