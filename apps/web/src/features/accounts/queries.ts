import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isUpgradeRequired } from '@/lib/billing';
import { handleSessionExpired, useSessionExpiredHandler } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { type Account, accountsApi, accountsQueryKeys, type Connection, errorMessage } from './api';
import { ACCOUNTS_TEXT } from './messages';
import { anySyncRunning, runningSyncIds } from './model';

/** While any sync runs, the connections list is read again this often (docs/money-api.md). */
export const SYNC_POLL_MS = 1000;

export function useAccounts() {
  return useQuery({ queryKey: accountsQueryKeys.accounts, queryFn: accountsApi.accounts });
}

export function useConnections() {
  return useQuery({
    queryKey: accountsQueryKeys.connections,
    queryFn: accountsApi.connections,
    refetchInterval: (query) => (anySyncRunning(query.state.data) ? SYNC_POLL_MS : false),
  });
}

/** Which ways of adding accounts this server is set up for (never a secret; names of missing settings). */
export function useProviders() {
  return useQuery({
    queryKey: accountsQueryKeys.providers,
    queryFn: accountsApi.providers,
    staleTime: 60_000,
  });
}

/**
 * Links SimpleFIN Bridge with a setup token (or gives a SimpleFIN connection a new one); the first sync
 * starts at once and shows in the connections list. Failures are the caller's to show (at the field).
 */
export function useConnectSimplefin() {
  const upsert = useUpsertConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { setupToken: string; connectionId?: string }) => accountsApi.connectSimplefin(body),
    onSuccess: (connection, body) => {
      upsert(connection);
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
      toast.success(
        body.connectionId ? `${connection.displayName} reconnected` : ACCOUNTS_TEXT.simplefinConnected,
        {
          description: ACCOUNTS_TEXT.simplefinConnectedDescription,
        },
      );
    },
  });
}

export function useImports() {
  return useQuery({ queryKey: accountsQueryKeys.imports, queryFn: () => accountsApi.imports() });
}

/** One account with its balance history (the account page); 404 is an answer, not retried. */
export function useAccountDetail(accountId: string) {
  return useQuery({
    queryKey: accountsQueryKeys.account(accountId),
    queryFn: () => accountsApi.account(accountId),
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

/** How many of an account's newest transactions its page lists. */
export const ACCOUNT_TRANSACTIONS_SHOWN = 10;

export function useAccountTransactions(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: accountsQueryKeys.accountTransactions(accountId),
    queryFn: () => accountsApi.accountTransactions(accountId, ACCOUNT_TRANSACTIONS_SHOWN),
    enabled,
  });
}

export function useAccountImports(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: accountsQueryKeys.accountImports(accountId),
    queryFn: () => accountsApi.imports(accountId),
    enabled,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** After a sync or an import: everything that shows balances or transactions is read again. */
export function useInvalidateMoneyData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: accountsQueryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: accountsQueryKeys.dashboard }),
      ]),
    [queryClient],
  );
}

/**
 * Watches the connections list: when a sync that was running has ended (or its connection is gone),
 * accounts and transactions are read again. Mount it once, where the connections are shown.
 */
export function useSyncCompletion(connections: readonly Connection[] | undefined) {
  const invalidate = useInvalidateMoneyData();
  const running = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!connections) return;
    const now = runningSyncIds(connections);
    const finished = [...running.current].some((id) => !now.has(id));
    running.current = now;
    if (finished) void invalidate();
  }, [connections, invalidate]);
}

/** Puts a connection the server returned into the cached list, so its sync shows (and is polled) at once. */
export function useUpsertConnection() {
  const queryClient = useQueryClient();
  return useCallback(
    (connection: Connection) => {
      queryClient.setQueryData<Connection[]>(accountsQueryKeys.connections, (list) => {
        if (!list) return [connection];
        return list.some((item) => item.id === connection.id)
          ? list.map((item) => (item.id === connection.id ? connection : item))
          : [...list, connection];
      });
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.connections });
    },
    [queryClient],
  );
}

/**
 * Toasts a failure with the server's reason (or hands a 401 to the session handler); a refusal by the
 * plan (403 UPGRADE_REQUIRED: the demo bank, Plaid, a sync) carries the way to the plans.
 */
