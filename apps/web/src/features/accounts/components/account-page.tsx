import { accountTypeLabel, normalizeAccountStatus } from '@lodestar/domain/accounts';
import { toMajorNumber } from '@lodestar/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Eye,
  EyeOff,
  FileUp,
  LineChart,
  ListX,
  Pencil,
  Scale,
  SearchX,
  Trash2,
} from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ChartDataTable,
  dateToX,
  MASKED_AMOUNT,
  TimeSeriesChart,
  tooltipCurrency,
} from '@/components/charts';
import { DocumentTitle } from '@/components/document-title';
import { EmptyState } from '@/components/empty-state';
import { type FigureDisplay, useFigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { type Account, type AccountDetail, accountsApi, accountsQueryKeys } from '../api';
import { transactionsText } from '../messages';
import { accountIsLiability, balanceDisplay, maskText } from '../model';
import {
  ACCOUNT_TRANSACTIONS_SHOWN,
  isNotFound,
  useAccountDetail,
  useAccountImports,
  useAccountTransactions,
  useFailureToast,
} from '../queries';
import { Balance, StatusBadge } from './account-row';
import { WriteOnly } from '@/components/write-only';
import { DeleteAccountDialog, RenameAccountDialog, UpdateBalanceDialog } from './account-dialogs';
import { ImportFlow } from './import-flow';
import { LiabilityCard } from './liability-card';
import { LoadError } from './load-error';
import { BatchRow } from './recent-imports';

type OpenDialog = 'rename' | 'balance' | 'delete' | 'import' | null;

/** Where the account's full list of transactions is: Activity filtered by it, over every date. */
export function activityLinkFor(accountId: string): string {
  return `/activity?${new URLSearchParams({ accounts: accountId, date: '' }).toString()}`;
}

const BALANCE_SOURCE_TEXT: Record<AccountDetail['balanceSource'], string> = {
  manual: 'You keep this balance: update it by hand; imported rows dated after it move it.',
  connection: 'Kept by its bank connection: each sync updates it.',
  property: 'Follows its property’s valuations (Real Estate).',
};

function BalanceChart({ detail, display }: { detail: AccountDetail; display: FigureDisplay }) {
  const { account, history } = detail;
  const currency = account.currency;
  const series = useMemo(
    () => [
      {
        id: 'balance',
        label: 'Balance',
        points: history.map((point) => ({
          x: dateToX(point.date),
          y: toMajorNumber({ amountMinor: point.balanceMinor, currency }),
        })),
      },
    ],
    [history, currency],
  );
  const amount = (minor: number) =>
    display.masked
      ? MASKED_AMOUNT
      : tooltipCurrency(toMajorNumber({ amountMinor: minor, currency }), currency, display.locale);
  const last = history.at(-1);
  const first = history[0];
  if (!last || !first) {
    return (
      <EmptyState icon={LineChart} title="No balance history yet" headingLevel={3} className="border-0">
        The history starts with the account’s first transaction or entered balance.
      </EmptyState>
    );
  }
  if (history.length === 1) {
    // One point draws no line: say it instead.
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        One day so far: {amount(last.balanceMinor)} on {display.formatDate(last.date)}. The chart fills in as
        days pass or transactions are imported.
      </p>
    );
  }
  const title = `Balance of ${account.name} from ${display.formatDate(first.date)} to ${display.formatDate(last.date)}`;
  return (
    <div>
      <TimeSeriesChart
        series={series}
        currency={currency}
        locale={display.locale}
        dateFormat={display.dateFormat}
        masked={display.masked}
        height={240}
        ariaLabel={display.masked ? title : `${title}, last ${amount(last.balanceMinor)}`}
      />
      <ChartDataTable
        caption={title}
        columns={[
          { key: 'date', label: 'Date' },
          { key: 'balance', label: 'Balance', numeric: true },
        ]}
        rows={[...history].reverse().map((point) => ({
          date: display.formatDate(point.date),
          balance: amount(point.balanceMinor),
        }))}
      />
    </div>
  );
}

