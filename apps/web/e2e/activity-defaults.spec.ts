import type { Page } from '@playwright/test';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { connectDemoBank, settled, snap } from './journey-helpers';

// Signs up its own account, so the default filters it saves never leak into another journey.
test.use({ storageState: { cookies: [], origins: [] } });

async function openActivity(page: Page, search = ''): Promise<void> {
  await page.goto(`/activity${search}`);
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

test('Activity hides pending and recurring transactions and lists refunds only by default, as removable chips', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const origin = server.url;
  await signUpAndSignIn(page.request, origin, { email: uniqueEmail('flags'), name: 'Flo Flags' });
  await connectDemoBank(page.request, origin);
  await page.setViewportSize({ width: 1440, height: 900 });
  // All history, so refunds (rare in a month) are there to list.
  await openActivity(page, '?date=all');
  const total = page.getByText(/^\d[\d,]* of \d[\d,]* transactions/);
  await expect(total).toBeVisible();
  const everything = await total.textContent();

  const switches = [
    ['Hide pending transactions by default', 'Pending transactions hidden'],
    ['Hide recurring payments by default', 'Recurring payments hidden'],
    ['Show only refunds by default', 'Refunds only'],
  ] as const;
  for (const [name] of switches) {
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
    );
    await page.getByRole('checkbox', { name }).click();
    expect((await saved).status()).toBe(200);
  }
  const chips = page.getByRole('list', { name: 'Active filters' });
  for (const [, chip] of switches) await expect(chips.getByText(chip)).toBeVisible();
  await expect(total).not.toHaveText(everything ?? '');

  for (const [width, scheme] of [
    [1440, 'light'],
    [1440, 'dark'],
    [375, 'light'],
    [375, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openActivity(page, '?date=all');
    for (const [, chip] of switches) await expect(chips.getByText(chip)).toBeVisible();
    await checkA11y(page);
    await snap(page, `activity-default-flags-${width}-${scheme}`);
  }

  // Removing a chip lifts it for this visit (said in the URL); the others stay.
  await page.getByRole('button', { name: 'Remove filter: Refunds only' }).click();
  await expect(page).toHaveURL(/refunds=all/);
  await expect(chips.getByText('Refunds only')).toHaveCount(0);
  await expect(chips.getByText('Pending transactions hidden')).toBeVisible();
});
