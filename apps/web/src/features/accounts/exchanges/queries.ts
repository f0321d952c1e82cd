import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { exchangesApi, exchangesQueryKeys, type NewExchange } from './api';

/** While an exchange syncs, the list is read again this often. */
export const EXCHANGE_POLL_MS = 1000;

export function useExchanges() {
  return useQuery({
    queryKey: exchangesQueryKeys.exchanges,
    queryFn: exchangesApi.list,
    refetchInterval: (query) =>
      query.state.data?.exchanges.some((exchange) => exchange.syncing) ? EXCHANGE_POLL_MS : false,
  });
}

export function useSupportedExchanges() {
  return useQuery({
    queryKey: exchangesQueryKeys.supported,
    queryFn: exchangesApi.supported,
    staleTime: Infinity,
  });
}

function refreshAffected(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: exchangesQueryKeys.exchanges });
  for (const queryKey of exchangesQueryKeys.affected) void queryClient.invalidateQueries({ queryKey });
}

/** Connects an exchange; its first sync starts at once. Failures are the form's to show (at the field). */
export function useConnectExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewExchange) => exchangesApi.connect(body),
    onSuccess: (connection) => {
      refreshAffected(queryClient);
      toast.success(`${connection.label} connected`, {
        description: 'Its balances appear as soon as the first sync ends.',
      });
    },
  });
}

export function useRemoveExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => exchangesApi.remove(id),
    onSuccess: () => refreshAffected(queryClient),
  });
}

export function useSyncExchanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => exchangesApi.syncAll(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exchangesQueryKeys.exchanges }),
    onError: () => toast.error('The exchanges could not be synced'),
  });
}
