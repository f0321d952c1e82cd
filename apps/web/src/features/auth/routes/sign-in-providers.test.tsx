import { MESSAGES } from '@lodestar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePage } from '@/lib/leave-page';
import { json, server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';

function withProviders(overrides: Record<string, unknown> = {}) {
  server.on('GET', '/api/v1/config', () =>
    json(200, {
      success: true,
      data: {
        emailConfigured: true,
        signInProviders: [
          { id: 'oidc', label: 'Pocket ID' },
          { id: 'github', label: 'GitHub' },
        ],
        passwordSignUp: true,
        allowedEmailDomains: [],
        ...overrides,
      },
    }),
  );
}

describe('sign-in providers', () => {
  const assign = vi.fn();
  beforeEach(() => {
    setViewport(375);
    server.signOut();
    assign.mockReset();
    vi.spyOn(leavePage, 'to').mockImplementation(assign);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows no provider buttons when the server has none', async () => {
    renderApp('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(server.calls('/api/v1/config')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('signs in through a configured provider: no sign-up asked for, back to the page it came for', async () => {
    withProviders();
    server.on('POST', '/api/auth/sign-in/social', () =>
      json(200, { url: 'https://id.example.org/authorize?state=s', redirect: true }),
    );
    const user = userEvent.setup();
    renderApp('/sign-in?redirect=%2Fsettings%2Fprofile');
    await user.click(await screen.findByRole('button', { name: 'Continue with Pocket ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.org/authorize?state=s'));
    const [call] = server.calls('/api/auth/sign-in/social');
    expect(call?.body).toEqual({
      provider: 'oidc',
      callbackURL: '/settings/profile',
      errorCallbackURL: '/sign-in?redirect=%2Fsettings%2Fprofile',
    });
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
  });

  it('says why a provider sign-in came back refused', async () => {
    withProviders();
    renderApp('/sign-in?error=account_not_linked');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with that email address already exists',
    );
  });

  it('says when the provider did not accept the sign-in’s code', async () => {
    withProviders();
    renderApp('/sign-in?error=invalid_code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The provider did not accept this sign-in (it may have expired or been used already).',
    );
  });

  it('asks for the terms before a provider sign-up, then sends them with it', async () => {
    withProviders();
    server.on('POST', '/api/auth/sign-in/social', () =>
      json(200, { url: 'https://id.example.org/authorize?state=t', redirect: true }),
    );
    const user = userEvent.setup();
    renderApp('/sign-up');
    await user.click(await screen.findByRole('button', { name: 'Continue with Pocket ID' }));
    expect((await screen.findAllByText(MESSAGES.acceptTerms)).length).toBeGreaterThan(0);
    expect(server.calls('/api/auth/sign-in/social')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue with Pocket ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.org/authorize?state=t'));
    expect(server.calls('/api/auth/sign-in/social')[0]?.body).toMatchObject({
      provider: 'oidc',
      requestSignUp: true,
      termsAccepted: true,
    });
  });

  it('offers no password form when the server signs up through single sign-on only', async () => {
    withProviders({ passwordSignUp: false });
    renderApp('/sign-up');
    expect(
      await screen.findByText('Accounts on this server are created through single sign-on.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Pocket ID' })).toBeInTheDocument();
  });
});
