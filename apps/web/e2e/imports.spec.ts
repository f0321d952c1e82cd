import type { Locator, Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { CAMT053_DE } from '../../../packages/domain/src/import/fixtures/camt-exports';
import { OFX_BANK_AND_CARD } from '../../../packages/domain/src/import/fixtures/ofx-exports';
import { expect, test } from './fixtures';
import { forEachView, settled, signUpByApi, snap } from './journey-helpers';

// Issue 22: statement files are dropped on the import dialog as bytes. A Windows-1252 CSV keeps its "é"
// and "€", and a German CAMT.053 statement shows its counterparties and closing balance, at phone and
// desktop width, light and dark, axe clean. Screenshots: test-results/e2e/screenshots/imports-*.png.

/** Drops a file on `zone` the way a browser does: a drop event whose DataTransfer holds the file. */
async function dropFile(page: Page, zone: Locator, name: string, bytes: Buffer, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, data, mime }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName, { type: mime }));
      return transfer;
    },
    { fileName: name, data: [...bytes], mime: type },
  );
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const day = (back: number) => {
  const date = new Date(Date.now() - back * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
};

test('drop a Windows-1252 CSV and a CAMT.053 statement: names, € and balances read right', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  await signUpByApi(page.request, server.url, 'imports', 'Zoë Import');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Girokonto', type: 'depository', currency: 'EUR', balance: 1000 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const openImport = async () => {
    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Add account' }).first().click();
    await page.getByRole('button', { name: 'Import a file' }).click();
    const start = page.getByRole('dialog', { name: 'Import a file' });
    await expect(start.getByRole('combobox', { name: 'Import into' })).toContainText('Girokonto');
    return start;
  };

  // A French bank's CSV saved by Excel on Windows: Windows-1252, with "é" and "€" in the names.
  await page.setViewportSize({ width: 1440, height: 900 });
  const csv = [
    'Date;Libellé;Montant',
    `${day(5)};Café Crème Élysée;-4,50`,
    `${day(4)};Boulangerie Noël – 2 €;-2,00`,
    `${day(3)};Virement reçu;250,00`,
  ].join('\r\n');
  let start = await openImport();
  await dropFile(
    page,
    start.getByTestId('import-drop-zone'),
    'releve.csv',
    iconv.encode(csv, 'windows-1252'),
    'text/csv',
  );
  await expect(start.getByText(/^releve\.csv, \d+ bytes$/)).toBeVisible();
  await start.getByRole('button', { name: 'Preview import' }).click();
  let check = page.getByRole('dialog', { name: 'Check the import' });
  await expect(
    check.getByText('Read as Windows-1252 (Western European), detected from its bytes.', { exact: false }),
  ).toBeVisible();
  await expect(check.getByRole('cell', { name: 'Café Crème Élysée' })).toBeVisible();
  await expect(check.getByRole('cell', { name: 'Boulangerie Noël – 2 €' })).toBeVisible();
  await settled(page);
  await forEachView(page, async ({ name }) => {
    await expect(check.getByRole('cell', { name: 'Café Crème Élysée' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `imports-csv-1252-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await check.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3 transactions')).toBeVisible();
  const search = async (text: string) => {
    const response = await page.request.get(
      `/api/v1/transactions/paginated?limit=5&search=${encodeURIComponent(text)}`,
    );
    return ((await response.json()) as { data: { name: string }[] }).data.map((row) => row.name);
  };
  expect(await search('Crème')).toEqual(['Café Crème Élysée']);
  expect(await search('Noël')).toEqual(['Boulangerie Noël – 2 €']);

  // A German savings bank's CAMT.053: counterparties, a split batch, a pending entry skipped, balances.
  start = await openImport();
  await dropFile(
    page,
    start.getByTestId('import-drop-zone'),
    'camt053_20240131.xml',
    Buffer.from(CAMT053_DE),
    'application/xml',
  );
  await start.getByRole('button', { name: 'Preview import' }).click();
  check = page.getByRole('dialog', { name: 'Check the import' });
  await expect(check).toContainText('camt053_20240131.xml (CAMT.053) into Girokonto.');
  await expect(check.getByText('4 new, 0 duplicates')).toBeVisible();
  await expect(check.getByRole('cell', { name: 'Müller & Söhne GmbH' })).toBeVisible();
  await expect(check.getByRole('cell', { name: 'Stadtwerke München' })).toBeVisible();
  await expect(check.getByRole('cell', { name: 'Rundfunk ARD, ZDF, DRadio' })).toBeVisible();
  await expect(
    check.getByText('1 pending entry was skipped: only booked entries are imported.'),
  ).toBeVisible();
  const closing = check.getByRole('checkbox', { name: /closing balance/ });
  await expect(check.getByText(/closing balance, €3,713\.75 on/)).toBeVisible();
  await settled(page);
  await forEachView(page, async ({ name }) => {
    await expect(check.getByRole('cell', { name: 'Müller & Söhne GmbH' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `imports-camt053-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await closing.check();
  const balanceSet = page.waitForResponse(
    (response) =>
      /\/api\/v1\/accounts\/[^/]+\/balance$/.test(response.url()) && response.request().method() === 'POST',
  );
  await check.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(page.getByText('Imported 4 transactions')).toBeVisible();
  const balance = await balanceSet;
  expect(balance.status()).toBe(200);
  expect(balance.request().postDataJSON()).toEqual({ balance: 3713.75, date: '2024-01-31' });
  expect(await search('Stadtwerke')).toEqual(['Stadtwerke München']);
});

// Issue 22 (deliver 4): one OFX download of a checking account and a card; each statement goes into its
// own account (one chosen, one created by the import), one confirm imports both, one Undo removes both.
test('import a bank and a card statement of one OFX in one step, then undo both', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  await signUpByApi(page.request, server.url, 'multi-import', 'Ada Import');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Checking', type: 'depository', currency: 'USD', balance: 1000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const names = async (text: string) => {
    const response = await page.request.get(
      `/api/v1/transactions/paginated?limit=5&search=${encodeURIComponent(text)}`,
    );
    return ((await response.json()) as { data: { name: string }[] }).data.map((row) => row.name);
  };

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await page.getByRole('button', { name: 'Import a file' }).click();
  const start = page.getByRole('dialog', { name: 'Import a file' });
  await expect(start.getByRole('combobox', { name: 'Import into' })).toContainText('Checking');
  await dropFile(
    page,
    start.getByTestId('import-drop-zone'),
    'all-accounts.ofx',
    Buffer.from(OFX_BANK_AND_CARD),
    'application/x-ofx',
  );
  await start.getByRole('button', { name: 'Preview import' }).click();
  const check = page.getByRole('dialog', { name: 'Check the import' });
  await check.getByRole('button', { name: 'Import every statement' }).click();

  const all = page.getByRole('dialog', { name: 'Import every statement' });
  const sections = all.getByTestId('import-statement');
  await expect(sections).toHaveCount(2);
  const bank = sections.nth(0);
  const card = sections.nth(1);
  await expect(bank.getByRole('heading')).toHaveText('Statement 1: …6789 · CHECKING · USD · 3 transactions');
  await expect(card.getByRole('heading')).toHaveText(
    'Statement 2: …4321 · CREDITCARD · USD · 3 transactions',
  );
  await expect(bank.getByText('Choose the account for this statement')).toBeVisible();
  await expect(all.getByRole('button', { name: /^Import 6 transactions/ })).toBeDisabled();

  await bank.getByRole('combobox', { name: 'Import into' }).click();
  await page.getByRole('option', { name: /^Checking/ }).click();
  await expect(bank.getByText('Into Checking, as you chose.')).toBeVisible();
  await card.getByRole('combobox', { name: 'Import into' }).click();
  await page.getByRole('option', { name: 'New account “Card …4321” (USD)' }).click();
  await expect(card.getByText(/Card …4321, is created by the import/)).toBeVisible();
  await expect(card.getByRole('cell', { name: 'WHOLE FOODS MARKET' })).toBeVisible();
  const confirm = all.getByRole('button', { name: 'Import 6 transactions into 2 accounts' });
  await expect(confirm).toBeEnabled();
  await settled(page);
  await forEachView(page, async ({ name }) => {
    await expect(card.getByRole('cell', { name: 'WHOLE FOODS MARKET' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `imports-statements-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  await confirm.click();
  await expect(page.getByText('Imported 6 transactions into 2 accounts')).toBeVisible();
  expect(await names('PAYROLL')).toEqual(['ACME CORP PAYROLL']);
  expect(await names('WHOLE FOODS')).toEqual(['WHOLE FOODS MARKET']);
  const accounts = (await (await page.request.get('/api/v1/accounts')).json()) as {
    data: { accounts: { name: string }[] };
  };
  expect(accounts.data.accounts.map((account) => account.name).sort()).toEqual(['Card …4321', 'Checking']);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => [...(await names('PAYROLL')), ...(await names('WHOLE FOODS'))]).toEqual([]);
});
