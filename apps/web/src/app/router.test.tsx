import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelopeError, server, TEST_USER } from '@/test/fake-server';
import { endSession } from '@/lib/session';
import { renderApp, setViewport } from '@/test/render-app';
import { createQueryClient } from './providers';
import { routes } from './router';
import { serveDashboard } from '@/features/dashboard/test-harness';

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
];

/** The authentication pages, seen by a visitor. */
const AUTH_PAGES: [path: string, heading: string][] = [
  ['/sign-in', 'Sign in'],
  ['/sign-up', 'Create your account'],
  ['/forgot-password', 'Reset your password'],
  ['/reset-password?token=abc123', 'Choose a new password'],
  ['/reset-password', 'This reset link did not work'],
  ['/reset-password?error=INVALID_TOKEN', 'This reset link did not work'],
  ['/verify-email', 'Your email is verified'],
  ['/verify-email?error=invalid_token', 'This verification link did not work'],
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
    // The first visit loads the page's code (and checks the session) while other files run: the waits
    // are setup.ts's 15 s, which a busy machine needs.
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it.each(AUTH_PAGES)('%s shows a visitor the page headed "%s", with one h1', async (path, heading) => {
    setViewport(1440);
    server.signOut();
    renderApp(path);
    // The first visit loads the page's code (and checks the session) while other files run: the waits
    // are setup.ts's 15 s, which a busy machine needs.
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the matching skeleton while a page loads, announced as loading', async () => {
    setViewport(1440);
    serveDashboard();
    renderApp('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
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
    server.signOut();
    renderApp('/reset-password/some-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('homepage', () => {
  it('offers a visitor sign in and account creation', async () => {
    setViewport(375);
    server.signOut();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lodestar' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(within(main).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/sign-up');
    expect(within(main).queryByRole('link', { name: 'Open dashboard' })).not.toBeInTheDocument();
    expect(main).toHaveTextContent(/self-hosted/i);
  });

  it('offers a signed-in user the dashboard', async () => {
    setViewport(375);
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Open dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(main).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('session guards', () => {
  it('sends a visitor from an app page to sign in, keeping the page as the redirect target', async () => {
    setViewport(1440);
    server.signOut();
    const { router } = renderApp('/expenses?period=3m');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/expenses?period=3m')}`);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a person who signed out here to sign in with no redirect target, before any navigation', async () => {
    // Signing out navigates to /sign-in; on a loaded machine the page left behind can render with the
    // emptied session first (here: a revalidation re-renders it). It must not make itself the target of
    // the next sign-in.
    setViewport(1440);
    serveDashboard();
    const client = createQueryClient();
    const { router } = renderApp('/dashboard', routes, client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    act(() => endSession(client));
    await act(() => router.revalidate());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('');
  });

  it('shows the page skeleton while the session is being checked', async () => {
    setViewport(1440);
    let answer: (response: Response) => void = () => undefined;
    server.on('GET', '/api/v1/user', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/dashboard');
    await waitFor(() => expect(server.calls('/api/v1/user')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ success: true, data: TEST_USER }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('says when the server cannot be reached instead of signing the user out, and retries', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user', () =>
      envelopeError(500, 'INTERNAL_ERROR', 'An unexpected error occurred'),
    );
    const { router } = renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'Cannot reach the server' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    server.reset();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(['/sign-in', '/sign-up', '/forgot-password', '/two-factor'])(
    'sends a signed-in user from %s to the dashboard',
    async (path) => {
      setViewport(1440);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('sends a signed-in user from sign-in to an allowed redirect target, never elsewhere', async () => {
    setViewport(1440);
    const first = renderApp('/sign-in?redirect=%2Fsettings%2Fprofile');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/settings/profile'));
    first.unmount();
    const second = renderApp('/sign-in?redirect=%2F%2Fevil.example%2Fdashboard');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/verify-email', '/reset-password?token=abc', '/auth-code-error'])(
    'lets a signed-in user open %s',
    async (path) => {
      setViewport(1440);
      const { router } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe(path.split('?')[0]);
    },
  );
});
