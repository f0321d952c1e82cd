import { request as requestFactory } from '@playwright/test';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { connectDemoBank, settled, snap } from './journey-helpers';

// Signs up its own accounts: one with the demo bank to export, an empty one to restore into.
test.use({ storageState: { cookies: [], origins: [] } });

test('Settings → Data restores an export, uploading the file as it is and showing progress', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const origin = server.url;
  const source = await requestFactory.newContext({ baseURL: origin });
  await signUpAndSignIn(source, origin, { email: uniqueEmail('export-source'), name: 'Ella Export' });
  await connectDemoBank(source, origin);
  const exported = await source.get('/api/v1/user/export');
  expect(exported.status()).toBe(200);
  const file = { name: 'lodestar-export.json', mimeType: 'application/json', buffer: await exported.body() };
  await source.dispose();

  await signUpAndSignIn(page.request, origin, { email: uniqueEmail('restore-target'), name: 'Rita Restore' });
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
    await page.getByLabel('Export file to restore').setInputFiles(file);
    const dialog = page.getByRole('alertdialog', { name: 'Restore from an export?' });
    await expect(dialog.getByRole('list', { name: 'What the file holds' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `restore-preview-${width}-${scheme}`);

    // The progress as it shows while a large restore runs: the upload is held and the progress endpoint
    // answers a restore half written, so the state stays on screen for the screenshot.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/user/restore/progress', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: { running: true, phase: 'writing', rowsRead: 4_210, rowsRestored: 2_105, totalRows: 4_210 },
        },
      }),
    );
    await page.route('**/api/v1/user/restore', async (route) => {
      await held;
      await route.fulfill({
        status: 409,
        json: { success: false, error: 'Restore needs an account without data', code: 'CONFLICT' },
      });
    });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog.getByText('Restoring… 2,105 of 4,210 rows written')).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Rows restored' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await checkA11y(page);
    await snap(page, `restore-progress-${width}-${scheme}`);
    release();
    await expect(dialog.getByRole('alert')).toContainText(
      'Restoring only works into an account without data',
    );
    await page.unrouteAll({ behavior: 'wait' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }

  // The real restore, into the empty account.
  await page.getByLabel('Export file to restore').setInputFiles(file);
  const dialog = page.getByRole('alertdialog', { name: 'Restore from an export?' });
  const restored = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/restore'));
  await dialog.getByRole('button', { name: 'Restore' }).click();
  expect((await restored).status()).toBe(200);
  await expect(page.getByText('Data restored successfully')).toBeVisible();
  const accounts = await page.request.get('/api/v1/accounts');
  const body = (await accounts.json()) as { data: { accounts: unknown[] } };
  expect(body.data.accounts.length).toBeGreaterThan(0);
});
