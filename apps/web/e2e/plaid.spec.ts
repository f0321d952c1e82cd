import {
  startFakePlaid,
  type FakePlaid,
  type FakePlaidAccount,
  type FakePlaidItem,
} from '@lodestar/server/testing/fake-plaid';
import type { Page } from '@playwright/test';
import { expect, signUpAndSignIn, test as base, uniqueEmail } from './fixtures';
import { fakeForWorker, forEachView, settled, snap } from './journey-helpers';

// Plaid: the journeys' server talks to a fake of Plaid's documented API on 127.0.0.1, and Link's script
// (always loaded from cdn.plaid.com) is answered by a test script with Link's documented browser
// surface: Plaid.create({ token, onSuccess, onExit, onEvent, onLoad }) → { open, exit, submit, destroy }.
// Its window stands in for Plaid's: Continue finishes Link the way the fake's Link would (a new item, or
// in update mode the item signed in again) and hands onSuccess a public token the fake knows.
const LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

const test = base.extend<object, { plaid: FakePlaid }>({
  plaid: fakeForWorker(startFakePlaid),
  serverEnv: [
    async ({ plaid }, use) =>
      use({
        OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
        PLAID_CLIENT_ID: plaid.clientId,
        PLAID_SECRET: plaid.secret,
        PLAID_BASE_URL: plaid.url,
      }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

/** Link's stand-in: a window over the page with Continue, Exit with an error and Close. */
const LINK_TEST_SCRIPT = `
(() => {
  window.Plaid = {
    create(config) {
      let root = null;
      const close = () => { if (root) { root.remove(); root = null; } };
      const metadata = (extra) => Object.assign({ link_session_id: 'test-session', request_id: 'test-request',
        institution: { name: 'First Platypus Bank', institution_id: 'ins_109508' }, status: null }, extra);
      setTimeout(() => config.onLoad && config.onLoad(), 0);
      return {
        open() {
          if (root) return;
          config.onEvent && config.onEvent('OPEN', metadata({ view_name: 'CONSENT' }));
          root = document.createElement('div');
          root.setAttribute('role', 'dialog');
          root.setAttribute('aria-modal', 'true');
          root.setAttribute('aria-label', 'Plaid Link (test)');
          root.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55);font:16px system-ui';
          const box = document.createElement('div');
          box.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:12px;display:grid;gap:12px;min-width:260px';
          const title = document.createElement('p');
          title.textContent = 'First Platypus Bank';
          box.append(title);
          const button = (label, action) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.textContent = label;
            b.style.cssText = 'padding:8px 12px;border:1px solid #111;border-radius:8px;background:#fff;color:#111';
            b.addEventListener('click', action);
            box.append(b);
            return b;
          };
          button('Continue', async () => {
            const done = await window.__fakePlaidLink(config.token);
            close();
            config.onSuccess(done.publicToken, metadata({ accounts: done.accounts }));
          }).focus();
          button('Exit with an error', () => {
            close();
            config.onExit({ error_type: 'ITEM_ERROR', error_code: 'INVALID_CREDENTIALS',
              error_message: 'the credentials were not correct',
              display_message: 'The credentials you provided were incorrect.' }, metadata({ status: 'requires_credentials' }));
          });
          button('Close', () => { close(); config.onExit(null, metadata({})); });
          root.append(box);
          document.body.append(root);
        },
        exit(options) { if (root) { close(); config.onExit(null, metadata({})); } },
        submit() {},
        destroy() { close(); },
      };
    },
  };
})();
`;

const today = new Date();
const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

const ACCOUNTS: FakePlaidAccount[] = [
  {
    account_id: 'fp-checking',
    name: 'Platypus Checking',
    official_name: 'Platypus Everyday Checking',
    mask: '0042',
    type: 'depository',
    subtype: 'checking',
    balances: { available: 2400, current: 2450.18, limit: null, iso_currency_code: 'USD' },
  },
  {
    account_id: 'fp-card',
    name: 'Platypus Rewards Card',
    official_name: 'Platypus Rewards Visa',
    mask: '7781',
    type: 'credit',
    subtype: 'credit card',
    balances: { available: 4487.7, current: 512.3, limit: 5000, iso_currency_code: 'USD' },
  },
];

/** Wires Link's script and its stand-in window to the fake; returns the items Link created. */
async function withFakeLink(page: Page, plaid: FakePlaid): Promise<FakePlaidItem[]> {
  const created: FakePlaidItem[] = [];
  await page.route(LINK_SCRIPT_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: LINK_TEST_SCRIPT }),
  );
  await page.exposeFunction('__fakePlaidLink', (linkToken: string) => {
    const done = plaid.completeLink(linkToken, {
      institutionId: 'ins_109508',
      accounts: ACCOUNTS,
      products: ['transactions', 'liabilities'],
    });
    if (done.mode === 'new') {
      created.push(done.item);
      // The card's terms as /liabilities/get reports them.
      done.item.liabilities = {
        credit: [
          {
            account_id: 'fp-card',
            aprs: [
              {
                apr_percentage: 22.99,
                apr_type: 'purchase_apr',
                balance_subject_to_apr: 512.3,
                interest_charge_amount: 9.81,
              },
              {
                apr_percentage: 29.49,
                apr_type: 'cash_apr',
                balance_subject_to_apr: null,
                interest_charge_amount: null,
              },
            ],
            is_overdue: false,
            last_payment_amount: 240,
            last_payment_date: daysAgo(20),
            last_statement_issue_date: daysAgo(9),
            last_statement_balance: 512.3,
            minimum_payment_amount: 35,
            next_payment_due_date: daysAgo(-16),
          },
        ],
        mortgage: null,
        student: null,
      };
      plaid.add(done.item.itemId, [
        {
          transaction_id: `${done.item.itemId}-pay`,
          account_id: 'fp-checking',
          amount: -3200,
          date: daysAgo(12),
          name: 'PAYROLL PLATYPUS LABS',
          merchant_name: 'Platypus Labs',
          personal_finance_category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
        },
        {
          transaction_id: `${done.item.itemId}-grocer`,
          account_id: 'fp-checking',
          amount: 86.4,
          date: daysAgo(5),
          name: 'GREENLEAF MARKET #22',
          merchant_name: 'Greenleaf Market',
          payment_channel: 'in store',
          personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
        },
        {
          transaction_id: `${done.item.itemId}-flight`,
          account_id: 'fp-card',
          amount: 512.3,
          date: daysAgo(3),
          name: 'SKYLINE AIRWAYS',
          merchant_name: 'Skyline Airways',
          payment_channel: 'online',
          personal_finance_category: { primary: 'TRAVEL', detailed: 'TRAVEL_FLIGHTS' },
        },
      ]);
    }
    return {
      publicToken: done.publicToken,
      accounts: done.item.accounts.map((account) => ({
        id: account.account_id,
        name: account.name,
        mask: account.mask,
        type: account.type,
        subtype: account.subtype,
      })),
    };
  });
  return created;
}

test('plaid: Add account → Plaid Link → accounts and transactions everywhere → reconnect through update mode', async ({
  page,
  server,
  plaid,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const created = await withFakeLink(page, plaid);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('plaid'), name: 'Pat Platypus' });

  await page.goto('/banks');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add account' });
  await expect(dialog.getByText('Configured', { exact: true })).toBeVisible();
  await checkA11y(page);
  await snap(page, 'plaid-add-account-1440-light');

  // Link closing with an error says so plainly, and nothing is linked.
  await dialog.getByRole('button', { name: 'Link with Plaid' }).click();
  let link = page.getByRole('dialog', { name: 'Plaid Link (test)' });
  await link.getByRole('button', { name: 'Exit with an error' }).click();
  await expect(page.getByText('Bank not linked')).toBeVisible();
  await expect(
    page.getByText(
      'Plaid could not link the bank, and nothing was saved. Try again, or add the account another way. Plaid says: The credentials you provided were incorrect.',
    ),
  ).toBeVisible();
  expect(created).toHaveLength(0);

  // Link finishes: the public token is exchanged, the first sync runs, the accounts arrive on Banks.
  await page.getByRole('button', { name: 'Add account' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByRole('button', { name: 'Link with Plaid' }).click();
  link = page.getByRole('dialog', { name: 'Plaid Link (test)' });
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Bank linked through Plaid')).toBeVisible();
  await expect(page).toHaveURL(/\/banks$/);
  const connections = page.getByRole('list', { name: 'Connections' });
  await expect(connections.getByText('First Platypus Bank')).toBeVisible({ timeout: 60_000 });
  await expect(connections.getByText('Active')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Platypus Checking')).toBeVisible();
  await expect(page.getByText('Platypus Rewards Card')).toBeVisible();
  expect(created).toHaveLength(1);
  const itemId = created[0]!.itemId;
  await checkA11y(page);
  await snap(page, 'plaid-banks-linked-1440-light');

  await page.goto('/accounts');
  await expect(page.getByText('Platypus Checking')).toBeVisible();
  await expect(page.getByText('Platypus Rewards Card')).toBeVisible();
  await page.goto('/activity?date=all');
  await expect(page.getByText('Greenleaf Market')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Skyline Airways')).toBeVisible();
  await expect(page.getByText('Platypus Labs')).toBeVisible();
  await page.goto('/dashboard');
  await settled(page);
  await snap(page, 'plaid-dashboard-1440-light');
  // Net worth: 2,450.18 in checking less 512.30 owed on the card.
  await expect(page.getByText('$1,937.88').first()).toBeVisible({ timeout: 30_000 });
  await snap(page, 'plaid-dashboard-1440-light');

  // The card's page shows what the lender reports: APRs, the minimum payment and when it is due.
  await page.goto('/accounts');
  await page.getByRole('link', { name: 'Platypus Rewards Card' }).click();
  const terms = page.getByRole('region', { name: 'Card terms and payments' });
  await expect(terms).toContainText('Purchase APR');
  await expect(terms).toContainText('22.99%');
  await expect(terms).toContainText('Cash advance APR');
  await expect(terms).toContainText('$35.00');
  await expect(terms).toContainText('Last statement balance');
  await checkA11y(page);
  const cardUrl = page.url();
  await forEachView(page, async ({ name }) => {
    await page.goto(cardUrl);
    await expect(terms).toBeVisible();
    await settled(page);
    await checkA11y(page);
    await snap(page, `plaid-card-${name}`);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Linking the same login again is offered as a reconnect of the connection that exists.
  await page.goto('/banks');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await page
    .getByRole('dialog', { name: 'Add account' })
    .getByRole('button', { name: 'Link with Plaid' })
    .click();
  await page
    .getByRole('dialog', { name: 'Plaid Link (test)' })
    .getByRole('button', { name: 'Continue' })
    .click();
  const already = page.getByRole('dialog', { name: 'Already linked' });
  await expect(already).toContainText(
    'First Platypus Bank is already linked with this login. Reconnect it instead of linking it again.',
  );
  await checkA11y(page);
  await already.getByRole('button', { name: 'Not now' }).click();
  await expect(connections.getByRole('listitem')).toHaveCount(1);
  // The second item was removed at Plaid, so it is never billed.
  expect(created.map((item) => item.removed)).toEqual([false, true]);

  // The bank asks the user to sign in again: the connection needs reconnecting, balances stay.
  plaid.setItemError(itemId, 'ITEM_LOGIN_REQUIRED');
  await connections.getByRole('button', { name: 'Sync now' }).click();
  await expect(connections.getByText('Reconnect needed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Platypus Checking')).toBeVisible();
  const reconnect = connections.getByRole('button', { name: 'Reconnect' });
  await expect(reconnect).toBeVisible();
  await checkA11y(page);
  await snap(page, 'plaid-banks-reconnect-1440-light');

  // Update mode: Link signs the same item in again, the connection is active and syncs.
  await reconnect.click();
  link = page.getByRole('dialog', { name: 'Plaid Link (test)' });
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First Platypus Bank reconnected')).toBeVisible();
  await expect(connections.getByText('Active')).toBeVisible({ timeout: 60_000 });
  expect(created).toHaveLength(2);
  expect(plaid.items.get(itemId)?.error).toBeNull();

  await forEachView(page, async ({ name }) => {
    await page.goto('/banks');
    await expect(page.getByText('Platypus Checking')).toBeVisible();
    await settled(page);
    await checkA11y(page);
    await snap(page, `plaid-banks-${name}`);
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/banks');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await expect(
    page.getByRole('dialog', { name: 'Add account' }).getByText('Configured', { exact: true }),
  ).toBeVisible();
  await checkA11y(page);
  await snap(page, 'plaid-add-account-375-dark');
});
