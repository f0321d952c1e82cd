import {
  FAKE_STRIPE_PRO_MONTHLY,
  FAKE_STRIPE_PRO_YEARLY,
  startFakeStripe,
  STRIPE_TEST_ENV,
  type FakeStripe,
} from '@lodestar/server/testing/fake-stripe';
import { expect, test as base } from './fixtures';
import { fakeForWorker, settled, signUpByApi, snap } from './journey-helpers';

// Billing: the journeys' server runs with Stripe configured and its SDK pointed at a fake of Stripe's
// documented API on 127.0.0.1. The fake's Checkout page "pays" by sending the signed webhooks Stripe
// sends (customer.subscription.created, checkout.session.completed, invoice.paid) to the server.
const test = base.extend<object, { stripe: FakeStripe }>({
  stripe: fakeForWorker(() => startFakeStripe()),
  serverEnv: [
    async ({ stripe }, use) =>
      use({
        ...STRIPE_TEST_ENV,
        STRIPE_API_URL: stripe.url,
        STRIPE_PRICE_ID_PRO_YEARLY: FAKE_STRIPE_PRO_YEARLY,
        OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
      }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(({ stripe, server }) => {
  stripe.deliverTo(async (payload, signature) => {
    const response = await fetch(`${server.url}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status };
  });
});

test('a free user hits the accounts limit, sees the prompt, upgrades through Checkout and is Pro', async ({
  page,
  server,
  stripe,
  checkA11y,
}) => {
  await signUpByApi(page.request, server.url, 'billing');
  for (const name of ['Cash', 'Savings jar', 'Travel fund']) {
    const created = await page.request.post('/api/v1/accounts', {
      headers: { origin: server.url },
      data: { name, type: 'other', currency: 'USD', balance: 10 },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  // The fourth account is refused with the way to upgrade.
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await page.getByRole('button', { name: 'Add a manual account' }).click();
  await page.getByLabel('Account name').fill('Fourth');
  await page.getByLabel(/Current balance/).fill('5');
  await page
    .getByRole('button', { name: /^Add account$/ })
    .last()
    .click();
  await expect(
    page.getByText('Your plan allows 3 accounts. Remove an account or upgrade to add more.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'See plans and upgrade' }).click();

  // Settings → Billing: Free, with usage against each limit.
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Accounts' })).toHaveAttribute('aria-valuenow', '3');
  await settled(page);
  await checkA11y(page);
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `billing-settings-free-${width}-${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Upgrade: Stripe's (fake) Checkout page, pay, back to the success page, which waits for the webhook.
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Checkout' })).toBeVisible();
  expect(page.url()).toContain(stripe.url);
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page).toHaveURL(/\/billing\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'You are on Pro' })).toBeVisible();
  await checkA11y(page);
  await snap(page, 'billing-success-1440-light');
  const session = [...stripe.checkoutSessions.values()].at(-1);
  expect(session?.priceId).toBe(FAKE_STRIPE_PRO_MONTHLY);

  await page.getByRole('link', { name: 'See your plan' }).click();
  await expect(page.getByText('Pro', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Active')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Accounts' })).toHaveAttribute('aria-valuemax', '50');
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `billing-settings-pro-${width}-${colorScheme}`);
    }
  }

  // Now the fourth account is accepted.
  const fourth = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Fourth', type: 'other', currency: 'USD', balance: 5 },
  });
  expect(fourth.status()).toBe(201);
});

test('the public pricing page shows Free and Pro, Pro recommended, monthly or yearly', async ({
  page,
  checkA11y,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const pro = page.getByRole('region', { name: 'Pro' });
  await expect(pro.getByText('RECOMMENDED')).toBeVisible();
  await expect(pro.getByText('$15')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free' }).getByText('3 accounts')).toBeVisible();
  await expect(pro.getByRole('link', { name: 'Create an account to upgrade' })).toBeVisible();
  await checkA11y(page);
  // The yearly price is what the fake Stripe's Price object says it costs.
  await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Yearly' }).click();
  await expect(pro.getByText('$150')).toBeVisible();
  await expect(pro.getByText('per year')).toBeVisible();
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `billing-pricing-${width}-${colorScheme}`);
    }
  }
});

test('a free user sees the history window on Activity and the upgrade prompt on Insights', async ({
  page,
  server,
  checkA11y,
}) => {
  await signUpByApi(page.request, server.url, 'retention');
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Cash', type: 'other', currency: 'USD', balance: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/activity');
  const note = page.getByRole('note').filter({ hasText: 'Your plan shows the last 365 days' });
  await expect(note).toHaveText(/Your plan shows the last 365 days\. Upgrade to see older history\./);
  await expect(note.getByRole('link', { name: 'See plans and upgrade' })).toBeVisible();
  await settled(page);
  await checkA11y(page);
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `retention-activity-free-${width}-${colorScheme}`);
    }
  }

  // Exporting is a Pro feature: the button says why, with the way to upgrade, instead of downloading.
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const panel = page.getByRole('dialog', { name: 'Export CSV' });
      await expect(panel).toContainText('Exporting your data is part of the Pro plan. Upgrade to export.');
      await expect(panel.getByRole('link', { name: 'See plans and upgrade' })).toBeVisible();
      if (width === 1440 && colorScheme === 'light') await checkA11y(page);
      await snap(page, `export-refused-free-${width}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  }

  // Expenses of a month the window cuts into (the month before it is older than 365 days).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  const today = new Date();
  const cut = `${today.getUTCFullYear() - 1}-${String(today.getUTCMonth() + 1).padStart(2, '0')}`;
  await page.goto(`/expenses?month=${cut}`);
  await expect(page.getByRole('note').filter({ hasText: 'Your plan shows the last 365 days' })).toHaveText(
    /Upgrade to see older history\./,
  );
  await settled(page);
  await checkA11y(page);
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `retention-expenses-free-${width}-${colorScheme}`);
    }
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/insights');
  await expect(
    page.getByText('Insights and investment performance are part of the Pro plan. Upgrade to see them.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans and upgrade' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await settled(page);
  await checkA11y(page);
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await snap(page, `retention-insights-free-${width}-${colorScheme}`);
    }
  }
});
