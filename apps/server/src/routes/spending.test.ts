import { randomUUID } from 'node:crypto';
import { upsertEcbRates } from '@lodestar/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';
import type { ActivitySummary } from '../use-cases/spending/activity-summary';
import type { ExpenseFlowView } from '../use-cases/spending/expense-flow';
import type { SpendingSummary } from '../use-cases/spending/spending-summary';
import type { RecurringView } from '../use-cases/spending/recurring';

// Today is 2026-11-20 in the default time zone (America/New_York); the demo bank test moves the clock.
let clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
beforeEach(() => {
  clock = new Date('2026-11-20T15:00:00Z');
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

type InsightsView = {
  currency: string;
  asOf: string;
  insights: { id: string; kind: string; severity: string; title: string; explanation: string }[];
  recurring: RecurringView[];
};

async function get<T>(browser: TestBrowser, path: string) {
  const response = await browser.json<Envelope<T>>(`/api/v1${path}`);
  return response;
}

async function data<T>(browser: TestBrowser, path: string): Promise<T> {
  const response = await get<T>(browser, path);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/**
 * A user with a USD and a EUR account and a month of every kind of row: spending with a refund and a
 * pending row, income, uncategorized money in and out, rows that never count, a hidden category, and
 * spending abroad in EUR (converted at 1 EUR = 1.10 USD).
 */
async function richUser() {
  const { browser, userId } = await signedInUser(w);
  const checking = await addAccount(db(), userId);
  const euro = await addAccount(db(), userId, { name: 'Euro Account', currency: 'EUR' });
  const confident = { categoryConfidence: 0.9 };
  await addTransactions(db(), userId, checking.id, [
    {
      date: '2026-10-15',
      amountMinor: -20_00,
      category: 'FOOD_AND_DRINK',
      merchantName: 'Blue Bottle Coffee',
      ...confident,
    },
    {
      date: '2026-11-02',
      amountMinor: -50_00,
      category: 'FOOD_AND_DRINK',
      merchantName: 'Blue Bottle Coffee',
      ...confident,
    },
    {
      date: '2026-11-03',
      amountMinor: 10_00,
      category: 'FOOD_AND_DRINK',
      merchantName: 'Blue Bottle Coffee',
      ...confident,
    },
    {
      date: '2026-11-04',
      amountMinor: -25_00,
      category: 'FOOD_AND_DRINK',
      name: 'SQ *BLUE BOTTLE COFFEE #123',
      status: 'pending',
      ...confident,
    },
    {
      date: '2026-11-05',
      amountMinor: 3_000_00,
      category: 'INCOME',
      name: 'ACME CORP PAYROLL',
      merchantName: 'Acme Corp',
      ...confident,
    },
    {
      date: '2026-11-07',
      amountMinor: -7_00,
      category: 'FOOD_AND_DRINK',
      name: 'Corner Shop',
      categoryConfidence: 0.4,
    },
    { date: '2026-11-07', amountMinor: 9_00, name: 'Cashback' },
    { date: '2026-11-08', amountMinor: -40_00, category: 'MEDICAL', name: 'Pharmacy', ...confident },
    // Never counted: failed, cancelled, excluded, transfers, an investment trade.
    { date: '2026-11-09', amountMinor: -999_00, category: 'FOOD_AND_DRINK', status: 'failed', ...confident },
    {
      date: '2026-11-09',
      amountMinor: -999_00,
      category: 'FOOD_AND_DRINK',
      status: 'cancelled',
      ...confident,
    },
    { date: '2026-11-09', amountMinor: -999_00, category: 'TRAVEL', excluded: true, ...confident },
    { date: '2026-11-09', amountMinor: -999_00, category: 'TRANSFER', ...confident },
    {
      date: '2026-11-09',
      amountMinor: -999_00,
      category: 'LOAN_PAYMENTS',
      transferPairId: randomUUID(),
      ...confident,
    },
    {
      date: '2026-11-09',
      amountMinor: -999_00,
      name: 'BUY VTI',
      detailedCategory: 'INVESTMENT_BUY',
      providerCategory: 'INVESTMENT_BUY',
    },
  ]);
  await addTransactions(db(), userId, euro.id, [
    {
      date: '2026-11-06',
      amountMinor: -100_00,
      currency: 'EUR',
      category: 'TRAVEL',
      merchantName: 'Lufthansa',
      ...confident,
    },
  ]);
  await upsertEcbRates(db(), [{ date: '2026-11-02', currency: 'USD', perEur: '1.10' }]);
  const hidden = await browser.json('/api/v1/user/preferences', {
    method: 'PATCH',
    body: { hidden_categories: ['MEDICAL'] },
  });
  expect(hidden.status).toBe(200);
  return { browser, userId };
}

describe('spending with no data', () => {
  it('answers zeros and empty lists', async () => {
    const { browser } = await signedInUser(w);
    const activity = await data<ActivitySummary>(browser, '/dashboard/activity-summary');
    expect(activity).toMatchObject({
      currency: 'USD',
      period: '1-month',
      current: {
        from: '2026-10-22',
        to: '2026-11-20',
        income: usd(0),
        spending: usd(0),
        net: usd(0),
        transactionCount: 0,
        topCategories: [],
      },
      previous: { from: '2026-09-22', to: '2026-10-21', spending: usd(0), transactionCount: 0 },
      change: { spending: { amount: usd(0), percent: null }, transactionCount: { amount: 0, percent: null } },
    });
    const allTime = await data<ActivitySummary>(browser, '/dashboard/activity-summary?period=all-time');
    expect(allTime).toMatchObject({
      current: { from: '2026-11-20', to: '2026-11-20' },
      previous: null,
      change: null,
    });

    const summary = await data<SpendingSummary>(browser, '/transactions/spending-summary');
    expect(summary).toMatchObject({
      month: '2026-11',
      previousMonth: '2026-10',
      total: usd(0),
      previousTotal: usd(0),
      change: { amount: usd(0), percent: null },
      income: usd(0),
      byCategory: [],
      byMerchant: [],
      hiddenCategories: [],
    });
    expect(summary.daily).toHaveLength(20);
    expect(summary.daily[19]).toEqual({ day: 20, cumulative: 0, previousCumulative: 0 });

    const flow = await data<ExpenseFlowView>(browser, '/expenses/flow');
    expect(flow).toEqual({
      currency: 'USD',
      period: 'monthly',
      from: '2026-11-01',
      to: '2026-11-30',
      income: usd(0),
      spending: usd(0),
      savings: usd(0),
      nodes: [],
      links: [],
      visibleFrom: null,
    });

    const insights = await data<InsightsView>(browser, '/insights');
    expect(insights).toMatchObject({ currency: 'USD', asOf: '2026-11-20', recurring: [] });
  });
});

describe('what counts toward spending and income', () => {
  it('nets refunds, counts pending, leaves out what never counts, hides hidden categories, converts EUR', async () => {
    const { browser } = await richUser();
    const summary = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2026-11');
    // Food 50 − 10 + 25 (pending); travel 100 EUR = 110 USD; uncategorized 7; medical hidden.
    expect(summary.total).toEqual(usd(182_00));
    expect(summary.previousTotal).toEqual(usd(20_00));
    expect(summary.change).toEqual({ amount: usd(162_00), percent: 810 });
    expect(summary.income).toEqual(usd(3_009_00));
    expect(summary.hiddenCategories).toEqual(['MEDICAL']);
    expect(summary.byCategory).toEqual([
      {
        category: 'TRAVEL',
        label: 'Travel',
        amount: usd(110_00),
        previousAmount: usd(0),
        change: { amount: usd(110_00), percent: null },
        percent: 60.44,
        transactionCount: 1,
      },
      {
        category: 'FOOD_AND_DRINK',
        label: 'Food & Dining',
        amount: usd(65_00),
        previousAmount: usd(20_00),
        change: { amount: usd(45_00), percent: 225 },
        percent: 35.71,
        transactionCount: 3,
      },
      {
        category: '',
        label: 'Uncategorized',
        amount: usd(7_00),
        previousAmount: usd(0),
        change: { amount: usd(7_00), percent: null },
        percent: 3.85,
        transactionCount: 2,
      },
    ]);
    // 'SQ *BLUE BOTTLE COFFEE #123' and 'Blue Bottle Coffee' are one merchant.
    expect(summary.byMerchant).toEqual([
      { merchant: 'Lufthansa', category: 'TRAVEL', amount: usd(110_00), transactionCount: 1 },
      { merchant: 'Blue Bottle Coffee', category: 'FOOD_AND_DRINK', amount: usd(65_00), transactionCount: 3 },
      { merchant: 'Corner Shop', category: '', amount: usd(7_00), transactionCount: 1 },
    ]);
    expect(summary.daily.slice(0, 8).map((day) => day.cumulative)).toEqual([
      0, 50_00, 40_00, 65_00, 65_00, 175_00, 182_00, 182_00,
    ]);
    expect(summary.daily).toHaveLength(20);
    expect(summary.daily[19]).toEqual({ day: 20, cumulative: 182_00, previousCumulative: 20_00 });
    expect(summary.daily[14]?.previousCumulative).toBe(20_00);

    // October in full: a past month runs to its end, and its previous month (September) has 30 days.
    const october = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2026-10');
    expect(october.daily).toHaveLength(31);
    expect(october.daily[30]).toEqual({ day: 31, cumulative: 20_00, previousCumulative: null });

    const activity = await data<ActivitySummary>(browser, '/dashboard/activity-summary?period=1-month');
    expect(activity.current).toMatchObject({
      income: usd(3_009_00),
      spending: usd(182_00),
      net: usd(2_827_00),
      transactionCount: 7,
    });
    expect(
      activity.current.topCategories.map((row) => [row.category, row.amount.amountMinor, row.percent]),
    ).toEqual([
      ['TRAVEL', 110_00, 60.44],
      ['FOOD_AND_DRINK', 65_00, 35.71],
      ['', 7_00, 3.85],
    ]);
    expect(activity.previous).toMatchObject({ spending: usd(20_00), income: usd(0), transactionCount: 1 });
    expect(activity.change).toMatchObject({
      spending: { amount: usd(162_00), percent: 810 },
      income: { amount: usd(3_009_00), percent: null },
      transactionCount: { amount: 6, percent: 600 },
    });

    // Showing the hidden category again brings it back.
    await browser.json('/api/v1/user/preferences', { method: 'PATCH', body: { hidden_categories: [] } });
    const shown = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2026-11');
    expect(shown.total).toEqual(usd(222_00));
    expect(shown.byCategory.map((row) => row.category)).toEqual(['TRAVEL', 'FOOD_AND_DRINK', 'MEDICAL', '']);
  });

  it('never shows another user’s data', async () => {
    await richUser();
    const { browser } = await signedInUser(w);
    const summary = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2026-11');
    expect(summary.total).toEqual(usd(0));
    expect(summary.byMerchant).toEqual([]);
    const flow = await data<ExpenseFlowView>(browser, '/expenses/flow?period=yearly');
    expect(flow.nodes).toEqual([]);
    const activity = await data<ActivitySummary>(browser, '/dashboard/activity-summary?period=all-time');
    expect(activity.current.transactionCount).toBe(0);
  });
});

describe('periods', () => {
  it('puts each day in the right period and compares with the period before', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const spend = (date: string, amountMinor: number) => ({
      date,
      amountMinor: -amountMinor,
      category: 'GENERAL_SERVICES',
      categoryConfidence: 0.9,
    });
    await addTransactions(db(), userId, account.id, [
      spend('2024-11-20', 512),
      spend('2024-11-21', 256),
      spend('2025-11-20', 64),
      spend('2025-11-21', 128),
      spend('2026-09-21', 1),
      spend('2026-09-22', 2),
      spend('2026-10-21', 4),
      spend('2026-10-22', 8),
      spend('2026-11-20', 16),
      spend('2026-11-21', 32),
    ]);
    const spending = async (period: string) => {
      const summary = await data<ActivitySummary>(browser, `/dashboard/activity-summary?period=${period}`);
      return [summary.current.spending.amountMinor, summary.previous?.spending.amountMinor ?? null];
    };
    expect(await spending('1-month')).toEqual([8 + 16, 2 + 4]);
    expect(await spending('3-months')).toEqual([1 + 2 + 4 + 8 + 16, 0]);
    expect(await spending('1-year')).toEqual([128 + 1 + 2 + 4 + 8 + 16, 256 + 64]);
    expect(await spending('all-time')).toEqual([512 + 256 + 64 + 128 + 1 + 2 + 4 + 8 + 16, null]);
    const allTime = await data<ActivitySummary>(browser, '/dashboard/activity-summary?period=all-time');
    expect(allTime.current).toMatchObject({ from: '2024-11-20', to: '2026-11-20' });
    const year = await data<ActivitySummary>(browser, '/dashboard/activity-summary?period=1-year');
    expect(year.previous).toMatchObject({ from: '2024-11-21', to: '2025-11-20' });
  });

  it('refuses unknown periods, months and dates', async () => {
    const { browser } = await signedInUser(w);
    for (const path of [
      '/dashboard/activity-summary?period=2-weeks',
      '/transactions/spending-summary?month=2026-13',
      '/transactions/spending-summary?month=2026-1',
      '/transactions/spending-summary?month=november',
      '/expenses/flow?period=weekly',
      '/expenses/flow?date=2026-02-30',
    ]) {
      const response = await get<unknown>(browser, path);
      expect(response.status, path).toBe(400);
      expect(response.body.error).toBe('Validation failed');
    }
    const month = await get<unknown>(browser, '/transactions/spending-summary?month=2026-13');
    expect(month.body.items).toEqual([
      expect.objectContaining({ field: 'month', message: 'Month must be written YYYY-MM' }),
    ]);
    const unsigned = await w.browser().json<Envelope<unknown>>('/api/v1/transactions/spending-summary');
    expect(unsigned.status).toBe(401);
  });
});

describe('expense flow', () => {
  it('folds small sources and categories, draws savings, and a deficit when spending exceeds income', async () => {
    const { browser } = await richUser();
    const november = await data<ExpenseFlowView>(browser, '/expenses/flow?period=monthly&date=2026-11-15');
    expect(november).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      income: usd(3_009_00),
      spending: usd(182_00),
      savings: usd(2_827_00),
    });
    // Cashback (9) is under the 100 minimum: Other income. Food (65) and Uncategorized (7) fold into Other.
    expect(november.nodes).toEqual([
      { id: 'src:Acme Corp', label: 'Acme Corp', kind: 'source', amount: 3_000_00 },
      { id: 'other-income', label: 'Other income', kind: 'source', amount: 9_00 },
      { id: 'income', label: 'Income', kind: 'income', amount: 3_009_00 },
      { id: 'cat:TRAVEL', label: 'Travel', kind: 'category', amount: 110_00 },
      { id: 'other', label: 'Other', kind: 'other', amount: 72_00 },
      { id: 'savings', label: 'Savings', kind: 'savings', amount: 2_827_00 },
    ]);

    const october = await data<ExpenseFlowView>(browser, '/expenses/flow?period=monthly&date=2026-10-10');
    expect(october).toMatchObject({ income: usd(0), spending: usd(20_00), savings: usd(-20_00) });
    expect(october.nodes).toEqual([
      { id: 'deficit', label: 'From savings', kind: 'deficit', amount: 20_00 },
      { id: 'income', label: 'Income', kind: 'income', amount: 20_00 },
      { id: 'other', label: 'Other', kind: 'other', amount: 20_00 },
    ]);
    expect(october.links).toEqual([
      { from: 'deficit', to: 'income', amount: 20_00 },
      { from: 'income', to: 'other', amount: 20_00 },
    ]);

    const year = await data<ExpenseFlowView>(browser, '/expenses/flow?period=yearly&date=2026-03-01');
    expect(year).toMatchObject({ from: '2026-01-01', to: '2026-12-31', spending: usd(202_00) });
    const quarter = await data<ExpenseFlowView>(browser, '/expenses/flow?period=quarterly&date=2026-11-30');
    expect(quarter).toMatchObject({ from: '2026-10-01', to: '2026-12-31', spending: usd(202_00) });
  });
});

