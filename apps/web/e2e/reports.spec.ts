import { firstLink } from './auth-helpers';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { connectDemoBank, forEachView, settled, signUpByApi, snap } from './journey-helpers';

// Custom reports: build "groceries by month for two years", save it, pin it to the dashboard, and open a
// cell in Activity, which lists exactly the rows the cell summed. Then its household link: a member opens
// it read-only, someone outside the household finds it not found, a signed-out visitor is asked to sign in.
test.use({ storageState: { cookies: [], origins: [] } });

test('reports: groceries by month for two years, saved, pinned, and a cell opened in Activity', async ({
  page,
  browser,
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
  const savedUrl = page.url();
  expect(savedUrl).toContain('id=');

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

  // The household link. Nobody has joined yet, so there is nothing to share.
  await page.goto(savedUrl);
  await expect(page.getByRole('heading', { name: 'Groceries by month' })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  const memberEmail = uniqueEmail('reports-member');
  const invited = await page.request.post('/api/v1/household/members', {
    headers: { origin: server.url },
    data: { email: memberEmail, access: 'read' },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const memberContext = await browser.newContext({ baseURL: server.url, storageState: undefined });
  await signUpAndSignIn(memberContext.request, server.url, { email: memberEmail, name: 'Jamie Reports' });
  const mail = await server.inbox.waitFor(memberEmail, /invited you to their Lodestar household/);
  const accepted = await memberContext.request.post('/api/v1/household/invitations/accept', {
    headers: { origin: server.url },
    data: { token: new URL(firstLink(mail.text)).searchParams.get('token') },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.reload();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(
    page.getByText(/Members of your household can open this report; nobody else can/),
  ).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe('/reports');
  await forEachView(page, async ({ name }) => {
    await settled(page);
    await snap(page, `reports-share-owner-${name}`);
  });

  // A member opens it in the owner's household, read-only.
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'Groceries by month' })).toBeVisible();
  await expect(member.getByText(/You are viewing Rae Reports’s household: read-only/)).toBeVisible();
  await expect(member.getByRole('table', { name: 'Spending' })).toBeVisible({ timeout: 30_000 });
  await expect(member.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await forEachView(member, async ({ name }) => {
    await settled(member);
    await checkA11y(member);
    await snap(member, `reports-shared-member-${name}`);
  });

  // Someone outside the household: not found, and nothing of the owner's shows.
  const strangerContext = await browser.newContext({ baseURL: server.url, storageState: undefined });
  await signUpAndSignIn(strangerContext.request, server.url, {
    email: uniqueEmail('reports-stranger'),
    name: 'Sam Stranger',
  });
  const stranger = await strangerContext.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('heading', { name: 'Report not found' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Groceries by month' })).toHaveCount(0);
  await forEachView(stranger, async ({ name }) => {
    await settled(stranger);
    await snap(stranger, `reports-shared-stranger-${name}`);
  });

  // Signed out: the sign-in page, which comes back to the report.
  const visitorContext = await browser.newContext({ baseURL: server.url, storageState: undefined });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/sign-in\?redirect=/);
  expect(decodeURIComponent(new URL(visitor.url()).searchParams.get('redirect') ?? '')).toContain(
    '/reports?id=',
  );
  for (const context of [memberContext, strangerContext, visitorContext]) await context.close();
});
