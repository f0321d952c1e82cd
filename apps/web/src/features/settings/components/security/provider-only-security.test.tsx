import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePage } from '@/lib/leave-page';
import { json, server, TEST_USER as USER } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { SecurityBlock } from './security-block';

/** An account that signs in only through a provider (ADR 049): Set a Password, and 2FA off by a recent sign-in. */

const IDENTITY = {
  id: 'account-1',
  provider: 'oidc',
  providerLabel: 'Pocket ID',
  email: 'ada@example.org',
  createdAt: '2026-02-01T00:00:00.000Z',
};
const VERIFIED_FACTOR = {
  id: 'factor-1',
  type: 'totp',
  status: 'verified',
  friendlyName: 'Authenticator app',
  createdAt: '2026-02-01T00:00:00.000Z',
};

function signInMethods(overrides: { hasPassword?: boolean; signedInRecently?: boolean } = {}) {
  server.on('GET', '/api/v1/user/identities', () =>
    ok({ identities: [IDENTITY], hasPassword: false, signedInRecently: true, ...overrides }),
  );
  server.on('GET', '/api/v1/config', () =>
    ok({
      emailConfigured: true,
      signInProviders: [{ id: 'oidc', label: 'Pocket ID' }],
      passwordSignUp: true,
      allowedEmailDomains: [],
    }),
  );
}

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.spyOn(leavePage, 'to').mockImplementation(assign);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Security block of an account without a password', () => {
  it('offers Set a Password instead of Change Password, and sets one', async () => {
    signInMethods();
    server.on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [] }));
    server.on('POST', '/api/v1/user/set-password', () => ok({ hasPassword: true }));
    const user = userEvent.setup();
    renderWithProviders(<SecurityBlock user={USER} />);

    const card = await screen.findByRole('button', { name: 'Set a Password Also sign in with your email' });
    expect(screen.queryByRole('button', { name: /^Change Password/ })).not.toBeInTheDocument();
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Set a Password' });
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();

    // The new-password rules apply, and nothing is sent while they fail.
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await within(dialog).findByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/set-password')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Correct-Horse-Battery-9');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'Correct-Horse-Battery-9');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Password set: you can now also sign in with your email address'),
    ).toBeInTheDocument();
    expect(server.calls('/api/v1/user/set-password')[0]?.body).toEqual({
      newPassword: 'Correct-Horse-Battery-9',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks to sign in again through the provider when the sign-in is not recent', async () => {
    signInMethods({ signedInRecently: false });
    server.on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [] }));
    server.on('POST', '/api/auth/sign-in/social', () =>
      json(200, { url: 'https://id.example.org/authorize?state=s', redirect: true }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SecurityBlock user={USER} />);
    await user.click(await screen.findByRole('button', { name: /^Set a Password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a Password' });
    expect(within(dialog).queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in again with Pocket ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.org/authorize?state=s'));
    expect(server.calls('/api/auth/sign-in/social')[0]?.body).toMatchObject({
      provider: 'oidc',
      callbackURL: '/settings/profile',
    });
    expect(server.calls('/api/auth/sign-in/social')[0]?.body).not.toHaveProperty('requestSignUp');
  });

  it('turns two-factor authentication off without a password after a recent sign-in', async () => {
    signInMethods();
    server.on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [VERIFIED_FACTOR] }));
    server.on('POST', '/api/v1/user/mfa/unenroll', () => ok({ factorId: 'factor-1' }));
    const user = userEvent.setup();
    renderWithProviders(<SecurityBlock user={{ ...USER, twoFactorEnabled: true }} />);
    await user.click(await screen.findByRole('button', { name: /Click to disable 2FA/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    const disable = await within(dialog).findByRole('button', { name: 'Disable 2FA' });
    await waitFor(() => expect(disable).toBeEnabled());
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(disable);
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/verify-password')).toHaveLength(0);
    expect(server.calls('/api/v1/user/mfa/unenroll')[0]?.body).toEqual({ factorId: 'factor-1' });
  });

  it('offers to sign in again when the server finds the sign-in too old', async () => {
    signInMethods();
    server.on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [VERIFIED_FACTOR] }));
    server.on('POST', '/api/v1/user/mfa/unenroll', () =>
      fail(403, 'Please verify it is you first', 'FORBIDDEN'),
    );
    const user = userEvent.setup();
    renderWithProviders(<SecurityBlock user={{ ...USER, twoFactorEnabled: true }} />);
    await user.click(await screen.findByRole('button', { name: /Click to disable 2FA/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    const disable = await within(dialog).findByRole('button', { name: 'Disable 2FA' });
    await waitFor(() => expect(disable).toBeEnabled());
    await user.click(disable);
    expect(
      await within(dialog).findByRole('button', { name: 'Sign in again with Pocket ID' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Disable 2FA' })).not.toBeInTheDocument();
  });

  it('keeps Change Password for an account with a password', async () => {
    signInMethods({ hasPassword: true });
    server.on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [] }));
    renderWithProviders(<SecurityBlock user={USER} />);
    await waitFor(() => expect(server.calls('/api/v1/user/identities')).toHaveLength(1));
    expect(
      await screen.findByRole('button', { name: 'Change Password Update your password' }),
    ).toBeInTheDocument();
  });
});
