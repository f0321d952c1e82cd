import { useSessionExpiredHandler } from '@/lib/session';
import { OwnerOnly, WriteOnly } from '@/components/write-only';
import { useWriteAccess } from '@/lib/household';
import { normalizeAccountStatus } from '@lodestar/domain/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Landmark, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { useFigureDisplay } from '@/components/figure-display';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SimplefinReconnect } from './simplefin-reconnect';
import { type Account, accountsApi, accountsQueryKeys, type Connection } from '../api';
import { ACCOUNTS_TEXT } from '../messages';
import { anySyncRunning, canSync, syncedText } from '../model';
import {
  useConnections,
  useFailureToast,
  useInvalidateMoneyData,
  useReconnect,
  useSyncCompletion,
  useSyncConnection,
} from '../queries';
import { LoadError } from './load-error';
import { usePlaidLinkControl } from './plaid-link';

const STATUS_VARIANT: Record<ReturnType<typeof normalizeAccountStatus>, BadgeProps['variant']> = {
  active: 'success',
  syncing: 'outline',
  needs_reauth: 'warning',
  error: 'destructive',
  disconnected: 'secondary',
};

/** The current time, moved on every `everyMs` so 'Synced 5m ago' stays true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function connectionName(connection: Pick<Connection, 'institution' | 'displayName'>): string {
  return connection.institution?.name ?? connection.displayName;
}

/** The institution's logo when the provider sends one, else its initial on its brand colour. */
function InstitutionMark({ connection }: { connection: Connection }) {
  const logo = connection.institution?.logo;
  const color = connection.institution?.primaryColor;
  if (logo && /^(data:image\/(png|jpeg|svg\+xml);base64,|https:\/\/)/.test(logo)) {
    return (
      <img src={logo} alt="" className="size-9 shrink-0 rounded-full border bg-white object-contain p-1" />
    );
  }
  if (color && /^#[0-9a-f]{6}$/i.test(color)) {
    const initial = connectionName(connection).trim().charAt(0).toUpperCase() || '?';
    return (
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full border border-foreground/10 font-semibold text-white [text-shadow:0_0_2px_rgb(0_0_0/0.9)]"
        style={{ backgroundColor: color }}
      >
        {initial}
      </span>
    );
  }
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
      <Landmark aria-hidden="true" className="size-4" />
    </span>
  );
}

/** Reconnect through Plaid Link in update mode: the user signs in to the bank again, then it syncs. */
function PlaidReconnect({ connection, describedBy }: { connection: Connection; describedBy: string }) {
  const link = usePlaidLinkControl();
  const mine = link.pending?.mode === 'update' && link.pending.connectionId === connection.id;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-describedby={describedBy}
      disabled={link.pending !== null || connection.sync.state === 'running'}
      onClick={() => link.start({ mode: 'update', connectionId: connection.id })}
    >
      <RefreshCw aria-hidden="true" className={mine ? 'motion-safe:animate-spin' : undefined} />
      {mine ? 'Reconnecting...' : 'Reconnect'}
    </Button>
  );
}

