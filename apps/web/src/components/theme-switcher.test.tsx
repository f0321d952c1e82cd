import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { servePreferences } from '@/lib/preferences-test-harness';
import { renderApp, setViewport } from '@/test/render-app';

describe('theme switcher in the header', () => {
  it('switches to dark at once and remembers it, keeping the other cached preferences', async () => {
    setViewport(1440, { prefersDark: false });
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'GBP', font_size: 'large' }));
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Theme: System' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(JSON.parse(localStorage.getItem('user-preferences') ?? '{}')).toEqual({
      default_currency: 'GBP',
      font_size: 'large',
      theme: 'dark',
    });
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('goes back to following the system with "System"', async () => {
    setViewport(1440, { prefersDark: true });
    localStorage.setItem('user-preferences', JSON.stringify({ theme: 'light' }));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Theme: Light' }));
    const system = await screen.findByRole('menuitemradio', { name: 'System' });
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    await user.click(system);
    expect(document.documentElement).toHaveClass('dark');
    expect(JSON.parse(localStorage.getItem('user-preferences') ?? '{}')).toEqual({ theme: 'system' });
  });

  it('follows a change made in another tab', async () => {
    setViewport(1440);
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Theme: System' });
    localStorage.setItem('user-preferences', JSON.stringify({ theme: 'dark' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user-preferences' }));
    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it("saves the choice to the signed-in user's account", async () => {
    setViewport(1440, { prefersDark: false });
    const prefs = servePreferences({ theme: 'dark' });
    const user = userEvent.setup();
    renderApp('/dashboard');
    // The account's saved theme replaces this browser's once preferences load.
    await user.click(await screen.findByRole('button', { name: 'Theme: Dark' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await waitFor(() => expect(prefs.puts()).toEqual([{ key: 'theme', value: 'light' }]));
    expect(prefs.stored().theme).toBe('light');
  });
});
