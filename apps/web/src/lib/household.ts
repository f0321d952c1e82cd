import { useQuery } from '@tanstack/react-query';
import { useActingHousehold } from './acting-household';
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

/** Why change controls are hidden while acting as a read-only member (the server's own refusal text). */
export const READ_ONLY_REASON = 'You have read-only access to this household';

/**
 * Whether the signed-in person may change the data the pages show (ADR 050): always in their own
 * household; in someone else's only with read & write access. This is the one place the web app reads
 * the acting role, from the memberships the server lists; while they load, changes are not offered.
 * The server checks every request anyway (ADR 038); this only spares a read-only member buttons that
 * would be refused.
 */
export function useWriteAccess(): {
  canWrite: boolean;
  /** In one's own household: linking, reconnecting and removing connections are the owner's alone. */
  isOwner: boolean;
  reason: string | null;
} {
  const acting = useActingHousehold();
  const memberships = useMemberships(acting !== null);
  if (acting === null) return { canWrite: true, isOwner: true, reason: null };
  const current = memberships.data?.households.find((household) => household.ownerUserId === acting);
  if (current?.access === 'write') return { canWrite: true, isOwner: false, reason: null };
  return { canWrite: false, isOwner: false, reason: READ_ONLY_REASON };
}
