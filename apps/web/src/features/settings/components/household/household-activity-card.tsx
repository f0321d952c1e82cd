import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { apiFetch, type ApiData } from '@/lib/api-client';
import { useSettingsDates } from '../../format';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

type HouseholdActivity = ApiData<'/household/activity'>;

export const HOUSEHOLD_ACTIVITY_KEY = ['user', 'household', 'activity'] as const;

/** What a request did, in words: 'PATCH /transactions/{id}' → 'changed a transaction'. */
const OPERATION_WORDS: Record<string, string> = {
  POST: 'added',
  PUT: 'set',
  PATCH: 'changed',
  DELETE: 'deleted',
};

/**
 * One recorded action as a sentence part: a member's request ('changed /transactions/{id}') or the
 * owner's own membership change, which the server already words ('invited … (read)').
 */
export function householdActionText(action: string): string {
  const match = /^(POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(action);
  if (!match) return action;
  const [, method = '', path = ''] = match;
  return `${OPERATION_WORDS[method] ?? method} ${path.replace(/\/\{[^}]+\}/g, '').replace(/^\//, '')}`;
}

/**
 * Household activity (ADR 038): who changed what in the owner's household, newest first — every change a
 * member made (with whether it went through) and the owner's own membership changes.
 */
export function HouseholdActivityCard() {
  const dates = useSettingsDates();
  const activity = useQuery({
    queryKey: HOUSEHOLD_ACTIVITY_KEY,
    queryFn: () => apiFetch<HouseholdActivity>('/household/activity?limit=50'),
  });
  return (
    <SettingsGroup
      title="Household activity"
      description="Who changed what in your household, newest first: your members' changes and your own membership changes."
    >
      {activity.isPending ? (
        <CardLoading label="Loading household activity" rows={2} />
      ) : activity.isError ? (
        <CardError
          title="Failed to load household activity"
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : activity.data.events.length === 0 ? (
        <CardEmpty icon={History}>Nobody has changed anything in your household yet.</CardEmpty>
      ) : (
        <ol aria-label="Household activity" className="divide-y border-t">
          {activity.data.events.map((event) => {
            const refused = event.status >= 400;
            return (
              <li
                key={event.id}
                className="grid gap-0.5 px-5 py-3 sm:flex sm:items-baseline sm:justify-between sm:gap-4"
              >
                <p className="min-w-0 text-sm break-words">
                  <span className="font-medium">{event.actorEmail}</span> {householdActionText(event.action)}
                  {refused ? <span className="text-destructive">{` (refused, ${event.status})`}</span> : null}
                </p>
                <p className="text-sm text-muted-foreground sm:shrink-0 sm:text-right">
                  <time dateTime={event.createdAt} title={dates.dateTime(event.createdAt)}>
                    {dates.relative(event.createdAt)}
                  </time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </SettingsGroup>
  );
}
