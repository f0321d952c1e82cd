import { E2E_PASSWORD, expect, test, uniqueEmail } from './fixtures';
import { fillSignIn, firstLink, signInWithTotp, signOut, snap, totpCode } from './auth-helpers';

// These journeys start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

const SECOND_PASSWORD = 'Second-Orbit-Around-Sun-88!';
const THIRD_PASSWORD = 'Third-Light-From-Vega-77$';

test('an account from sign-up to deletion', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('journey');

  // Sign up.
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Morgan Reyes');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  // The server sends mail: the same answer as for a registered address, and no session yet.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Verify the email from the real SMTP server's inbox: the link also signs the new user in.
  const verification = await server.inbox.waitFor(email, /Confirm your email/);
  await page.goto(firstLink(verification.text));
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { name: /verified/i })).toBeVisible();
  await page.goto('/settings/profile');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Enable 2FA: enroll → verify → recovery codes.
  await page.getByRole('button', { name: /Two-Factor Authentication/ }).click();
  const enable = page.getByRole('dialog');
  await snap(page, 'dialog-enable-2fa-enroll-desktop');
  await enable.getByRole('button', { name: 'Continue' }).click();
  const secret = (await enable.locator('code').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(enable.getByRole('img', { name: /QR code/ })).toBeVisible();
  await snap(page, 'dialog-enable-2fa-verify-desktop');
  await enable.getByLabel('Verification code').fill('000000');
  await enable.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Invalid verification code').first()).toBeVisible();
  await enable.getByLabel('Verification code').fill(await totpCode(secret));
  await enable.getByRole('button', { name: 'Verify', exact: true }).click();
  const codeList = enable.getByRole('list', { name: 'Recovery codes' });
  await expect(codeList.locator('li')).toHaveCount(10);
  const recoveryCodes = (await codeList.locator('li').allTextContents()).map(
    (text) => /[A-Za-z0-9]{5}-[A-Za-z0-9]{5}/.exec(text)?.[0] ?? '',
  );
  expect(recoveryCodes.every(Boolean)).toBe(true);
  await snap(page, 'dialog-enable-2fa-backup-desktop');
  await enable.getByRole('button', { name: "I've Saved My Codes" }).click();
  await expect(page.getByText('Two-factor authentication enabled!')).toBeVisible();
  await expect(page.getByText('Click to disable 2FA')).toBeVisible();

  // Sign out, then sign in with a TOTP code.
  await signOut(page);
  await signInWithTotp(page, email, E2E_PASSWORD, secret);

  // Sign out, sign in with a recovery code; the same code then fails; another works.
  await signOut(page);
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/two-factor/);
  await snap(page, 'screen-two-factor-desktop');
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/two-factor/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Invalid verification code').first()).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor/);
  await page.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Change the password.
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: /Change Password/ }).click();
  const change = page.getByRole('dialog');
  await change.getByLabel('Current password').fill(E2E_PASSWORD);
  await change.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
  await change.getByLabel('Confirm new password').fill(SECOND_PASSWORD);
  await snap(page, 'dialog-change-password-desktop');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  // Forgot the password: reset it from the emailed link.
  await signOut(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset link sent! Check your email.')).toBeVisible();
  const reset = await server.inbox.waitFor(email, /Reset your Lodestar password/);
  await page.goto(firstLink(reset.text));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill(THIRD_PASSWORD);
  await page.getByLabel('Confirm new password').fill(THIRD_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await fillSignIn(page, email, SECOND_PASSWORD);
  await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
  await signInWithTotp(page, email, THIRD_PASSWORD, secret);

  // Sign out of all sessions from the danger zone.
  await page.goto('/settings/danger');
  await page.getByRole('button', { name: 'Sign Out All Sessions' }).click();
  await snap(page, 'dialog-sign-out-all-desktop');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out All Sessions' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard/);

  // Delete the account; signing in again fails.
  await signInWithTotp(page, email, THIRD_PASSWORD, secret);
  await page.goto('/settings/danger');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('textbox').fill('DELETE');
  await snap(page, 'dialog-delete-account-desktop');
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await fillSignIn(page, email, THIRD_PASSWORD);
  await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

const AUTH_SCREENS = [
  ['sign-in', '/sign-in'],
  ['sign-up', '/sign-up'],
  ['forgot-password', '/forgot-password'],
  ['reset-password', '/reset-password?token=example-token'],
  ['reset-password-invalid', '/reset-password?error=INVALID_TOKEN'],
  ['verify-email', '/verify-email'],
  ['verify-email-error', '/verify-email?error=invalid_token'],
  ['two-factor', '/two-factor'],
  ['auth-code-error', '/auth-code-error'],
] as const;

for (const [viewportName, viewport] of [
  ['mobile', { width: 375, height: 812 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`auth screens at ${viewportName} in ${colorScheme} pass axe and are captured`, async ({
      page,
      checkA11y,
    }) => {
      await page.setViewportSize(viewport);
      // Reduced motion: axe measures the toast once it is in place, not halfway through its fade-in.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const [name, path] of AUTH_SCREENS) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await checkA11y(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, `${name} overflows horizontally`).toBe(false);
        await snap(page, `screen-${name}-${viewportName}-${colorScheme}`);
      }
      // A refused sign-in shows the toast; check it stays legible too.
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-123!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
      await checkA11y(page);
      await snap(page, `screen-sign-in-error-${viewportName}-${colorScheme}`);
    });
  }
}

test('a visitor is sent to sign in and comes back to the page asked for', async ({ page, server }) => {
  await page.goto('/settings/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings%2Fprofile/);
  const email = uniqueEmail('redirect');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: server.url },
    data: { email, password: E2E_PASSWORD, name: 'Sam Park', termsAccepted: true },
  });
  expect(signUp.status()).toBe(200);
  await page.context().clearCookies();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  // The server saw the real socket address (no proxy here), which sessions and limits key on.
  const sessions = await page.request.get('/api/v1/user/sessions');
  const { data } = (await sessions.json()) as { data: { sessions: { ipAddress: string }[] } };
  expect(data.sessions[0]?.ipAddress).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  await page.goto('/sign-in?redirect=https://evil.example/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a passkey added in settings signs in without a password, and can be deleted', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Chromium's virtual authenticator stands in for a phone or security key (WebAuthn over CDP).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail('passkey');
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Kim Passkey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog').getByLabel('Name (optional)').fill('Test laptop');
  await snap(page, 'dialog-add-passkey-desktop');
  await page.getByRole('dialog').getByRole('button', { name: 'Create passkey' }).click();
  // The toast (the security-activity list below names the event too).
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Passkey added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Delete passkey Test laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete passkey' }).click();
  await expect(page.getByText('Passkey deleted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  void server;
});

test('dialogs at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('phone');
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Ana Phone');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await fillSignIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: /Change Password/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await snap(page, 'dialog-change-password-mobile');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Two-Factor Authentication/ }).click();
  await snap(page, 'dialog-enable-2fa-enroll-mobile');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /QR code/ })).toBeVisible();
  await snap(page, 'dialog-enable-2fa-verify-mobile');
  const secret = (await page.getByRole('dialog').locator('code').first().textContent())?.trim() ?? '';
  await page
    .getByRole('dialog')
    .getByLabel('Verification code')
    .fill(await totpCode(secret));
  await page.getByRole('dialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await snap(page, 'dialog-enable-2fa-backup-mobile');
  await page.getByRole('button', { name: "I've Saved My Codes" }).click();
  await expect(page.getByText('Click to disable 2FA')).toBeVisible();
  // Require 2FA, then see that disabling is refused until the requirement is off.
  await page.getByRole('switch', { name: 'Require two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is now required')).toBeVisible();
  await page.getByRole('button', { name: /Two-Factor Authentication/ }).click();
  const disable = page.getByRole('dialog');
  await disable.getByLabel(/password/i).fill(E2E_PASSWORD);
  await snap(page, 'dialog-disable-2fa-mobile');
  await disable.getByRole('button', { name: /disable/i }).click();
  await expect(page.getByText('Failed to disable 2FA')).toBeVisible();
  await page.goto('/settings/danger');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await snap(page, 'dialog-delete-account-mobile');
});