function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-3 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Details({ detail, display }: { detail: AccountDetail; display: FigureDisplay }) {
  const { account } = detail;
  const liability = accountIsLiability(account);
  const available = account.availableBalance;
  return (
    <dl className="divide-y">
      <DetailRow label="Type">
        {accountTypeLabel(account.type)}
        {account.subtype ? ` · ${account.subtype}` : ''}
      </DetailRow>
      <DetailRow label="Institution">
        {account.institutionName ?? (detail.balanceSource === 'manual' ? 'Added by hand' : account.provider)}
      </DetailRow>
      {account.officialName && account.officialName !== account.name ? (
        <DetailRow label="Name at the bank">{account.officialName}</DetailRow>
      ) : null}
      <DetailRow label="Account number">{maskText(account.mask) ?? 'Not known'}</DetailRow>
      <DetailRow label="Currency">{account.currency}</DetailRow>
      <DetailRow label="Status">
        <StatusBadge status={account.status} />
      </DetailRow>
      {available ? (
        <DetailRow label="Available">
          <MoneyText amount={available} tone="plain" masked={display.masked} locale={display.locale} />
        </DetailRow>
      ) : null}
      {account.creditLimit ? (
        <DetailRow label="Credit limit">
          <MoneyText
            amount={account.creditLimit}
            tone="plain"
            masked={display.masked}
            locale={display.locale}
          />
        </DetailRow>
      ) : liability ? (
        <DetailRow label="Credit limit">Not known</DetailRow>
      ) : null}
      <DetailRow label="Balance">{BALANCE_SOURCE_TEXT[detail.balanceSource]}</DetailRow>
      {account.balanceAsOf ? (
        <DetailRow label="Balance as of">{display.formatDateTime(account.balanceAsOf)}</DetailRow>
      ) : null}
      <DetailRow label="Shown">{account.hidden ? 'Hidden from totals and lists' : 'Yes'}</DetailRow>
    </dl>
  );
}

