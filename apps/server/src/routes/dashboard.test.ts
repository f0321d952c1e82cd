import { balanceSnapshot, connection, institution, upsertEcbRates } from '@lodestar/db';
import { addDays } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { DashboardView } from '../use-cases/dashboard/dashboard';
import type { PortfolioView } from '../use-cases/dashboard/portfolio';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

const NOW = new Date('2026-11-22T17:00:00Z'); // 12:00 in New York, the default time zone
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => NOW });
  await upsertEcbRates(db(), [
    { date: '2026-10-23', currency: 'USD', perEur: '1.2' },
    { date: '2026-11-20', currency: 'USD', perEur: '1.1' },
    { date: '2026-11-05', currency: 'JPY', perEur: '160' },
  ]);
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
type Browser = Awaited<ReturnType<typeof signedInUser>>['browser'];

async function snapshots(
  userId: string,
  accountId: string,
  rows: { date: string; balanceMinor: number; currency?: string }[],
) {
  await db()
    .insert(balanceSnapshot)
    .values(rows.map((row) => ({ userId, accountId, currency: 'USD', ...row })));
}

async function get<T>(browser: Browser, path: string) {
  const result = await browser.json<Envelope<T>>(`/api/v1${path}`);
  expect(result.status).toBe(200);
  return result.body.data;
}

