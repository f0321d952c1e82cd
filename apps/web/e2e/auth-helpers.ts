import { firstLink } from '@lodestar/server/testing/smtp-inbox';
import { totpCode } from '@lodestar/server/testing/totp';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export { firstLink, totpCode };
export { SCREENSHOT_DIR, snap } from './journey-helpers';

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in with the password and, when asked, the current TOTP code. */
export async function signInWithTotp(page: Page, email: string, password: string, secret: string) {
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/two-factor/);
  await page.getByLabel('Authentication code').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}
