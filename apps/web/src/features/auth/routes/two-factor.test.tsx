import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authError, json, server, TEST_USER } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';

const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';
const VERIFY_BACKUP = '/api/auth/two-factor/verify-backup-code';

async function openTwoFactor(path = '/two-factor?redirect=%2Fassets') {
  const user = userEvent.setup();
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  return { user, ...result };
}

describe('two-factor page', () => {
  beforeEach(() => {
    setViewport(375);
    server.signOut();
  });

  it('keeps only digits, at most six, and enables Verify at exactly six', async () => {
    const { user } = await openTwoFactor();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(code, '12a3 4');
    expect(code).toHaveValue('1234');
    expect(verify).toBeDisabled();
    await user.type(code, '5678');
    expect(code).toHaveValue('123456');
    expect(verify).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' })).not.toBeChecked();
  });

  it('clears a wrong code and says so', async () => {
    server.on('POST', VERIFY_TOTP, () => authError(401, 'INVALID_CODE', 'Invalid code'));
    const { user } = await openTwoFactor();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('Authentication code');
    // Under the field, not only in the toast, and still there while the next code is typed.
    await waitFor(() => expect(field).toHaveAccessibleDescription('Invalid verification code'));
    expect(field).toHaveValue('');
    await user.type(field, '12');
    expect(field).toHaveAccessibleDescription('Invalid verification code');
  });

  it('signs in with the code, trusting the device when asked, and opens the target', async () => {
    server.on('POST', VERIFY_TOTP, () => {
      server.signIn();
      return json(200, { token: 'session-token', user: { id: TEST_USER.id } });
    });
    const { user, router } = await openTwoFactor();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets'));
    expect(server.calls(VERIFY_TOTP)[0]?.body).toEqual({ code: '654321', trustDevice: true });
  });

  it('accepts a recovery code instead', async () => {
    server.on('POST', VERIFY_BACKUP, () => authError(401, 'INVALID_BACKUP_CODE', 'Invalid backup code'));
    const { user } = await openTwoFactor();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.type(recovery, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(recovery).toHaveAccessibleDescription('Invalid verification code'));
    expect(server.calls(VERIFY_BACKUP)[0]?.body).toEqual({ code: 'abcde-fghij', trustDevice: false });
    expect(recovery).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('sends the user back to sign in when the pending sign-in has expired', async () => {
    server.on('POST', VERIFY_TOTP, () =>
      authError(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'),
    );
    const { user } = await openTwoFactor();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your sign-in has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/sign-in?redirect=%2Fassets',
    );
  });
});
