import { UI_TIMING } from '@lodestar/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useResetSession } from '@/lib/session';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a successful sign-in or sign-up (spec §4): a 500 ms pause, the welcome toast, a fresh session
 * (nothing cached from before stays) and the redirect target.
 */
export function useCompleteSignIn(target: string) {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  return useCallback(
    async (message: string, description?: string) => {
      await pause(UI_TIMING.authSuccessPauseMs);
      toast.success(message, { description });
      try {
        await resetSession();
      } catch {
        // The app area's guard shows the server error with a retry; nothing more to do here.
      }
      await navigate(target, { replace: true });
    },
    [navigate, resetSession, target],
  );
}
