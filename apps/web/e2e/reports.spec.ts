import { expect, test } from './fixtures';
import { connectDemoBank, forEachView, settled, signUpByApi, snap } from './journey-helpers';

// Custom reports: build "groceries by month for two years", save it, pin it to the dashboard, and open a
// cell in Activity, which lists exactly the rows the cell summed.
test.use({ storageState: { cookies: [], origins: [] } });

test('reports: groceries by month for two years, saved, pinned, and a cell opened in Activity', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(420_000);
  await signUpByApi(page.request, server.url, 'reports', 'Rae Reports');
  await connectDemoBank(page.request, server.url);

  // Reachable from Expenses.
  await page.goto('/expenses');
  await page.getByRole('link', { name: 'Custom reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const choose = async (label: string, option: string) => {
    const select = page.getByLabel(label, { exact: true });
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveText(option);
  };
  await choose('Measure', 'Spending');
  await choose('Rows', 'No grouping');
  await choose('Columns', 'Month');
  await choose('Dates', 'Last 2 years');
  await choose('Show as', 'Bar');
  await page.getByText('Filters', { exact: true }).click();
  // Each choice is written into the URL; wait for the last one to settle before the next.
  const food = page.getByRole('checkbox', { name: 'Food & Dining' });
  await expect(async () => {
    await food.check();
    await expect(food).toBeChecked();
  }).toPass({ timeout: 30_000 });
  await settled(page);
  // Rows of at least 1 in their currency: the range goes into the definition and every figure's link.
  await page.getByLabel('At least', { exact: true }).fill('1');
  await page.getByLabel('At least', { exact: true }).press('Tab');
  await settled(page);
  await checkA11y(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Opened afresh at this width: the range is part of the report in the URL.
    await page.reload();
    await settled(page);
    await page.getByText('Filters', { exact: true }).click();
    await expect(page.getByLabel('At least', { exact: true })).toHaveValue('1');
    // Nothing runs off the side.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await page.getByRole('group', { name: 'Amount range' }).scrollIntoViewIfNeeded();
    await snap(page, `reports-filters-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = page.getByRole('table', { name: 'Spending' });
  await expect(table).toBeVisible();
  await expect(table.locator('thead th')).toHaveCount(24 + 3);

  await page.getByLabel('Name', { exact: true }).fill('Groceries by month');
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText('Saved “Groceries by month”')).toBeVisible();
  await page.getByRole('button', { name: 'Pin to dashboard' }).click();
  await expect(page.getByText('“Groceries by month” is pinned to the dashboard')).toBeVisible();
  await settled(page);

  await forEachView(page, async ({ name }) => {
    await settled(page);
    await checkA11y(page);
    await snap(page, `reports-${name}`);
  });

  await page.goto('/dashboard');
  const widget = page.getByRole('region', { name: 'Groceries by month' });
  await expect(widget).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await forEachView(page, async ({ name }) => {
    await settled(page);
    await widget.scrollIntoViewIfNeeded();
    await checkA11y(page);
    await snap(page, `reports-dashboard-${name}`);
  });

  // A cell opens its rows in Activity: the number listed is the number of rows the month holds.
  await widget.getByRole('link', { name: 'Open report' }).click();
  await settled(page);
  const cell = page
    .getByRole('table', { name: 'Spending' })
    .locator('tbody td a')
    .filter({ hasText: /\d/ })
    .last();
  const href = (await cell.getAttribute('href')) ?? '';
  expect(href).toContain('filter=spending_rows');
  expect(href).toContain('categories=FOOD_AND_DRINK');
  expect(href).toContain('amount_min=1');
  const api = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  for (const [key, value] of [...api]) if (value === 'all') api.delete(key);
  const listing = (await (
    await page.request.get(`/api/v1/transactions/paginated?${api.toString()}`)
  ).json()) as {
    pagination: { total: number };
  };
  await cell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`^${listing.pagination.total.toLocaleString('en-US')} of [\\d,]+ transactions?`),
    ),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Show: Counted in spending')).toBeVisible();
  await expect(page.getByText('Amount: at least 1')).toBeVisible();
  await snap(page, 'reports-activity-1440-dark');
});
