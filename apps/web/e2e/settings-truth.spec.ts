import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { settled as pageSettled, snap as saveScreenshot } from './journey-helpers';

// The settings and pages whose texts and switches were made true: each at phone and desktop width, in
// light and dark, axe clean, with a screenshot under test-results/e2e/screenshots/truth-*.png.

async function settled(page: Page): Promise<void> {
  await pageSettled(page);
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
}

for (const width of [375, 1440]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`privacy, notifications, display, profile, help and home at ${width} px, ${scheme}`, async ({
      page,
      checkA11y,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const snap = (name: string) => saveScreenshot(page, `truth-${name}-${width}-${scheme}`);

      await page.goto('/settings/privacy');
      await expect(page.getByRole('heading', { level: 2, name: 'Privacy & Security' })).toBeVisible();
      await settled(page);
      await expect(page.getByText(/collects no usage analytics, sends no marketing email/)).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Analytics & Performance' })).toHaveCount(0);
      await checkA11y(page);
      await snap('privacy');

      await page.goto('/settings/notifications');
      await settled(page);
      await expect(page.getByRole('spinbutton', { name: 'Large Transaction' })).toHaveValue('1000');
      await expect(page.getByText('Product updates')).toHaveCount(0);
      await checkA11y(page);
      await snap('notifications');

      await page.goto('/settings/display');
      await settled(page);
      await page.getByRole('combobox', { name: 'Time Zone' }).click();
      await expect(page.getByRole('option', { name: /^Auckland · Pacific/ })).toBeAttached();
      expect(await page.getByRole('option').count()).toBeGreaterThan(300);
      await snap('time-zones');
      await page.keyboard.press('Escape');

      await page.goto('/settings/profile');
      await settled(page);
      await expect(page.getByText('Self-hosted (no limits)')).toBeVisible();
      await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
      await checkA11y(page);
      await snap('profile');

      await page.goto('/help/what-is-lodestar');
      await expect(page.getByRole('heading', { level: 1, name: 'What Lodestar is' })).toBeVisible();
      await expect(page.getByText(/connect crypto exchanges \(Binance/)).toBeVisible();
      await checkA11y(page);
      await snap('help');

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Lodestar' })).toBeVisible();
      await checkA11y(page);
      await snap('home');
    });
  }
}

test('a payment abroad shows its foreign amount and rate in the transaction details', async ({
  page,
  server,
}) => {
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const headers = { origin: server.url };
  const created = await page.request.post('/api/v1/accounts', {
    headers,
    data: { name: 'N26 Main', type: 'depository', currency: 'EUR', balance: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accountId = ((await created.json()) as { data: { account: { id: string } } }).data.account.id;
  const content = `"Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)","Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"
"${day(3)}","Pret A Manger","","MasterCard Payment","","-7.05","-6.0","GBP","0.8510638"
"${day(2)}","Rewe","","MasterCard Payment","","-31.80","","",""
`;
  const imported = await page.request.post('/api/v1/imports', {
    headers,
    data: { accountId, fileName: 'n26.csv', content },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  for (const [width, scheme] of [
    [1440, 'light'],
    [375, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/activity');
    await page.getByText('Pret A Manger', { exact: true }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(sheet.getByText('Foreign amount')).toBeVisible();
    await expect(sheet.getByText('Exchange rate 0.8510638, as the statement gives it')).toBeVisible();
    await saveScreenshot(page, `truth-foreign-amount-${width}-${scheme}`, { fullPage: false });
  }
});
