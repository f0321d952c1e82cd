import { upsertEcbRates } from '@lodestar/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';
import type { BudgetLine, BudgetMonthView } from '../use-cases/budgets/budget-month';

// Today is 2026-11-20 in the default time zone (America/New_York) unless a test moves the clock.
let clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  // 1 EUR = 1.10 USD from well before every month the tests use.
  await upsertEcbRates(db(), [{ date: '2024-01-02', currency: 'USD', perEur: '1.10' }]);
});
beforeEach(() => {
  clock = new Date('2026-11-20T15:00:00Z');
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const confident = { categoryConfidence: 0.9 };

async function call<T>(browser: TestBrowser, path: string, init: { method?: string; body?: unknown } = {}) {
  return browser.json<Envelope<T>>(`/api/v1${path}`, init);
}

async function month(browser: TestBrowser, value?: string): Promise<BudgetMonthView> {
  const response = await call<BudgetMonthView>(browser, `/budgets${value ? `?month=${value}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function put(browser: TestBrowser, body: Record<string, unknown>): Promise<BudgetMonthView> {
  const response = await call<BudgetMonthView>(browser, '/budgets', { method: 'PUT', body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

function lineOf(view: BudgetMonthView, category: string): BudgetLine {
  const line = category === 'overall' ? view.overall : view.categories.find((l) => l.category === category);
  if (!line) throw new Error(`no line for ${category}`);
  return line;
}

async function budgetRows(userId: string) {
  const result = await w.t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from budget where user_id = $1',
    [userId],
  );
  return result.rows[0]?.n ?? 0;
}

/** A small deterministic generator, so the random months are the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

describe('PUT /budgets validation', () => {
  it('refuses negative, too large, unknown and non-spending categories and bad months, writing nothing', async () => {
    const { browser, userId } = await signedInUser(w);
    const bad = [
      { category: 'FOOD_AND_DRINK', amount: -1 },
      { category: 'FOOD_AND_DRINK', amount: 1_000_000.01 },
      { category: 'FOOD_AND_DRINK', amount: '12' },
      { category: 'INCOME', amount: 100 },
      { category: 'TRANSFER', amount: 100 },
      { category: 'PERSONAL_CARE', amount: 100 },
      { category: 'food_and_drink', amount: 100 },
      { category: 'FOOD_AND_DRINK', amount: 100, month: '2026-13' },
      { amount: 100 },
    ];
    for (const body of bad) {
      const response = await call(browser, '/budgets', { method: 'PUT', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const overLimit = await call(browser, '/budgets', {
      method: 'PUT',
      body: { category: 'FOOD_AND_DRINK', amount: 1_000_001 },
    });
    expect(overLimit.body.items?.[0]?.message).toBe(
      'Enter an amount from 0 to 1,000,000, or null to remove the budget',
    );
    expect(await budgetRows(userId)).toBe(0);
    const rollover = await call(browser, '/budgets/rollover', {
      method: 'PATCH',
      body: { category: 'INCOME', rollover: true },
    });
    expect(rollover.status).toBe(400);
  });

  it('takes 0 and 1,000,000, and null removes the amount', async () => {
    const { browser, userId } = await signedInUser(w);
    expect(lineOf(await put(browser, { category: 'TRAVEL', amount: 0 }), 'TRAVEL').budget).toEqual(usd(0));
    const top = await put(browser, { category: 'overall', amount: 1_000_000 });
    expect(top.overall.budget).toEqual(usd(100_000_000));
    expect(await budgetRows(userId)).toBe(2);
    const removed = await put(browser, { category: 'TRAVEL', amount: null });
    expect(lineOf(removed, 'TRAVEL')).toMatchObject({ budget: null, status: 'none', available: null });
    expect(await budgetRows(userId)).toBe(1);
  });
});

describe('progress', () => {
  it('spending from the rollups equals a sum of the rows from scratch, in two currencies', async () => {
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(db(), userId);
    const euro = await addAccount(db(), userId, { name: 'Euro Account', currency: 'EUR' });
    const random = generator(20_261_120);
    const categories = ['FOOD_AND_DRINK', 'GENERAL_MERCHANDISE', 'TRANSPORTATION', 'MEDICAL'];
    type Row = { date: string; amountMinor: number; category: string; currency: 'USD' | 'EUR' };
    const rows: Row[] = [];
    for (let index = 0; index < 400; index += 1) {
      const monthIndex = random(14); // 2025-10 … 2026-11
      const year = monthIndex < 3 ? 2025 : 2026;
      const monthNumber = monthIndex < 3 ? 10 + monthIndex : monthIndex - 2;
      const day = 1 + random(monthNumber === 11 && year === 2026 ? 20 : 28);
      const date = `${year}-${String(monthNumber).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const currency = random(3) === 0 ? 'EUR' : 'USD';
      // EUR amounts in whole tens of cents convert to USD exactly at 1.10; a few refunds net off.
      const size = currency === 'EUR' ? (1 + random(900)) * 10 : 1 + random(9_000);
      rows.push({
        date,
        amountMinor: random(10) === 0 ? size : -size,
        category: categories[random(categories.length)] as string,
        currency,
      });
    }
    for (const currency of ['USD', 'EUR'] as const) {
      await addTransactions(
        db(),
        userId,
        currency === 'USD' ? checking.id : euro.id,
        rows
          .filter((row) => row.currency === currency)
          .map((row) => ({ ...row, merchantName: 'Shop', ...confident })),
      );
    }
    // Rows that never count toward spending: a transfer, an excluded row and income.
    await addTransactions(db(), userId, checking.id, [
      { date: '2026-11-05', amountMinor: -500_00, category: 'TRANSFER', ...confident },
      { date: '2026-11-05', amountMinor: -400_00, category: 'FOOD_AND_DRINK', excluded: true, ...confident },
      { date: '2026-11-06', amountMinor: 3_000_00, category: 'INCOME', ...confident },
    ]);

    /** Spending of the rows of `prefix` ('2026-11'), per category, in USD: EUR × 1.10. */
    const fromScratch = (prefix: string) => {
      const out = new Map<string, number>();
      for (const row of rows.filter((r) => r.date.startsWith(prefix))) {
        const spent = row.currency === 'EUR' ? (-row.amountMinor * 11) / 10 : -row.amountMinor;
        out.set(row.category, (out.get(row.category) ?? 0) + spent);
      }
      return out;
    };
    const months = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-06', '2026-10', '2026-11'];
    for (const value of months) {
      const view = await month(browser, value);
      const expected = fromScratch(value);
      for (const category of categories) {
        expect(lineOf(view, category).spent, `${value} ${category}`).toEqual(
          usd(expected.get(category) ?? 0),
        );
      }
      const total = [...expected.values()].reduce((a, b) => a + b, 0);
      expect(view.overall.spent, value).toEqual(usd(total));
    }
    // The averages are those months' from-scratch spending averaged.
    const view = await month(browser, '2026-11');
    const monthly = ['2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05'].map(
      (value) => fromScratch(value).get('FOOD_AND_DRINK') ?? 0,
    );
    const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
    expect(lineOf(view, 'FOOD_AND_DRINK').averages['3']).toEqual(usd(average(monthly.slice(0, 3))));
    expect(lineOf(view, 'FOOD_AND_DRINK').averages['6']).toEqual(usd(average(monthly)));
  });

  it('shows budget, remaining, remaining per day and the 80 % and 100 % marks', async () => {
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(db(), userId);
    await addTransactions(db(), userId, checking.id, [
      { date: '2026-11-02', amountMinor: -85_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2026-11-03', amountMinor: -120_00, category: 'TRAVEL', ...confident },
      { date: '2026-11-04', amountMinor: -10_00, category: 'ENTERTAINMENT', ...confident },
    ]);
    await put(browser, { category: 'FOOD_AND_DRINK', amount: 100 });
    await put(browser, { category: 'TRAVEL', amount: 100 });
    await put(browser, { category: 'ENTERTAINMENT', amount: 100 });
    const view = await put(browser, { category: 'overall', amount: 1_100 });
    // 2026-11-20: 11 days left, today included.
    expect(view.daysLeft).toBe(11);
    expect(lineOf(view, 'FOOD_AND_DRINK')).toMatchObject({
      available: usd(100_00),
      spent: usd(85_00),
      remaining: usd(15_00),
      remainingPerDay: usd(136),
      percent: 85,
      status: 'near',
      threshold: 80,
    });
    expect(lineOf(view, 'TRAVEL')).toMatchObject({ remaining: usd(-20_00), status: 'over', threshold: 100 });
    expect(lineOf(view, 'TRAVEL').remainingPerDay).toEqual(usd(0));
    expect(lineOf(view, 'ENTERTAINMENT')).toMatchObject({ status: 'under', threshold: null, percent: 10 });
    expect(view.overall).toMatchObject({
      spent: usd(215_00),
      remaining: usd(885_00),
      remainingPerDay: usd(80_45),
    });
    // A month already over has no days left; another user sees none of it.
    const october = await month(browser, '2026-10');
    expect(october.daysLeft).toBe(0);
    expect(lineOf(october, 'FOOD_AND_DRINK').budget).toBeNull();
    const other = await signedInUser(w);
    const theirs = await month(other.browser, '2026-11');
    expect(lineOf(theirs, 'FOOD_AND_DRINK')).toMatchObject({ budget: null, spent: usd(0) });
  });
});

describe('rollover', () => {
  it('carries what is left and what is overspent across months and into a new year', async () => {
    clock = new Date('2026-01-20T15:00:00Z');
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(db(), userId);
    await addTransactions(db(), userId, checking.id, [
      { date: '2025-11-10', amountMinor: -70_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2025-12-10', amountMinor: -120_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2026-01-10', amountMinor: -10_00, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    for (const value of ['2025-11', '2025-12', '2026-01']) {
      await put(browser, { month: value, category: 'FOOD_AND_DRINK', amount: 100 });
    }
    // Off: every month stands alone.
    expect(lineOf(await month(browser, '2026-01'), 'FOOD_AND_DRINK')).toMatchObject({
      rollover: false,
      carried: usd(0),
      available: usd(100_00),
    });
    const on = await call<BudgetMonthView>(browser, '/budgets/rollover?month=2026-01', {
      method: 'PATCH',
      body: { category: 'FOOD_AND_DRINK', rollover: true },
    });
    expect(on.status).toBe(200);
    // November leaves 30; December has 130 and spends 120, leaving 10 for January.
    expect(lineOf(await month(browser, '2025-12'), 'FOOD_AND_DRINK')).toMatchObject({
      carried: usd(30_00),
      available: usd(130_00),
      remaining: usd(10_00),
    });
    expect(lineOf(on.body.data, 'FOOD_AND_DRINK')).toMatchObject({
      rollover: true,
      carried: usd(10_00),
      available: usd(110_00),
      remaining: usd(100_00),
    });
    // Overspending carries too: December at 50 leaves −20 for January.
    await put(browser, { month: '2025-12', category: 'FOOD_AND_DRINK', amount: 50 });
    expect(lineOf(await month(browser, '2026-01'), 'FOOD_AND_DRINK')).toMatchObject({
      carried: usd(-40_00),
      available: usd(60_00),
    });
    // A month without a budget breaks the chain.
    await put(browser, { month: '2025-12', category: 'FOOD_AND_DRINK', amount: null });
    expect(lineOf(await month(browser, '2026-01'), 'FOOD_AND_DRINK')).toMatchObject({
      carried: usd(0),
      available: usd(100_00),
    });
    // Other categories keep rollover off.
    expect(lineOf(await month(browser, '2026-01'), 'TRAVEL').rollover).toBe(false);
  });
});

describe('hidden categories', () => {
  it('have no line and their spending is not in the overall', async () => {
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(db(), userId);
    await addTransactions(db(), userId, checking.id, [
      { date: '2026-11-02', amountMinor: -40_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2026-11-03', amountMinor: -300_00, category: 'MEDICAL', ...confident },
    ]);
    const before = await month(browser);
    expect(lineOf(before, 'MEDICAL').spent).toEqual(usd(300_00));
    expect(before.overall.spent).toEqual(usd(340_00));
    const hidden = await call(browser, '/user/preferences', {
      method: 'PATCH',
      body: { hidden_categories: ['MEDICAL'] },
    });
    expect(hidden.status).toBe(200);
    const after = await month(browser);
    expect(after.categories.map((line) => line.category)).not.toContain('MEDICAL');
    expect(after.hiddenCategories).toEqual(['MEDICAL']);
    expect(after.overall.spent).toEqual(usd(40_00));
    expect(after.categories).toHaveLength(9);
  });
});

describe('copy last month and set from average', () => {
  it('copies the month before, and sets amounts from the average rounded up', async () => {
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(db(), userId);
    const nothing = await call(browser, '/budgets/copy-previous', { method: 'POST', body: {} });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('The month before has no budgets to copy');
    await put(browser, { month: '2026-10', category: 'FOOD_AND_DRINK', amount: 250 });
    await put(browser, { month: '2026-10', category: 'overall', amount: 2_000 });
    await put(browser, { category: 'TRAVEL', amount: 75 });
    expect((await month(browser)).previousMonthHasBudgets).toBe(true);
    const copied = await call<BudgetMonthView>(browser, '/budgets/copy-previous', {
      method: 'POST',
      body: {},
    });
    expect(copied.status).toBe(200);
    expect(lineOf(copied.body.data, 'FOOD_AND_DRINK').budget).toEqual(usd(250_00));
    expect(copied.body.data.overall.budget).toEqual(usd(2_000_00));
    expect(lineOf(copied.body.data, 'TRAVEL').budget).toBeNull();

    await addTransactions(db(), userId, checking.id, [
      { date: '2026-08-03', amountMinor: -100_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2026-09-03', amountMinor: -200_00, category: 'FOOD_AND_DRINK', ...confident },
      { date: '2026-10-03', amountMinor: -300_04, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    const averaged = await call<BudgetMonthView>(browser, '/budgets/from-average', {
      method: 'POST',
      body: { months: 3 },
    });
    expect(averaged.status).toBe(200);
    // (100 + 200 + 300.04) / 3 = 200.01 → 201.
    expect(lineOf(averaged.body.data, 'FOOD_AND_DRINK').budget).toEqual(usd(201_00));
    expect(averaged.body.data.overall.budget).toEqual(usd(201_00));
    const badWindow = await call(browser, '/budgets/from-average', { method: 'POST', body: { months: 4 } });
    expect(badWindow.status).toBe(400);
  });
});
