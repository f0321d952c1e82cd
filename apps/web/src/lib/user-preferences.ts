import { CACHE, mergePreferences, type Preferences } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { readPreferencesCache } from './theme';

export const USER_PREFERENCES_KEY = ['user', 'preferences'] as const;

function cachedPreferences(): Preferences {
  try {
    const raw = readPreferencesCache();
    return mergePreferences(raw ? (JSON.parse(raw) as unknown) : {});
  } catch {
    return mergePreferences({});
  }
}

/**
 * The signed-in user's preferences (spec §3) merged over the defaults. Until the server answers (or when
 * it cannot), the copy cached in this browser stands in, so amounts are never shown unmasked by
 * accident while the preference loads.
 */
export function useUserPreferences(): { preferences: Preferences; loaded: boolean } {
  const query = useQuery({
    queryKey: USER_PREFERENCES_KEY,
    queryFn: () => apiFetch<unknown>('/user/preferences'),
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });
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
