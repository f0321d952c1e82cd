import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server, TEST_USER } from '@/test/fake-server';
import { setViewport } from '@/test/render-app';
import { usePreferences } from './preferences';
import { useResetSession } from './session';
import { cachedPreferenceValues, renderInApp, servePreferences } from './preferences-test-harness';

/** Shows what the provider serves and offers the changes a settings screen makes. */
function Probe() {
  const { preferences, loading, error, signedIn, updatePreference, updatePreferences, setTheme, saveState } =
    usePreferences();
  const resetSession = useResetSession();
  return (
    <div>
      <button type="button" onClick={() => void resetSession()}>
        Session changed
      </button>
      <p>loading: {String(loading)}</p>
      <p>signed in: {String(signedIn)}</p>
      <p>error: {error ?? 'none'}</p>
      <p>currency: {preferences.default_currency}</p>
      <p>balances: {String(preferences.show_balances)}</p>
      <p>frequency: {preferences.notification_frequency}</p>
      <p>theme: {preferences.theme}</p>
      <p>low balance: {preferences.alert_thresholds.low_balance}</p>
      <p>save: {saveState}</p>
      <button type="button" onClick={() => void updatePreference('default_currency', 'EUR')}>
        Euro
      </button>
      <button type="button" onClick={() => void updatePreference('show_balances', false)}>
        Hide balances
      </button>
      <button type="button" onClick={() => void updatePreference('notification_frequency', 'weekly')}>
        Weekly
      </button>
      <button
        type="button"
        onClick={() =>
          void updatePreferences({
            alert_thresholds: { spending: 50, low_balance: 250, large_transaction: 1000 },
          })
        }
      >
        Thresholds
      </button>
      <button type="button" onClick={() => void setTheme('dark')}>
        Dark
      </button>
    </div>
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PreferencesProvider: loading', () => {
  it('starts loading, then serves the server copy and caches it', async () => {
    servePreferences({ default_currency: 'GBP', show_balances: false });
    renderInApp(<Probe />);
    expect(screen.getByText('loading: true')).toBeInTheDocument();
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('currency: GBP')).toBeInTheDocument();
    expect(screen.getByText('balances: false')).toBeInTheDocument();
    expect(screen.getByText('error: none')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'GBP', show_balances: false });
  });

  it('falls back to the cached copy with "Failed to load preferences" when the server cannot answer', async () => {
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'JPY' }));
    server.on('GET', '/api/v1/user/preferences', () => json(503, { success: false, error: 'Down' }));
    renderInApp(<Probe />);
    expect(await screen.findByText('error: Failed to load preferences')).toBeInTheDocument();
    expect(screen.getByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('currency: JPY')).toBeInTheDocument();
  });

  it('lets server values win over another session’s cache once they load (sign-in on a new browser)', async () => {
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'JPY', theme: 'light' }));
    servePreferences({ default_currency: 'CHF', theme: 'dark' });
    setViewport(1440, { prefersDark: false });
    renderInApp(<Probe />);
    expect(screen.getByText('currency: JPY')).toBeInTheDocument();
    expect(await screen.findByText('currency: CHF')).toBeInTheDocument();
    // The saved theme becomes the live theme.
    expect(document.documentElement).toHaveClass('dark');
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'CHF', theme: 'dark' });
  });

  it('serves the cache to a signed-out visitor without calling the server, and changes stay local', async () => {
    server.signOut();
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'AUD' }));
    const user = userEvent.setup();
    renderInApp(<Probe />);
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('currency: AUD')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Euro' }));
    expect(screen.getByText('currency: EUR')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toEqual({ default_currency: 'EUR' });
    expect(server.calls('/api/v1/user/preferences')).toEqual([]);
  });

  it('keeps the cache and the theme when the user signs out', async () => {
    setViewport(1440, { prefersDark: false });
    servePreferences({ theme: 'dark', default_currency: 'GBP' });
    const user = userEvent.setup();
    renderInApp(<Probe />);
    expect(await screen.findByText('currency: GBP')).toBeInTheDocument();
    server.signOut();
    await user.click(screen.getByRole('button', { name: 'Session changed' }));
    expect(await screen.findByText('signed in: false')).toBeInTheDocument();
    expect(screen.getByText('theme: dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(cachedPreferenceValues()).toMatchObject({ theme: 'dark', default_currency: 'GBP' });
  });

  it("switches to the next user's stored preferences when another user signs in", async () => {
    servePreferences({ default_currency: 'GBP' });
    const user = userEvent.setup();
    renderInApp(<Probe />);
    expect(await screen.findByText('currency: GBP')).toBeInTheDocument();
    servePreferences({ default_currency: 'CAD' });
    server.signIn({ ...TEST_USER, id: 'user_2', email: 'grace@example.com' });
    await user.click(screen.getByRole('button', { name: 'Session changed' }));
    expect(await screen.findByText('currency: CAD')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'CAD' });
  });
});

