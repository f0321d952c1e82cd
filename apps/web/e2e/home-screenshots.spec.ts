import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { connectDemoBank, settled, signUpByApi } from './journey-helpers';

/**
 * The homepage's screenshots are the app itself: this journey signs up, connects the demo bank and
 * photographs the dashboard, expenses and accounts, encoded as WebP by the browser. It writes them to
 * test-results/e2e/home; `HOME_SCREENSHOTS=write` writes them into the app
 * (src/features/home/screenshots), to refresh the homepage after the screens change.
 */
const OUT =
  process.env.HOME_SCREENSHOTS === 'write'
    ? join(import.meta.dirname, '../src/features/home/screenshots')
    : join(import.meta.dirname, '../../../test-results/e2e/home');

const SHOTS = [
  {
    file: 'dashboard-desktop-light.webp',
    path: '/dashboard',
    heading: 'Dashboard',
    width: 1280,
    dark: false,
  },
  { file: 'expenses-desktop-dark.webp', path: '/expenses', heading: 'Expenses', width: 1280, dark: true },
  { file: 'accounts-desktop-light.webp', path: '/accounts', heading: 'Accounts', width: 1280, dark: false },
  { file: 'dashboard-phone-dark.webp', path: '/dashboard', heading: 'Dashboard', width: 390, dark: true },
] as const;

test.use({ storageState: { cookies: [], origins: [] } });

test('the homepage screenshots: dashboard, expenses and accounts with the demo bank', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  await signUpByApi(page.request, server.url, 'home-shots', 'Morgan Reyes');
  await connectDemoBank(page.request, server.url);
  // The demo bank has a euro account: wait until the day's exchange rates are in, so totals are whole.
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
          timeout: 20_000,
        });
        await settled(page);
        return page.getByText(/No exchange rate/).count();
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe(0);
  mkdirSync(OUT, { recursive: true });
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width > 500 ? 800 : 844 });
    await page.emulateMedia({ colorScheme: shot.dark ? 'dark' : 'light', reducedMotion: 'reduce' });
    await page.goto(shot.path);
    await expect(page.getByRole('heading', { level: 1, name: shot.heading })).toBeVisible({
      timeout: 20_000,
    });
    await settled(page);
    // Charts draw after their data: give them their frame.
    await page.waitForTimeout(800);
    const png = await page.screenshot({ animations: 'disabled' });
    const webp = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.8).split(',')[1]!;
    }, png.toString('base64'));
    const bytes = Buffer.from(webp, 'base64');
    // RIFF....WEBP: the browser really encoded WebP.
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    writeFileSync(join(OUT, shot.file), bytes);
  }
});
