import { MESSAGES } from '@lodestar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, server, TEST_USER } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { ProfileSettings } from './profile-settings';

const HOUR = 3_600_000;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server
    .on('GET', '/api/v1/user/mfa/factors', () => ok({ factors: [] }))
    .on('GET', '/api/v1/user/sessions', () => ok({ sessions: [] }))
    .on('GET', '/api/v1/user/audit-events', () => ok({ events: [] }))
    .on('GET', '/api/auth/passkey/list-user-passkeys', () => json(200, []))
    .on('GET', '/api/v1/user/stats', () =>
      ok({ lastLoginAt: new Date(Date.now() - 3 * HOUR).toISOString(), plan: 'Free', connectedAccounts: 2 }),
    );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Profile section', () => {
  it('saves the full name with the domain rules, then re-reads the session', async () => {
    const user = userEvent.setup();
    server.on('PATCH', '/api/v1/user/profile', ({ body }) => {
      const fullName = (body as { fullName: string }).fullName;
      server.signIn({ ...TEST_USER, fullName });
      return ok({ ...TEST_USER, fullName });
    });
    renderWithProviders(<ProfileSettings />);
    const name = await screen.findByLabelText('Full name');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(name).toHaveValue('Ada Lovelace');
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'A');
    await user.click(save);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(MESSAGES.nameTooShort);
    await user.clear(name);
    await user.type(name, 'Ada 2');
    await user.click(save);
    expect(name).toHaveAccessibleDescription(MESSAGES.nameCharacters);
    expect(server.calls('/api/v1/user/profile')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '  Ada King-Noel  ');
    await user.click(save);
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/profile', 'PATCH')[0]?.body).toEqual({ fullName: 'Ada King-Noel' });
    await waitFor(() => expect(server.calls('/api/v1/user', 'GET').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it("says 'Failed to update profile' with the server's message", async () => {
    const user = userEvent.setup();
    server.on('PATCH', '/api/v1/user/profile', () => fail(500, 'Database unavailable'));
    renderWithProviders(<ProfileSettings />);
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada Byron');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('shows the account information with statistics, and a retry when they fail', async () => {
    const user = userEvent.setup();
    let fails = true;
    server.on('GET', '/api/v1/user/stats', () =>
      fails ? fail(500, 'Stats unavailable') : ok({ lastLoginAt: null, plan: 'Free', connectedAccounts: 0 }),
    );
    renderWithProviders(<ProfileSettings />);
    const info = (await screen.findByRole('heading', { name: 'Account Information' })).closest('section')!;
    expect(within(info).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(info).getByText('Verified')).toBeInTheDocument();
    expect(within(info).getByText('01/15/2025')).toBeInTheDocument();
    expect(await within(info).findByText('Failed to load profile')).toBeInTheDocument();
    expect(within(info).getByText('Stats unavailable')).toBeInTheDocument();
    fails = false;
    await user.click(within(info).getByRole('button', { name: 'Retry' }));
    expect(await within(info).findByText('Never')).toBeInTheDocument();
    expect(within(info).getByText('Free')).toBeInTheDocument();
  });

  it('writes dates in the date format and time zone of the preferences', async () => {
    server.signIn({ ...TEST_USER, createdAt: '2025-01-15T20:30:00.000Z' });
    server
      .on('GET', '/api/v1/user/preferences', () => ok({ date_format: 'DD.MM.YYYY', time_zone: 'Asia/Tokyo' }))
      .on('GET', '/api/v1/user/stats', () =>
        ok({ lastLoginAt: '2025-02-01T23:00:00.000Z', plan: 'Free', connectedAccounts: 0 }),
      );
    renderWithProviders(<ProfileSettings />);
    const info = (await screen.findByRole('heading', { name: 'Account Information' })).closest('section')!;
    // 20:30 UTC on 15 January is the 16th in Tokyo; the last login, over a week ago, shows as a date too.
    expect(await within(info).findByText('16.01.2025')).toBeInTheDocument();
    expect(await within(info).findByText('02.02.2025')).toBeInTheDocument();
  });

  it('shows last login as relative time, and offers to resend verification when unverified', async () => {
    const user = userEvent.setup();
    server.signIn({ ...TEST_USER, emailVerified: false });
    server.on('POST', '/api/auth/send-verification-email', () => json(200, { status: true }));
    renderWithProviders(<ProfileSettings />);
    const info = (await screen.findByRole('heading', { name: 'Account Information' })).closest('section')!;
    expect(await within(info).findByText('3h ago')).toBeInTheDocument();
    expect(within(info).getByText('2')).toBeInTheDocument();
    expect(within(info).getByText('Unverified')).toBeInTheDocument();
    await user.click(within(info).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(server.calls('/api/auth/send-verification-email', 'POST')[0]?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/verify-email',
    });
  });

  it('lists sessions and security activity, and revokes another session', async () => {
    const user = userEvent.setup();
    let sessions = [
      {
        id: 's1',
        device: 'Desktop',
        browser: 'Firefox',
        os: 'macOS',
        ipAddress: '192.0.2.1',
        createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
        lastActiveAt: new Date().toISOString(),
        current: true,
      },
      {
        id: 's2',
        device: 'Mobile',
        browser: 'Safari',
        os: 'iOS',
        ipAddress: '198.51.100.7',
        createdAt: new Date(Date.now() - 72 * HOUR).toISOString(),
        lastActiveAt: new Date(Date.now() - 5 * HOUR).toISOString(),
        current: false,
      },
    ];
    server
      .on('GET', '/api/v1/user/sessions', () => ok({ sessions }))
      .on('DELETE', '/api/v1/user/sessions/s2', () => {
        sessions = sessions.filter((session) => session.id !== 's2');
        return ok({ id: 's2' });
      })
      .on('GET', '/api/v1/user/audit-events', ({ url }) => {
        expect(url.searchParams.get('limit')).toBe('20');
        return ok({
          events: [
            {
              id: 'e1',
              type: 'sign_in_failed',
              ipAddress: '203.0.113.9',
              userAgent: null,
              createdAt: new Date().toISOString(),
            },
            {
              id: 'e2',
              type: 'two_factor_enabled',
              ipAddress: null,
              userAgent: null,
              createdAt: new Date().toISOString(),
            },
          ],
        });
      });
    renderWithProviders(<ProfileSettings />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(within(current!).getByText('Firefox on macOS')).toBeInTheDocument();
    expect(within(current!).getByText('This device')).toBeInTheDocument();
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(other!).getByText('Mobile · IP 198.51.100.7')).toBeInTheDocument();
    expect(within(other!).getByText('5h ago')).toBeInTheDocument();
    await user.click(within(other!).getByRole('button', { name: 'Revoke session: Safari on iOS' }));
    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    const activity = await screen.findByRole('list', { name: 'Recent security activity' });
    expect(within(activity).getByText('Failed sign-in attempt')).toBeInTheDocument();
    expect(within(activity).getByText('Two-factor authentication turned on')).toBeInTheDocument();
    expect(within(activity).getByText(/203\.0\.113\.9/)).toBeInTheDocument();
  });

  it('shows empty passkeys and says why adding is unavailable without WebAuthn', async () => {
    renderWithProviders(<ProfileSettings />);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.getByText(/This browser does not support passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
    expect(await screen.findByText('No security activity yet.')).toBeInTheDocument();
  });

  it('says so when the session has ended', async () => {
    server.signOut();
    renderWithProviders(<ProfileSettings />);
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?redirect=%2Fsettings%2Fprofile',
    );
  });

  it('handles a session that ends while the page is open', async () => {
    server.on('GET', '/api/v1/user/stats', () => {
      server.signOut();
      return fail(401, 'Authentication required', 'UNAUTHORIZED');
    });
    renderWithProviders(<ProfileSettings />);
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    // The toast says why.
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument();
  });
});