function Transactions({ account, display }: { account: Account; display: FigureDisplay }) {
  const transactions = useAccountTransactions(account.id, true);
  const link = (
    <Button asChild variant="outline" size="sm">
      <Link to={activityLinkFor(account.id)}>
        {account.transactionCount > 0
          ? `All ${transactionsText(account.transactionCount)} in Activity`
          : 'Open Activity'}
      </Link>
    </Button>
  );
  let body: React.ReactNode;
  if (transactions.isPending) {
    body = (
      <div className="grid gap-2 p-5" aria-busy="true" aria-label="Loading transactions">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  } else if (transactions.isError) {
    body = (
      <LoadError
        title="Transactions could not be loaded"
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
        retrying={transactions.isFetching}
      />
    );
  } else if (transactions.data.length === 0) {
    body = (
      <EmptyState icon={ListX} title="No transactions yet" headingLevel={3} className="border-0">
        {detailEmptyText(account)}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="divide-y" aria-label={`Newest transactions of ${account.name}`}>
        {transactions.data.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-5 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={item.name}>
                {item.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {display.formatDate(item.date)}
                {item.status === 'pending' ? ' · Pending' : ''}
              </p>
            </div>
            <MoneyText amount={item.amount} masked={display.masked} locale={display.locale} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby="account-transactions-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <div>
          <CardTitle id="account-transactions-heading">Transactions</CardTitle>
          <CardDescription>
            {account.transactionCount > ACCOUNT_TRANSACTIONS_SHOWN
              ? `The newest ${ACCOUNT_TRANSACTIONS_SHOWN} of ${account.transactionCount}`
              : 'Newest first'}
          </CardDescription>
        </div>
        {link}
      </CardHeader>
      <div className="border-t">{body}</div>
    </Card>
  );
}

function detailEmptyText(account: Account): string {
  return account.connectionId === null
    ? 'Import a statement from your bank to fill in this account’s transactions.'
    : 'Transactions appear here after the next sync.';
}

function Imports({ account, onImport }: { account: Account; onImport: () => void }) {
  const imports = useAccountImports(account.id, true);
  let body: React.ReactNode;
  if (imports.isPending) {
    body = (
      <div className="grid gap-2 p-5" aria-busy="true" aria-label="Loading imports">
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (imports.isError) {
    body = (
      <LoadError
        title="Imports could not be loaded"
        error={imports.error}
        onRetry={() => void imports.refetch()}
        retrying={imports.isFetching}
      />
    );
  } else if (imports.data.length === 0) {
    body = (
      <EmptyState icon={FileUp} title="No imports into this account" headingLevel={3} className="border-0">
        A CSV, OFX/QFX, QIF, CAMT.053 or MT940 export from your bank is previewed before anything is saved,
        and can be undone.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="divide-y" aria-label={`Imports into ${account.name}`}>
        {imports.data.map((batch) => (
          <BatchRow key={batch.id} batch={batch} accountName={null} />
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby="account-imports-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <div>
          <CardTitle id="account-imports-heading">Imports</CardTitle>
          <CardDescription>
            Files imported into this account, newest first. Undo removes what one added.
          </CardDescription>
        </div>
        <WriteOnly>
          <Button variant="outline" size="sm" onClick={onImport}>
            <FileUp aria-hidden="true" />
            Import a file
          </Button>
        </WriteOnly>
      </CardHeader>
      <div className="border-t">{body}</div>
    </Card>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the account" className="grid gap-4">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-64 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to="/accounts"
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Accounts
    </Link>
  );
}

/**
 * One account: its balance and balance history, details, newest transactions (all of them in Activity),
 * imports with Undo, and what can be done to it — rename, update the balance (manual accounts), import
 * a file, hide or show, delete.
 */
export function AccountPage({ accountId }: { accountId: string }) {
  const detail = useAccountDetail(accountId);
  const display = useFigureDisplay();
  const [dialog, setOpenDialog] = useState<OpenDialog>(null);
  // Dialogs open from buttons of this page, not from Radix triggers: focus goes back to the opener.
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = (next: OpenDialog) => {
    if (next !== null) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      const back = opener.current;
      window.setTimeout(() => {
        if (back?.isConnected) back.focus();
      }, 0);
    }
    setOpenDialog(next);
  };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fail = useFailureToast();
  const setHidden = useMutation({
    mutationFn: (hidden: boolean) => accountsApi.updateAccount(accountId, { hidden }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.dashboard });
      toast.success(saved.hidden ? `${saved.name} hidden` : `${saved.name} shown again`);
    },
    onError: (error, hidden) =>
      fail(hidden ? 'Could not hide the account' : 'Could not show the account', error),
  });

  if (detail.isPending) {
    return (
      <div>
        <BackLink />
        <PageSkeleton />
      </div>
    );
  }
  if (detail.isError) {
    if (isNotFound(detail.error)) {
      return (
        <div>
          <DocumentTitle title="Account not found" />
          <BackLink />
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-12 text-center text-card-foreground">
            <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
            <h1 className="text-xl font-semibold">Account not found</h1>
            <p className="max-w-md text-sm text-muted-foreground">
              There is no account of yours at this address: it may have been deleted, or the link may be
              mistyped.
            </p>
            <Button asChild variant="outline">
              <Link to="/accounts">See all accounts</Link>
            </Button>
          </div>
        </div>
      );
    }
    return (
      <div>
        <DocumentTitle title="Account" />
        <BackLink />
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Account</h1>
        <Card>
          <LoadError
            title="This account could not be loaded"
            error={detail.error}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        </Card>
      </div>
    );
  }

  const { account } = detail.data;
  const manual = detail.data.balanceSource === 'manual';
  const status = normalizeAccountStatus(account.status);
  const where = [account.institutionName, maskText(account.mask)].filter(Boolean).join(' ');
  const { note } = balanceDisplay(account.currentBalance, accountIsLiability(account));
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <BackLink />
        <DocumentTitle title={account.name} />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{account.name}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {[accountTypeLabel(account.type), where || (manual ? 'Added by hand' : null), account.currency]
                .filter(Boolean)
                .join(' · ')}
              {account.hidden ? ' · Hidden' : ''}
            </p>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-muted-foreground">{note === 'owed' ? 'Owed' : 'Balance'}</p>
            <p className="text-2xl font-semibold" data-testid="account-balance">
              <Balance account={account} />
            </p>
          </div>
        </div>
        <WriteOnly>
          <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Account actions">
            <Button variant="outline" size="sm" onClick={() => setDialog('rename')}>
              <Pencil aria-hidden="true" />
              Rename
            </Button>
            {manual ? (
              <Button variant="outline" size="sm" onClick={() => setDialog('balance')}>
                <Scale aria-hidden="true" />
                Update balance
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={setHidden.isPending}
              onClick={() => setHidden.mutate(!account.hidden)}
            >
              {account.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
              {account.hidden ? 'Show' : 'Hide'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={() => setDialog('delete')}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </WriteOnly>
        {status === 'needs_reauth' || status === 'error' ? (
          <p className="mt-3 text-sm text-muted-foreground">
            <StatusBadge status={account.status} /> Reconnect or retry it from the Accounts page.
          </p>
        ) : null}
      </div>

      <Card aria-labelledby="account-history-heading">
        <CardHeader>
          <CardTitle id="account-history-heading">Balance history</CardTitle>
          <CardDescription>
            End-of-day balance in {account.currency}, every day since the first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BalanceChart detail={detail.data} display={display} />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <Transactions account={account} display={display} />
        <Card aria-labelledby="account-details-heading">
          <CardHeader>
            <CardTitle id="account-details-heading">Details</CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            <Details detail={detail.data} display={display} />
          </CardContent>
        </Card>
      </div>

      {detail.data.liability ? <LiabilityCard liability={detail.data.liability} display={display} /> : null}

      <Imports account={account} onImport={() => setDialog('import')} />

      <RenameAccountDialog
        account={account}
        open={dialog === 'rename'}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
      />
      {manual ? (
        <UpdateBalanceDialog
          account={account}
          open={dialog === 'balance'}
          onOpenChange={(open) => setDialog(open ? 'balance' : null)}
        />
      ) : null}
      <DeleteAccountDialog
        account={account}
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        onDeleted={() => void navigate('/accounts', { replace: true })}
      />
      <Dialog open={dialog === 'import'} onOpenChange={(open) => setDialog(open ? 'import' : null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
          {dialog === 'import' ? (
            <ImportFlow
              accountId={account.id}
              onBack={() => setDialog(null)}
              onDone={() => setDialog(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
