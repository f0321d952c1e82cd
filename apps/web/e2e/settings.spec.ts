import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDateTime } from '@lodestar/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { spawnServer } from '../../../scripts/spawn-server';
import { fillSignIn, signOut } from './auth-helpers';
import { E2E_PASSWORD, expect, test } from './fixtures';
import { connectDemoBank, settled, signUpByApi, snap as saveScreenshot } from './journey-helpers';

// Each journey signs up its own account, so what one changes never leaks into another.
test.use({ storageState: { cookies: [], origins: [] } });

type Envelope<T> = { success: boolean; data: T };

const snap = (page: Page, name: string) => saveScreenshot(page, `settings-${name}`);

const signUp = (request: APIRequestContext, origin: string, label: string) =>
  signUpByApi(request, origin, label, 'Sam Settings');

/** Resolves when the next preferences write (PATCH or PUT) has been answered. */
function preferencesSaved(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/user/preferences') && response.request().method() !== 'GET',
  );
}

/** Opens a settings section and waits until its preferences have loaded. */
async function openSection(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/settings/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await settled(page);
}

/** Picks an option of a settings dropdown row and waits for the save. */
async function choose(page: Page, label: string, option: RegExp): Promise<void> {
  const saved = preferencesSaved(page);
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  expect((await saved).status()).toBe(200);
}

/** Clicks a switch or radio of a settings row and waits for the save. */
async function toggle(page: Page, role: 'switch' | 'radio', name: string): Promise<void> {
  const saved = preferencesSaved(page);
  await page.getByRole(role, { name, exact: true }).click();
  expect((await saved).status()).toBe(200);
}

/** Opens the dashboard once its figures have loaded. */
async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await settled(page);
  await expect(page.getByText(/Net worth on /)).toBeVisible({ timeout: 30_000 });
}

const html = (page: Page) => page.locator('html');

test('display and accessibility preferences change the whole app', async ({ page, server }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page.request, server.url, 'display');
  await connectDemoBank(page.request, server.url);
  const main = page.getByRole('main');

  // Theme: dark, on the dashboard too.
  await openSection(page, 'display', 'Display');
  await toggle(page, 'radio', 'Dark');
  await openDashboard(page);
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await snap(page, 'theme-dark');

  // Number format: German digit grouping and decimal comma ('1.234,56 $').
  await openSection(page, 'display', 'Display');
  await choose(page, 'Number Format', /^German/);
  await openDashboard(page);
  await expect(main).toContainText(/\d{1,3}(?:\.\d{3})+,\d{2}\s\$/);
  await expect(main).not.toContainText(/\$\d{1,3}(?:,\d{3})+\.\d{2}/);
  await snap(page, 'number-format-de-DE');

  // Date format: ISO dates on the dashboard.
  await openSection(page, 'display', 'Display');
  await choose(page, 'Date Format', /^YYYY-MM-DD/);
  await openDashboard(page);
  await expect(page.getByText(/Net worth on \d{4}-\d{2}-\d{2}:/)).toBeVisible();
  await snap(page, 'date-format-iso');

  // Time zone: the last sync of the demo bank, written in Tokyo time.
  await openSection(page, 'display', 'Display');
  await choose(page, 'Time Zone', /^Tokyo/);
  const connections = (await (await page.request.get('/api/v1/connections')).json()) as Envelope<{
    connections: { lastSyncedAt: string | null }[];
  }>;
  const syncedAt = connections.data.connections[0]?.lastSyncedAt;
  expect(syncedAt).toBeTruthy();
  await page.goto('/accounts');
  const synced = page.getByText(/^Synced /).first();
  await expect(synced).toHaveAttribute(
    'title',
    `Last synced ${formatDateTime(new Date(syncedAt ?? ''), 'YYYY-MM-DD', 'Asia/Tokyo', 'de-DE')}`,
  );
  await openDashboard(page);
  await snap(page, 'time-zone-tokyo');

  // Currency: totals in euros.
  await openSection(page, 'display', 'Display');
  await choose(page, 'Currency', /^EUR/);
  await openDashboard(page);
  await expect(main).toContainText(/\d{1,3}(?:\.\d{3})*,\d{2}\s€/);
  await snap(page, 'currency-eur');

  // Default date range: the dashboard opens on the last 3 months, its history on 3M.
  await openSection(page, 'display', 'Display');
  await choose(page, 'Default Date Range', /^Last 90 days/);
  await openDashboard(page);
  await expect(page.getByRole('combobox', { name: 'Period' })).toContainText('Last 3 months');
  await expect(
    page.getByRole('radiogroup', { name: 'History range' }).getByRole('radio', { name: '3M' }),
  ).toBeChecked();
  await snap(page, 'default-date-range-90d');

  // Accessibility: reduce motion, large text, high contrast.
  await openSection(page, 'accessibility', 'Accessibility');
  await toggle(page, 'switch', 'Reduce Motion');
  await openDashboard(page);
  await expect(html(page)).toHaveClass(/(^|\s)reduce-motion(\s|$)/);
  await snap(page, 'reduce-motion');

  await openSection(page, 'accessibility', 'Accessibility');
  const rootSize = () => html(page).evaluate((element) => getComputedStyle(element).fontSize);
  expect(await rootSize()).toBe('16px');
  await toggle(page, 'radio', 'Large');
  await openDashboard(page);
  await expect(html(page)).toHaveAttribute('data-font-size', 'large');
  expect(await rootSize()).toBe('18px');
  await snap(page, 'font-size-large');

  await openSection(page, 'accessibility', 'Accessibility');
  await toggle(page, 'switch', 'High Contrast');
  await openDashboard(page);
  await expect(html(page)).toHaveClass(/(^|\s)high-contrast(\s|$)/);
  await snap(page, 'high-contrast');
});

