import { CACHE, UI_TIMING } from '@lodestar/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { OfflineNotice } from '@/components/offline-notice';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api-client';
import { useDisplayPreferences } from '@/lib/display-preferences';
import { PreferencesProvider } from '@/lib/preferences';

/**
 * Client errors that the same request will meet again: retrying them only keeps a skeleton on screen
 * (three retries with backoff took 7 s before the API-keys card could say the public API is off).
 * 401 is not here (spec §9 retries it once); 408 and 429 are worth another try.
 */
const FINAL_STATUSES = new Set([400, 403, 404, 405, 409, 410, 413, 415, 422]);

/**
 * Spec §9: queries retry up to 3 times, but only once for 'Authentication required' errors; an answer
 * that will not change (a 4xx above) is not retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
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

/**
 * The app's providers: the query client, the user's preferences (for signed-in and signed-out screens
 * alike; signed out they come from this browser's cache), tooltips and toasts. `client` is a query cache
 * filled beforehand (a prerendered page, app/public-pages.ts).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <TooltipProvider>
          <OfflineNotice />
          {children}
          <AppToaster />
        </TooltipProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
