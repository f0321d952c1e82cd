import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, server } from '@/test/fake-server';
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
    // The account's stored preferences: the theme is saved with PUT { key, value }.
    let stored: Record<string, unknown> = {};
    server
      .on('GET', '/api/v1/user/preferences', () => json(200, { success: true, data: stored }))
      .on('PUT', '/api/v1/user/preferences', ({ body }) => {
        const { key, value } = body as { key: string; value: unknown };
        stored = { ...stored, [key]: value };
        return json(200, { success: true, data: stored });
      });
    const user = userEvent.setup();
    renderApp('/settings/display');
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(cachedPreferences()).toMatchObject({ theme: 'dark' });
    expect(await screen.findByText('Theme preference saved')).toBeInTheDocument();
    expect(stored).toEqual({ theme: 'dark' });
    expect(screen.getByText('Dark mode activated')).toBeInTheDocument();
    // The header's switcher reads the same store.
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
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
        .map((link) => link.querySelector('[data-section-title]')?.textContent),
    ).toEqual(['Profile', 'Privacy & Security']);
    await user.clear(search);
    await user.type(search, 'webhooks');
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.querySelector('[data-section-title]')?.textContent),
    ).toEqual(['Developer']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(sections).getByText('No settings match “zzz”.')).toBeInTheDocument();
  });

  it('finds sections by the texts of their cards and rows, and points to them from another section', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    const { router } = renderApp('/settings/profile');
    const search = await screen.findByRole('searchbox', { name: 'Search settings' });
    await user.type(search, 'reduce motion');
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    const links = within(sections).getAllByRole('link');
    expect(links.map((link) => link.querySelector('[data-section-title]')?.textContent)).toEqual([
      'Accessibility',
    ]);
    // The list says what matched, marked.
    expect(
      within(links[0] as HTMLElement).getByText('Reduce Motion', { selector: 'mark' }),
    ).toBeInTheDocument();
    // Profile has nothing of it: the page says so and links to where it is, keeping the search.
    const status = screen.getByText(/Nothing in Profile matches “reduce motion”/).closest('[role="status"]');
    expect(status).not.toBeNull();
    const elsewhere = within(status as HTMLElement).getByRole('link', { name: 'Accessibility' });
    expect(elsewhere).toHaveAttribute('href', '/settings/accessibility?q=reduce+motion');
    // The search lives in the URL.
    expect(router.state.location.search).toBe('?q=reduce+motion');
    await user.click(elsewhere);
    expect(await screen.findByRole('heading', { level: 2, name: 'Accessibility' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search settings' })).toHaveValue('reduce motion');
    expect(screen.queryByText(/Nothing in .* matches/)).not.toBeInTheDocument();
  });

  it('opens with the search in the URL and marks the matches in the heading and the section', async () => {
    setViewport(1440);
    renderApp('/settings/display?q=theme');
    expect(await screen.findByRole('searchbox', { name: 'Search settings' })).toHaveValue('theme');
    const heading = screen.getByRole('heading', { level: 2, name: 'Display' });
    const section = heading.closest('section') as HTMLElement;
    // The description ('Theme, number and date formats, …') and the Theme row are marked.
    await waitFor(() =>
      expect(
        within(section)
          .getAllByText(/^theme$/i, { selector: 'mark' })
          .map((mark) => mark.textContent),
      ).toEqual(expect.arrayContaining(['Theme'])),
    );
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getByRole('link', { current: 'page' })).toHaveAttribute(
      'href',
      '/settings/display?q=theme',
    );
  });

  it('marks the section title in the list and the heading', async () => {
    setViewport(375);
    renderApp('/settings/danger?q=zone');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Danger Zone' });
    expect(within(heading).getByText('Zone', { selector: 'mark' })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    const danger = within(sections).getByRole('link', { current: 'page' });
    expect(within(danger).getByText('Zone', { selector: 'mark' })).toBeInTheDocument();
  });
});
