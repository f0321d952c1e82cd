import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { confirmsDeletion, DangerZone } from './danger-zone';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Danger zone', () => {
  it('signs out of all sessions and goes to /sign-in', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/sessions/revoke-all', () => ok({ revoked: 3 }));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Sign Out All Sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of all sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out All Sessions' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it("says 'Failed to sign out' and stays", async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/sessions/revoke-all', () => fail(500, 'Database unavailable'));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Sign Out All Sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out All Sessions' }));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('says honestly that export and disconnect are not available yet', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Export Data' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Data export is not available yet' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Disconnect All' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnecting accounts is not available yet' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('deletes the account after typing DELETE, then goes home after 2 seconds', async () => {
    const user = userEvent.setup();
    server.on('DELETE', '/api/v1/user/delete', () => ok({ deleted: true }));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE or your email to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type DELETE or your email to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE or your email to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(confirm);
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(screen.getByText('You will be redirected to the homepage')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/delete', 'DELETE')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(router.state.location.pathname).toBe('/settings');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'Failed to delete account' whatever the server said", async () => {
    const user = userEvent.setup();
    server.on('DELETE', '/api/v1/user/delete', () => fail(500, 'Internal details'));
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(
      within(dialog).getByLabelText('Type DELETE or your email to confirm'),
      'ADA@example.com{Enter}',
    );
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.queryByText('Internal details')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('accepts DELETE or the email as confirmation', () => {
    expect(confirmsDeletion('DELETE', 'ada@example.com')).toBe(true);
    expect(confirmsDeletion(' Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(confirmsDeletion('delete', 'ada@example.com')).toBe(false);
    expect(confirmsDeletion('', '')).toBe(false);
  });
});
