import type { Page } from '@playwright/test';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { settled, snap } from './journey-helpers';

// Signs up its own account, so the default filters it saves never leak into another journey.
test.use({ storageState: { cookies: [], origins: [] } });

async function openActivity(page: Page): Promise<void> {
  await page.goto('/activity');
  await settled(page);
}

test('Activity applies the saved default filters, shows them as a chip and shows all on request', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const origin = server.url;
  await signUpAndSignIn(page.request, origin, { email: uniqueEmail('filters'), name: 'Fay Filters' });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await openActivity(page);
    const hide = page.getByRole('checkbox', { name: 'Hide credit-card transactions by default' });
    await expect(hide).not.toBeChecked();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
    );
    await hide.click();
    expect((await saved).status()).toBe(200);
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByText('Credit-card transactions hidden'),
    ).toBeVisible();
    await openActivity(page);
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByText('Credit-card transactions hidden'),
    ).toBeVisible();
    await expect(hide).toBeChecked();
    await checkA11y(page);
    await snap(page, `activity-default-filters-${width}`);
    await page.getByRole('button', { name: 'Remove filter: Credit-card transactions hidden' }).click();
    await expect(page).toHaveURL(/types=all/);
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByText('Credit-card transactions hidden'),
    ).toHaveCount(0);
    // Back to no default for the next width.
    const cleared = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
    );
    await hide.click();
    expect((await cleared).status()).toBe(200);
  }
});
