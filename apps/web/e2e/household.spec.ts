import { readFileSync } from 'node:fs';
import { firstLink } from './auth-helpers';
import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { connectDemoBank, forEachView, settled, snap } from './journey-helpers';

type Envelope<T> = { data: T };

test('invite a member by email, and browse the household as them, read-only', async ({
  browser,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const ownerEmail = uniqueEmail('owner');
  const memberEmail = uniqueEmail('member');

  // The owner, with a linked demo bank, invites a read-only member in Settings → Profile.
  const ownerContext = await browser.newContext({ baseURL: server.url, storageState: undefined });
  await signUpAndSignIn(ownerContext.request, server.url, { email: ownerEmail, name: 'Morgan Reyes' });
  await connectDemoBank(ownerContext.request, server.url);
  const accounts = (await (await ownerContext.request.get('/api/v1/accounts')).json()) as Envelope<{
    accounts: { name: string }[];
  }>;
  const firstAccount = accounts.data.accounts[0]?.name ?? '';
  expect(firstAccount).not.toBe('');
  // A budget, so the member's Budgets page has a line to show.
  const budget = await ownerContext.request.put('/api/v1/budgets', {
    headers: { origin: server.url },
    data: { category: 'FOOD_AND_DRINK', amount: 300 },
  });
  expect(budget.status(), await budget.text()).toBe(200);
  const owner = await ownerContext.newPage();
  await owner.setViewportSize({ width: 1440, height: 900 });
  await owner.goto('/settings/profile');
  const card = owner.getByRole('list', { name: 'Household members' });
  await owner.getByLabel('Email', { exact: true }).fill(memberEmail);
  await owner.getByLabel('Access', { exact: true }).selectOption('read');
  await owner.getByRole('button', { name: 'Invite' }).click();
  await expect(owner.getByText(`Invitation sent to ${memberEmail}`)).toBeVisible();
  await expect(card).toContainText('Invited');

  // The invited person signs up, opens the emailed link and accepts.
  const memberContext = await browser.newContext({ baseURL: server.url, storageState: undefined });
  await signUpAndSignIn(memberContext.request, server.url, { email: memberEmail, name: 'Jamie Reyes' });
  const mail = await server.inbox.waitFor(memberEmail, /invited you to their Lodestar household/);
  const member = await memberContext.newPage();
  await member.setViewportSize({ width: 1440, height: 900 });
  await member.goto(firstLink(mail.text));
  await expect(member.getByRole('heading', { name: 'Household invitation' })).toBeVisible();
  await member.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(member).toHaveURL(/\/dashboard/);
  const notice = member.getByText(/You are viewing Morgan Reyes’s household: read-only/);
  await expect(notice).toBeVisible();

  // Browsing shows the owner's data, without a single control to change it (the notice says why).
  await member.goto('/accounts');
  await expect(member.getByText(firstAccount).first()).toBeVisible();
  await settled(member);
  await expect(member.getByRole('button', { name: 'Add account' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Sync all' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(member.getByRole('button', { name: `Favorite ${firstAccount}` }).first()).toBeDisabled();

  await member.getByRole('link', { name: firstAccount }).first().click();
  await expect(member.getByRole('heading', { name: firstAccount }).first()).toBeVisible();
  await settled(member);
  await expect(member.getByRole('group', { name: 'Account actions' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Import a file' })).toHaveCount(0);

  await member.goto('/activity');
  await settled(member);
  await expect(member.getByRole('row').nth(1)).toBeVisible();
  await expect(member.getByRole('button', { name: /Change category$/ })).toHaveCount(0);
  await expect(member.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
  await expect(member.getByRole('checkbox', { name: /by default$/ })).toHaveCount(0);
  // Export CSV downloads the household's rows, not the member's own (who has none).
  const downloading = member.waitForEvent('download');
  await member
    .getByRole('button', { name: 'Export CSV' })
    .or(member.getByRole('link', { name: 'Export CSV' }))
    .click();
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  expect(csv.split('\n').filter((line) => line.trim() !== '').length).toBeGreaterThan(10);
  expect(csv).toContain(firstAccount);
  await forEachView(member, async ({ name }) => {
    await expect(notice).toBeVisible();
    await checkA11y(member);
    await snap(member, `household-member-activity-${name}`);
  });

  await member.goto('/expenses/budgets');
  await expect(member.getByTestId('budget-FOOD_AND_DRINK')).toBeVisible();
  await settled(member);
  await expect(member.getByRole('button', { name: 'Copy last month' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^Set from / })).toHaveCount(0);
  await expect(member.getByLabel(/Budget for /)).toHaveCount(0);
  await expect(member.getByRole('switch', { name: /^Roll over/ })).toHaveCount(0);
  await forEachView(member, async ({ name }) => {
    await expect(notice).toBeVisible();
    await checkA11y(member);
    await snap(member, `household-member-budgets-${name}`);
  });

  await member.goto('/activity/rules');
  await settled(member);
  await expect(member.getByRole('button', { name: 'Run on existing transactions' })).toHaveCount(0);
  await member.goto('/real-estate');
  await settled(member);
  await expect(member.getByRole('button', { name: 'Add property' })).toHaveCount(0);

  await member.goto('/accounts');
  await expect(member.getByText(firstAccount).first()).toBeVisible();
  await settled(member);
  await forEachView(member, async ({ name }) => {
    await expect(notice).toBeVisible();
    await checkA11y(member);
    await snap(member, `household-member-accounts-${name}`);
  });
  const refused = await member.evaluate(async () => {
    const response = await fetch('/api/v1/accounts', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-lodestar-household': window.localStorage.getItem('lodestar.household') ?? '',
      },
      body: JSON.stringify({ name: 'Sneaky', type: 'depository', currency: 'USD', balance: 1 }),
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  });
  expect(refused).toEqual({
    status: 403,
    body: expect.objectContaining({ error: 'You have read-only access to this household' }),
  });

  // The member can switch back to their own, empty household.
  await member.setViewportSize({ width: 1440, height: 900 });
  await member.getByLabel('Household').selectOption({ label: 'Your household' });
  await expect(notice).toBeHidden();

  // The owner sees the member active, then removes them; the member's next page is their own again.
  await owner.reload();
  await expect(card).toContainText('Member');
  await expect(card).toContainText(/last active/);
  await settled(owner);
  await forEachView(owner, async ({ name }) => {
    await card.scrollIntoViewIfNeeded();
    await checkA11y(owner);
    await snap(owner, `household-owner-members-${name}`);
  });
  await member.getByLabel('Household').selectOption({ label: 'Morgan Reyes (read-only)' });
  await expect(notice).toBeVisible();
  await owner.getByRole('button', { name: `Remove ${memberEmail}` }).click();
  await expect(owner.getByText(`${memberEmail} removed`)).toBeVisible();
  await member.reload();
  await expect(member.getByLabel('Household')).toHaveCount(0);
  await expect(notice).toBeHidden();

  await ownerContext.close();
  await memberContext.close();
});
