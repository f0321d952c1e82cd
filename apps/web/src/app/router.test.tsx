import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';

/** Every route of spec §2 and the h1 it shows. */
const PAGES: [path: string, heading: string][] = [
  ['/', 'Lodestar'],
  ['/dashboard', 'Dashboard'],
  ['/accounts', 'Accounts'],
  ['/wallets', 'Wallets'],
  ['/banks', 'Banks'],
  ['/cexes', 'CEXes'],
  ['/activity', 'Activity'],
  ['/expenses', 'Expenses'],
  ['/insights', 'Insights'],
  ['/assets', 'Assets'],
  ['/real-estate', 'Real Estate'],
  ['/blog', 'Blog'],
  ['/tools', 'Tools'],
  ['/help', 'Help'],
  ['/settings', 'Settings'],
  ['/settings/profile', 'Settings'],
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Create your account'],
  ['/forgot-password', 'Reset your password'],
  ['/reset-password', 'Choose a new password'],
  ['/verify-email', 'Verify your email'],
  ['/two-factor', 'Two-factor authentication'],
  ['/auth-code-error', 'This link did not work'],
];

const SETTINGS_SECTIONS: [id: string, title: string][] = [
  ['profile', 'Profile'],
  ['financial', 'Financial'],
  ['notifications', 'Notifications'],
  ['privacy', 'Privacy & Security'],
  ['display', 'Display'],
  ['accessibility', 'Accessibility'],
  ['developer', 'Developer'],
  ['danger', 'Danger Zone'],
];

describe('routes', () => {
  it.each(PAGES)('%s shows the page headed "%s", with one h1', async (path, heading) => {
    setViewport(1440);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the matching skeleton while a page loads, announced as loading', async () => {
    setViewport(1440);
    renderApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names the browser tab after the page', async () => {
    setViewport(1440);
    renderApp('/real-estate');
    await screen.findByRole('heading', { level: 1, name: 'Real Estate' });
    await waitFor(() => expect(document.title).toBe('Real Estate · Lodestar'));
  });

  it('shows the 404 page for an unknown path, with links to the dashboard and home', async () => {
    setViewport(1440);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 page for an unknown settings section', async () => {
    setViewport(1440);
    renderApp('/settings/nonsense');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Settings' })).not.toBeInTheDocument();
  });

  it.each(SETTINGS_SECTIONS)('addresses the %s settings section by URL', async (id, title) => {
    setViewport(1440);
    renderApp(`/settings/${id}`);
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the Profile section at /settings', async () => {
    setViewport(1440);
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });

  it('matches authentication paths by prefix, in the auth layout without the app navigation', async () => {
    setViewport(1440);
    renderApp('/reset-password/some-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('homepage', () => {
  it('links to sign in, account creation and the dashboard', async () => {
    setViewport(375);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lodestar' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(within(main).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/sign-up');
    expect(within(main).getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(main).toHaveTextContent(/self-hosted/i);
  });
});

describe('authentication pages', () => {
  it('say plainly that accounts are not available yet, with no form that pretends to work', async () => {
    setViewport(375);
    renderApp('/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(screen.getByText(/accounts cannot be created or used on this server yet/i)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(document.querySelector('input, form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });
});
