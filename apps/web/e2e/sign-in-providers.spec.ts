import { startFakeOidc, type FakeOidc } from '@lodestar/server/testing/fake-oidc';
import { signOut } from './auth-helpers';
import { expect, test as base } from './fixtures';
import { fakeForWorker, forEachView, settled, snap } from './journey-helpers';

// Single sign-on through an OpenID Connect provider on 127.0.0.1 (oauth2-mock-server: discovery, PKCE,
// signed ID tokens). Its authorisation page signs in at once as whoever the journey chose, the way a real
// provider's login page would for that person.
const test = base.extend<object, { idp: FakeOidc }>({
  idp: fakeForWorker(startFakeOidc),
  serverEnv: [
    async ({ idp }, use) =>
      use({
        OIDC_ISSUER_URL: idp.issuerUrl,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_BUTTON_LABEL: 'Pocket ID',
      }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

test('sign up and in through the provider, link a second identity in Settings, unlink it', async ({
  page,
  idp,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const first = { sub: `home-${tag}`, email: `sam.${tag}@example.org`, name: 'Sam Rivera' };
  const second = { sub: `work-${tag}`, email: `sam.rivera.${tag}@work.example.org`, name: 'Sam Rivera' };

  // The sign-in screen offers the configured provider, at 375 and 1440 px, light and dark.
  await page.goto('/sign-in');
  const continueWith = page.getByRole('button', { name: 'Continue with Pocket ID' });
  await forEachView(page, async ({ name }) => {
    await expect(continueWith).toBeVisible();
    await checkA11y(page);
    await snap(page, `sign-in-providers-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Signing in through the provider does not create an account: it says to create one first.
  idp.signInAs(first);
  await continueWith.click();
  await expect(page).toHaveURL(/\/sign-in\?.*error=signup_disabled/);
  await expect(page.getByRole('alert')).toContainText('No account uses that sign-in yet');

  // Sign-up needs the terms first, then creates the account through the provider.
  await page.goto('/sign-up');
  const signUpWith = page.getByRole('button', { name: 'Continue with Pocket ID' });
  await signUpWith.click();
  await expect(page.getByText('Please accept the Terms of Service and Privacy Policy').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up/);
  await forEachView(page, async ({ name }) => {
    await expect(signUpWith).toBeVisible();
    await snap(page, `sign-up-providers-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('checkbox').click();
  await signUpWith.click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Sign out, and back in through the provider.
  await signOut(page);
  await page.getByRole('button', { name: 'Continue with Pocket ID' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Settings → Profile lists the identity with the provider's address; link a second one.
  await page.goto('/settings/profile');
  const linked = page.getByRole('list', { name: 'Linked sign-in providers' });
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked).toContainText(first.email);
  idp.signInAs(second);
  await page.getByRole('button', { name: 'Link Pocket ID', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(linked.getByRole('listitem')).toHaveCount(2);
  await expect(linked).toContainText(second.email);
  await settled(page);
  await forEachView(page, async ({ name }) => {
    await linked.scrollIntoViewIfNeeded();
    await checkA11y(page);
    await snap(page, `settings-linked-identities-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Unlink the second identity; the security log shows both steps.
  await page.getByRole('button', { name: `Unlink Pocket ID (${second.email})` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Pocket ID unlinked')).toBeVisible();
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked).not.toContainText(second.email);
  await expect(page.getByText('Sign-in provider unlinked').first()).toBeVisible();
  await expect(page.getByText('Sign-in provider linked').first()).toBeVisible();

  // The last way in cannot be unlinked.
  await page.getByRole('button', { name: `Unlink Pocket ID (${first.email})` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('This is the only way left to sign in to your account').first()).toBeVisible();
  await expect(linked.getByRole('listitem')).toHaveCount(1);

  // Without a password, Settings → Security offers to set one instead of changing it (ADR 049); the
  // sign-in a moment ago is recent enough to confirm it.
  const setPassword = page.getByRole('button', { name: 'Set a Password Also sign in with your email' });
  await expect(setPassword).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change Password/ })).toHaveCount(0);
  await forEachView(page, async ({ name }) => {
    await setPassword.scrollIntoViewIfNeeded();
    await checkA11y(page);
    await snap(page, `settings-security-provider-only-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await setPassword.click();
  const dialog = page.getByRole('dialog', { name: 'Set a Password' });
  await dialog.getByLabel('New password', { exact: true }).fill('Correct-Horse-Battery-9');
  await dialog.getByLabel('Confirm new password').fill('Correct-Horse-Battery-9');
  await forEachView(page, async ({ name }) => {
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    await snap(page, `settings-set-password-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Set Password' }).click();
  await expect(
    page.getByText('Password set: you can now also sign in with your email address'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password Update your password' })).toBeVisible();
});
