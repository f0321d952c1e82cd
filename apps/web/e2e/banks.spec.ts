import {
  fakeSimplefinOrg,
  startFakeSimplefin,
  type FakeSimplefin,
} from '@lodestar/server/testing/fake-simplefin';
import { snap } from './auth-helpers';
import { expect, signUpAndSignIn, test as base, uniqueEmail } from './fixtures';
import { fakeForWorker, forEachView } from './journey-helpers';

// Banks: link SimpleFIN Bridge (a fake of its documented API on 127.0.0.1) from Add account, then see
// its accounts and transactions on Banks, Accounts and Activity.
const test = base.extend<object, { simplefin: FakeSimplefin }>({
  simplefin: fakeForWorker(startFakeSimplefin),
  serverEnv: [
    async ({ simplefin }, use) =>
      use({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', SIMPLEFIN_BRIDGE_URL: simplefin.root }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

const unixDaysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * 86_400;

test('banks: Add account → SimpleFIN setup token → accounts and transactions on Banks, Accounts, Activity', async ({
  page,
  server,
  simplefin,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  simplefin.main.errors = ['Rewards Card: the bank asks you to sign in again at northwind.example'];
  simplefin.main.accounts = [
    {
      org: fakeSimplefinOrg('Northwind Credit Union', 'northwind.example'),
      id: 'ACT-1',
      name: 'Northwind Checking',
      currency: 'USD',
      balance: '2450.18',
      'available-balance': '2400.00',
      'balance-date': unixDaysAgo(0),
      transactions: [
        { id: 'N1', posted: unixDaysAgo(12), amount: '3200.00', description: 'PAYROLL NORTHWIND' },
        {
          id: 'N2',
          posted: unixDaysAgo(5),
          amount: '-86.40',
          description: 'POS GREENLEAF MARKET',
          payee: 'Greenleaf Market',
        },
        {
          id: 'N3',
          posted: 0,
          amount: '-4.75',
          description: 'Harbor Coffee',
          transacted_at: unixDaysAgo(1),
          pending: true,
        },
      ],
    },
    {
      org: fakeSimplefinOrg('Northwind Credit Union', 'northwind.example'),
      id: 'ACT-2',
      name: 'Rewards Card',
      currency: 'USD',
      balance: '-512.30',
      'balance-date': unixDaysAgo(0),
      transactions: [{ id: 'R1', posted: unixDaysAgo(3), amount: '-512.30', description: 'SKYLINE AIRWAYS' }],
    },
  ];
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('banks'), name: 'Noor Banks' });

  await page.goto('/banks');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  // Plaid says plainly what to set; SimpleFIN needs nothing from the server.
  await expect(dialog.getByText('Not configured')).toBeVisible();
  await expect(dialog.getByText('PLAID_CLIENT_ID')).toBeVisible();
  await checkA11y(page);
  await snap(page, 'banks-add-account-1440-light');
  await dialog.getByRole('button', { name: 'Connect with SimpleFIN' }).click();

  const form = page.getByRole('dialog', { name: 'Connect with SimpleFIN' });
  await expect(form.getByRole('link', { name: /Get a setup token/ })).toHaveAttribute(
    'href',
    `${simplefin.root}/create`,
  );
  // A text that is not a token is refused at the field.
  await form.getByLabel('Setup token').fill('not a token');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByRole('alert')).toContainText('This is not a SimpleFIN setup token');
  await form.getByLabel('Setup token').fill(simplefin.setupToken());
  await checkA11y(page);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form).toBeHidden();

  // The first sync, then the connection with its institution, status and the Bridge's message.
  const connections = page.getByRole('list', { name: 'Connections' });
  await expect(connections.getByText('Northwind Credit Union')).toBeVisible({ timeout: 60_000 });
  await expect(connections.getByText('Active')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('Rewards Card: the bank asks you to sign in again at northwind.example'),
  ).toBeVisible();
  await expect(page.getByText(/allows one sync every 4 hours/)).toBeVisible();
  await expect(page.getByText('Northwind Checking')).toBeVisible();
  await expect(page.getByText('Rewards Card').first()).toBeVisible();
  await checkA11y(page);
  await snap(page, 'banks-1440-light');

  await page.goto('/accounts');
  await expect(page.getByText('Northwind Checking')).toBeVisible();
  await page.goto('/activity?date=all');
  await expect(page.getByText('Greenleaf Market')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('SKYLINE AIRWAYS')).toBeVisible();
  await expect(page.getByText('Harbor Coffee')).toBeVisible();

  await forEachView(page, async ({ name }) => {
    await page.goto('/banks');
    await expect(page.getByText('Northwind Checking')).toBeVisible();
    await checkA11y(page);
    await snap(page, `banks-${name}`);
  });
});
