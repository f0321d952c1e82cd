import { expect, test } from './fixtures';
import { settled, snap as snapshot } from './journey-helpers';

// Issue 24 items 10 and 11: an account opens from Accounts on its own page (chart, transactions,
// details), is renamed and given a balance, takes a CSV whose repeated row is flagged as a possible
// duplicate, and the import is undone from the page. At phone and desktop width, light and dark, axe
// clean, screenshots under test-results/e2e/screenshots/account-*.png.

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

for (const width of [375, 1440]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`an account page: open, rename, balance, import with a repeated row, undo at ${width} px, ${scheme}`, async ({
      page,
      server,
      checkA11y,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const snap = (name: string) => snapshot(page, `account-${name}-${width}-${scheme}`);
      const name = `Cash ${width} ${scheme}`;
      const created = await page.request.post('/api/v1/accounts', {
        headers: { origin: server.url },
        data: { name, type: 'depository', currency: 'USD', balance: 500 },
      });
      expect(created.status(), await created.text()).toBe(201);

      // Open it from Accounts.
      await page.goto('/accounts');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await settled(page);
      await expect(page.getByTestId('account-balance')).toHaveText('$500.00');
      // A new account has one day of history: said in words, as one point draws no line.
      await expect(page.getByText(/^One day so far: \$500\.00 on /)).toBeVisible();
      const details = page.getByRole('region', { name: 'Details' });
      await expect(details).toContainText('Bank Account');
      await expect(details).toContainText('You keep this balance');
      await expect(page.getByRole('region', { name: 'Transactions' })).toContainText('No transactions yet');
      await checkA11y(page);
      await snap('new');

      // Rename, then a balance update (today).
      await page.getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename account' });
      await rename.getByRole('textbox', { name: 'Account name' }).fill(`Pocket ${name}`);
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Pocket ${name}` })).toBeVisible();
      // Focus goes back to the control that opened the dialog.
      await expect(page.getByRole('button', { name: 'Rename' })).toBeFocused();

      await page.getByRole('button', { name: 'Update balance' }).click();
      const balance = page.getByRole('dialog', { name: 'Update balance' });
      await balance.getByRole('textbox', { name: 'Balance (USD)' }).fill('450');
      await balance.getByRole('button', { name: 'Save balance' }).click();
      await expect(page.getByTestId('account-balance')).toHaveText('$450.00');

      // A CSV whose third row repeats the second: flagged, skipped unless kept.
      await page.getByRole('button', { name: 'Import a file' }).click();
      const start = page.getByRole('dialog', { name: 'Import a file' });
      const csv = [
        'Date,Description,Amount',
        `${day(3)},GROCER,-30.00`,
        `${day(2)},CORNER COFFEE,-4.50`,
        `${day(2)},CORNER COFFEE,-4.50`,
        `${day(1)},REFUND,12.00`,
      ].join('\n');
      await start.getByLabel('File').setInputFiles({
        name: 'recent.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await expect(start.getByText(/^recent\.csv, \d+ bytes$/)).toBeVisible();
      await start.getByRole('button', { name: 'Preview import' }).click();
      const check = page.getByRole('dialog', { name: 'Check the import' });
      await expect(
        check.getByText('3 new, 0 duplicates, 1 possible duplicate inside the file'),
      ).toBeVisible();
      await expect(check.getByText('Possible duplicate of line 3')).toBeVisible();
      await expect(check.getByTestId('import-balance-effect')).toContainText('The balance stays $450.00');
      await expect(
        check.getByRole('checkbox', { name: /^Keep line 4 \(repeats line 3\)/ }),
      ).not.toBeChecked();
      await checkA11y(page);
      await snap('preview');
      await check.getByRole('button', { name: 'Import 3 transactions' }).click();
      await expect(check).toBeHidden();
      await expect(page.getByText('Imported 3 transactions')).toBeVisible();

      const transactions = page.getByRole('region', { name: 'Transactions' });
      await expect(transactions.getByText('CORNER COFFEE')).toHaveCount(1);
      await expect(transactions.getByText('GROCER')).toBeVisible();
      const imports = page.getByRole('region', { name: 'Imports' });
      await expect(imports.getByText('recent.csv')).toBeVisible();
      await expect(page.getByTestId('account-balance')).toHaveText('$450.00');
      // The imported days before the entered balance fill in the chart.
      await expect(
        page.getByRole('img', { name: /^Balance of Pocket Cash .*, last \$450\.00$/ }),
      ).toBeVisible();
      await settled(page);
      await checkA11y(page);
      await snap('imported');

      // Undo from the account page.
      await imports.getByRole('button', { name: 'Undo' }).click();
      await expect(imports.getByText('Undone')).toBeVisible();
      await expect(transactions).toContainText('No transactions yet');
      await checkA11y(page);

      // All of its transactions are in Activity, filtered by the account.
      const link = transactions.getByRole('link', { name: /Activity/ });
      await expect(link).toHaveAttribute('href', /\/activity\?accounts=[0-9a-f-]{36}&date=$/);

      // An unknown address says so.
      await page.goto('/accounts/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
      await checkA11y(page);
      await snap('not-found');
    });
  }
}
