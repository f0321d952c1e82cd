import { MESSAGES, PASSWORD_FEEDBACK, passwordMinLengthMessage } from '@lodestar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authError, json, server, TEST_USER } from '@/test/fake-server';
import { NO_EMAIL } from '@/lib/server-config';
import { renderApp, setViewport } from '@/test/render-app';

const SIGN_UP = '/api/auth/sign-up/email';
const STRONG = 'Correct-Horse-42-Battery';

type Form = { name?: string; email?: string; password?: string; terms?: boolean };

async function openSignUp(path = '/sign-up') {
  const user = userEvent.setup();
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  async function submit({ name, email, password, terms }: Form) {
    if (name) await user.type(screen.getByLabelText('Full name'), name);
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    if (terms) await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }
  return { user, submit, ...result };
}

describe('sign-up page', () => {
  beforeEach(() => {
    setViewport(1440);
    server.signOut();
  });

  it('mentions the Terms of Service and Privacy Policy on the unchecked terms box', async () => {
    await openSignUp();
    const terms = screen.getByRole('checkbox', { name: /Terms of Service.*Privacy Policy/ });
    expect(terms).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('checks the name first', async () => {
    const { submit } = await openSignUp();
    await submit({ name: 'A', email: 'ada@example.com', password: STRONG, terms: true });
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(MESSAGES.nameTooShort);
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(server.calls(SIGN_UP)).toHaveLength(0);
  });

  it('asks for email and password together', async () => {
    const { submit } = await openSignUp();
    await submit({ name: 'Ada Lovelace', password: STRONG, terms: true });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.enterEmailAndPassword);
    expect(await screen.findAllByText(MESSAGES.enterEmailAndPassword)).toHaveLength(2);
  });

  it('rejects a short or weak password with the validator message', async () => {
    const { user, submit } = await openSignUp();
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'short', terms: true });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining(passwordMinLengthMessage(12)));
    await user.clear(password);
    await user.type(password, 'alllowercaseletters');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_FEEDBACK.mixedCase));
    expect(server.calls(SIGN_UP)).toHaveLength(0);
  });

  it('shows the strength meter with the feedback as the password is typed', async () => {
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('Password'), 'abcdefghijkl');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Weak',
    );
    expect(screen.getByText(PASSWORD_FEEDBACK.number)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), STRONG);
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Strong',
    );
  });

  it('requires the terms', async () => {
    const { submit } = await openSignUp();
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG });
    const terms = screen.getByRole('checkbox', { name: /Terms of Service/ });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription(MESSAGES.acceptTerms);
    expect(await screen.findAllByText(MESSAGES.acceptTerms)).toHaveLength(2);
    expect(server.calls(SIGN_UP)).toHaveLength(0);
  });

  it('warns for a breached password with the spec message', async () => {
    server.on('POST', SIGN_UP, () =>
      authError(
        400,
        'PASSWORD_COMPROMISED',
        'This password has appeared in a data breach. Please choose a different, stronger password.',
      ),
    );
    const { submit } = await openSignUp();
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG, terms: true });
    expect(
      await screen.findAllByText(
        'This password has appeared in a data breach. Please choose a different, stronger password.',
      ),
    ).toHaveLength(2);
  });

  it('shows the server validation message under "Failed to create account"', async () => {
    server.on('POST', SIGN_UP, () =>
      authError(422, 'USER_ALREADY_EXISTS', 'User already exists. Use another email.'),
    );
    const { submit } = await openSignUp();
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG, terms: true });
    expect(await screen.findByText('Failed to create account')).toBeInTheDocument();
    expect(screen.getByText('User already exists. Use another email.')).toBeInTheDocument();
  });

  it('on a server without email: signs in, says no email was sent and where the link is', async () => {
    server.on('POST', SIGN_UP, () => {
      server.signIn({ ...TEST_USER, emailVerified: false });
      return json(200, { token: 'session-token', user: { id: TEST_USER.id, email: TEST_USER.email } });
    });
    const { submit, router } = await openSignUp();
    await submit({ name: ' Ada Lovelace ', email: 'Ada@Example.com', password: STRONG, terms: true });
    expect(await screen.findByText('Welcome! Redirecting to your dashboard...')).toBeInTheDocument();
    expect(screen.getByText(NO_EMAIL.signedUp)).toBeInTheDocument();
    expect(screen.queryByText(/We sent a verification email/)).not.toBeInTheDocument();
    expect(server.calls(SIGN_UP)[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: STRONG,
      termsAccepted: true,
      callbackURL: '/verify-email',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('on a server with email: says "check your email", signs nobody in and stays', async () => {
    // The answer for a new address and for a registered one is the same: no session (ADR 013).
    server.on('POST', SIGN_UP, () =>
      json(200, { token: null, user: { id: 'made-up', email: 'ada@example.com' } }),
    );
    const { submit, router } = await openSignUp();
    await submit({ name: 'Ada Lovelace', email: 'ada@example.com', password: STRONG, terms: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText(/If that address already has an account, the message says so/),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByText('Welcome! Redirecting to your dashboard...')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up');
  });
});