test('settings search marks what matches and filters the sections', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page.request, server.url, 'search');
  await openSection(page, 'profile', 'Profile');
  await page.getByRole('searchbox', { name: 'Search settings' }).fill('time zone');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link')).toHaveCount(1);
  await expect(sections.getByRole('link')).toContainText('Display');
  await expect(sections.locator('mark', { hasText: /^Time Zone$/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=time\+zone/);
  // Profile holds nothing of it: the page points to Display.
  await expect(page.getByText('Nothing in Profile matches “time zone”.', { exact: false })).toBeVisible();
  await snap(page, 'search-elsewhere');

  await page.getByRole('status').getByRole('link', { name: 'Display' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Display' })).toBeVisible();
  const section = page.locator('section[aria-labelledby="settings-section-title"]');
  await expect(section.locator('mark', { hasText: /^time zone$/i }).first()).toBeVisible();
  expect(await page.locator('mark').count()).toBeGreaterThan(1);
  await snap(page, 'search-display');

  // A section title: the heading and the list mark it.
  await page.getByRole('searchbox', { name: 'Search settings' }).fill('danger');
  await expect(sections.getByRole('link')).toHaveCount(1);
  await expect(sections.locator('mark', { hasText: /^Danger$/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search settings' }).fill('nothing like this');
  await expect(sections.getByText('No settings match “nothing like this”.')).toBeVisible();
});

test('a preference follows the account into a fresh browser', async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await signUp(page.request, server.url, 'roaming');
  await page.goto('/dashboard');
  await openSection(page, 'display', 'Display');
  await toggle(page, 'radio', 'Dark');
  await choose(page, 'Date Format', /^DD\.MM\.YYYY/);
  await signOut(page);

  // A new context is a new browser profile: no cookies, nothing in localStorage.
  const fresh = await browser.newContext({ baseURL: server.url, colorScheme: 'light' });
  const other = await fresh.newPage();
  await other.goto('/sign-in');
  expect(await other.evaluate(() => window.localStorage.getItem('user-preferences'))).toBeNull();
  await expect(html(other)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await fillSignIn(other, email, E2E_PASSWORD);
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(html(other)).toHaveClass(/(^|\s)dark(\s|$)/);
  await openSection(other, 'display', 'Display');
  await expect(other.getByRole('combobox', { name: 'Date Format' })).toContainText('DD.MM.YYYY');
  await expect(other.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
  await snap(other, 'fresh-browser');
  await fresh.close();
});

test('a save that cannot reach the server says so and puts the value back', async ({ browser }) => {
  test.setTimeout(180_000);
  // A server of its own, so stopping it leaves the other journeys' server running.
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-e2e-offline-'));
  const own = await spawnServer(dataDir, { FX_RATES_URL: 'http://127.0.0.1:9' });
  const context = await browser.newContext({ baseURL: own.url });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUp(page.request, own.url, 'offline');
    await openSection(page, 'display', 'Display');
    const numberFormat = page.getByRole('combobox', { name: 'Number Format' });
    await expect(numberFormat).toContainText('English (US)');

    await own.stop();
    await numberFormat.click();
    await page.getByRole('option', { name: /^German/ }).click();
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Failed to save preference' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText('Your changes may not have been saved. Please try again.');
    await expect(numberFormat).toContainText('English (US)');
    await snap(page, 'save-failed');
  } finally {
    await context.close();
    await own.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const SECTIONS = [
  ['profile', 'Profile'],
  ['financial', 'Financial'],
  ['notifications', 'Notifications'],
  ['privacy', 'Privacy & Security'],
  ['display', 'Display'],
  ['accessibility', 'Accessibility'],
  ['developer', 'Developer'],
  ['danger', 'Danger Zone'],
] as const;

test('every settings section passes axe on a phone and a desktop', async ({ page, server, checkA11y }) => {
  test.setTimeout(180_000);
  await signUp(page.request, server.url, 'axe');
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    for (const [id, title] of SECTIONS) {
      await openSection(page, id, title);
      await checkA11y(page);
      await snap(page, `section-${id}-${width < 768 ? 'mobile' : 'desktop'}`);
    }
  }
});
