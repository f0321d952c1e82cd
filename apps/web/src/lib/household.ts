import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiData } from './api-client';

export {
  HOUSEHOLD_HEADER,
  actingHousehold,
  setActingHousehold,
  useActingHousehold,
} from './acting-household';

export type Membership = ApiData<'/household/memberships'>['households'][number];

export const MEMBERSHIPS_QUERY_KEY = ['household', 'memberships'] as const;

/** The households the signed-in person is a member of (always about them, whichever is chosen). */
export function useMemberships(enabled: boolean) {
  return useQuery({
    queryKey: MEMBERSHIPS_QUERY_KEY,
    queryFn: () => apiFetch<ApiData<'/household/memberships'>>('/household/memberships'),
    enabled,
    staleTime: 60_000,
  });
}
