import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpAndSignIn, uniqueEmail } from './fixtures';

/** Where every journey saves its screenshots (looked at before a screen is called done). */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../../test-results/e2e/screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

/**
 * Whether the journeys save their screenshots: yes, unless `E2E_SCREENSHOTS=off`. They are for a person to
 * look at; CI, where nobody does, turns them off (a full-page PNG costs Chromium 0.3–0.9 s of processor
 * time: docs/performance.md). Nothing a journey checks depends on them.
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * Saves a screenshot under test-results/e2e/screenshots/<name>.png: the whole page, or what the viewport
 * shows with `{ fullPage: false }`. Nothing when SAVE_SCREENSHOTS is off.
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
}

/** Every screen is looked at on a phone and a desktop, light and dark. */
const VIEWS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;

/**
 * Runs `look` at 375 and 1440 px, each in light and dark (the viewport and colour scheme set first);
 * `name` is `<width>-<scheme>`, for screenshot names.
 */
export async function forEachView(
  page: Page,
  look: (view: { width: number; colorScheme: 'light' | 'dark'; name: string }) => Promise<void>,
): Promise<void> {
  for (const { width, height } of VIEWS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      // Reduced motion: the theme switches at once, so nothing is caught half-way through a colour transition.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await look({ width, colorScheme, name: `${width}-${colorScheme}` });
    }
  }
}

/** Resolves once nothing on the page is loading any more. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** Signs a new account up (and in) through the API; the request context (and its page) then holds its session. */
export async function signUpByApi(
  request: APIRequestContext,
  origin: string,
  label: string,
  name = 'Jo Journey',
): Promise<string> {
  const email = uniqueEmail(label);
  await signUpAndSignIn(request, origin, { email, name });
  return email;
}

type Envelope<T> = { success: boolean; data: T };

/** Connects the demo bank and waits for its first sync, so the pages have figures to show. */
export async function connectDemoBank(request: APIRequestContext, origin: string): Promise<void> {
  const connect = await request.post('/api/v1/connections/demo', { headers: { origin }, data: {} });
  expect(connect.status(), await connect.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const body = (await (await request.get('/api/v1/connections')).json()) as Envelope<{
          connections: { status: string; lastSyncedAt: string | null }[];
        }>;
        const first = body.data.connections[0];
        return first && first.lastSyncedAt && first.status !== 'syncing' ? first.status : 'waiting';
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('active');
}

/**
 * A worker fixture that starts a fake provider (on 127.0.0.1) for the worker's server and closes it when
 * the worker ends: `test.extend<object, { plaid: FakePlaid }>({ plaid: fakeForWorker(startFakePlaid) })`.
 */
export function fakeForWorker<Fake extends { close(): Promise<void> }>(start: () => Promise<Fake>) {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured.
    async ({}, use: (fake: Fake) => Promise<void>) => {
      const fake = await start();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ] as [(args: object, use: (fake: Fake) => Promise<void>) => Promise<void>, { scope: 'worker' }];
}
