import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type NewWallet, walletsApi, walletsQueryKeys } from './api';

/** While a wallet syncs, the list is read again this often. */
export const WALLET_POLL_MS = 1000;

export function useWallets() {
  return useQuery({
    queryKey: walletsQueryKeys.wallets,
    queryFn: walletsApi.list,
    refetchInterval: (query) =>
      query.state.data?.wallets.some((wallet) => wallet.syncing) ? WALLET_POLL_MS : false,
  });
}

function refreshAffected(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: walletsQueryKeys.wallets });
  for (const queryKey of walletsQueryKeys.affected) void queryClient.invalidateQueries({ queryKey });
}

/** Adds a wallet; its first sync starts at once. Failures are the form's to show (at the field). */
export function useAddWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWallet) => walletsApi.add(body),
    onSuccess: (wallets) => {
      refreshAffected(queryClient);
      const [first] = wallets;
      toast.success(
        wallets.length > 1
          ? `Wallet added on ${wallets.length} networks`
          : `${first?.label ?? 'Wallet'} added`,
        { description: 'Its balances appear as soon as the first sync ends.' },
      );
    },
  });
}

export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => walletsApi.remove(id),
    onSuccess: () => refreshAffected(queryClient),
  });
}

export function useSyncWallets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => walletsApi.syncAll(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletsQueryKeys.wallets }),
    onError: () => toast.error('The wallets could not be synced'),
  });
}
