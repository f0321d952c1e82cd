import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSnapshot, householdMember } from '@lodestar/db';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../../testing/auth-fixtures';
import type { TestBrowser } from '../../testing/browser';
import { startFakeStripe, STRIPE_TEST_ENV, type FakeStripe } from '../../testing/fake-stripe';
import { HOUSEHOLD_HEADER } from '../../auth/household-access';
import { addAccount, addTransactions, signedInUser, type Envelope } from '../transactions/test-fixtures';

/**
 * The plan's data-retention window (spec §9, ADR 062): with billing on, a Free user sees the last 365
 * days and a Pro user the last 730 on every read of transactions and history; older rows are kept, so an
 * upgrade shows them again; self-hosted shows everything. Insights and investment performance (advanced
 * analytics) are Pro only.
 */

// Today is 2026-11-20 in the default time zone (America/New_York).
const clock = new Date('2026-11-20T15:00:00Z');
const FREE_FROM = '2025-11-21';
const PRO_FROM = '2024-11-21';

/** One row in each band: inside both windows, inside Free's edge month, only in Pro's, older than both. */
const ROWS = [
  { date: '2026-11-10', name: 'Recent Cafe', amountMinor: -1_000 },
  { date: '2025-11-25', name: 'Edge Bakery', amountMinor: -2_000 },
  { date: '2025-11-15', name: 'Pro Books', amountMinor: -4_000 },
  { date: '2024-11-10', name: 'Ancient Store', amountMinor: -8_000 },
] as const;
const VISIBLE = {
  free: ['Recent Cafe', 'Edge Bakery'],
  pro: ['Recent Cafe', 'Edge Bakery', 'Pro Books'],
  all: ['Recent Cafe', 'Edge Bakery', 'Pro Books', 'Ancient Store'],
};
const SNAPSHOT_DAYS = ['2024-06-01', '2025-01-10', '2025-11-01', '2026-01-05', '2026-11-19'];

type Seeded = { browser: TestBrowser; userId: string; accountId: string };

async function seed(w: AuthWorld): Promise<Seeded> {
  const { browser, userId } = await signedInUser(w);
  const db = w.t.database.db;
  const account = await addAccount(db, userId);
  await addTransactions(
    db,
    userId,
    account.id,
    ROWS.map((row) => ({
      ...row,
      merchantName: row.name,
      originalName: row.name,
      category: 'FOOD_AND_DRINK',
      categoryConfidence: 0.9,
      status: 'posted',
    })),
  );
  await db.insert(balanceSnapshot).values(
    SNAPSHOT_DAYS.map((date, index) => ({
      userId,
      accountId: account.id,
      currency: 'USD',
      date,
      balanceMinor: 10_000 * (index + 1),
    })),
  );
  return { browser, userId, accountId: account.id };
}

