/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDisplayPreferences, resolveAppearance, updateDisplayPreferences } from './theme';
import { setViewportWidth } from '@/test/render-app';

const themeInitScript = readFileSync(resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');

function runThemeInit(stored: string | null, systemDark: boolean) {
  document.documentElement.className = '';
  if (stored === null) localStorage.removeItem('user-preferences');
  else localStorage.setItem('user-preferences', stored);
  window.matchMedia = ((query: string) => ({
    matches: systemDark && query.includes('dark'),
  })) as typeof window.matchMedia;
  new Function(themeInitScript)();
  const root = document.documentElement;
  return {
    dark: root.classList.contains('dark'),
    highContrast: root.classList.contains('high-contrast'),
    reduceMotion: root.classList.contains('reduce-motion'),
    fontSize: root.getAttribute('data-font-size'),
  };
}

const CASES: [string | null, boolean][] = [
  [null, false],
  [null, true],
  ['{"theme":"dark"}', false],
  ['{"theme":"light"}', true],
  ['{"theme":"system"}', true],
  ['{"theme":"neon","font_size":"huge"}', false],
  ['{"theme":"dark","high_contrast":true,"reduce_motion":true,"font_size":"large"}', false],
  ['{"font_size":"small","high_contrast":"yes"}', false],
  ['not json', true],
];

describe('theme before first paint', () => {
  it.each(CASES)('public/theme-init.js and theme.ts agree for %s (system dark: %s)', (stored, systemDark) => {
    const fromScript = runThemeInit(stored, systemDark);
    expect(fromScript).toEqual(resolveAppearance(readDisplayPreferences(stored), systemDark));
  });

  it('defaults to the system theme, medium text, no contrast or motion changes', () => {
    expect(readDisplayPreferences(null)).toEqual({
      theme: 'system',
      high_contrast: false,
      reduce_motion: false,
      font_size: 'medium',
    });
  });

  it('saves a change into the shared preferences cache without losing other keys, and applies it', () => {
    setViewportWidth(1440);
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'EUR', theme: 'light' }));
    updateDisplayPreferences({ theme: 'dark' });
    expect(JSON.parse(localStorage.getItem('user-preferences') ?? '{}')).toEqual({
      default_currency: 'EUR',
      theme: 'dark',
    });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
