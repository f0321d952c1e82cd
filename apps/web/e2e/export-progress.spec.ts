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
    // The progress as it shows while a large export job runs: the job is held three quarters written,
    // so the state stays on screen for the screenshot, then it ends failed.
    let released = false;
    const held = {
      id: '00000000-0000-4000-8000-000000000075',
      fileName: 'lodestar-export-2026-11-22T10-00-00Z.json.gz',
      state: 'running',
      rowsWritten: 750_000,
      totalRows: 1_000_000,
      bytes: 0,
      error: null as string | null,
      createdAt: '2026-11-22T10:00:00.000Z',
      finishedAt: null as string | null,
    };
    await page.route('**/api/v1/user/exports', (route) =>
      route.fulfill({ status: 202, json: { success: true, data: { job: held } } }),
    );
    await page.route(`**/api/v1/user/exports/${held.id}`, (route) =>
      route.fulfill({
        json: {
          success: true,
          data: {
            job: released
              ? {
                  ...held,
                  state: 'failed',
                  error: 'The database is not reachable',
                  finishedAt: '2026-11-22T10:01:00.000Z',
                }
              : held,
          },
        },
      }),
    );
    const release = () => {
      released = true;
    };
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
