import { useSyncExternalStore } from 'react';
import {
  applyStoredAppearance,
  DEFAULT_DISPLAY_PREFERENCES,
  type DisplayPreferences,
  PREFERENCES_STORAGE_KEY,
  readDisplayPreferences,
  readPreferencesCache,
  updateDisplayPreferences,
} from './theme';

/**
 * One store for the display preferences, so the header's theme switcher, the settings page and the
 * toaster agree, and a change made in another tab or in the operating system shows up here too.
 */

const listeners = new Set<() => void>();
let snapshotRaw: string | null | undefined;
let snapshot: DisplayPreferences = DEFAULT_DISPLAY_PREFERENCES;

function notify(): void {
  for (const listener of listeners) listener();
}

export function getDisplayPreferences(): DisplayPreferences {
  const raw = readPreferencesCache();
  // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = readDisplayPreferences(raw);
  }
  return snapshot;
}

export function setDisplayPreferences(changes: Partial<DisplayPreferences>): void {
  updateDisplayPreferences(changes);
  notify();
}

export function subscribeDisplayPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows other tabs (the `storage` event) and the OS light/dark switch. Returns a cleanup. */
export function syncDisplayPreferences(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== PREFERENCES_STORAGE_KEY) return;
    applyStoredAppearance();
    notify();
  };
  const scheme =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
  const onScheme = () => applyStoredAppearance();
  window.addEventListener('storage', onStorage);
  scheme?.addEventListener('change', onScheme);
  return () => {
    window.removeEventListener('storage', onStorage);
    scheme?.removeEventListener('change', onScheme);
  };
}

export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(
    subscribeDisplayPreferences,
    getDisplayPreferences,
    () => DEFAULT_DISPLAY_PREFERENCES,
  );
}
