import { useMemo, useSyncExternalStore } from 'react';
import { usePreferencesOrNull } from './preferences';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  type DisplayPreferences,
  PREFERENCES_STORAGE_KEY,
  readDisplayPreferences,
  readPreferencesCache,
} from './theme';

/**
 * The display preferences (theme, high contrast, reduced motion, font size). Inside the app they come
 * from PreferencesProvider, so the header's theme switcher, the settings page, the charts and the
 * toaster agree. A component rendered on its own (outside the provider) reads the browser's cache.
 */

let snapshotRaw: string | null | undefined;
let snapshot: DisplayPreferences = DEFAULT_DISPLAY_PREFERENCES;

/** The display preferences in the cache (the same object while the cache is unchanged). */
function getDisplayPreferences(): DisplayPreferences {
  const raw = readPreferencesCache();
  // useSyncExternalStore compares snapshots by identity.
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = readDisplayPreferences(raw);
  }
  return snapshot;
}

function subscribeToCache(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PREFERENCES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Theme, high contrast, reduced motion and font size as they apply now. */
export function useDisplayPreferences(): DisplayPreferences {
  const context = usePreferencesOrNull();
  const cached = useSyncExternalStore(
    subscribeToCache,
    getDisplayPreferences,
    () => DEFAULT_DISPLAY_PREFERENCES,
  );
  const preferences = context?.preferences;
  const theme = preferences?.theme;
  const highContrast = preferences?.high_contrast;
  const reduceMotion = preferences?.reduce_motion;
  const fontSize = preferences?.font_size;
  const fromContext = useMemo<DisplayPreferences | null>(
    () =>
      theme === undefined ||
      highContrast === undefined ||
      reduceMotion === undefined ||
      fontSize === undefined
        ? null
        : { theme, high_contrast: highContrast, reduce_motion: reduceMotion, font_size: fontSize },
    [theme, highContrast, reduceMotion, fontSize],
  );
  return fromContext ?? cached;
}