/** A running sync: a progress bar (indeterminate when the server gives no fraction) and its step. */
function SyncProgress({ connection }: { connection: Connection }) {
  const { progress, step } = connection.sync;
  const percent = progress === null ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const stepText = step ?? 'Starting';
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <div
        role="progressbar"
        aria-label={`Syncing ${connectionName(connection)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? stepText : `${percent}%: ${stepText}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted in-[.high-contrast]:border in-[.high-contrast]:border-foreground"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 rounded-full bg-primary motion-safe:animate-pulse'
              : 'h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function RemoveConnection({ connection, accountCount }: { connection: Connection; accountCount: number }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoneyData();
  const fail = useFailureToast();
  const name = connectionName(connection);
  const remove = useMutation({
    mutationFn: () => accountsApi.removeConnection(connection.id),
    onSuccess: () => {
      queryClient.setQueryData<Connection[]>(accountsQueryKeys.connections, (list) =>
        list?.filter((item) => item.id !== connection.id),
      );
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        list?.filter((account) => account.connectionId !== connection.id),
      );
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.connections });
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.imports });
      void invalidate();
      toast.success(`${name} removed`);
      setOpen(false);
    },
    onError: (error) => fail(`Could not remove ${name}`, error),
  });
  const accounts = accountCount === 1 ? 'its account' : `its ${accountCount} accounts`;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" />
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {accountCount === 0
              ? 'The connection is removed. This cannot be undone.'
              : `The connection, ${accounts} and their transactions are deleted. This cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (!remove.isPending) remove.mutate();
            }}
          >
            {remove.isPending ? 'Removing...' : 'Remove connection'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ConnectionRow({
  connection,
  accountCount,
  now,
}: {
  connection: Connection;
  accountCount: number;
  now: number;
}) {
  const nameId = useId();
  const sync = useSyncConnection();
  const { canWrite, isOwner } = useWriteAccess();
  const reconnect = useReconnect();
  const running = connection.sync.state === 'running';
  const status = normalizeAccountStatus(connection.status);
  const name = connectionName(connection);
  const syncable = canSync(connection);
  const display = useFigureDisplay();
  const syncedAt = connection.lastSyncedAt ? Date.parse(connection.lastSyncedAt) : Number.NaN;
  const lastSynced = Number.isNaN(syncedAt) ? undefined : syncedAt;
  const nextAllowed = connection.nextSyncAllowedAt ? Date.parse(connection.nextSyncAllowedAt) : Number.NaN;
  const waiting = !running && !Number.isNaN(nextAllowed) && nextAllowed > now;
  const needsHelp =
    status === 'needs_reauth' || (status === 'error' && connection.reconnect === 'setup_token');
  return (
    <li className="grid grid-cols-1 gap-3 px-4 py-3" aria-busy={running || undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <InstitutionMark connection={connection} />
        <div className="min-w-0 flex-1 basis-32">
          <p id={nameId} className="truncate font-medium">
            {name}
          </p>
          <p
            className="text-sm text-muted-foreground"
            title={lastSynced === undefined ? undefined : `Last synced ${display.formatDateTime(lastSynced)}`}
          >
            {running ? 'Syncing now' : syncedText(connection.lastSyncedAt, now)}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[status]} title={connection.statusText.description}>
          {connection.statusText.label}
          <span className="sr-only">: {connection.statusText.description}</span>
        </Badge>
        <div className="flex flex-wrap items-center gap-1">
          {!canWrite ? null : !isOwner && status === 'needs_reauth' ? null : needsHelp &&
            connection.reconnect === 'setup_token' ? (
            <SimplefinReconnect connectionId={connection.id} name={name} describedBy={nameId} />
          ) : status === 'needs_reauth' && connection.reconnect === 'plaid_link' ? (
            <PlaidReconnect connection={connection} describedBy={nameId} />
          ) : status === 'needs_reauth' && connection.reconnect === 'link_again' ? null : status ===
            'needs_reauth' ? (
            <Button
              size="sm"
              variant="outline"
              aria-describedby={nameId}
              disabled={reconnect.isPending || running}
              onClick={() => reconnect.mutate(connection.id)}
            >
              <RefreshCw aria-hidden="true" />
              {reconnect.isPending ? 'Reconnecting...' : 'Reconnect'}
            </Button>
          ) : syncable ? (
            <Button
              size="sm"
              variant="outline"
              aria-describedby={nameId}
              disabled={running || sync.isPending || waiting}
              onClick={() => sync.mutate(connection.id)}
            >
              <RefreshCw aria-hidden="true" className={running ? 'motion-safe:animate-spin' : undefined} />
              {running ? 'Syncing...' : status === 'error' ? 'Try again' : 'Sync now'}
            </Button>
          ) : null}
          <OwnerOnly>
            <RemoveConnection connection={connection} accountCount={accountCount} />
          </OwnerOnly>
        </div>
      </div>
      {running ? <SyncProgress connection={connection} /> : null}
      <p aria-live="polite" className={running ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {running ? `${connection.sync.step ?? 'Starting'}` : ''}
      </p>
      {status === 'error' && connection.lastError ? (
        <p className="text-sm text-destructive">{connection.lastError}</p>
      ) : null}
      {status === 'needs_reauth' && connection.reconnect === 'link_again' ? (
        <p className="text-sm text-muted-foreground">
          This source cannot be reconnected here: remove it and link it again.
        </p>
      ) : null}
      {waiting ? (
        <p className="text-sm text-muted-foreground">
          {connection.provider === 'simplefin' ? 'SimpleFIN Bridge allows one sync every 4 hours. ' : ''}
          Next sync allowed {display.formatDateTime(nextAllowed)}.
        </p>
      ) : null}
      {connection.notices.length > 0 ? (
        <div className="rounded-md border border-amber-700/30 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground">
          <p className="font-medium">The bank connection reports</p>
          <ul className="mt-1 list-disc pl-5">
            {connection.notices.map((notice, index) => (
              <li key={index}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Every connection with its last sync, status and actions; a running sync shows live progress (the
 * list is polled every second meanwhile). 'Sync all' starts a full sync of every connection.
 * Renders nothing while there are no connections.
 */
export function ConnectionsPanel({ accounts }: { accounts: readonly Account[] | undefined }) {
  const connections = useConnections();
  const queryClient = useQueryClient();
  const now = useNow();
  const onSessionExpired = useSessionExpiredHandler();
  useSyncCompletion(connections.data);
  const syncAll = useMutation({
    mutationFn: accountsApi.syncAll,
    onSuccess: ({ started }) => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.connections });
      toast.success(started === 1 ? 'Syncing 1 connection' : `Syncing ${started} connections`);
    },
    onError: (error) => {
      if (onSessionExpired(error)) return;
      toast.error(ACCOUNTS_TEXT.syncFailed, { description: error.message || undefined });
    },
  });
  if (connections.isPending) {
    return (
      <div role="status" aria-label="Loading connections" className="rounded-lg border bg-card p-4">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-3 h-9 w-full" />
      </div>
    );
  }
  if (connections.isError) {
    return (
      <LoadError
        title="Connections could not be loaded"
        error={connections.error}
        onRetry={() => void connections.refetch()}
        retrying={connections.isFetching}
      />
    );
  }
  const list = connections.data;
  if (list.length === 0) return null;
  const running = anySyncRunning(list);
  return (
    <section aria-labelledby="connections-heading" className="rounded-lg border bg-card text-card-foreground">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="connections-heading" className="font-semibold">
          Connections
        </h2>
        <WriteOnly>
          <Button
            size="sm"
            variant="outline"
            disabled={syncAll.isPending || running}
            onClick={() => syncAll.mutate()}
          >
            <RefreshCw aria-hidden="true" />
            {syncAll.isPending ? 'Starting...' : 'Sync all'}
          </Button>
        </WriteOnly>
      </div>
      <ul className="divide-y" aria-label="Connections">
        {list.map((connection) => (
          <ConnectionRow
            key={connection.id}
            connection={connection}
            now={now}
            accountCount={(accounts ?? []).filter((account) => account.connectionId === connection.id).length}
          />
        ))}
      </ul>
    </section>
  );
}
