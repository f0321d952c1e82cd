import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from './api-client';

/** The signed-in user as `GET /api/v1/user` returns it. */
export type CurrentUser = {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

export const SESSION_QUERY_KEY = ['session'] as const;

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
  };
}

/** After sign-in, sign-out or a profile change: drop every cached query so nothing of another user stays. */
export function useResetSession() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.clear();
    await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchCurrentUser });
  }, [queryClient]);
}
