import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { SETTINGS_TOASTS } from './messages';
import { isUnauthorized } from './user-api';

/**
 * Returns a handler for failures: a 401 means the session has ended, so it says so and re-reads the
 * session (the settings page then shows its signed-out state, or the app's sign-in guard takes over).
 * Returns true when it handled the error, so callers skip their own failure toast.
 */
export function useSessionExpiredHandler(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      toast.error(SETTINGS_TOASTS.sessionEnded, {
        id: 'session-ended',
        description: SETTINGS_TOASTS.sessionEndedDescription,
      });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      return true;
    },
    [queryClient],
  );
}
