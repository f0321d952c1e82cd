import type { Page } from '@playwright/test';
import { snap } from './auth-helpers';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';

// A fresh account: the demo bank and the rules this journey makes stay its own.
test.use({ storageState: { cookies: [], origins: [] } });

type RulesReply = { data: { rules: { id: string; matched: number | null }[] } };

async function openRules(page: Page): Promise<void> {
  await page.goto('/activity/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

function rulesList(page: Page) {
  return page.getByRole('list', { name: 'Rules, in the order they run' });
}

test('rules: create from Activity, list, edit, reorder by keyboard and pointer, run, delete', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('rules'), name: 'Remy Rules' });

  // No rules yet: the page says how to make one.
  await openRules(page);
  await expect(page.getByRole('heading', { name: 'No rules yet' })).toBeVisible();
  await expect(page.getByText(/Apply to similar\s+transactions/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run on existing transactions' })).toBeDisabled();
  await checkA11y(page);
  await snap(page, 'rules-empty-1440-light');

  // The demo bank's transactions, then a rule from Activity's "apply to similar".
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Connect a demo bank' }).first().click();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 90_000 });
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
  // A second rule, saved through the API, so there is an order to change.
  const second = await page.request.post('/api/v1/rules', {
    headers: { origin: server.url },
    data: { conditions: { direction: 'in' }, actions: { category: 'INCOME' } },
  });
  expect(second.status()).toBe(201);

  // Activity links to the page.
  await snap(page, 'rules-activity-header-1440-light');
  await page.getByRole('link', { name: 'Rules', exact: true }).click();
  await expect(page).toHaveURL(/\/activity\/rules$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const list = rulesList(page);
  await expect(
    list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }),
  ).toHaveCount(2);
  const before = (await (await page.request.get('/api/v1/rules')).json()) as RulesReply;
  const [firstRule, secondRule] = before.data.rules;
  expect(firstRule?.matched).toBeGreaterThan(0);
  await expect(list.getByText(/^Matches [\d,]+ transactions?$/).first()).toBeVisible();
  await expect(list.getByText('Category: Travel')).toBeVisible();
  await checkA11y(page);

  // Edit: an empty rule is refused with the domain's message, then a rename is saved.
  const ruleOne = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rule 1' }) });
  const startsAsTravel = await ruleOne.getByText('Category: Travel').count();
  const travelRule = startsAsTravel ? 'Rule 1' : 'Rule 2';
  await page.getByRole('button', { name: `Edit ${travelRule}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit rule' });
  await expect(dialog).toBeVisible();
  const merchant = dialog.getByLabel('Merchant is');
  const merchantKey = await merchant.inputValue();
  await merchant.fill('');
  await dialog.getByLabel('Direction').click();
  await page.getByRole('option', { name: 'Money in or out' }).click();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('Add at least one condition')).toBeVisible();
  await checkA11y(page);
  await snap(page, 'rules-edit-invalid-1440-light');
  await merchant.fill(merchantKey);
  await dialog.getByLabel('Direction').click();
  await page.getByRole('option', { name: 'Money out', exact: true }).click();
  await dialog.getByLabel('Rename to').fill('Renamed by a rule');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Rule saved')).toBeVisible();
  await expect(list.getByText('Rename to “Renamed by a rule”')).toBeVisible();
  // Focus returns to the Edit button that opened the dialog.
  await expect(page.getByRole('button', { name: `Edit ${travelRule}` })).toBeFocused();

  // Reorder by keyboard: Move down on rule 1 with Enter; the keyboard stays on the moved rule.
  await page.getByRole('button', { name: 'Move Rule 1 down' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move Rule 2 up' })).toBeFocused();
  let order = ((await (await page.request.get('/api/v1/rules')).json()) as RulesReply).data.rules.map(
    (r) => r.id,
  );
  expect(order).toEqual([secondRule?.id, firstRule?.id]);
  // And back by pointer.
  await page.getByRole('button', { name: 'Move Rule 2 up' }).click();
  await expect(page.getByRole('button', { name: 'Move Rule 1 down' })).toBeFocused();
  order = ((await (await page.request.get('/api/v1/rules')).json()) as RulesReply).data.rules.map(
    (r) => r.id,
  );
  expect(order).toEqual([firstRule?.id, secondRule?.id]);
  await page.reload();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rule 1' }) }),
  ).toContainText(startsAsTravel ? 'Category: Travel' : 'Category: Income');

  // Run on existing transactions: the rename reaches the past ones it matches.
  await page.getByRole('button', { name: 'Run on existing transactions' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Done: [\d,]+ transactions? changed\.$/ }),
  ).toBeVisible();
  const renamed = (await (
    await page.request.get(
      `/api/v1/transactions/paginated?limit=1&search=${encodeURIComponent('Renamed by a rule')}`,
    )
  ).json()) as { pagination: { total: number } };
  expect(renamed.pagination.total).toBeGreaterThan(0);
  await checkA11y(page);
  await snap(page, 'rules-run-1440-light');

  // Every width and theme, with axe.
  for (const width of [375, 768, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 400 ? 800 : 900 });
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await openRules(page);
      await expect(rulesList(page)).toBeVisible();
      await checkA11y(page);
      await snap(page, `rules-${width}-${colorScheme}`);
    }
  }
  // High contrast, light and dark, at phone width.
  await page.goto('/settings/accessibility');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
  );
  await page.getByRole('switch', { name: 'High Contrast', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await openRules(page);
    await expect(page.locator('html')).toHaveClass(/(^|\s)high-contrast(\s|$)/);
    await checkA11y(page);
    await snap(page, `rules-375-${colorScheme}-high-contrast`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Settings → Financial leads here too.
  await page.goto('/settings/financial');
  await page.getByRole('link', { name: 'Manage rules' }).click();
  await expect(page).toHaveURL(/\/activity\/rules$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });

  // Delete, confirmed.
  await page.getByRole('button', { name: 'Delete Rule 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete rule 2?' });
  await expect(confirm).toBeVisible();
  await checkA11y(page);
  await snap(page, 'rules-delete-1440-light');
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('Rule deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rule 2' })).toHaveCount(0);
  const after = (await (await page.request.get('/api/v1/rules')).json()) as RulesReply;
  expect(after.data.rules.map((rule) => rule.id)).toEqual([firstRule?.id]);
});
