import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { endSession } from '@/lib/session';
import { readAuthError } from './auth-errors';
import { AUTH_TOASTS } from './messages';

/** Spec §8: a 401, 403 or 404 from sign-out means there is no session left, which is the goal. */
const ALREADY_SIGNED_OUT = new Set([401, 403, 404]);

/**
 * Signs out (POST /api/auth/sign-out), then drops every cached query, records that nobody is signed
 * in and goes to /sign-in. A failure leaves everything as it was and says so.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const busy = useRef(false);
  const signOut = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setSigningOut(true);
    try {
      // The auth client (with its passkey and two-factor plugins) is loaded here, not with the app shell:
      // pages behind sign-in need it only to sign out.
      const { authClient } = await import('@/lib/auth-client');
      const { error } = await authClient.signOut();
      if (error && !ALREADY_SIGNED_OUT.has(readAuthError(error).status)) {
        toast.error(AUTH_TOASTS.signOutFailed);
        return;
      }
      toast.success(AUTH_TOASTS.signedOut);
      endSession(queryClient);
      await navigate('/sign-in', { replace: true });
    } catch {
      toast.error(AUTH_TOASTS.signOutFailed);
    } finally {
      busy.current = false;
      setSigningOut(false);
    }
  }, [navigate, queryClient]);
  return { signOut, signingOut };
}
