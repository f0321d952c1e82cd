import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';

describe('terms and privacy', () => {
  beforeEach(() => {
    setViewport(1440);
  });

  it('a visitor reads the privacy policy without signing in, with the footer links', async () => {
    server.signOut();
    const { router } = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(router.state.location.pathname).toBe('/privacy');
    // The compiled Markdown, not a placeholder.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'What leaves the server' }),
    ).toBeInTheDocument();
    expect(document.body.textContent).toMatch(/encrypted at rest with AES-256-GCM/);
    const footer = screen.getByRole('navigation', { name: 'Site' });
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    // A link inside the article stays in the app.
    const article = screen.getByRole('article');
    await userEvent.click(within(article).getAllByRole('link', { name: 'Terms of Service' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('a signed-in user reads the terms inside the app', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(await screen.findByRole('heading', { level: 2, name: 'No warranty' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
  });

  it('sign-up links to both next to the acceptance checkbox', async () => {
    server.signOut();
    renderApp('/sign-up');
    await screen.findByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Policy/ });
    expect(screen.getByRole('link', { name: 'Terms of Service (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