export function useFailureToast() {
  const onSessionExpired = useSessionExpiredHandler();
  const navigate = useNavigate();
  return useCallback(
    (title: string, error: unknown) => {
      if (onSessionExpired(error)) return;
      toast.error(title, {
        description: errorMessage(error),
        ...(isUpgradeRequired(error)
          ? { action: { label: ACCOUNTS_TEXT.seePlans, onClick: () => void navigate('/settings/billing') } }
          : {}),
      });
    },
    [onSessionExpired, navigate],
  );
}

/** Replaces one account in the cached list. */
function patchAccount(list: Account[] | undefined, id: string, change: Partial<Account> | Account) {
  return list?.map((account) => (account.id === id ? { ...account, ...change } : account));
}

/**
 * Stars or unstars an account at once; the server's answer confirms it, a failure puts the star back
 * and says so. The favourites preference (settings) is read again afterwards.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: ({ account, favorite }: { account: Account; favorite: boolean }) =>
      accountsApi.setFavorite(account.id, favorite),
    onMutate: async ({ account, favorite }) => {
      await queryClient.cancelQueries({ queryKey: accountsQueryKeys.accounts });
      const previous = queryClient.getQueryData<Account[]>(accountsQueryKeys.accounts);
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        patchAccount(list, account.id, { favorite }),
      );
      return { previous };
    },
    onError: (error, { account, favorite }, context) => {
      if (context?.previous) {
        queryClient.setQueryData(accountsQueryKeys.accounts, context.previous);
      } else {
        queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
          patchAccount(list, account.id, { favorite: !favorite }),
        );
      }
      fail(favorite ? 'Could not add to favorites' : 'Could not remove from favorites', error);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        patchAccount(list, saved.id, { favorite: saved.favorite }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKeys.preferences }),
  });
}

/** Starts a sync of one connection ('Sync now', 'Try again'); the progress shows from the answer. */
export function useSyncConnection() {
  const upsert = useUpsertConnection();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => accountsApi.syncConnection(connectionId),
    onSuccess: (connection) => upsert(connection),
    onError: (error) => {
      fail('Could not start the sync', error);
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.connections });
    },
  });
}

/** 'Reconnect' for a connection whose bank asks the user to sign in again. */
export function useReconnect() {
  const upsert = useUpsertConnection();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => accountsApi.reconnect(connectionId),
    onSuccess: (connection) => {
      upsert(connection);
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
      toast.success(`${connection.displayName} reconnected`);
    },
    onError: (error) => fail('Could not reconnect', error),
  });
}

/**
 * Undoes a committed import (every transaction it added is removed) and says so. A plain function of
 * the query client, so the Undo of a toast still works after the import dialog has closed.
 */
export async function undoImport(queryClient: QueryClient, batchId: string): Promise<void> {
  try {
    const { removed } = await accountsApi.undoImport(batchId);
    toast.success('Import undone', {
      description: `${removed} ${removed === 1 ? 'transaction' : 'transactions'} removed`,
    });
  } catch (error) {
    if (!handleSessionExpired(queryClient, error)) {
      toast.error('Could not undo the import', { description: errorMessage(error) });
    }
    throw error;
  } finally {
    await Promise.all(
      [
        accountsQueryKeys.imports,
        accountsQueryKeys.accounts,
        accountsQueryKeys.transactions,
        accountsQueryKeys.dashboard,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }
}

/** undoImport as a mutation, for the import history's Undo buttons. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (batchId: string) => undoImport(queryClient, batchId) });
}

/** Connects the demo bank; its first sync starts at once and shows in the connections panel. */
export function useConnectDemo() {
  const upsert = useUpsertConnection();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (variant: 'standard' | 'needs_reauth') => accountsApi.connectDemo(variant),
    onSuccess: (connection) => {
      upsert(connection);
      toast.success(ACCOUNTS_TEXT.demoConnected, { description: ACCOUNTS_TEXT.demoConnectedDescription });
    },
    onError: (error) => fail('Could not connect the demo bank', error),
  });
}
