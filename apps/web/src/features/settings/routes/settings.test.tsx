import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';

function cachedPreferences(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem('user-preferences') ?? '{}') as Record<string, unknown>;
}

describe('settings', () => {
  it('applies and remembers reduce motion, font size and high contrast from the accessibility section', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    renderApp('/settings/accessibility');
    await user.click(await screen.findByRole('switch', { name: 'Reduce Motion' }));
    expect(document.documentElement).toHaveClass('reduce-motion');
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(document.documentElement).toHaveAttribute('data-font-size', 'large');
    const highContrast = screen.getByRole('switch', { name: 'High Contrast' });
    await user.click(highContrast);
    expect(highContrast).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement).toHaveClass('high-contrast');
    expect(cachedPreferences()).toEqual({ reduce_motion: true, font_size: 'large', high_contrast: true });
    await user.click(highContrast);
    expect(document.documentElement).not.toHaveClass('high-contrast');
  });

  it('changes the theme from the display section, with the spec toast', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    renderApp('/settings/display');
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(cachedPreferences()).toEqual({ theme: 'dark' });
    expect(await screen.findByText('Theme preference saved')).toBeInTheDocument();
    expect(screen.getByText('Dark mode activated')).toBeInTheDocument();
    // The header's switcher reads the same store.
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('says honestly which sections arrive with a later release', async () => {
    setViewport(1440);
    renderApp('/settings/financial');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Arrives with a later release' }),
    ).toBeInTheDocument();
  });

  it('filters the sections by title, description or keyword', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    renderApp('/settings');
    const search = await screen.findByRole('searchbox', { name: 'Search settings' });
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    await user.type(search, '2fa');
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Privacy & Security']);
    await user.clear(search);
    await user.type(search, 'webhooks');
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Developer']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(sections).getByText('No settings match “zzz”.')).toBeInTheDocument();
  });
});
