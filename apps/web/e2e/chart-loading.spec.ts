import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpByApi } from './journey-helpers';

// Signs up its own account, so the account it adds never shows on another journey's dashboard.
test.use({ storageState: { cookies: [], origins: [] } });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('at 375 px the dashboard never scrolls sideways while the chart code is still loading', async ({
  page,
  server,
}) => {
  await signUpByApi(page.request, server.url, 'chart-loading', 'Jo Narrow');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Everyday Checking', type: 'depository', currency: 'USD', balance: 2500 },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Hold Chart.js back: the canvases are on the page before it can size them.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/chart-registry-*.js', async (route) => {
    await released;
    await route.continue();
  });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  const doughnut = page.getByRole('img', { name: /^Allocation of assets:/ });
  await expect(doughnut).toBeAttached({ timeout: 30_000 });
  expect(
    await overflow(page),
    'the page is wider than the phone before the charts are drawn',
  ).toBeLessThanOrEqual(0);

  release();
  // Chart.js sizes the canvas to its 180 px box once it has loaded.
  await expect.poll(() => doughnut.evaluate((canvas) => canvas.style.width)).toBe('180px');
  expect(
    await overflow(page),
    'the page is wider than the phone once the charts are drawn',
  ).toBeLessThanOrEqual(0);
});