describe('dashboard and balance', () => {
  let browser: Browser;
  beforeAll(async () => {
    const user = await signedInUser(w);
    browser = user.browser;
    const userId = user.userId;
    const [bank] = await db()
      .insert(institution)
      .values({ provider: 'demo', externalId: 'platypus', name: 'First Platypus Bank' })
      .returning();
    const [link] = await db()
      .insert(connection)
      .values({ userId, provider: 'demo', institutionId: bank?.id, displayName: 'Platypus' })
      .returning();
    const checking = await addAccount(db(), userId, {
      name: 'Checking',
      currentBalanceMinor: 1_000_00,
      connectionId: link?.id,
      provider: 'demo',
      externalId: 'chk',
    });
    const giro = await addAccount(db(), userId, {
      name: 'Girokonto',
      currency: 'EUR',
      currentBalanceMinor: 200_00,
    });
    await addAccount(db(), userId, { name: 'Card', type: 'credit', currentBalanceMinor: -500_00 });
    await addAccount(db(), userId, {
      name: 'NISA',
      type: 'brokerage',
      currency: 'JPY',
      currentBalanceMinor: 110_000,
    });
    await addAccount(db(), userId, { name: 'Pounds', currency: 'GBP', currentBalanceMinor: 50_00 });
    await addAccount(db(), userId, { name: 'Cold wallet', type: 'wallet', currentBalanceMinor: 300_00 });
    const hidden = await addAccount(db(), userId, {
      name: 'Old',
      currentBalanceMinor: 99_999_00,
      hidden: true,
    });
    await snapshots(userId, checking.id, [{ date: '2026-10-24', balanceMinor: 900_00 }]);
    await snapshots(userId, giro.id, [{ date: '2026-10-24', balanceMinor: 100_00, currency: 'EUR' }]);
    await snapshots(userId, hidden.id, [{ date: '2026-10-24', balanceMinor: 5_000_00 }]);
  });

  it('sums visible accounts in the default currency, native and converted, liabilities negative', async () => {
    const view = await get<DashboardView>(browser, '/dashboard');
    expect(view).toMatchObject({ currency: 'USD', asOf: '2026-11-22', period: '1-month', hasAccounts: true });
    // JPY 110,000 at 1.1 / 160 = 756.25 USD; EUR 200 at 1.1 = 220 USD; GBP has no rate.
    expect(view.summary).toEqual({
      netWorth: usd(1_776_25),
      assets: usd(2_276_25),
      liabilities: usd(-500_00),
      cash: usd(1_220_00),
      investments: usd(756_25),
      crypto: usd(300_00),
      realEstate: usd(0),
      other: usd(0),
      // GBP has no rate at all: today's total leaves it out, so no change is computed from it.
      change: { amount: null, percent: null, from: '2026-10-24', missing: ['GBP'], estimated: false },
    });
    expect(view.allocation.map((slice) => slice.class)).toEqual(['cash', 'investment', 'crypto']);
    expect(view.allocation[0]).toMatchObject({ label: 'Cash', amount: usd(1_220_00) });
    expect(view.allocation.reduce((total, slice) => total + slice.percent, 0)).toBeCloseTo(100, 6);
    expect(view.cryptoShare).toEqual({ percent: 13.18, threshold: 10, above: true });
    expect(view.fx).toEqual({
      missing: ['GBP'],
      stale: [{ currency: 'JPY', asOf: '2026-11-05' }],
      estimated: [],
    });

    expect(view.accounts.map((group) => [group.type, group.label, group.total.amountMinor])).toEqual([
      ['depository', 'Bank Account', 1_220_00],
      ['credit', 'Credit Card', -500_00],
      ['brokerage', 'Brokerage', 756_25],
      ['wallet', 'Wallet', 300_00],
    ]);
    const bank = view.accounts[0]?.accounts ?? [];
    expect(bank.map((account) => account.name)).toEqual(['Checking', 'Girokonto', 'Pounds']);
    expect(bank[0]).toMatchObject({
      institution: 'First Platypus Bank',
      status: 'active',
      isLiability: false,
    });
    expect(bank[1]).toMatchObject({
      institution: null,
      native: { amountMinor: 200_00, currency: 'EUR' },
      converted: usd(220_00),
    });
    expect(bank[2]).toMatchObject({ native: { amountMinor: 50_00, currency: 'GBP' }, converted: null });
    expect(view.accounts[1]?.accounts[0]).toMatchObject({ isLiability: true, converted: usd(-500_00) });
    expect(JSON.stringify(view)).not.toContain('Old');

    expect(await get<DashboardView>(browser, '/dashboard/data?period=1-month')).toEqual(view);
  });

  it('compares with the period start: nothing before it means no percent, all-time starts at the first snapshot', async () => {
    const gbp = await browser.json<Envelope<{ id: string }>>('/api/v1/fx/rates', {
      body: { base: 'GBP', quote: 'USD', date: '2026-10-01', rate: '1.25' },
    });
    expect(gbp.status).toBe(201);
    // Today: 1,776.25 + GBP 50 at 1.25 = 1,838.75. 1-month starts 2026-10-24: 900 USD + 100 EUR at that
    // day's 1.2 = 1,020 USD.
    const month = await get<DashboardView>(browser, '/dashboard?period=1-month');
    expect(month.summary.change).toEqual({
      amount: usd(818_75),
      percent: 80.27,
      from: '2026-10-24',
      missing: [],
      estimated: false,
    });
    const quarter = await get<DashboardView>(browser, '/dashboard?period=3-months');
    expect(quarter.summary.change).toEqual({
      amount: usd(1_838_75),
      percent: null,
      from: '2026-08-24',
      missing: [],
      estimated: false,
    });
    const all = await get<DashboardView>(browser, '/dashboard?period=all-time');
    expect(all.summary.change).toMatchObject({ amount: usd(818_75), percent: 80.27, from: '2026-10-24' });
    await browser.json(`/api/v1/fx/rates/${gbp.body.data.id}`, { method: 'DELETE' });
  });

  it('answers GET /balance with today’s totals by class', async () => {
    expect(await get(browser, '/balance')).toEqual({
      currency: 'USD',
      asOf: '2026-11-22',
      netWorth: usd(1_776_25),
      assets: usd(2_276_25),
      liabilities: usd(-500_00),
      byClass: {
        cash: usd(1_220_00),
        investment: usd(756_25),
        crypto: usd(300_00),
        real_estate: usd(0),
        other: usd(0),
        liability: usd(-500_00),
      },
      fx: { missing: ['GBP'], stale: [{ currency: 'JPY', asOf: '2026-11-05' }], estimated: [] },
    });
  });

  it('uses a manual rate over the ECB rate of the same day', async () => {
    const saved = await browser.json<Envelope<{ id: string }>>('/api/v1/fx/rates', {
      body: { base: 'EUR', quote: 'USD', date: '2026-11-20', rate: '1.5' },
    });
    expect(saved.status).toBe(201);
    const view = await get<DashboardView>(browser, '/dashboard');
    expect(view.accounts[0]?.accounts[1]?.converted).toEqual(usd(300_00));
    await browser.json(`/api/v1/fx/rates/${saved.body.data.id}`, { method: 'DELETE' });
  });
});

