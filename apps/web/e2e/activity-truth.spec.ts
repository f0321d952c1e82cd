import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { connectDemoBank, signUpByApi, snap } from './journey-helpers';

// Issue 24 items 5, 6, 15, 16: Activity names every filter it applies, counts honestly, keeps the range
// a drill-down asks for, lays transactions out as cards below 1024 px and returns focus from its sheet.
test.use({ storageState: { cookies: [], origins: [] } });

async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** The count above the list: [shown, of all, the parenthesis]. */
async function activityCount(page: Page): Promise<{ shown: number; all: number; text: string }> {
  const count = page.getByText(/^[\d,]+ of [\d,]+ transactions?/);
  await expect(count).toBeVisible({ timeout: 30_000 });
  const text = (await count.textContent()) ?? '';
  const [, shown = '', all = ''] = /^([\d,]+) of ([\d,]+)/.exec(text) ?? [];
  return { shown: Number(shown.replace(/,/g, '')), all: Number(all.replace(/,/g, '')), text };
}

test('Activity: filters as chips, honest counts, a To date, drill-downs that keep their range, focus back from the sheet', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(420_000);
  await signUpByApi(page.request, server.url, 'truth', 'Tru Counts');
  await connectDemoBank(page.request, server.url);

  for (const width of [1440, 768, 375]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await page.goto('/activity');
      await settled(page);

      // The default window is a chip, and the count says it is a part of all.
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect(chips.getByText(/^Last 30 days \(from /)).toBeVisible();
      const opening = await activityCount(page);
      expect(opening.text).toContain('(last 30 days)');
      expect(opening.shown).toBeGreaterThan(0);
      expect(opening.all).toBeGreaterThan(opening.shown);
      await expect(page.getByText('Every transaction across your accounts.')).toHaveCount(0);
      // Below 1024 px each row is a card whose second line shows the date, account and category.
      const firstRow = page
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') })
        .first();
      await expect(firstRow).toBeVisible();
      await checkA11y(page);
      await snap(page, `activity-truth-${width}-${colorScheme}`, { fullPage: false });
      if (colorScheme === 'dark') continue;

      // Removing the date chip shows all history: the count is then the whole.
      await chips.getByRole('button', { name: /^Remove filter: Last 30 days/ }).click();
      await expect(page).toHaveURL(/date=all/);
      await settled(page);
      await expect.poll(async () => (await activityCount(page)).shown).toBe(opening.all);

      // A To date closes the range and becomes a chip of its own.
      const to = page.getByLabel('To', { exact: true });
      await to.fill('10/31/2026');
      await expect(page).toHaveURL(/to=2026-10-31/);
      await expect(chips.getByText(/^To /)).toBeVisible();
      await settled(page);
      const until = await activityCount(page);
      expect(until.shown).toBeLessThan(opening.all);
      expect(until.text).toMatch(/\(to /);

      // Keyboard: a row opens its details with Enter; Escape brings focus back to that row.
      const row = page.locator('[role="row"][data-row-id]').first();
      await row.focus();
      await expect(row).toBeFocused();
      const outline = await row.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(row).toBeFocused();

      // Drill-down: a category of last month on Expenses opens exactly its rows.
      await page.goto('/expenses?month=2026-10');
      const categories = page.getByRole('list', { name: 'Categories' });
      await expect(categories.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
      const item = categories.getByRole('listitem').first();
      const [, count = '0'] = /([\d,]+) transactions?/.exec((await item.textContent()) ?? '') ?? [];
      await item.getByRole('link').click();
      await expect(page).toHaveURL(/\/activity\?.*to=2026-10-31/);
      await settled(page);
      const drilled = await activityCount(page);
      expect(drilled.shown).toBe(Number(count.replace(/,/g, '')));
      expect(drilled.text).toContain('10/01/2026 to 10/31/2026');
      await expect(chips.getByText('Show: Counted in spending and income')).toBeVisible();
      await checkA11y(page);
      await snap(page, `activity-truth-drilldown-${width}`, { fullPage: false });
    }
  }
});
