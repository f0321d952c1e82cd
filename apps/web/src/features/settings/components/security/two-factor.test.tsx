import { MESSAGES } from '@lodestar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, TEST_USER as USER } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { SecurityBlock } from './security-block';

const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `code-${String(index).padStart(4, '0')}`);
const ENROLLMENT = {
  factorId: 'factor-1',
  uri: 'otpauth://totp/Lodestar:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Lodestar',
  secret: 'JBSWY3DPEHPK3PXP',
};
const VERIFIED_FACTOR = {
  id: 'factor-1',
  type: 'totp',
  status: 'verified',
  friendlyName: null,
  createdAt: '2026-02-01T00:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** Routes the shared fake server's answers for the paths a test uses through one function. */
function stubNetwork(
  handler: (request: { method: string; path: string; body: unknown }) => Response | undefined,
) {
  const paths = [
    ['GET', '/api/v1/user/mfa/factors'],
    ['POST', '/api/v1/user/mfa/enroll'],
    ['POST', '/api/v1/user/mfa/verify'],
    ['POST', '/api/v1/user/verify-password'],
    ['POST', '/api/v1/user/mfa/unenroll'],
  ] as const;
  for (const [method, path] of paths) {
    server.on(method, path, (request) => handler(request) ?? fail(404, 'Not found', 'NOT_FOUND'));
  }
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('Enable 2FA dialog', () => {
  it('walks enroll → verify → backup, with Back, a wrong code and the recovery codes', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let factors: unknown[] = [];
    let enrollments = 0;
    stubNetwork(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') return ok({ factors });
      if (method === 'POST' && path === '/api/v1/user/mfa/enroll') {
        enrollments += 1;
        return ok({ ...ENROLLMENT, factorId: `factor-${enrollments}` });
      }
      if (method === 'POST' && path === '/api/v1/user/mfa/verify') {
        const { code } = body as { code: string };
        if (code !== '123456') return fail(400, 'Invalid verification code', 'INVALID_CODE');
        factors = [VERIFIED_FACTOR];
        return ok({ recoveryCodes: RECOVERY_CODES });
      }
      return undefined;
    });
    const writeText = stubClipboard(async () => undefined);
    renderWithProviders(<SecurityBlock user={USER} />);

    // Named by all it shows (label in name).
    const card = await screen.findByRole('button', { name: /^Two-Factor Authentication/ });
    await waitFor(() => expect(card).toHaveAccessibleName('Two-Factor Authentication Add extra security'));
    await user.click(card);

    // Step 1: enroll.
    let dialog = await screen.findByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Step 2: verify, with the QR code as a data: image and the setup key.
    dialog = await screen.findByRole('dialog', { name: 'Scan and verify' });
    const qr = within(dialog).getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(within(dialog).getByText(ENROLLMENT.secret)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy setup key' }));
    expect(writeText).toHaveBeenCalledWith(ENROLLMENT.secret);
    expect(await screen.findByText('Code copied')).toBeInTheDocument();

    const code = within(dialog).getByLabelText('Verification code');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(code, '12a3 45');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    // Enter with five digits: the spec's message on the field, nothing sent.
    await user.type(code, '{Enter}');
    expect(within(dialog).getByText(MESSAGES.sixDigitCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(MESSAGES.sixDigitCode);
    expect(server.calls('/api/v1/user/mfa/verify', 'POST')).toHaveLength(0);

    // A wrong code: toast, the code is cleared, the step stays.
    await user.clear(code);
    await user.type(code, '000000');
    expect(verify).toBeEnabled();
    await user.click(verify);
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid verification code'));
    expect(code).toHaveValue('');
    await user.type(code, '1');
    expect(code).toHaveAccessibleDescription('Invalid verification code');
    expect(screen.getByRole('dialog', { name: 'Scan and verify' })).toBeInTheDocument();
    expect(server.calls('/api/v1/user/mfa/verify', 'POST')[0]?.body).toEqual({
      factorId: 'factor-1',
      code: '000000',
    });

    // Back returns to enroll; Continue enrolls again.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Scan and verify' });
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(server.calls('/api/v1/user/mfa/verify', 'POST')[1]?.body).toEqual({
      factorId: 'factor-2',
      code: '123456',
    });

    // Step 3: the ten recovery codes, shown once.
    dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const codes = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'Copy recovery code 3' }));
    expect(writeText).toHaveBeenLastCalledWith('code-0002');
    await user.click(within(dialog).getByRole('button', { name: 'Copy all' }));
    expect(writeText).toHaveBeenLastCalledWith(RECOVERY_CODES.join('\n'));
    expect(await screen.findByText('All recovery codes copied')).toBeInTheDocument();
    // The codes are shown once: Escape does not dismiss them, and there is no close button.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: "I've Saved My Codes" }));
    expect(await screen.findByText('Two-factor authentication enabled!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The 2FA status is read again: the card now offers to disable.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Two-Factor Authentication/ })).toHaveAccessibleName(
        /Click to disable 2FA/,
      ),
    );
  });

  it('says when enrollment cannot start', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubNetwork(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') return ok({ factors: [] });
      if (method === 'POST' && path === '/api/v1/user/mfa/enroll') return fail(500, 'Database unavailable');
      return undefined;
    });
    renderWithProviders(<SecurityBlock user={USER} />);
    await user.click(await screen.findByRole('button', { name: /^Two-Factor Authentication/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to start 2FA setup')).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('reports a clipboard failure with the manual-copy hint', async () => {
    const user = userEvent.setup();
    stubNetwork(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') return ok({ factors: [] });
      if (method === 'POST' && path === '/api/v1/user/mfa/enroll') return ok(ENROLLMENT);
      return undefined;
    });
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<SecurityBlock user={USER} />);
    await user.click(await screen.findByRole('button', { name: /^Two-Factor Authentication/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Copy setup key' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
    expect(screen.getByText('Please try selecting and copying manually')).toBeInTheDocument();
  });
});

describe('Disable 2FA dialog', () => {
  it('checks the password, then removes the factor', async () => {
    const user = userEvent.setup();
    let factors: unknown[] = [VERIFIED_FACTOR];
    stubNetwork(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') return ok({ factors });
      if (method === 'POST' && path === '/api/v1/user/verify-password') {
        return ok({ valid: (body as { password: string }).password === 'correct horse' });
      }
      if (method === 'POST' && path === '/api/v1/user/mfa/unenroll') {
        factors = [];
        return ok({ factorId: (body as { factorId: string }).factorId });
      }
      return undefined;
    });
    renderWithProviders(<SecurityBlock user={{ ...USER, twoFactorEnabled: true }} />);

    const card = await screen.findByRole('button', { name: /^Two-Factor Authentication/ });
    await waitFor(() => expect(card).toHaveAccessibleName(/Click to disable 2FA/));
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    const password = await within(dialog).findByLabelText('Password');
    const submit = within(dialog).getByRole('button', { name: 'Disable 2FA' });
    expect(submit).toBeDisabled();

    // Blank is refused with the spec's message (Enter submits).
    await user.type(password, '   {Enter}');
    expect(within(dialog).getByText(MESSAGES.enterPassword)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('/api/v1/user/verify-password', 'POST')).toHaveLength(0);

    // A wrong password: 'Incorrect password', the field is cleared, the factor stays.
    await user.clear(password);
    await user.type(password, 'wrong{Enter}');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(server.calls('/api/v1/user/mfa/unenroll', 'POST')).toHaveLength(0);

    await user.type(password, 'correct horse');
    await user.click(submit);
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/mfa/unenroll', 'POST')[0]?.body).toEqual({ factorId: 'factor-1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Two-Factor Authentication/ })).toHaveAccessibleName(
        'Two-Factor Authentication Add extra security',
      ),
    );
  });

  it('closes with "No MFA factors found" when there is no factor to remove', async () => {
    const user = userEvent.setup();
    let reads = 0;
    stubNetwork(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') {
        reads += 1;
        // The card saw a factor; by the time the dialog opens it is gone (removed on another device).
        return ok({
          factors: reads === 1 ? [VERIFIED_FACTOR] : [{ ...VERIFIED_FACTOR, status: 'unverified' }],
        });
      }
      return undefined;
    });
    renderWithProviders(<SecurityBlock user={USER} />);
    const card = await screen.findByRole('button', { name: /^Two-Factor Authentication/ });
    await waitFor(() => expect(card).toHaveAccessibleName(/Click to disable 2FA/));
    await user.click(card);
    expect(await screen.findByText('No MFA factors found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the factors cannot be read', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reads = 0;
    stubNetwork(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') {
        reads += 1;
        return reads === 1 ? ok({ factors: [VERIFIED_FACTOR] }) : fail(500, 'Database unavailable');
      }
      return undefined;
    });
    renderWithProviders(<SecurityBlock user={USER} />);
    const card = await screen.findByRole('button', { name: /^Two-Factor Authentication/ });
    await waitFor(() => expect(card).toHaveAccessibleName(/Click to disable 2FA/));
    await user.click(card);
    expect(await screen.findByText('Failed to fetch MFA factors')).toBeInTheDocument();
  });

  it('says when removing the factor fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubNetwork(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/user/mfa/factors') return ok({ factors: [VERIFIED_FACTOR] });
      if (method === 'POST' && path === '/api/v1/user/verify-password') return ok({ valid: true });
      if (method === 'POST' && path === '/api/v1/user/mfa/unenroll') {
        return fail(403, 'Please confirm your password first', 'FORBIDDEN');
      }
      return undefined;
    });
    renderWithProviders(<SecurityBlock user={USER} />);
    const card = await screen.findByRole('button', { name: /^Two-Factor Authentication/ });
    await waitFor(() => expect(card).toHaveAccessibleName(/Click to disable 2FA/));
    await user.click(card);
    await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByText('Failed to disable 2FA')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password first')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Disable Two-Factor Authentication' })).toBeInTheDocument();
  });
});
