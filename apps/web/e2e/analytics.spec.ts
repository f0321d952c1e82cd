import type { Page } from '@playwright/test';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { snap } from './auth-helpers';

// One fresh account with the demo bank connected, shared by the pages below.
test.use({ storageState: { cookies: [], origins: [] } });

type Envelope<T> = { success: boolean; data: T };
type Money = { amountMinor: number; currency: string };

/** Waits until the first chart on the page has drawn something (non-transparent pixels). */
async function expectChartDrawn(page: Page): Promise<void> {
  const canvas = page.locator('canvas[role="img"]').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        canvas.evaluate((element) => {
          const chart = element as HTMLCanvasElement;
          const context = chart.getContext('2d');
          if (!context || chart.width === 0 || chart.height === 0) return 0;
          const { data } = context.getImageData(0, 0, chart.width, chart.height);
          let painted = 0;
          for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted += 1;
          return painted;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(500);
}

/** Opens the first chart's table alternative and checks it has rows. */
async function expectTableAlternative(page: Page): Promise<void> {
  const summary = page.getByText('Show the data as a table').first();
  await summary.click({ timeout: 10_000 });
  const table = page.locator('details[open] table').first();
  await expect(table).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  await summary.click();
}

// `table`: the chart's text alternative is a data table behind a disclosure (the doughnuts' legends list
// their figures in the page itself).
const PAGES = [
  { path: '/dashboard', heading: 'Dashboard', chart: true, table: true },
  { path: '/expenses', heading: 'Expenses', chart: true, table: true },
  { path: '/insights', heading: 'Insights', chart: false, table: false },
  { path: '/assets', heading: 'Assets', chart: true, table: false },
  { path: '/real-estate', heading: 'Real Estate', chart: false, table: false },
  { path: '/tools', heading: 'Tools', chart: true, table: true },
] as const;

test('analytics: the demo bank seen through dashboard, history, expenses, flow, insights, assets, real estate and tools', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(420_000);
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('analytics'), name: 'Ada Analytics' });

  // Connect the demo bank and wait for its first sync to finish.
  const connect = await page.request.post('/api/v1/connections/demo', {
    headers: { origin: server.url },
    data: {},
  });
  expect(connect.status(), await connect.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/connections');
        const body = (await response.json()) as Envelope<{
          connections: { status: string; lastSyncedAt: string | null }[];
        }>;
        const first = body.data.connections[0];
        return first && first.lastSyncedAt && first.status !== 'syncing' ? first.status : 'waiting';
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('active');

  // A property with the demo mortgage against it, so real estate and equity have something to show.
  const accounts = (await (await page.request.get('/api/v1/accounts?tab=all')).json()) as Envelope<{
    accounts: { id: string; type: string; currency: string }[];
  }>;
  const loan = accounts.data.accounts.find(
    (account) => account.type === 'loan' && account.currency === 'USD',
  );
  const property = await page.request.post('/api/v1/real-estate', {
    headers: { origin: server.url },
    data: {
      name: 'Maple Street House',
      address: {
        line1: '12 Maple Street',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      purchasePrice: 420_000,
      purchaseDate: '2024-06-14',
      currency: 'USD',
      currentValue: 455_000,
      mortgageAccountId: loan?.id,
    },
  });
  expect(property.status(), await property.text()).toBe(201);

  // The ECB rates arrive through the background job queued at the server's start (a few seconds on a
  // fresh database); until then the dashboard names EUR as missing, as a user would see it.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/dashboard');
        return ((await response.json()) as Envelope<{ fx: { missing: string[] } }>).data.fx.missing;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toEqual([]);

  // The dashboard's figures add up: net worth = assets + liabilities, with the EUR account converted.
  const dashboard = (await (await page.request.get('/api/v1/dashboard')).json()) as Envelope<{
    summary: { netWorth: Money; assets: Money; liabilities: Money; realEstate: Money };
    fx: { missing: string[] };
  }>;
  const { summary, fx } = dashboard.data;
  expect(summary.netWorth.amountMinor).toBe(summary.assets.amountMinor + summary.liabilities.amountMinor);
  expect(summary.realEstate.amountMinor).toBe(45_500_000);
  expect(fx.missing).toEqual([]);

  for (const { path, heading, chart, table } of PAGES) {
    for (const width of [375, 1440]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
        if (chart) await expectChartDrawn(page);
        if (width === 1440 && colorScheme === 'light' && table) await expectTableAlternative(page);
        await checkA11y(page);
        await snap(
          page,
          `analytics${path.replace('/', '-')}-${width < 768 ? 'mobile' : 'desktop'}-${colorScheme}`,
        );
      }
    }
  }

  // The net-worth history answers every range, and the expense flow draws its Sankey.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  for (const range of ['3M', '1Y', 'All']) {
    await page.getByRole('radio', { name: range }).click();
    await expectChartDrawn(page);
  }
  await page.goto('/expenses');
  await expect(page.getByText(/you earned/i).first()).toBeVisible({ timeout: 30_000 });

  // Insights found the demo bank's subscriptions.
  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: /Recurring payments/i })).toBeVisible();
});
