import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '@/lib/session';
import { userApi, userQueryKeys, verifiedFactors } from '../../user-api';

/**
 * Whether two-factor authentication is on (spec §4): the factor list holds a verified factor. When the
 * factor list cannot be read, that is only logged (spec §8) and the session's own flag stands in.
 */
export function useTwoFactorStatus(user: CurrentUser) {
  const factors = useQuery({ queryKey: userQueryKeys.mfaFactors, queryFn: userApi.mfaFactors, retry: false });
  useEffect(() => {
    if (factors.error) console.error('Could not read the two-factor status', factors.error);
  }, [factors.error]);
  const enabled = factors.data ? verifiedFactors(factors.data).length > 0 : user.twoFactorEnabled;
  return { enabled, isPending: factors.isPending };
}
