import { CACHE, UI_TIMING } from '@lodestar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { followSystemTheme } from '@/lib/theme';

/** Spec §9: queries retry up to 3 times, but only once for 'Authentication required' errors. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const limit = message.includes('Authentication required') ? CACHE.authErrorRetries : CACHE.queryRetries;
  return failureCount < limit;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CACHE.default.staleMs, gcTime: CACHE.default.gcMs, retry: shouldRetryQuery },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => followSystemTheme(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster
          duration={UI_TIMING.toastMs}
          visibleToasts={UI_TIMING.visibleToasts}
          closeButton
          richColors
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
