import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { RequireTwoFactorRow } from './require-two-factor-row';

describe('Require two-factor authentication', () => {
  it('cannot be switched on while 2FA is off', async () => {
    server.on('GET', '/api/v1/user/preferences', () => ok({ require_2fa: false }));
    renderWithProviders(<RequireTwoFactorRow twoFactorEnabled={false} />);
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor authentication' });
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(screen.getByText('Enable two-factor authentication first to require it.')).toBeInTheDocument();
  });

  it('saves the preference with PUT {key, value} and shows the stored state', async () => {
    const sent: unknown[] = [];
    server.on('GET', '/api/v1/user/preferences', () => ok({ require_2fa: false }));
    server.on('PUT', '/api/v1/user/preferences', (request) => {
      sent.push(request.body);
      return ok({ require_2fa: true });
    });
    renderWithProviders(<RequireTwoFactorRow twoFactorEnabled />);
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor authentication' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Two-factor authentication is now required')).toBeInTheDocument();
    expect(sent).toEqual([{ key: 'require_2fa', value: true }]);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('reverts and says why when the server refuses', async () => {
    server.on('GET', '/api/v1/user/preferences', () => ok({ require_2fa: false }));
    server.on('PUT', '/api/v1/user/preferences', () =>
      fail(409, 'Enable two-factor authentication before requiring it', 'CONFLICT'),
    );
    renderWithProviders(<RequireTwoFactorRow twoFactorEnabled />);
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor authentication' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to save preference')).toBeInTheDocument();
    expect(screen.getByText('Enable two-factor authentication before requiring it')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });
});
