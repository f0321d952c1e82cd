import { CACHE } from '@lodestar/domain';
import { mergePreferences, type Preferences } from '@lodestar/domain/stored-preferences';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { cachedPreferences, PREFERENCES_QUERY_KEY, usePreferencesOrNull } from './preferences';

/** @deprecated Use PREFERENCES_QUERY_KEY from lib/preferences (the same key). */
export const USER_PREFERENCES_KEY = PREFERENCES_QUERY_KEY;

/**
 * The signed-in user's preferences (spec §3) merged over the defaults, from PreferencesProvider (the app
 * mounts it once). Until the server answers (or when it cannot), the copy cached in this browser stands
 * in, so amounts are never shown unmasked by accident while the preference loads. Outside the provider
 * (a component rendered on its own) it reads the server itself, read-only.
 */
export function useUserPreferences(): { preferences: Preferences; loaded: boolean } {
  const context = usePreferencesOrNull();
  const query = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => apiFetch<unknown>('/user/preferences'),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
    enabled: context === null,
  });
  if (context) return { preferences: context.preferences, loaded: !context.loading && !context.error };
  const preferences = query.data === undefined ? cachedPreferences() : mergePreferences(query.data);
  return { preferences, loaded: query.isSuccess };
}

/** Whether amounts may be shown (privacy preference show_balances), and the reporting currency. */
export function useMoneyDisplay(): { showBalances: boolean; currency: string; locale: string } {
  const { preferences } = useUserPreferences();
  return {
    showBalances: preferences.show_balances,
    currency: preferences.default_currency,
    locale: preferences.number_format,
  };
}
