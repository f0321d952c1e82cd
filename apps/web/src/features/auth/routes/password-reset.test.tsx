import { MESSAGES, PASSWORD_MESSAGES } from '@lodestar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authError, json, server, TEST_USER } from '@/test/fake-server';
import { NO_EMAIL } from '@/lib/server-config';
import { renderApp, setViewport } from '@/test/render-app';

const STRONG = 'Correct-Horse-42-Battery';

describe('forgot-password page', () => {
  beforeEach(() => {
    setViewport(375);
    server.signOut();
  });

  it('checks the email, sends the request and confirms in the card', async () => {
    server.on('POST', '/api/auth/request-password-reset', () => json(200, { status: true }));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailRequired);
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset link sent! Check your email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(server.calls('/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
  });

  it('on a server without email, says the link is in the server log instead of "check your email"', async () => {
    server.on('GET', '/api/v1/config', () => json(200, { success: true, data: { emailConfigured: false } }));
    server.on('POST', '/api/auth/request-password-reset', () => json(200, { status: true }));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(NO_EMAIL.resetLogged)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'The link is in the server log' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This server does not send email/)).toBeInTheDocument();
    expect(screen.queryByText('Password reset link sent! Check your email.')).not.toBeInTheDocument();
  });

  it('says when the request failed', async () => {
    server.on('POST', '/api/auth/request-password-reset', () => authError(500, 'INTERNAL', 'boom'));
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });
});

describe('reset-password page', () => {
  beforeEach(() => {
    setViewport(375);
    server.signOut();
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    renderApp('/reset-password?error=INVALID_TOKEN');
    await screen.findByRole('heading', { level: 1, name: 'This reset link did not work' });
    expect(screen.getByText(/expire after 1 hour/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the new password and its confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok123');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'Short1!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 12 characters'),
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'nouppercase-42-chars');
    await user.type(screen.getByLabelText('Confirm new password'), 'nouppercase-42-chars');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_MESSAGES.uppercase),
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      MESSAGES.passwordsDontMatch,
    );
  });

  it('sets the password and sends the user to sign in', async () => {
    server.on('POST', '/api/auth/reset-password', () => json(200, { status: true }));
    const user = userEvent.setup();
    const { router } = renderApp('/reset-password?token=tok123');
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(server.calls('/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: STRONG,
      token: 'tok123',
    });
  });

  it('shows the invalid-link state when the server refuses the token', async () => {
    server.on('POST', '/api/auth/reset-password', () => authError(400, 'INVALID_TOKEN', 'Invalid token'));
    const user = userEvent.setup();
    renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link did not work' }),
    ).toBeInTheDocument();
  });
});

describe('verify-email page', () => {
  beforeEach(() => setViewport(375));

  it('offers a signed-in user a new link when the old one failed', async () => {
    server.signIn({ ...TEST_USER, emailVerified: false });
    server.on('POST', '/api/auth/send-verification-email', () => json(200, { status: true }));
    const user = userEvent.setup();
    renderApp('/verify-email?error=token_expired');
    await screen.findByRole('heading', { level: 1, name: 'This verification link did not work' });
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(server.calls('/api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/verify-email',
    });
  });

  it('asks a visitor to sign in when the link failed', async () => {
    server.signOut();
    renderApp('/verify-email?error=invalid_token');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });
});
