import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewportWidth } from '@/test/render-app';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './route-error';

describe('app shell', () => {
  it('lists the main navigation in spec order with the divider before Expenses', async () => {
    setViewportWidth(1440);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Accounts',
      'Wallets',
      'Banks',
      'CEXes',
      'Activity',
      'Expenses',
      'Insights',
      'Assets',
      'Real Estate',
    ]);
    const expenses = within(nav).getByRole('link', { name: 'Expenses' });
    expect(expenses.closest('li')?.firstElementChild?.getAttribute('data-orientation')).toBe('horizontal');
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Blog', 'Tools', 'Help', 'Settings']);
  });

  it('marks the current page in the navigation', async () => {
    setViewportWidth(1440);
    renderApp('/insights');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('on a phone, opens the navigation drawer and closes it after navigating', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/activity');
  });

  it('shows the 404 page for an unknown path', async () => {
    setViewportWidth(1440);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown settings section', async () => {
    setViewportWidth(1440);
    renderApp('/settings/nonsense');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('addresses a settings section by URL', async () => {
    setViewportWidth(1440);
    renderApp('/settings/display');
    expect(await screen.findByRole('heading', { level: 2, name: 'Display' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Display' })).toHaveAttribute('aria-current', 'page');
  });

  it('catches a failing page in a friendly error boundary, keeping the navigation', async () => {
    setViewportWidth(1440);
    const originalError = console.error;
    console.error = () => undefined;
    function Broken(): never {
      throw new Error('database password is wrong');
    }
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [{ errorElement: <RouteError />, children: [{ path: '/x', element: <Broken /> }] }],
        },
      ],
      { initialEntries: ['/x'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/password/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    console.error = originalError;
  });
});
