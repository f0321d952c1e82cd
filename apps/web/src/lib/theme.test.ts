/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setViewport } from '@/test/render-app';
import { applyAppearance, readDisplayPreferences, resolveAppearance } from './theme';

const THEME_INIT_SCRIPT = readFileSync(resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');

function snapshotOfHtml() {
  const root = document.documentElement;
  return {
    dark: root.classList.contains('dark'),
    highContrast: root.classList.contains('high-contrast'),
    reduceMotion: root.classList.contains('reduce-motion'),
    fontSize: root.getAttribute('data-font-size'),
  };
}

/** Runs public/theme-init.js as the browser would (a classic script) and reads what it did to <html>. */
function runThemeInit(stored: string | null, systemDark: boolean) {
  document.documentElement.className = '';
  if (stored === null) localStorage.removeItem('user-preferences');
  else localStorage.setItem('user-preferences', stored);
  setViewport(1440, { prefersDark: systemDark });
  new Function(THEME_INIT_SCRIPT)();
  return snapshotOfHtml();
}

const CASES: [stored: string | null, systemDark: boolean][] = [
  [null, false],
  [null, true],
  ['{"theme":"dark"}', false],
  ['{"theme":"light"}', true],
  ['{"theme":"system"}', true],
  ['{"theme":"system"}', false],
  ['{"theme":"neon","font_size":"huge"}', false],
  ['{"theme":"dark","high_contrast":true,"reduce_motion":true,"font_size":"large"}', false],
  ['{"font_size":"small","high_contrast":"yes","reduce_motion":1}', false],
  ['["dark"]', true],
  ['null', false],
  ['not json', true],
];

describe('theme before the first paint', () => {
  it.each(CASES)('public/theme-init.js and theme.ts agree for %s (system dark: %s)', (stored, systemDark) => {
    const fromScript = runThemeInit(stored, systemDark);
    expect(fromScript).toEqual(resolveAppearance(readDisplayPreferences(stored), systemDark));
  });

  it('follows the system for "system" and for no saved theme', () => {
    expect(runThemeInit(null, true).dark).toBe(true);
    expect(runThemeInit('{"theme":"system"}', false).dark).toBe(false);
    expect(runThemeInit('{"theme":"system"}', true).dark).toBe(true);
  });

  it('lets a saved light or dark theme win over the system', () => {
    expect(runThemeInit('{"theme":"light"}', true).dark).toBe(false);
    expect(runThemeInit('{"theme":"dark"}', false).dark).toBe(true);
  });

  it('applies high contrast, reduced motion and font size', () => {
    expect(runThemeInit('{"high_contrast":true,"reduce_motion":true,"font_size":"large"}', false)).toEqual({
      dark: false,
      highContrast: true,
      reduceMotion: true,
      fontSize: 'large',
    });
  });

  it('survives storage that throws (disabled cookies, private modes)', () => {
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('SecurityError');
      },
    });
    try {
      setViewport(1440, { prefersDark: true });
      expect(() => new Function(THEME_INIT_SCRIPT)()).not.toThrow();
      expect(snapshotOfHtml()).toMatchObject({ dark: true, fontSize: 'medium' });
    } finally {
      if (storage) Object.defineProperty(window, 'localStorage', storage);
    }
  });

  it('is a small classic script with no imports (it blocks rendering, so it must stay tiny)', () => {
    expect(THEME_INIT_SCRIPT.length).toBeLessThan(2000);
    expect(THEME_INIT_SCRIPT).not.toMatch(/\bimport\b|\bexport\b/);
  });
});

describe('display preferences', () => {
  it('default to the system theme, medium text, no contrast or motion changes', () => {
    expect(readDisplayPreferences(null)).toEqual({
      theme: 'system',
      high_contrast: false,
      reduce_motion: false,
      font_size: 'medium',
    });
  });

  it('are applied to <html> as classes, a font-size attribute and the colour scheme', () => {
    applyAppearance(
      document.documentElement,
      resolveAppearance(
        { theme: 'dark', high_contrast: true, reduce_motion: true, font_size: 'small' },
        false,
      ),
    );
    expect(snapshotOfHtml()).toEqual({
      dark: true,
      highContrast: true,
      reduceMotion: true,
      fontSize: 'small',
    });
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyAppearance(document.documentElement, resolveAppearance(readDisplayPreferences(null), false));
    expect(snapshotOfHtml()).toEqual({
      dark: false,
      highContrast: false,
      reduceMotion: false,
      fontSize: 'medium',
    });
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('follow the system scheme under "system" only', () => {
    const system = readDisplayPreferences('{"theme":"system"}');
    expect(resolveAppearance(system, true).dark).toBe(true);
    expect(resolveAppearance(system, false).dark).toBe(false);
    expect(resolveAppearance(readDisplayPreferences('{"theme":"light"}'), true).dark).toBe(false);
  });
});

describe('display defaults', () => {
  it('match the domain package preference defaults', async () => {
    const { DEFAULT_PREFERENCES } = await import('@lodestar/domain/preferences');
    const { DEFAULT_DISPLAY_PREFERENCES } = await import('./theme');
    expect(DEFAULT_DISPLAY_PREFERENCES).toEqual({
      theme: DEFAULT_PREFERENCES.theme,
      high_contrast: DEFAULT_PREFERENCES.high_contrast,
      reduce_motion: DEFAULT_PREFERENCES.reduce_motion,
      font_size: DEFAULT_PREFERENCES.font_size,
    });
  });
});