describe('portfolio history', () => {
  let browser: Browser;
  let userId: string;
  let euro: string;
  let card: string;
  beforeAll(async () => {
    ({ browser, userId } = await signedInUser(w));
    const checking = await addAccount(db(), userId);
    euro = (await addAccount(db(), userId, { name: 'Sparkonto', currency: 'EUR' })).id;
    card = (await addAccount(db(), userId, { name: 'Card', type: 'credit' })).id;
    // 2026-11-10 … 2026-11-22, with no snapshot of any account on 2026-11-15.
    const days = Array.from({ length: 13 }, (_, index) => ({
      index,
      date: addDays('2026-11-10', index),
    })).filter((day) => day.date !== '2026-11-15');
    await snapshots(
      userId,
      checking.id,
      days.map((day) => ({ date: day.date, balanceMinor: 1_000_00 + day.index * 10_00 })),
    );
    await snapshots(
      userId,
      euro,
      days.map((day) => ({ date: day.date, balanceMinor: 100_00, currency: 'EUR' })),
    );
    await snapshots(
      userId,
      card,
      days.map((day) => ({ date: day.date, balanceMinor: -200_00 })),
    );
  });

  it('has one point per day from the first snapshot, by class and converted at each day’s rate', async () => {
    const view = await get<PortfolioView>(browser, '/portfolio?range=1M');
    expect(view).toMatchObject({
      currency: 'USD',
      range: '1M',
      from: '2026-11-10',
      to: '2026-11-22',
      classes: ['cash', 'investment', 'crypto', 'real_estate', 'other', 'liability'],
    });
    expect(view.points.map((point) => point.date)).toEqual(
      Array.from({ length: 13 }, (_, index) => addDays('2026-11-10', index)),
    );
    const point = (date: string) => view.points.find((candidate) => candidate.date === date);
    expect(point('2026-11-10')).toEqual({
      date: '2026-11-10',
      netWorth: 920_00,
      cash: 1_120_00,
      investment: 0,
      crypto: 0,
      real_estate: 0,
      other: 0,
      liability: -200_00,
      account_count: 3,
      estimated: false,
    });
    // The day without snapshots repeats the day before.
    expect(point('2026-11-15')).toEqual({ ...point('2026-11-14'), date: '2026-11-15' });
    expect(point('2026-11-14')?.netWorth).toBe(960_00);
    // From 2026-11-20 the euro is worth 1.1 instead of 1.2.
    expect(point('2026-11-19')?.cash).toBe(1_090_00 + 120_00);
    expect(point('2026-11-20')?.cash).toBe(1_100_00 + 110_00);
    expect(point('2026-11-22')?.netWorth).toBe(1_120_00 + 110_00 - 200_00);

    const all = await get<PortfolioView>(browser, '/portfolio?range=ALL');
    expect(all.points).toEqual(view.points);
    expect(all.from).toBe('2026-11-10');
  });

  it('thins the series to `samples` points, keeping the first and last', async () => {
    const view = await get<PortfolioView>(browser, '/portfolio?range=1Y&samples=10');
    expect(view.points).toHaveLength(10);
    expect(view.points[0]?.date).toBe('2026-11-10');
    expect(view.points.at(-1)?.date).toBe('2026-11-22');
  });

  it('follows accounts being hidden or deleted', async () => {
    expect(
      (await browser.json(`/api/v1/accounts/${euro}`, { method: 'PATCH', body: { hidden: true } })).status,
    ).toBe(200);
    let last = (await get<PortfolioView>(browser, '/portfolio?range=1M')).points.at(-1);
    expect(last).toMatchObject({ cash: 1_120_00, liability: -200_00, account_count: 2 });
    expect((await browser.json(`/api/v1/accounts/${card}`, { method: 'DELETE' })).status).toBe(200);
    last = (await get<PortfolioView>(browser, '/portfolio?range=1M')).points.at(-1);
    expect(last).toMatchObject({ netWorth: 1_120_00, liability: 0, account_count: 1 });
  });

  it.each([
    ['/portfolio?range=2Y', 'range', 'Range must be one of 1M, 3M, 6M, 1Y, ALL'],
    ['/portfolio?samples=5', 'samples', 'Samples must be a whole number from 10 to 1000'],
    ['/portfolio?samples=1001', 'samples', 'Samples must be a whole number from 10 to 1000'],
    ['/portfolio?samples=12.5', 'samples', 'Samples must be a whole number from 10 to 1000'],
    ['/portfolio?samples=many', 'samples', 'Samples must be a whole number from 10 to 1000'],
    [
      '/dashboard?period=weekly',
      'period',
      'Period must be one of 1-month, 3-months, 6-months, 1-year, all-time',
    ],
    [
      '/dashboard/data?period=1-week',
      'period',
      'Period must be one of 1-month, 3-months, 6-months, 1-year, all-time',
    ],
  ])('refuses %s', async (path, field, message) => {
    const result = await browser.json<Envelope<unknown>>(`/api/v1${path}`);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('Validation failed');
    expect(result.body.items).toEqual([expect.objectContaining({ field, message })]);
  });
});

