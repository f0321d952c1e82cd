import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { apiFetch, isUnauthorized, type ApiData } from './api-client';

/** The signed-in user as `GET /api/v1/user` returns it. */
export type CurrentUser = ApiData<'/user'>;

export const SESSION_QUERY_KEY = ['session'] as const;
/**
 * When the person signs out here (rather than their session running out), the time of the emptied session
 * is kept under this key: it marks that session answer only, not a later one.
 */
const SIGNED_OUT_KEY = ['signed-out'] as const;

/**
 * Who is signed in: the user, or null for a visitor (401). Other failures (server down) surface as
 * an error so pages can say so instead of pretending the visitor is signed out.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiFetch<CurrentUser>('/user');
  } catch (error) {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 401) {
      return null;
    }
    throw error;
  }
}

export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 30_000,
    retry: 1,
  });
  return {
    user: query.data ?? null,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    /** Nobody is signed in because the person signed out here (no page to come back to). */
    signedOut: query.data === null && queryClient.getQueryData(SIGNED_OUT_KEY) === query.dataUpdatedAt,
  };
}

/**
 * After signing out here (of this device or of every device): drops every cached query and records that
 * nobody is signed in, on purpose. The sign-in guard of the page left behind then sends the visitor to
 * /sign-in with no redirect target, whether it sees the emptied session before or after the navigation
 * to /sign-in has begun (the order depends on the machine's load).
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.setQueryData(SIGNED_OUT_KEY, queryClient.getQueryState(SESSION_QUERY_KEY)?.dataUpdatedAt);
}

/** After sign-in, sign-out or a profile change: drop every cached query so nothing of another user stays. */
export function useResetSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.clear();
    await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchCurrentUser });
  }, [queryClient]);
}

export const SESSION_ENDED = {
  title: 'Your session has ended',
  description: 'Please sign in again.',
} as const;

/**
 * Returns a handler for failures: a 401 means the session has ended, so it says so (once) and re-reads
 * the session, and the app's sign-in guard takes over. Returns true when it handled the error, so
 * callers skip their own failure toast.
 */
export function useSessionExpiredHandler(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return useCallback((error: unknown) => handleSessionExpired(queryClient, error), [queryClient]);
}

/** The same, outside React (a toast's action that runs after its dialog has closed). */
export function handleSessionExpired(queryClient: QueryClient, error: unknown): boolean {
  if (!isUnauthorized(error)) return false;
  toast.error(SESSION_ENDED.title, { id: 'session-ended', description: SESSION_ENDED.description });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  return true;
}
