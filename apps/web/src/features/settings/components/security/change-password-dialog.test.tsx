import { MESSAGES, PASSWORD_MESSAGES, passwordMinLengthMessage } from '@lodestar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authError, json, server, TEST_USER as USER } from '@/test/fake-server';
import { ok, renderWithProviders } from '../../test-harness';
import { SecurityBlock } from './security-block';

const CURRENT = 'Old-password-2024!';
const NEW = 'New-Password-2026!';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The server side of a password change; better-auth answers its own JSON (no envelope). */
function serve(changePassword: () => Response = () => json(200, { token: null, user: USER })) {
  server
    .on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [] }))
    .on('POST', '/api/v1/user/verify-password', ({ body }) =>
      ok({ valid: (body as { password: string }).password === CURRENT }),
    )
    .on('POST', '/api/auth/change-password', changePassword);
}

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<SecurityBlock user={USER} />);
  // Named by all it shows (label in name).
  const card = await screen.findByRole('button', { name: 'Change Password Update your password' });
  await user.click(card);
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  return {
    user,
    dialog,
    current: within(dialog).getByLabelText('Current password'),
    next: within(dialog).getByLabelText('New password'),
    confirm: within(dialog).getByLabelText('Confirm new password'),
    submit: within(dialog).getByRole('button', { name: 'Change Password' }),
  };
}

describe('Change Password dialog', () => {
  it('shows the domain validation messages on the fields, announced and marked invalid', async () => {
    serve();
    const { user, current, next, confirm, submit } = await openDialog();

    await user.click(submit);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(MESSAGES.currentPasswordRequired);
    expect(next).toHaveAccessibleDescription(passwordMinLengthMessage());
    expect(confirm).toHaveAccessibleDescription(MESSAGES.confirmPassword);
    expect(current).toHaveFocus();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(current, CURRENT);
    await user.type(next, 'lowercase-only-123');
    await user.type(confirm, 'something else');
    await user.click(submit);
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(next).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.uppercase));
    // The strength meter is shown under the new password.
    expect(screen.getByRole('meter', { name: 'Password strength' })).toBeInTheDocument();

    await user.clear(next);
    await user.type(next, NEW);
    await user.click(submit);
    expect(next).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(MESSAGES.passwordsDontMatch);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("says 'Current password is incorrect' when verify-password refuses it", async () => {
    serve();
    const { user, current, next, confirm, submit } = await openDialog();
    await user.type(current, 'not-my-password');
    await user.type(next, NEW);
    await user.type(confirm, NEW);
    await user.click(submit);
    await waitFor(() => expect(current).toHaveAccessibleDescription(MESSAGES.currentPasswordIncorrect));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('/api/v1/user/verify-password', 'POST')[0]?.body).toEqual({
      password: 'not-my-password',
    });
    expect(server.calls('/api/auth/change-password', 'POST')).toHaveLength(0);
  });

  it('changes the password, signing out other sessions, then resets and closes', async () => {
    serve();
    const { user, current, next, confirm } = await openDialog();
    await user.type(current, CURRENT);
    await user.type(next, NEW);
    await user.type(confirm, `${NEW}{Enter}`);
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(server.calls('/api/auth/change-password', 'POST')[0]?.body).toEqual({
      currentPassword: CURRENT,
      newPassword: NEW,
      revokeOtherSessions: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opening again starts empty.
    await user.click(screen.getByRole('button', { name: /^Change Password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the breach message when the new password is compromised', async () => {
    serve(() => authError(400, 'PASSWORD_COMPROMISED', 'Password found in a data breach'));
    const { user, current, next, confirm, submit } = await openDialog();
    await user.type(current, CURRENT);
    await user.type(next, NEW);
    await user.type(confirm, NEW);
    await user.click(submit);
    const breach =
      'This password has appeared in a data breach. Please choose a different, stronger password.';
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining(breach)));
    expect(next).toHaveAttribute('aria-invalid', 'true');
    // …and as a toast (shown for 6 s).
    expect(screen.getAllByText(breach)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it("says 'Failed to change password' with the server's message otherwise", async () => {
    serve(() => authError(500, 'INTERNAL_SERVER_ERROR', 'Something broke'));
    const { user, current, next, confirm, submit } = await openDialog();
    await user.type(current, CURRENT);
    await user.type(next, NEW);
    await user.type(confirm, NEW);
    await user.click(submit);
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
  });
});
