import { MESSAGES } from '@lodestar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authError, envelopeError, json, server, TEST_USER } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';

const SIGN_IN = '/api/auth/sign-in/email';

async function openSignIn(path = '/sign-in') {
  const user = userEvent.setup();
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return { user, ...result };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  beforeEach(() => {
    setViewport(375);
    server.signOut();
  });

  it('has labelled fields, a reset link and a link to sign up', async () => {
    await openSignIn();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
    await waitFor(() => expect(document.title).toBe('Sign in · Lodestar'));
  });

  it('hides the passkey button where the browser has no WebAuthn', async () => {
    await openSignIn();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('offers a passkey where WebAuthn exists, and says so when it fails', async () => {
    const withWebAuthn = window as { PublicKeyCredential?: unknown };
    withWebAuthn.PublicKeyCredential = class {};
    try {
      server.on('GET', '/api/auth/passkey/generate-authenticate-options', () =>
        authError(400, 'AUTHENTICATION_FAILED', 'Authentication failed'),
      );
      const { user } = await openSignIn();
      await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      expect(await screen.findByText('Could not sign in with a passkey')).toBeInTheDocument();
      expect(server.calls('/api/auth/passkey/generate-authenticate-options')).toHaveLength(1);
    } finally {
      delete withWebAuthn.PublicKeyCredential;
    }
  });

  it('asks for both fields when one is missing, under the field and in a toast, without calling the server', async () => {
    const { user } = await openSignIn();
    await fillIn(user, 'ada@example.com', '');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(MESSAGES.enterEmailAndPassword);
    expect(password).toHaveFocus();
    expect(screen.getAllByText(MESSAGES.enterEmailAndPassword).length).toBeGreaterThanOrEqual(2);
    expect(server.calls(SIGN_IN)).toHaveLength(0);
  });

  it('marks the email when both are empty', async () => {
    const { user } = await openSignIn();
    await fillIn(user, '', '');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.enterEmailAndPassword);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the email validator's message for a malformed address", async () => {
    const { user } = await openSignIn();
    await fillIn(user, 'not-an-email', 'whatever-password');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(server.calls(SIGN_IN)).toHaveLength(0);
  });

  it('sends the trimmed, lower-cased email and says so plainly when the credentials are wrong', async () => {
    server.on('POST', SIGN_IN, () =>
      authError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    );
    const { user } = await openSignIn();
    await fillIn(user, '  Ada@Example.com ', 'wrong password 1');
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
    expect(server.calls(SIGN_IN)[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong password 1',
      rememberMe: true,
    });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says when to try again after too many attempts', async () => {
    server.on('POST', SIGN_IN, () =>
      envelopeError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.', {
        reset: Date.now() + 5 * 60_000 - 500,
        limit: 10,
      }),
    );
    const { user } = await openSignIn();
    await fillIn(user, 'ada@example.com', 'some password');
    expect(await screen.findByText('Too many attempts. Please try again in 5 minutes.')).toBeInTheDocument();
  });

  it('reports a server failure as unexpected', async () => {
    server.on('POST', SIGN_IN, () => envelopeError(500, 'INTERNAL_ERROR', 'An unexpected error occurred'));
    const { user } = await openSignIn();
    await fillIn(user, 'ada@example.com', 'some password');
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('blocks a second submit while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('POST', SIGN_IN, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await openSignIn();
    await fillIn(user, 'ada@example.com', 'some password');
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(server.calls(SIGN_IN)).toHaveLength(1);
    answer(authError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'));
    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
  });

  it('welcomes the user and opens the allowed redirect target', async () => {
    server.on('POST', SIGN_IN, () => {
      server.signIn();
      return json(200, {
        redirect: false,
        token: 'session-token',
        user: { id: TEST_USER.id, email: TEST_USER.email },
      });
    });
    const { user, router } = await openSignIn('/sign-in?redirect=%2Fexpenses');
    await fillIn(user, 'ada@example.com', 'correct horse battery');
    expect(await screen.findByText('Welcome back! Redirecting to your dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Expenses' })).toBeInTheDocument();
  });

  it('ignores a redirect target that is not allowed', async () => {
    server.on('POST', SIGN_IN, () => {
      server.signIn();
      return json(200, { redirect: false, token: 'session-token', user: { id: TEST_USER.id } });
    });
    const { user, router } = await openSignIn('/sign-in?redirect=https%3A%2F%2Fevil.example');
    await fillIn(user, 'ada@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes to the second step, keeping the target, when two-factor authentication is on', async () => {
    server.on('POST', SIGN_IN, () => json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }));
    const { user, router } = await openSignIn('/sign-in?redirect=%2Finsights');
    await fillIn(user, 'ada@example.com', 'correct horse battery');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-factor');
    expect(router.state.location.search).toBe('?redirect=%2Finsights');
  });
});
