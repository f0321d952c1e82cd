import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { marketKeys, type Watchlist, watchlistApi } from './market-api';

export type WatchlistChange =
  { kind: 'add' | 'remove'; symbol: string } | { kind: 'reorder'; symbols: string[] };

/** Watchlist changes: the answer is the new list, put straight into the cache; a failure is a toast. */
export function useWatchlistChange() {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  return useMutation({
    mutationFn: (change: WatchlistChange) => {
      if (change.kind === 'reorder') return watchlistApi.reorder(change.symbols);
      return change.kind === 'add' ? watchlistApi.add(change.symbol) : watchlistApi.remove(change.symbol);
    },
    onSuccess: (watchlist: Watchlist, change) => {
      queryClient.setQueryData(marketKeys.watchlist, watchlist);
      if (change.kind === 'add') toast.success(`${change.symbol} added to your watchlist`);
      if (change.kind === 'remove') toast.success(`${change.symbol} removed from your watchlist`);
    },
    onError: (error) => {
      if (!onSessionExpired(error))
        toast.error('The watchlist was not changed', { description: errorMessage(error) });
    },
  });
}
