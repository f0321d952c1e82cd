/**
 * Display preferences that shape the whole page, read from the `user-preferences` cache in
 * localStorage (spec §3, snake_case keys). public/theme-init.js applies the same rules before the app
 * loads, so the first paint is right; PreferencesProvider (lib/preferences.tsx) applies them with these
 * functions afterwards, when something changes.
 * A test runs both against the same inputs: change them together.
 */

import { FONT_SIZES, PREFERENCES_STORAGE_KEY, THEMES } from '@lodestar/domain/constants';

// Imported from the zod-free constants module so the entry chunk stays small.
export { FONT_SIZES, PREFERENCES_STORAGE_KEY, THEMES };

export type ThemePreference = (typeof THEMES)[number];
export type FontSize = (typeof FONT_SIZES)[number];

export type DisplayPreferences = {
  theme: ThemePreference;
  high_contrast: boolean;
  reduce_motion: boolean;
  font_size: FontSize;
};

/** Spec §3 defaults (a test checks they match the domain package's DEFAULT_PREFERENCES). */
export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  theme: 'system',
  high_contrast: false,
  reduce_motion: false,
  font_size: 'medium',
};

export type DocumentAppearance = {
  dark: boolean;
  highContrast: boolean;
  reduceMotion: boolean;
  fontSize: FontSize;
};

/** Parses the stored object; anything that is not a JSON object counts as empty. */
export function parseStoredPreferences(raw: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The display preferences in a stored JSON object; unknown or malformed values fall back to defaults. */
export function readDisplayPreferences(raw: string | null): DisplayPreferences {
  const stored = parseStoredPreferences(raw);
  return {
    theme: THEMES.find((theme) => theme === stored.theme) ?? DEFAULT_DISPLAY_PREFERENCES.theme,
    high_contrast: stored.high_contrast === true,
    reduce_motion: stored.reduce_motion === true,
    font_size: FONT_SIZES.find((size) => size === stored.font_size) ?? DEFAULT_DISPLAY_PREFERENCES.font_size,
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

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** The raw cache; null when storage is empty or unavailable (private modes can throw). */
export function readPreferencesCache(): string | null {
  try {
    return window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
  } catch {
    return null;
  }
}