describe('PreferencesProvider: saving', () => {
  it('applies a change at once and sends one PATCH for a burst of changes, 500 ms after the last', async () => {
    const prefs = servePreferences();
    renderInApp(<Probe />);
    await screen.findByText('loading: false');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Euro' }));
    await advance(300);
    fireEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    // Optimistic: on screen and in the cache before anything is sent.
    expect(screen.getByText('currency: EUR')).toBeInTheDocument();
    expect(screen.getByText('balances: false')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'EUR', show_balances: false });
    await advance(499);
    expect(prefs.patches()).toEqual([]);
    await advance(1);
    expect(prefs.patches()).toEqual([
      { default_currency: 'EUR', show_balances: false, notification_frequency: 'weekly' },
    ]);
    await advance(50);
    expect(prefs.stored()).toMatchObject({ default_currency: 'EUR', notification_frequency: 'weekly' });
    expect(screen.getByText('currency: EUR')).toBeInTheDocument();
  });

  it('says "saving" while a change waits, "saved" for three seconds once stored, and nothing after a failure', async () => {
    const prefs = servePreferences();
    renderInApp(<Probe />);
    await screen.findByText('loading: false');
    expect(screen.getByText('save: idle')).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Euro' }));
    expect(screen.getByText('save: saving')).toBeInTheDocument();
    await advance(550);
    expect(screen.getByText('save: saved')).toBeInTheDocument();
    await advance(2_900);
    expect(screen.getByText('save: saved')).toBeInTheDocument();
    await advance(200);
    expect(screen.getByText('save: idle')).toBeInTheDocument();
    prefs.failWrites(true);
    fireEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    await advance(600);
    vi.useRealTimers();
    expect(await screen.findByText('save: idle')).toBeInTheDocument();
  });

  it('waits 1000 ms before saving alert thresholds', async () => {
    const prefs = servePreferences();
    renderInApp(<Probe />);
    await screen.findByText('loading: false');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Thresholds' }));
    expect(screen.getByText('low balance: 250')).toBeInTheDocument();
    await advance(999);
    expect(prefs.patches()).toEqual([]);
    await advance(1);
    expect(prefs.patches()).toEqual([
      { alert_thresholds: { spending: 50, low_balance: 250, large_transaction: 1000 } },
    ]);
  });

  it('reverts to the stored values with the spec toast when a save fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const prefs = servePreferences({ default_currency: 'GBP' });
    prefs.failWrites(true);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInApp(<Probe />);
    await screen.findByText('currency: GBP');
    await user.click(screen.getByRole('button', { name: 'Euro' }));
    expect(screen.getByText('currency: EUR')).toBeInTheDocument();
    await advance(500);
    expect(await screen.findByText('Failed to save preference')).toBeInTheDocument();
    expect(screen.getByText('Your changes may not have been saved. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('currency: GBP')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'GBP' });
    // Reloaded from the server: a second GET.
    expect(server.calls('/api/v1/user/preferences', 'GET')).toHaveLength(2);
  });

  it('reverts after a network failure too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    servePreferences({ show_balances: true });
    server.on('PATCH', '/api/v1/user/preferences', () => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInApp(<Probe />);
    await screen.findByText('loading: false');
    await user.click(screen.getByRole('button', { name: 'Hide balances' }));
    await advance(500);
    expect(await screen.findByText('Failed to save preference')).toBeInTheDocument();
    expect(await screen.findByText('balances: true')).toBeInTheDocument();
  });
});

describe('PreferencesProvider: theme', () => {
  it('applies the theme at once and saves it straight away with PUT {key, value}', async () => {
    setViewport(1440, { prefersDark: false });
    const prefs = servePreferences({ theme: 'light' });
    const user = userEvent.setup();
    renderInApp(<Probe />);
    await screen.findByText('theme: light');
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() => expect(prefs.puts()).toEqual([{ key: 'theme', value: 'dark' }]));
    expect(prefs.stored().theme).toBe('dark');
  });

  it("says 'Failed to save theme preference' when the server refuses, keeping the theme on screen", async () => {
    setViewport(1440, { prefersDark: false });
    const prefs = servePreferences({ theme: 'light' });
    prefs.failWrites(true);
    const user = userEvent.setup();
    renderInApp(<Probe />);
    await screen.findByText('theme: light');
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(await screen.findByText('Failed to save theme preference')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });
});

describe('usePreferences', () => {
  it('throws outside PreferencesProvider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Probe />)).toThrow('usePreferences must be used within PreferencesProvider');
    } finally {
      spy.mockRestore();
    }
  });
});
