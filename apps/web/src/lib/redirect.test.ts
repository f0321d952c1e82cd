import { describe, expect, it } from 'vitest';
import { ALLOWED_REDIRECTS, DEFAULT_REDIRECT, safeRedirect, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each(ALLOWED_REDIRECTS)('accepts the allowed target %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it('accepts pages below an allowed target, with their query and hash', () => {
    expect(safeRedirect('/settings/profile')).toBe('/settings/profile');
    expect(safeRedirect('/expenses?period=3m')).toBe('/expenses?period=3m');
    expect(safeRedirect('/activity?page=2#top')).toBe('/activity?page=2#top');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['/'],
    ['/accounts'],
    ['/real-estate'],
    ['/sign-in'],
    ['/dashboardx'],
    ['/settingsevil'],
    ['dashboard'],
    ['//evil.example'],
    ['//evil.example/dashboard'],
    ['/\\evil.example'],
    ['/dashboard\\..\\..\\evil'],
    ['https://evil.example/dashboard'],
    ['javascript:alert(1)'],
    ['/settings/../sign-in'],
    ['/settings/%2e%2e/sign-in'],
    ['/dashboard/./x'],
    ['/ dashboard'],
    ['/dashboard\n'],
  ])('falls back to the dashboard for %j', (value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_REDIRECT);
  });
});

describe('withRedirect', () => {
  it('adds an allowed target, encoded', () => {
    expect(withRedirect('/two-factor', '/expenses?period=3m')).toBe(
      '/two-factor?redirect=%2Fexpenses%3Fperiod%3D3m',
    );
  });

  it('leaves out the default and anything not allowed', () => {
    expect(withRedirect('/sign-in', '/dashboard')).toBe('/sign-in');
    expect(withRedirect('/sign-in', '//evil.example')).toBe('/sign-in');
  });
});