describe('insights for the demo bank', () => {
  it('finds the subscriptions, the streaming price rise, and plain-language insights', async () => {
    // Streamflix rises from 15.49 to 17.99 between April and August 2025 (seed-dependent): inside the
    // 13 months insights look back over.
    clock = new Date('2025-10-01T15:00:00Z');
    const { browser } = await signedInUser(w);
    const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(created.status).toBe(201);
    await waitForSync(browser);

    const view = await data<InsightsView>(browser, '/insights');
    expect(view.asOf).toBe('2025-10-01');
    const byKey = new Map(view.recurring.map((payment) => [payment.key, payment]));
    const streamflix = byKey.get('streamflix');
    expect(streamflix).toMatchObject({
      name: 'Streamflix',
      cadence: 'monthly',
      lastAmount: usd(-17_99),
      priceIncrease: { from: usd(-15_49), to: usd(-17_99) },
      // The link carries the payment's account and the range of its occurrences, so it lists its rows.
      href: expect.stringMatching(
        /^\/activity\?search=Streamflix&accounts=[0-9a-f-]{36}&date=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      ),
    });
    expect(byKey.get('tunely')).toMatchObject({
      cadence: 'monthly',
      lastAmount: usd(-11_99),
      priceIncrease: null,
    });
    expect(byKey.get('cloudvault')).toMatchObject({ cadence: 'monthly', lastAmount: usd(-9_99) });
    for (const payment of view.recurring) {
      expect(payment.nextDate > payment.lastDate).toBe(true);
      expect(payment.occurrences).toBeGreaterThanOrEqual(2);
    }

    const kinds = new Set(view.insights.map((insight) => insight.kind));
    expect(kinds.has('savings_rate')).toBe(true);
    const rise = streamflix?.priceIncrease?.date ?? '';
    const daysSinceRise = (Date.parse('2025-10-01') - Date.parse(rise)) / 86_400_000;
    // Other demo subscriptions (the insurance) may have risen too: look for Streamflix's own insight.
    const streamflixRise = view.insights.some(
      (insight) =>
        insight.kind === 'recurring_price_increase' && insight.id.startsWith('price-increase:streamflix:'),
    );
    expect(streamflixRise).toBe(daysSinceRise <= 90);
    for (const insight of view.insights) {
      expect(insight.title.length).toBeGreaterThan(0);
      expect(insight.explanation.length).toBeGreaterThan(0);
    }

    // The rows behind the insights are kept until the user's transactions change: excluding Streamflix's
    // payments takes it out of the recurring list at the next request.
    const streamflixRows = await data<{ id: string }[]>(
      browser,
      '/transactions/paginated?search=Streamflix&pageSize=100',
    );
    expect(streamflixRows.length).toBeGreaterThan(1);
    const excluded = await browser.json('/api/v1/transactions/bulk', {
      body: { ids: streamflixRows.map((row) => row.id), changes: { excluded: true } },
    });
    expect(excluded.status).toBe(200);
    const after = await data<InsightsView>(browser, '/insights');
    expect(after.recurring.map((payment) => payment.key)).not.toContain('streamflix');
    expect(after.recurring.map((payment) => payment.key)).toContain('tunely');

    // The month's summary of the same user reads the synced rows: spending and income are there, and
    // brokerage buys and transfers between the demo accounts are not spending.
    const summary = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2025-09');
    expect(summary.total.amountMinor).toBeGreaterThan(0);
    expect(summary.income.amountMinor).toBeGreaterThan(0);
    expect(summary.byCategory.map((row) => row.category)).not.toContain('TRANSFER');
    expect(summary.byMerchant.map((row) => row.merchant)).not.toContain('Brokerage');

    // Another user sees none of it.
    const stranger = await signedInUser(w);
    const theirs = await data<InsightsView>(stranger.browser, '/insights');
    expect(theirs.recurring).toEqual([]);
    expect(theirs.insights).toEqual([]);
  });
});
