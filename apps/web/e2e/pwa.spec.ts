import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { forEachView, settled, snap } from './journey-helpers';

test.use({ serviceWorkers: 'allow' });

type Manifest = {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose?: string }[];
};

test('the app is installable: a manifest with icons and a service worker in control', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Lodestar', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  // The browser's own verdict: nothing stops installing it (a test's browser context is incognito,
  // where Chromium never offers to install, so that one reason is set aside).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );

  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('after one visit the app starts offline, says so, and never kept an API answer', async ({
  page,
  context,
  checkA11y,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls the page once it has claimed it; then every built file is in its cache.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
  await checkA11y(page);
  await snap(page, 'offline-dashboard');
  // A page not visited before opens too, from the cached shell, and waits for the connection.
  await page.goto('/activity');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
  await expect(page.getByText(/could not be loaded|Cannot reach the server/)).toHaveCount(0);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('a new version on the server is offered with a reload prompt, and Reload moves to it', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A new build on the server: its service worker differs by a byte (sw.js is served from the build's
  // folder and never cached by the browser's HTTP cache).
  const workerFile = join(import.meta.dirname, '..', 'dist', 'sw.js');
  const before = readFileSync(workerFile, 'utf8');
  try {
    writeFileSync(workerFile, `${before}\n// next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByText('A new version of Lodestar is available');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText('Reload to use it; this page keeps the version it started with until then.'),
    ).toBeVisible();
    // The new worker waits for the person's choice; the page keeps running on the old one.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
    ).toBe(true);
    await snap(page, 'new-version-prompt');

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null),
      )
      .toBe(true);
    await expect(prompt).toBeHidden();
  } finally {
    writeFileSync(workerFile, before);
  }
});

test.describe('the homepage for visitors', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('at 375 and 1440 px, light and dark', async ({ page, checkA11y }) => {
    await page.addInitScript(() => {
      const flags = window as unknown as { lodestarHydrated?: boolean };
      flags.lodestarHydrated = false;
      window.addEventListener('lodestar:hydrated', () => {
        flags.lodestarHydrated = true;
      });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Lodestar' })).toBeVisible();
    await settled(page);
    // The app starts on the first interaction (ADR 053); start it now, so it does not start half-way
    // through a view's check (a screenshot's scrolling is an interaction). A pointer that moves, in two
    // steps: a browser's first move into a page reports no movement, which does not count.
    await page.mouse.move(10, 10, { steps: 2 });
    await page.waitForFunction(() => (window as unknown as { lodestarHydrated?: boolean }).lodestarHydrated);
    await forEachView(page, async ({ name, colorScheme }) => {
      // The page follows the system's scheme a moment after it changes: check once it has.
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        colorScheme === 'dark',
      );
      await checkA11y(page);
      await snap(page, `home-${name}`);
    });
  });
});
