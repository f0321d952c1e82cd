import { CACHE, UI_TIMING } from '@lodestar/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { syncDisplayPreferences, useDisplayPreferences } from '@/lib/display-preferences';

/** Spec §9: queries retry up to 3 times, but only once for 'Authentication required' errors. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const limit = message.includes('Authentication required') ? CACHE.authErrorRetries : CACHE.queryRetries;
  return failureCount < limit;
}

/** Spec §9 cache times: fresh for 5 minutes, kept for 10. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CACHE.default.staleMs, gcTime: CACHE.default.gcMs, retry: shouldRetryQuery },
    },
  });
}

/** Toasts (spec §9: 4 s, at most 3 visible) in the app's theme. */
function AppToaster() {
  const { theme } = useDisplayPreferences();
  return (
    <Toaster
      theme={theme}
      duration={UI_TIMING.toastMs}
      visibleToasts={UI_TIMING.visibleToasts}
      closeButton
      richColors
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => syncDisplayPreferences(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <AppToaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
