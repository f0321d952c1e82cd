import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useEffect } from 'react';
import { setActingHousehold, useActingHousehold, useMemberships } from '@/lib/household';

/**
 * Which household the pages show: your own, or one you were invited into (read-only or read & write).
 * Shown only to someone who is a member of another household. Switching drops every cached answer, so
 * nothing of one household shows in another.
 */
export function HouseholdSwitcher() {
  const queryClient = useQueryClient();
  const acting = useActingHousehold();
  const memberships = useMemberships(true);
  const households = memberships.data?.households ?? [];
  const current = households.find((household) => household.ownerUserId === acting);

  // A household that is no longer there (revoked, or the invitation left): back to your own.
  useEffect(() => {
    if (acting && memberships.isSuccess && !current) {
      setActingHousehold(null);
      void queryClient.resetQueries();
    }
  }, [acting, current, memberships.isSuccess, queryClient]);

  if (households.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <Users aria-hidden="true" className="size-4 text-muted-foreground max-sm:hidden" />
      <label htmlFor="household-switcher" className="sr-only">
        Household
      </label>
      <select
        id="household-switcher"
        className="h-8 w-24 rounded-md border border-input bg-background px-1 text-sm sm:w-auto sm:max-w-44 sm:px-2"
        value={current?.ownerUserId ?? ''}
        onChange={(event) => {
          setActingHousehold(event.target.value || null);
          void queryClient.resetQueries();
        }}
      >
        <option value="">Your household</option>
        {households.map((household) => (
          <option key={household.ownerUserId} value={household.ownerUserId}>
            {household.ownerName}
            {household.access === 'read' ? ' (read-only)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Says whose data the pages show when it is someone else's. */
export function HouseholdNotice() {
  const acting = useActingHousehold();
  const memberships = useMemberships(acting !== null);
  const current = memberships.data?.households.find((household) => household.ownerUserId === acting);
  if (!current) return null;
  return (
    <div role="status" className="mb-4 rounded-md border bg-muted px-4 py-2 text-sm">
      You are viewing <span className="font-medium">{current.ownerName}</span>’s household
      {current.access === 'read'
        ? ': read-only, so nothing here can be changed.'
        : '. Changes you make are recorded in their household activity.'}
    </div>
  );
}
