import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { connectDemoBank, settled, snap } from './journey-helpers';

// Signs up its own account with the demo bank, so there is something to export.
test.use({ storageState: { cookies: [], origins: [] } });

test('Settings → Data exports with the transactions written so far, and says when it failed', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const origin = server.url;
  await signUpAndSignIn(page.request, origin, { email: uniqueEmail('export'), name: 'Eve Export' });
  await connectDemoBank(page.request, origin);

  // The real export: both files download.
  await page.goto('/settings/danger');
  await settled(page);
  await page.getByRole('button', { name: 'Export Data' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Request a data export?' });
  const json = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export Data' }).click();
  expect((await json).suggestedFilename()).toMatch(/^lodestar-export-.*\.json$/);
  await expect(page.getByText('Data exported successfully')).toBeVisible();

  for (const [width, scheme] of [
    [1440, 'light'],
    [375, 'dark'],
    [1440, 'dark'],
    [375, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/settings/danger');
    await settled(page);
    // The progress as it shows while a large export streams: the download is held and the progress
    // endpoint answers an export three quarters written, so the state stays on screen for the screenshot.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/user/export/progress', (route) =>
      route.fulfill({
        json: { success: true, data: { running: true, rowsWritten: 750_000, totalRows: 1_000_000 } },
      }),
    );
    await page.route('**/api/v1/user/export', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        json: { success: false, error: 'The database is not reachable', code: 'SERVICE_UNAVAILABLE' },
      });
    });
    await page.getByRole('button', { name: 'Export Data' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Request a data export?' });
    await dialog.getByRole('button', { name: 'Export Data' }).click();
    await expect(dialog.getByText('Exporting… 750,000 of 1,000,000 transactions written')).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Transactions exported' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    await checkA11y(page);
    await snap(page, `export-progress-${width}-${scheme}`);
    release();
    await expect(dialog.getByRole('alert')).toContainText(
      'Failed to export data: The database is not reachable. Nothing was saved; try again.',
    );
    await checkA11y(page);
    await snap(page, `export-failed-${width}-${scheme}`);
    await page.unrouteAll({ behavior: 'wait' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});
