import { accountStatusText, accountTypeLabel, normalizeAccountStatus } from '@lodestar/domain/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, MoreHorizontal, Pencil, RefreshCw, Scale, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useFigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { type Account, accountsApi, accountsQueryKeys } from '../api';
import { accountIsLiability, balanceDisplay, displayAccountName, isManualAccount, maskText } from '../model';
import {
  useConnections,
  useFailureToast,
  useReconnect,
  useSyncConnection,
  useToggleFavorite,
} from '../queries';
import { useOptionalPlaidLinkControl } from './plaid-link';
import { SimplefinReconnect } from './simplefin-reconnect';
import { useWriteAccess } from '@/lib/household';
import { DeleteAccountDialog, RenameAccountDialog, UpdateBalanceDialog } from './account-dialogs';

const STATUS_VARIANT: Record<ReturnType<typeof normalizeAccountStatus>, BadgeProps['variant']> = {
  active: 'success',
  syncing: 'outline',
  needs_reauth: 'warning',
  error: 'destructive',
  disconnected: 'secondary',
};

/** The spec's status text as a badge, with its explanation for assistive technology and on hover. */
export function StatusBadge({ status }: { status: string }) {
  const text = accountStatusText(status);
  return (
    <Badge variant={STATUS_VARIANT[normalizeAccountStatus(status)]} title={text.description}>
      {text.label}
      <span className="sr-only">: {text.description}</span>
    </Badge>
  );
}

/** An account's balance: liabilities read as what is owed. */
export function Balance({ account }: { account: Pick<Account, 'type' | 'currentBalance'> }) {
  const { amount, note } = balanceDisplay(account.currentBalance, accountIsLiability(account));
  const display = useFigureDisplay();
  return (
    <span className="whitespace-nowrap">
      <MoneyText
        amount={amount}
        tone="plain"
        masked={display.masked}
        locale={display.locale}
        className="font-medium"
      />
      {note ? <span className="text-sm text-muted-foreground"> {note}</span> : null}
    </span>
  );
}

/**
 * 'Reconnect' for needs_reauth, the way the account's connection signs in again (the server says which:
 * Plaid Link in update mode, a new SimpleFIN setup token, or in place); none for a source that can only
 * be removed and linked again. 'Try again' for error; nothing for other statuses or manual accounts.
 */
function StatusAction({ account, describedBy }: { account: Account; describedBy: string }) {
  const reconnect = useReconnect();
  const sync = useSyncConnection();
  const connections = useConnections();
  const status = normalizeAccountStatus(account.status);
  const plaidLink = useOptionalPlaidLinkControl();
  const connectionId = account.connectionId;
  if (!connectionId) return null;
  const way = connections.data?.find((connection) => connection.id === connectionId)?.reconnect;
  if (status === 'needs_reauth' && way === 'plaid_link') {
    if (!plaidLink) return null;
    // Plaid signs in again only through Link in update mode.
    const mine = plaidLink.pending?.mode === 'update' && plaidLink.pending.connectionId === connectionId;
    return (
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={plaidLink.pending !== null}
        onClick={() => plaidLink.start({ mode: 'update', connectionId })}
      >
        <RefreshCw aria-hidden="true" />
        {mine ? 'Reconnecting...' : 'Reconnect'}
      </Button>
    );
  }
  if (status === 'needs_reauth' && way === 'setup_token') {
    return (
      <SimplefinReconnect
        connectionId={connectionId}
        name={account.institutionName ?? account.name}
        describedBy={describedBy}
      />
    );
  }
  if (status === 'needs_reauth' && way === 'in_place') {
    return (
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={reconnect.isPending}
        onClick={() => reconnect.mutate(connectionId)}
      >
        <RefreshCw aria-hidden="true" />
        {reconnect.isPending ? 'Reconnecting...' : 'Reconnect'}
      </Button>
    );
  }
  if (status === 'error') {
    return (
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={sync.isPending}
        onClick={() => sync.mutate(connectionId)}
      >
        <RefreshCw aria-hidden="true" />
        {sync.isPending ? 'Starting...' : 'Try again'}
      </Button>
    );
  }
  return null;
}

type OpenDialog = 'rename' | 'balance' | 'delete' | null;

/** One account: star, name, institution and mask, type, status (with its action), balance, menu. */
export function AccountRow({ account }: { account: Account }) {
  const nameId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const favorite = useToggleFavorite();
  const { canWrite, reason } = useWriteAccess();
  const queryClient = useQueryClient();
  const fail = useFailureToast();
  const setHidden = useMutation({
    mutationFn: (hidden: boolean) => accountsApi.updateAccount(account.id, { hidden }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        list?.map((item) => (item.id === saved.id ? { ...item, ...saved } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
      toast.success(saved.hidden ? `${account.name} hidden` : `${account.name} shown again`);
    },
    onError: (error, hidden) =>
      fail(hidden ? `Could not hide ${account.name}` : `Could not show ${account.name}`, error),
  });
  const name = displayAccountName(account.name);
  const mask = maskText(account.mask);
  const where = [account.institutionName, mask].filter(Boolean).join(' ');
  const manual = isManualAccount(account);
  const status = normalizeAccountStatus(account.status);
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 compact:py-1.5 sm:px-4 lg:flex-nowrap"
      data-account-id={account.id}
    >
      <Button
        variant="ghost"
        size="icon"
        className="size-9 shrink-0"
        aria-pressed={account.favorite}
        aria-label={`Favorite ${account.name}`}
        disabled={!canWrite}
        title={reason ?? undefined}
        onClick={() => favorite.mutate({ account, favorite: !account.favorite })}
      >
        <Star
          aria-hidden="true"
          className={cn(account.favorite ? 'fill-current text-brand' : 'text-muted-foreground')}
        />
      </Button>
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate font-medium">
          <Link
            to={`/accounts/${encodeURIComponent(account.id)}`}
            className="rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span
              aria-hidden={name.truncated ? true : undefined}
              title={name.truncated ? account.name : undefined}
            >
              {name.text}
            </span>
            {name.truncated ? <span className="sr-only">{account.name}</span> : null}
          </Link>
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {where || (manual ? 'Added by hand' : account.provider)}
        </p>
      </div>
      <p className="hidden w-36 shrink-0 text-sm text-muted-foreground lg:block">
        {accountTypeLabel(account.type)}
      </p>
      <div className="order-last flex w-full flex-wrap items-center gap-2 pl-12 lg:order-none lg:w-64 lg:shrink-0 lg:flex-nowrap lg:pl-0">
        <span className="text-sm text-muted-foreground lg:hidden">{accountTypeLabel(account.type)}</span>
        <StatusBadge status={account.status} />
        {canWrite && (status === 'needs_reauth' || status === 'error') ? (
          <StatusAction account={account} describedBy={nameId} />
        ) : null}
      </div>
      <div className="ml-auto text-right lg:w-44 lg:shrink-0">
        <Balance account={account} />
      </div>
      {canWrite ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 shrink-0"
              aria-label={`Actions for ${account.name}`}
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog('rename')}>
              <Pencil aria-hidden="true" />
              Rename
            </DropdownMenuItem>
            {manual ? (
              <DropdownMenuItem onSelect={() => setDialog('balance')}>
                <Scale aria-hidden="true" />
                Update balance
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem
              disabled={setHidden.isPending}
              onSelect={() => setHidden.mutate(!account.hidden)}
            >
              {account.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
              {account.hidden ? 'Show' : 'Hide'}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
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
      />
    </li>
  );
}
