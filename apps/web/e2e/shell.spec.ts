import { axe, expect, test } from './fixtures';
import { snap } from './journey-helpers';

const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

const PAGES = [
  { path: '/', name: 'home', heading: /lodestar/i },
  { path: '/dashboard', name: 'dashboard', heading: /dashboard/i },
  { path: '/accounts', name: 'accounts', heading: /accounts/i },
  { path: '/expenses', name: 'expenses', heading: /expenses/i },
  { path: '/settings', name: 'settings', heading: /settings/i },
  { path: '/help', name: 'help', heading: /help/i },
  { path: '/settings/profile', name: 'settings-profile', heading: /settings/i },
  { path: '/settings/danger', name: 'settings-danger', heading: /settings/i },
  { path: '/no-such-page', name: 'not-found', heading: /page not found/i },
] as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`pages render, pass axe and are captured at ${viewportName} in ${colorScheme}`, async ({
      page,
      checkA11y,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const { path, name, heading } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(
          new RegExp(colorScheme === 'dark' ? '\\bdark\\b' : '^(?!.*\\bdark\\b)'),
        );
        // Nothing may scroll sideways at any width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
        await checkA11y(page);
        await snap(page, `${name}-${viewportName}-${colorScheme}`);
      }
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`high contrast meets WCAG AAA text contrast in ${colorScheme}`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    // Preferences live with the account (the browser's copy only bridges the first paint), and this
    // worker's account is shared with the other journeys: set it there, and put it back afterwards.
    const setHighContrast = async (value: boolean) => {
      const response = await page.request.put('/api/v1/user/preferences', {
        data: { key: 'high_contrast', value },
      });
      expect(response.status()).toBe(200);
    };
    await setHighContrast(true);
    try {
      for (const { path, name } of PAGES) {
        await page.goto(path);
        // The homepage starts the app at the first interaction (ADR 053); the account's preferences
        // apply from then on (before it, the browser's saved copy does, which this test never wrote). A
        // pointer that moves starts it, in two steps: a browser's first move into a page reports no movement.
        if (path === '/') await page.mouse.move(10, 10, { steps: 2 });
        await expect(page.locator('html')).toHaveClass(/high-contrast/);
        const results = await axe(page, { rules: ['color-contrast-enhanced'] });
        expect(
          results.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.target.join(' ')}`)),
        ).toEqual([]);
        if (path === '/dashboard' || path === '/') {
          await snap(page, `${name}-desktop-${colorScheme}-high-contrast`, { fullPage: false });
        }
      }
    } finally {
      await setHighContrast(false);
    }
  });
}

test('desktop navigation follows the product order and marks the current page', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: /main/i });
  const labels = (await nav.getByRole('link').allInnerTexts()).map((label) => label.trim()).filter(Boolean);
  expect(labels).toEqual([
    'Dashboard',
    'Accounts',
    'Wallets',
    'Banks',
    'CEXes',
    'Activity',
    'Expenses',
    'Insights',
    'Assets',
    'Real Estate',
  ]);
  await nav.getByRole('link', { name: 'Expenses' }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(nav.getByRole('link', { name: 'Expenses' })).toHaveAttribute('aria-current', 'page');
});

test('the phone drawer opens from the menu button, navigates and closes with Escape', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('on a phone the current settings section is scrolled into view in the section strip', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/settings/danger');
  const current = page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Danger Zone' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toBeInViewport({ ratio: 1 });
});

test('keyboard users can skip to content and reach the navigation', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/dashboard');
  // The first Tab goes to the skip link once the app has drawn the page (not to the bare document).
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to (main )?content/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeVisible();
});

test('a chosen theme applies at once and is in place before the app script runs', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /theme/i }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('user-preferences') ?? '{}')),
  ).toMatchObject({
    theme: 'dark',
  });

  // With the application bundle blocked, only the tiny head script runs: the saved theme must already apply,
  // so the first paint is dark and nothing flashes.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.unroute('**/assets/*.js');
});

test('the tablet rail shows icons whose names stay available to assistive technology', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1000 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Insights' })).toBeVisible();
  await expect(nav.getByText('Insights', { exact: true })).toHaveClass(/sr-only/);
  await nav.getByRole('link', { name: 'Insights' }).focus();
  await expect(page.getByRole('tooltip', { name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});

test('the API reference page loads from local assets', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (
      !request.url().startsWith(new URL(page.url() || 'http://localhost').origin) &&
      !request.url().startsWith('data:')
    ) {
      external.push(request.url());
    }
  });
  await page.goto('/api/docs');
  await expect(page.getByText('Lodestar API').first()).toBeVisible();
  await expect(page.getByText('/health').first()).toBeVisible();
  expect(external.filter((url) => !url.includes('localhost') && !url.includes('127.0.0.1'))).toEqual([]);
});
