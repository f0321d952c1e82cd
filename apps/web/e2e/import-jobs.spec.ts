import { expect, test } from './fixtures';
import { forEachView, signUpByApi, snap } from './journey-helpers';

// ADR 063: a file of more than IMPORT_JOB_ROWS rows is imported by a background job. The journeys'
// server takes 20 rows as "large", so a 40-row CSV goes through the job. The first progress answers are
// held at half-way (page.route) so the bar can be looked at at phone and desktop width, light and dark;
// then the real answers lead to the usual result. Screenshots: test-results/e2e/screenshots/import-job-*.png.
test.use({ serverEnv: { IMPORT_JOB_ROWS: '20' } });

test('a large file is imported in the background with a progress bar, then the usual result', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  await signUpByApi(page.request, server.url, 'import-job', 'Jo Large');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Everyday Checking', type: 'depository', currency: 'USD', balance: 1000 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const lines = ['Date,Description,Amount'];
  const today = new Date();
  for (let index = 0; index < 40; index += 1) {
    const date = new Date(today.getTime() - (index + 1) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${date},Corner Shop ${index + 1},-${index + 1}.50`);
  }
  let holding = true;
  await page.route('**/api/v1/imports/jobs/*', async (route) => {
    if (!holding) return route.continue();
    const real = await route.fetch();
    const body = (await real.json()) as { data: { job: Record<string, unknown> } };
    await route.fulfill({
      response: real,
      json: { ...body, data: { job: { ...body.data.job, state: 'running', doneRows: 20, result: null } } },
    });
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await page.getByRole('button', { name: 'Import a file' }).click();
  const start = page.getByRole('dialog', { name: 'Import a file' });
  await expect(start.getByRole('combobox', { name: 'Import into' })).toContainText('Everyday Checking');
  await start.getByLabel('File').setInputFiles({
    name: 'year.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await start.getByRole('button', { name: 'Preview import' }).click();
  const check = page.getByRole('dialog', { name: 'Check the import' });
  await check.getByRole('button', { name: 'Import 40 transactions' }).click();

  const bar = check.getByRole('progressbar', { name: 'Rows imported' });
  await expect(bar).toHaveAttribute('aria-valuenow', '50');
  await expect(check.getByRole('status')).toHaveText('Importing in the background… 20 of 40 rows');
  await checkA11y(page);
  await forEachView(page, async ({ name }) => {
    await expect(bar).toBeVisible();
    await bar.scrollIntoViewIfNeeded();
    await snap(page, `import-job-progress-${name}`);
  });

  holding = false;
  await expect(page.getByText('Imported 40 transactions')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const imports = await page.request.get('/api/v1/imports');
  const listed = (await imports.json()) as { data: { batches: { importedCount: number }[] } };
  expect(listed.data.batches[0]?.importedCount).toBe(40);
});
