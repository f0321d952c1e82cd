import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { connectDemoBank, settled, signUpByApi, snap as saveScreenshot } from './journey-helpers';

// Signs up its own account, so the layout it changes never leaks into another journey.
test.use({ storageState: { cookies: [], origins: [] } });

const snap = (page: Page, name: string) => saveScreenshot(page, `layout-${name}`);

/** Clicks `name` and waits until the preference it changed is saved. */
async function clickAndSave(page: Page, role: 'button' | 'switch' | 'checkbox' | 'radio', name: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
  );
  await page.getByRole(role, { name, exact: true }).click();
  expect((await saved).status()).toBe(200);
}

async function openDisplaySettings(page: Page): Promise<void> {
  await page.goto('/settings/display');
  await expect(page.getByRole('heading', { level: 3, name: 'Layout' })).toBeVisible();
  await settled(page);
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await settled(page);
  await expect(page.getByText(/Net worth on /)).toBeVisible({ timeout: 30_000 });
}

const mainLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

test('the layout preferences arrange the sidebar, the dashboard and the lists', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpByApi(page.request, server.url, 'layout', 'Lee Layout');
  await connectDemoBank(page.request, server.url);

  // Sidebar: Expenses moved up twice comes before Activity and Accounts.
  await openDisplaySettings(page);
  await checkA11y(page);
  await clickAndSave(page, 'button', 'Move Expenses section up');
  await clickAndSave(page, 'button', 'Move Expenses section up');
  expect((await mainLinks(page)).slice(0, 3)).toEqual(['Dashboard', 'Expenses', 'Accounts']);

  // Dashboard: Allocation hidden, Activity moved before Accounts.
  await clickAndSave(page, 'checkbox', 'Show Allocation');
  await clickAndSave(page, 'button', 'Move Activity widget up');
  await clickAndSave(page, 'switch', 'Compact Lists');
  await page.getByRole('heading', { level: 3, name: 'Layout' }).scrollIntoViewIfNeeded();
  await snap(page, 'settings-1440-light');

  await openDashboard(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Net worth',
    'Net-worth history',
    'Activity',
    'Accounts',
  ]);
  await checkA11y(page);
  await snap(page, 'dashboard-1440-light');

  // Compact lists: Activity's rows are 40 px high on a desktop (56 px otherwise).
  await page.goto('/activity?date=all');
  const firstRow = page.locator('[role="row"][data-row-id]').first();
  await expect(firstRow).toBeVisible({ timeout: 30_000 });
  expect((await firstRow.boundingBox())?.height).toBe(40);
  await checkA11y(page);
  await snap(page, 'activity-compact-1440-light');

  // The phone width, light.
  await page.setViewportSize({ width: 375, height: 812 });
  await openDisplaySettings(page);
  await checkA11y(page);
  await snap(page, 'settings-375-light');
  await page.goto('/activity?date=all');
  await expect(firstRow).toBeVisible({ timeout: 30_000 });
  expect((await firstRow.boundingBox())?.height).toBe(52);
  await snap(page, 'activity-compact-375-light');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
  expect((await drawer.getByRole('link').allTextContents()).slice(0, 3)).toEqual([
    'Dashboard',
    'Expenses',
    'Accounts',
  ]);
  await snap(page, 'menu-375-light');
  await page.keyboard.press('Escape');

  // Dark: 375 then 1440.
  await openDisplaySettings(page);
  await clickAndSave(page, 'radio', 'Dark');
  await openDisplaySettings(page);
  await checkA11y(page);
  await snap(page, 'settings-375-dark');
  await openDashboard(page);
  await snap(page, 'dashboard-375-dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDisplaySettings(page);
  await checkA11y(page);
  await snap(page, 'settings-1440-dark');
  await openDashboard(page);
  await checkA11y(page);
  await snap(page, 'dashboard-1440-dark');
});