async function get<T>(browser: TestBrowser, path: string, headers: Record<string, string> = {}) {
  const response = await browser.json<Envelope<T>>(`/api/v1${path}`, { headers });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

type Page = {
  data: { name: string; date: string }[];
  pagination: { unfilteredTotal: number; visibleFrom: string | null };
};

async function listed(browser: TestBrowser, query = '', headers: Record<string, string> = {}) {
  const response = await browser.json<Page>(`/api/v1/transactions/paginated?limit=100${query}`, { headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function csvNames(browser: TestBrowser, path: string): Promise<string[]> {
  const response = await browser.request(path);
  expect(response.status, path).toBe(200);
  const text = await response.text();
  return VISIBLE.all.filter((name) => text.includes(name));
}

const money = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** Every read path covered, against the names/amounts the window lets through. */
async function expectWindow(
  seeded: Seeded,
  visibleFrom: string | null,
  names: readonly string[],
  headers: Record<string, string> = {},
) {
  const { browser, accountId } = seeded;
  const shown = ROWS.filter((row) => names.includes(row.name));
  const spent = (rows: readonly (typeof ROWS)[number][]) =>
    rows.reduce((sum, row) => sum - row.amountMinor, 0);

  // Activity: the list, an earlier `date` (clamped), a search and a drill-down by category.
  const page = await listed(browser, '', headers);
  expect(page.data.map((row) => row.name).sort()).toEqual([...names].sort());
  expect(page.pagination.visibleFrom).toBe(visibleFrom);
  expect(page.pagination.unfilteredTotal).toBe(names.length);
  const early = await listed(browser, '&date=2000-01-01&sort=date_asc', headers);
  expect(early.data.map((row) => row.name)).toEqual(
    [...shown].sort((a, b) => (a.date < b.date ? -1 : 1)).map((row) => row.name),
  );
  for (const name of VISIBLE.all) {
    const search = await listed(browser, `&search=${encodeURIComponent(name)}`, headers);
    expect(search.data.length, `search ${name}`).toBe(names.includes(name) ? 1 : 0);
  }
  const drill = await listed(browser, '&categories=FOOD_AND_DRINK&filter=spending_rows', headers);
  expect(drill.data).toHaveLength(names.length);

  // Analytics: all-time activity, the spending summary of Free's edge month, the flow of 2025.
  const activity = await get<{ current: { from: string; spending: unknown }; visibleFrom: string | null }>(
    browser,
    '/dashboard/activity-summary?period=all-time',
    headers,
  );
  expect(activity.current.spending).toEqual(money(spent(shown)));
  expect(activity.visibleFrom).toBe(visibleFrom);
  const november = await get<{ total: unknown; byMerchant: { merchant: string }[] }>(
    browser,
    '/transactions/spending-summary?month=2025-11',
    headers,
  );
  const inNovember = shown.filter((row) => row.date.startsWith('2025-11'));
  expect(november.total).toEqual(money(spent(inNovember)));
  expect(november.byMerchant.map((row) => row.merchant).sort()).toEqual(
    inNovember.map((row) => row.name).sort(),
  );
  const flow = await get<{ spending: unknown }>(
    browser,
    '/expenses/flow?period=yearly&date=2025-06-01',
    headers,
  );
  expect(flow.spending).toEqual(money(spent(shown.filter((row) => row.date.startsWith('2025')))));
  const ancientYear = await get<{ spending: unknown }>(
    browser,
    '/expenses/flow?period=yearly&date=2024-06-01',
    headers,
  );
  expect(ancientYear.spending).toEqual(money(spent(shown.filter((row) => row.date.startsWith('2024')))));

  // Net worth and balance history.
  const history = await get<{ from: string; points: { date: string }[]; visibleFrom: string | null }>(
    browser,
    '/portfolio?range=ALL',
    headers,
  );
  expect(history.from).toBe(visibleFrom ?? SNAPSHOT_DAYS[0]);
  expect(history.points[0]?.date).toBe(visibleFrom ?? SNAPSHOT_DAYS[0]);
  const dashboard = await get<{ summary: { change: { from: string } } }>(
    browser,
    '/dashboard?period=all-time',
    headers,
  );
  expect(dashboard.summary.change.from).toBe(visibleFrom ?? SNAPSHOT_DAYS[0]);
  const detail = await get<{ history: { date: string }[]; visibleFrom: string | null }>(
    browser,
    `/accounts/${accountId}`,
    headers,
  );
  expect(detail.history.map((point) => point.date)).toEqual(
    SNAPSHOT_DAYS.filter((date) => visibleFrom === null || date >= visibleFrom),
  );
  expect(detail.visibleFrom).toBe(visibleFrom);
}

let w: AuthWorld;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await createAuthWorld(
    { ...STRIPE_TEST_ENV, STRIPE_API_URL: fake.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
    { now: () => clock },
  );
  fake.deliverTo(async (payload, signature) => {
    const response = await w.t.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status };
  });
});
afterAll(async () => {
  await w?.close();
  await fake?.close();
});

async function upgrade(browser: TestBrowser) {
  const checkout = await browser.json<Envelope<{ url: string }>>('/api/v1/billing/checkout', { body: {} });
  expect(checkout.status).toBe(200);
  const paid = await fetch(checkout.body.data.url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

const REPORT = {
  measure: 'spending',
  groupBy: 'none',
  interval: 'none',
  range: { preset: 'custom', from: '2024-01-01', to: '2026-11-20' },
};
const UPGRADE_ANALYTICS =
  'Insights and investment performance are part of the Pro plan. Upgrade to see them.';

describe('with billing on', () => {
  it('shows a Free user the last 365 days on every read path, and the rest again after upgrading', async () => {
    const seeded = await seed(w);
    await expectWindow(seeded, FREE_FROM, VISIBLE.free);
    // The Activity CSV is an export: a Pro feature (spec §6), refused with the way to upgrade.
    const refused = await seeded.browser.json<{ code: string; error: string }>(
      '/api/v1/transactions/export.csv',
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      error: 'Exporting your data is part of the Pro plan. Upgrade to export.',
    });

    await upgrade(seeded.browser);
    await expectWindow(seeded, PRO_FROM, VISIBLE.pro);
    // The Activity CSV holds what the list shows.
    expect(await csvNames(seeded.browser, '/api/v1/transactions/export.csv')).toEqual(VISIBLE.pro);
    // The full data export is a copy of everything the user owns, whatever the window.
    expect(await csvNames(seeded.browser, '/api/v1/user/export/transactions.csv')).toEqual(VISIBLE.all);

    const report = await seeded.browser.json<Envelope<{ total: { value: number }; visibleFrom: string }>>(
      '/api/v1/reports/run',
      { body: REPORT },
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.total.value).toBe(1_000 + 2_000 + 4_000);
    expect(report.body.data.visibleFrom).toBe(PRO_FROM);

    const performance = await get<{ visibleFrom: string }>(
      seeded.browser,
      '/investments/performance?range=all',
    );
    expect(performance.visibleFrom).toBe(PRO_FROM);
  });

  it('refuses advanced analytics to a Free user with an upgrade prompt; Pro has them', async () => {
    const { browser } = await signedInUser(w);
    for (const path of ['/api/v1/insights', '/api/v1/investments/performance']) {
      const refused = await browser.json<Envelope<unknown>>(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ code: 'UPGRADE_REQUIRED', error: UPGRADE_ANALYTICS });
    }
    // Basic analytics stay open.
    for (const path of ['/api/v1/dashboard/activity-summary', '/api/v1/expenses/flow', '/api/v1/portfolio']) {
      expect((await browser.json<Envelope<unknown>>(path)).status, path).toBe(200);
    }
    await upgrade(browser);
    for (const path of ['/api/v1/insights', '/api/v1/investments/performance']) {
      expect((await browser.json<Envelope<unknown>>(path)).status, path).toBe(200);
    }
  });

  it("shows a household member the owner's window, whatever the member's own plan", async () => {
    const owner = await seed(w);
    await upgrade(owner.browser);
    const member = await signedInUser(w);
    const { email } = await get<{ email: string }>(member.browser, '/user');
    await w.t.database.db.insert(householdMember).values({
      ownerUserId: owner.userId,
      email,
      access: 'read',
      memberUserId: member.userId,
      acceptedAt: clock,
    });
    const asOwner = { [HOUSEHOLD_HEADER]: owner.userId };
    await expectWindow({ ...owner, browser: member.browser }, PRO_FROM, VISIBLE.pro, asOwner);
  });
});

describe('self-hosted (no STRIPE_SECRET_KEY)', () => {
  let selfHosted: AuthWorld;
  beforeAll(async () => {
    selfHosted = await createAuthWorld({}, { now: () => clock });
  });
  afterAll(async () => {
    await selfHosted?.close();
  });

  it('shows everything and every analytics view', async () => {
    const seeded = await seed(selfHosted);
    await expectWindow(seeded, null, VISIBLE.all);
    for (const path of ['/api/v1/insights', '/api/v1/investments/performance']) {
      expect((await seeded.browser.json<Envelope<unknown>>(path)).status, path).toBe(200);
    }
  });
});
