import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelopeError, server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';
import { initialsOf } from './user-menu';

describe('initialsOf', () => {
  it('takes the first and last names, or the email', () => {
    expect(initialsOf({ fullName: 'Ada King Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initialsOf({ fullName: 'émile', email: 'e@example.com' })).toBe('É');
    expect(initialsOf({ fullName: '  ', email: 'zoe@example.com' })).toBe('Z');
  });
});

describe('user menu', () => {
  it('shows who is signed in, links to settings and signs out', async () => {
    setViewport(375);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'AL, account menu' });
    // Its name begins with the initials it shows (label in name).
    expect(trigger).toHaveTextContent('AL');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(server.calls('/api/auth/sign-out', 'POST')).toHaveLength(1);
  });

  it('is reachable from the keyboard', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'AL, account menu' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('stays signed in and says so when signing out fails', async () => {
    setViewport(1440);
    server.on('POST', '/api/auth/sign-out', () =>
      envelopeError(500, 'INTERNAL_ERROR', 'An unexpected error occurred'),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'AL, account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
