import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { snap } from './auth-helpers';

// A fresh account per journey (the demo bank adds six accounts).
test.use({ storageState: { cookies: [], origins: [] } });

type Page = {
  data: { id: string; date: string; name: string; accountId: string; amount: { amountMinor: number } }[];
  pagination: { total: number };
};

test('money data: demo bank → accounts → activity → a rule → a CSV with a duplicate → undo', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('money'), name: 'Rae Money' });

  // Connect the demo bank from the empty Accounts page and wait for its first sync.
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Connect a demo bank' }).first().click();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Lodestar Demo Bank').first()).toBeVisible();
  await checkA11y(page);
  await snap(page, 'money-accounts-desktop-light');

  // Activity lists the synced transactions (all of them: by default it starts at the default date range).
  await page.goto('/activity?date=all');
  await expect(page.getByText(/^[\d,]+ of [\d,]+ transactions?/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row').nth(2)).toBeVisible();
  await checkA11y(page);
  await snap(page, 'money-activity-desktop-light');

  // Search narrows the list.
  const all = (await (await page.request.get('/api/v1/transactions/paginated?limit=1')).json()) as Page;
  const firstName = all.data[0]?.name ?? '';
  const word = firstName.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part)) ?? firstName.slice(0, 4);
  await page.getByPlaceholder('Search name or merchant').fill(word);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`, 'i'));
  const found = (await (
    await page.request.get(`/api/v1/transactions/paginated?limit=1&search=${encodeURIComponent(word)}`)
  ).json()) as Page;
  expect(found.pagination.total).toBeLessThan(all.pagination.total);
  await expect(
    page.getByText(new RegExp(`^${found.pagination.total.toLocaleString('en-US')} of [\\d,]+ transactions?`)),
  ).toBeVisible();

  // Filter by the URL (shareable): expenses only.
  await page.goto('/activity?filter=expenses');
  await expect(page.getByText(/^[\d,]+ of [\d,]+ transactions?/)).toBeVisible();

  // Recategorize the first row and apply it to similar transactions with a rule.
  await page.goto('/activity');
  await page
    .getByRole('button', { name: /Change category/ })
    .first()
    .click();
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Travel' }).click();
  await page.getByRole('button', { name: 'Apply to similar transactions' }).click();
  await expect(page.getByText(/matching/)).toBeVisible();
  await page.getByRole('button', { name: /^(Apply to \d[\d,]* transactions?|Create rule)$/ }).click();
  await expect(page.getByText('Rule created')).toBeVisible();
  const rules = (await (await page.request.get('/api/v1/rules')).json()) as { data: { rules: unknown[] } };
  expect(rules.data.rules).toHaveLength(1);

  // Import a CSV into the checking account: one row already there (a duplicate), one new.
  const accounts = (await (await page.request.get('/api/v1/accounts?tab=banks')).json()) as {
    data: { accounts: { id: string; name: string; type: string; currency: string }[] };
  };
  const checking = accounts.data.accounts.find(
    (account) => account.type === 'depository' && account.currency === 'USD',
  );
  expect(checking).toBeTruthy();
  const existing = (await (
    await page.request.get(`/api/v1/transactions/paginated?limit=1&accounts=${checking?.id}&filter=expenses`)
  ).json()) as Page;
  const dup = existing.data[0];
  expect(dup).toBeTruthy();
  const csv = [
    'Date,Description,Amount',
    `${dup?.date},"${dup?.name}",${((dup?.amount.amountMinor ?? 0) / 100).toFixed(2)}`,
    '2026-11-02,"Farmers market, downtown",-23.50',
  ].join('\n');
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await page.getByRole('button', { name: 'Import a file' }).click();
  await page.getByLabel('Import into').click();
  await page
    .getByRole('option', { name: new RegExp(checking?.name ?? 'Checking') })
    .first()
    .click();
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByText('Already imported')).toBeVisible();
  await snap(page, 'money-import-preview-desktop-light');
  await page.getByRole('button', { name: /^Import 1 transaction/ }).click();
  await expect(page.getByText('Imported 1 transaction')).toBeVisible();
  const imported = (await (
    await page.request.get(
      `/api/v1/transactions/paginated?limit=5&search=${encodeURIComponent('Farmers market')}`,
    )
  ).json()) as Page;
  expect(imported.pagination.total).toBe(1);
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(
              `/api/v1/transactions/paginated?limit=5&search=${encodeURIComponent('Farmers market')}`,
            )
          ).json()) as Page
        ).pagination.total,
    )
    .toBe(0);

  // Phone width, both themes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme });
    await page.goto('/accounts');
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `money-accounts-mobile-${colorScheme}`);
    await page.goto('/activity');
    await expect(page.getByText(/^[\d,]+ of [\d,]+ transactions?/)).toBeVisible();
    await expect(page.getByRole('row').nth(2)).toBeVisible();
    await checkA11y(page);
    await snap(page, `money-activity-mobile-${colorScheme}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/activity');
  await expect(page.getByText(/^[\d,]+ of [\d,]+ transactions?/)).toBeVisible();
  await snap(page, 'money-activity-desktop-dark');
});
