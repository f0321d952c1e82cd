import { axe, expect, test } from './fixtures';
import { connectDemoBank, forEachView, settled, signUpByApi, snap } from './journey-helpers';

// A fresh account: the demo bank and the budgets this journey sets stay its own.
test.use({ storageState: { cookies: [], origins: [] } });

test('budgets: reach them from Expenses, set amounts, see progress, roll over, copy and average', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await signUpByApi(page.request, server.url, 'budgets', 'Bea Budget');
  await connectDemoBank(page.request, server.url);

  // Expenses links to the page.
  await page.goto('/expenses');
  await settled(page);
  await page.getByRole('link', { name: 'Budgets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
  await settled(page);
  await expect(page.getByText(/No budget is set for this month yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy last month' })).toBeDisabled();

  // One category's amount, typed and saved with Enter: the bar and what is left appear.
  const food = page.getByTestId('budget-FOOD_AND_DRINK');
  const field = food.getByRole('textbox', { name: /Food & Dining: Budget for/ });
  await field.fill('abc');
  await field.press('Enter');
  await expect(food.getByText('Enter an amount from 0 to 1,000,000')).toBeVisible();
  await field.fill('400');
  await field.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Budget saved' })).toBeVisible();
  await expect(food.getByRole('progressbar', { name: 'Food & Dining: spent of budget' })).toBeVisible();
  await expect(food.getByText(/^(Left|Over by): /)).toBeVisible();

  // What the page shows is what the API answers.
  const month = (await (await page.request.get('/api/v1/budgets')).json()) as {
    data: { categories: { category: string; budget: { amountMinor: number } | null }[] };
  };
  expect(month.data.categories.find((line) => line.category === 'FOOD_AND_DRINK')?.budget?.amountMinor).toBe(
    40_000,
  );

  // Everything else from the 3-month average, then rollover on for one category.
  await page.getByRole('button', { name: 'Set from 3-month average' }).click();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Budgets set from the average' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Overall budget' }).getByRole('progressbar')).toBeVisible();
  const rollover = food.getByRole('switch', { name: 'Roll over Food & Dining' });
  await rollover.click();
  await expect(rollover).toBeChecked();

  // Next month: nothing set yet, and last month's amounts copy over.
  await page.getByRole('button', { name: /^Next month, / }).click();
  await settled(page);
  await expect(page.getByRole('button', { name: 'Copy last month' })).toBeEnabled();
  await page.getByRole('button', { name: 'Copy last month' }).click();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Budgets copied from last month' }),
  ).toBeVisible();
  await expect(food.getByRole('textbox', { name: /Food & Dining: Budget for/ })).not.toHaveValue('');
  await page.getByRole('button', { name: /^Previous month, / }).click();
  await settled(page);

  await forEachView(page, async ({ width, name }) => {
    await page.reload();
    await settled(page);
    await expect(food.getByRole('progressbar')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `budgets overflow at ${width}`).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await snap(page, `budgets-${name}`);
  });

  // High contrast: enhanced contrast holds.
  await page.setViewportSize({ width: 1440, height: 900 });
  const set = await page.request.put('/api/v1/user/preferences', {
    data: { key: 'high_contrast', value: true },
  });
  expect(set.status()).toBe(200);
  await page.reload();
  await settled(page);
  await expect(page.locator('html')).toHaveClass(/high-contrast/);
  const results = await axe(page, { rules: ['color-contrast-enhanced'] });
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await snap(page, 'budgets-1440-light-high-contrast');

  // Keyboard: the month's amount fields and switches are reachable by Tab.
  await field.focus();
  await page.keyboard.press('Tab');
  await expect(rollover).toBeFocused();
});
