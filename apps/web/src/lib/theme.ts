/**
 * Display preferences that shape the whole page, read from the `user-preferences` cache in
 * localStorage. public/theme-init.js applies the same rules before the app loads (no flash); this
 * module applies them afterwards, when the user changes something.
 */

export const PREFERENCES_STORAGE_KEY = 'user-preferences';

export type ThemePreference = 'light' | 'dark' | 'system';
export type FontSize = 'small' | 'medium' | 'large';

export type DisplayPreferences = {
  theme: ThemePreference;
  high_contrast: boolean;
  reduce_motion: boolean;
  font_size: FontSize;
};

export type DocumentAppearance = {
  dark: boolean;
  highContrast: boolean;
  reduceMotion: boolean;
  fontSize: FontSize;
};

/** Reads the display preferences from a stored JSON object, tolerating anything malformed. */
export function readDisplayPreferences(raw: string | null): DisplayPreferences {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    theme: stored.theme === 'light' || stored.theme === 'dark' ? stored.theme : 'system',
    high_contrast: stored.high_contrast === true,
    reduce_motion: stored.reduce_motion === true,
    font_size: stored.font_size === 'small' || stored.font_size === 'large' ? stored.font_size : 'medium',
  };
}

/** What <html> should look like for these preferences and the system's colour scheme. */
export function resolveAppearance(
  preferences: DisplayPreferences,
  systemPrefersDark: boolean,
): DocumentAppearance {
  return {
    dark: preferences.theme === 'dark' || (preferences.theme === 'system' && systemPrefersDark),
    highContrast: preferences.high_contrast,
    reduceMotion: preferences.reduce_motion,
    fontSize: preferences.font_size,
  };
}

export function applyAppearance(root: HTMLElement, appearance: DocumentAppearance): void {
  root.classList.toggle('dark', appearance.dark);
  root.classList.toggle('high-contrast', appearance.highContrast);
  root.classList.toggle('reduce-motion', appearance.reduceMotion);
  root.setAttribute('data-font-size', appearance.fontSize);
  root.style.colorScheme = appearance.dark ? 'dark' : 'light';
}

function systemPrefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export function loadDisplayPreferences(): DisplayPreferences {
  return readDisplayPreferences(window.localStorage.getItem(PREFERENCES_STORAGE_KEY));
}

/** Saves `changes` into the shared preferences cache (other keys kept) and applies them at once. */
export function updateDisplayPreferences(changes: Partial<DisplayPreferences>): DisplayPreferences {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const next = { ...stored, ...changes };
  window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  const preferences = readDisplayPreferences(JSON.stringify(next));
  applyAppearance(document.documentElement, resolveAppearance(preferences, systemPrefersDark()));
  return preferences;
}

/** Keeps 'system' in step with the operating system's light/dark switch. Returns an unsubscribe. */
export function followSystemTheme(): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!query) return () => undefined;
  const onChange = () => {
    const preferences = loadDisplayPreferences();
    if (preferences.theme === 'system') {
      applyAppearance(document.documentElement, resolveAppearance(preferences, query.matches));
    }
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