describe('daily snapshot and empty users', () => {
  it('snapshots today for every account, hidden ones included, and counts only visible ones', async () => {
    const { browser, userId } = await signedInUser(w);
    await addAccount(db(), userId, { currentBalanceMinor: 500_00 });
    await addAccount(db(), userId, { name: 'Hidden', currentBalanceMinor: 7_00, hidden: true });
    const taken = await browser.json<Envelope<{ date: string; accounts: number }>>(
      '/api/v1/balance/snapshot',
      {
        method: 'POST',
      },
    );
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ date: '2026-11-22', accounts: 2 });
    const view = await get<PortfolioView>(browser, '/portfolio?range=1M');
    expect(view.points).toEqual([
      expect.objectContaining({ date: '2026-11-22', netWorth: 500_00, cash: 500_00, account_count: 1 }),
    ]);
  });

  it('answers empty shapes for a user without accounts, and never shows another user’s data', async () => {
    const { browser } = await signedInUser(w);
    const view = await get<DashboardView>(browser, '/dashboard?period=all-time');
    expect(view).toEqual({
      currency: 'USD',
      asOf: '2026-11-22',
      period: 'all-time',
      visibleFrom: null,
      hasAccounts: false,
      summary: {
        netWorth: usd(0),
        assets: usd(0),
        liabilities: usd(0),
        cash: usd(0),
        investments: usd(0),
        crypto: usd(0),
        realEstate: usd(0),
        other: usd(0),
        change: { amount: usd(0), percent: null, from: '2026-11-22', missing: [], estimated: false },
      },
      allocation: [],
      cryptoShare: { percent: 0, threshold: 10, above: false },
      accounts: [],
      fx: { missing: [], stale: [], estimated: [] },
    });
    expect(await get<PortfolioView>(browser, '/portfolio?range=ALL')).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-22',
      points: [],
    });
    expect(await get(browser, '/balance')).toMatchObject({
      netWorth: usd(0),
      fx: { missing: [], stale: [], estimated: [] },
    });
    expect(
      (await browser.json<Envelope<unknown>>('/api/v1/balance/snapshot', { method: 'POST' })).body.data,
    ).toEqual({ date: '2026-11-22', accounts: 0 });
  });

  it('needs a session', async () => {
    for (const path of ['/api/v1/dashboard', '/api/v1/portfolio', '/api/v1/balance']) {
      expect((await w.browser().json(path)).status).toBe(401);
    }
  });
});
