import { testWithFakeYahoo } from './fake-yahoo';
import { expect } from './fixtures';
import { forEachView, settled, signUpByApi, snap } from './journey-helpers';

// Manual holdings: add a position to a manual brokerage from Assets, see it there and on its security's
// page with its buy and gains, then edit it. Quotes come from a fake of Yahoo Finance on 127.0.0.1.
const test = testWithFakeYahoo();

test.use({ storageState: { cookies: [], origins: [] } });

test('manual holdings: add a position on Assets, see it with its lot and gains on its page, edit it, buy more', async ({
  page,
  server,
  yahoo,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpByApi(page.request, server.url, 'holdings', 'Ada Holder');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Own broker', type: 'brokerage', currency: 'USD', balance: 500 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/assets');
  await page.getByRole('button', { name: 'Add holding' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add holding' })).toBeVisible();
  // Nothing filled in: each field says what it needs.
  await dialog.getByRole('button', { name: 'Add holding' }).click();
  await expect(dialog.getByText('Enter a symbol, like AAPL')).toBeVisible();
  await expect(dialog.getByText('Enter a quantity')).toBeVisible();
  // The symbol from the market search.
  await dialog.getByLabel('Symbol').fill('Apple');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('button', { name: /AAPL Apple Inc\./ }).click();
  await expect(dialog.getByLabel('Symbol')).toHaveValue('AAPL');
  await dialog.getByLabel('Quantity').fill('10');
  await dialog.getByLabel('Buy price per unit (USD)').fill('150');
  await settled(page);
  await checkA11y(page);
  await snap(page, 'holdings-dialog-1440-light');
  await dialog.getByRole('button', { name: 'Add holding' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Holdings' });
  const row = table.getByRole('row', { name: /^AAPL/ });
  await expect(row).toContainText('Own broker', { timeout: 30_000 });
  // Valued at the quote the add fetched (the fake's last close), with the buy price beside it.
  const close = yahoo.securities.find((security) => security.symbol === 'AAPL')!.closes.at(-1)!.close;
  const usd = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
  await expect(row).toContainText(usd(Number(close)));
  await expect(row).toContainText('Bought at $150.00');
  await expect(row).toContainText(usd(10 * Number(close)));

  await page.goto('/assets/securities/AAPL');
  const lots = page.locator('[aria-labelledby="transactions-heading"]');
  const lot = lots.getByRole('row', { name: /Own broker/ });
  await expect(lot).toContainText('Buy', { timeout: 30_000 });
  await expect(lot).toContainText('10');
  await expect(lot).toContainText('$1,500.00');
  const position = page.locator('[aria-labelledby="position-heading"]');
  await expect(position.getByText('Own broker')).toBeVisible();
  await expect(position.getByText('Unrealised gain')).toBeVisible();
  await settled(page);
  await checkA11y(page);

  // Edit: 12 units instead of 10.
  await lots.getByRole('button', { name: /^Edit AAPL bought .+ in Own broker$/ }).click();
  // The form shows the buy price entered, not today's price.
  await expect(dialog.getByLabel('Buy price per unit (USD)')).toHaveValue('150');
  await dialog.getByLabel('Quantity').fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(lot).toContainText('$1,800.00', { timeout: 30_000 });

  // A second buy of the symbol in the same account is another lot of the holding, not a second holding.
  await page.getByRole('button', { name: 'Add holding' }).click();
  await dialog.getByLabel('Symbol').fill('AAPL');
  await expect(dialog.getByRole('status')).toContainText(
    'Own broker already holds AAPL: this is added as another buy',
  );
  await dialog.getByLabel('Quantity').fill('5');
  await dialog.getByLabel('Buy price per unit (USD)').fill('160');
  await dialog.getByRole('button', { name: 'Add buy' }).click();
  await expect(dialog).toBeHidden();
  const buys = lots.getByRole('row', { name: /Own broker/ });
  await expect(buys).toHaveCount(2, { timeout: 30_000 });
  await expect(lots.getByRole('button', { name: /^Edit AAPL bought .+ in Own broker$/ })).toHaveCount(2);
  await expect(position).toContainText('17');

  await forEachView(page, async ({ width, name }) => {
    await page.goto('/assets');
    await expect(page.getByText('AAPL').first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `holdings-assets-${name}`);
    await page.goto('/assets/securities/AAPL');
    await expect(
      page.locator('[aria-labelledby="transactions-heading"]').getByText('Own broker').first(),
    ).toBeVisible();
    await settled(page);
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `holdings-security-${name}`);
  });
});
