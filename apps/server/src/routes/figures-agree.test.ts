import { mergeStoredPreferences, upsertEcbRates } from '@lodestar/db';
import { addDays, type Money } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import type { DashboardView } from '../use-cases/dashboard/dashboard';
import type { PortfolioView } from '../use-cases/dashboard/portfolio';
import type {
  BrokerageBalance,
  BrokerageTotals,
  InvestmentHolding,
  InvestmentTotals,
} from '../use-cases/holdings/investments';
import type { ExpenseFlowView } from '../use-cases/spending/expense-flow';
import type { SpendingSummary } from '../use-cases/spending/spending-summary';
import type { Envelope } from '../use-cases/transactions/test-fixtures';

// The demo bank runs on the app's clock: 2026-11-20 in New York.
const clock = new Date('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';
let w: AuthWorld;

/** A made-up daily USD-per-EUR series with four decimals on working days (so rounding matters). */
function usdPerEur(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return (1.0731 + 0.0913 * Math.sin(day / 17) + 0.0037 * Math.cos(day / 3)).toFixed(4);
}
const RATE_DAYS = Array.from({ length: 1_200 }, (_, index) => addDays('2023-11-01', index)).filter(
  (date) => date <= TODAY && ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
);
/** The last published rate on or before `date`. */
const rateOn = (date: string) => usdPerEur(RATE_DAYS.filter((day) => day <= date).at(-1) ?? '');

beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  await upsertEcbRates(
    w.t.database.db,
    RATE_DAYS.map((date) => ({ date, currency: 'USD', perEur: usdPerEur(date) })),
  );
});
afterAll(async () => {
  await w.close();
});

async function data<T>(browser: TestBrowser, path: string): Promise<T> {
  const response = await browser.json<Envelope<T>>(`/api/v1${path}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** `amountMinor` × `num`/`den`, rounded half away from zero, exactly (both currencies have 2 decimals). */
function convertExactly(amountMinor: number, rate: string, invert: boolean): number {
  const [whole = '', fraction = ''] = rate.split('.');
  const rateNum = BigInt(whole + fraction);
  const rateDen = 10n ** BigInt(fraction.length);
  const [num, den] = invert
    ? [BigInt(amountMinor) * rateDen, rateNum]
    : [BigInt(amountMinor) * rateNum, rateDen];
  const negative = num < 0n;
  const n = negative ? -num : num;
  let quotient = n / den;
  if ((n % den) * 2n >= den) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

type AccountsList = {
  accounts: { currency: string; currentBalance: { amountMinor: number }; hidden: boolean }[];
};

/**
 * The figures of every screen for one reporting currency: the dashboard summary, the chart's last point,
 * the account groups, the Accounts page's per-currency totals converted once, and the Expenses figures
 * of last month (summary, its categories and running total, the flow).
 */
async function expectAgreement(browser: TestBrowser, reporting: 'USD' | 'EUR') {
  const dashboard = await data<DashboardView>(browser, '/dashboard');
  const chart = await data<PortfolioView>(browser, '/portfolio?range=1M');
  const accounts = await data<AccountsList>(browser, '/accounts');
  expect(dashboard.currency).toBe(reporting);
  expect(dashboard.fx).toEqual({ missing: [], stale: [], estimated: [] });
  const netWorth = dashboard.summary.netWorth.amountMinor;

  const last = chart.points.at(-1);
  expect(last?.date).toBe(TODAY);
  expect(last?.netWorth).toBe(netWorth);
  const classes = ['cash', 'investment', 'crypto', 'real_estate', 'other', 'liability'] as const;
  expect(classes.reduce((total, key) => total + (last?.[key] ?? 0), 0)).toBe(netWorth);
  const s = dashboard.summary;
  expect(
    [s.cash, s.investments, s.crypto, s.realEstate, s.other, s.liabilities].reduce(
      (total, money) => total + money.amountMinor,
      0,
    ),
  ).toBe(netWorth);
  expect(s.assets.amountMinor + s.liabilities.amountMinor).toBe(netWorth);
  expect(last?.cash).toBe(s.cash.amountMinor);
  expect(last?.liability).toBe(s.liabilities.amountMinor);
  expect(dashboard.accounts.reduce((total, group) => total + group.total.amountMinor, 0)).toBe(netWorth);

  // Accounts shows native totals per currency: each converted once at today's rate adds up to net worth.
  const perCurrency = new Map<string, number>();
  for (const account of accounts.accounts.filter((row) => !row.hidden)) {
    perCurrency.set(
      account.currency,
      (perCurrency.get(account.currency) ?? 0) + account.currentBalance.amountMinor,
    );
  }
  expect([...perCurrency.keys()].sort()).toEqual(['EUR', 'USD']);
  let converted = 0;
  for (const [currency, amountMinor] of perCurrency) {
    converted +=
      currency === reporting ? amountMinor : convertExactly(amountMinor, rateOn(TODAY), reporting === 'EUR');
  }
  expect(converted).toBe(netWorth);

  // Expenses of last month: one income and one spending figure on every screen.
  const summary = await data<SpendingSummary>(browser, '/transactions/spending-summary?month=2026-10');
  const flow = await data<ExpenseFlowView>(browser, '/expenses/flow?period=monthly&date=2026-10-15');
  expect(summary.income.amountMinor).toBeGreaterThan(0);
  expect(summary.total.amountMinor).toBeGreaterThan(0);
  expect(flow.income).toEqual(summary.income);
  expect(flow.spending).toEqual(summary.total);
  expect(summary.byCategory.reduce((total, row) => total + row.amount.amountMinor, 0)).toBe(
    summary.total.amountMinor,
  );
  expect(summary.daily.at(-1)?.cumulative).toBe(summary.total.amountMinor);
  return { netWorth, income: summary.income.amountMinor };
}

describe('the same figure agrees to the minor unit on every screen', () => {
  it('on the demo bank in USD, and after switching the reporting currency to EUR', async () => {
    const { browser } = await w.signUp();
    const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
    const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(created.status).toBe(201);
    await waitForSync(browser);

    const inUsd = await expectAgreement(browser, 'USD');
    await mergeStoredPreferences(w.t.database.db, userId, { default_currency: 'EUR' });
    const inEur = await expectAgreement(browser, 'EUR');
    // The EUR figures are the USD ones at today's rate, near enough (each currency rounds once).
    expect(Math.abs(inEur.netWorth - convertExactly(inUsd.netWorth, rateOn(TODAY), true))).toBeLessThan(100);
  });

  it('on the demo brokerage: its balance is one figure on the dashboard, Accounts and Assets, cash + holdings', async () => {
    const { browser } = await w.signUp();
    const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(created.status).toBe(201);
    await waitForSync(browser);

    const accounts = await data<{ accounts: { id: string; type: string; currentBalance: Money }[] }>(
      browser,
      '/accounts',
    );
    const listed = accounts.accounts.find((account) => account.type === 'brokerage');
    if (!listed) throw new Error('the demo bank has no brokerage');
    const balance = listed.currentBalance;
    expect(balance.currency).toBe('USD');

    // Accounts: the list and the account's page, its history ending today on the same figure.
    const detail = await data<{
      account: { currentBalance: Money };
      history: { date: string; balanceMinor: number }[];
    }>(browser, `/accounts/${listed.id}`);
    expect(detail.account.currentBalance).toEqual(balance);
    expect(detail.history.at(-1)).toEqual({ date: TODAY, balanceMinor: balance.amountMinor });

    // The dashboard: the account in its group, and the investments total (the demo's only investment account).
    const dashboard = await data<DashboardView>(browser, '/dashboard');
    const onDashboard = dashboard.accounts.flatMap((group) => group.accounts).find((a) => a.id === listed.id);
    expect(onDashboard?.native).toEqual(balance);
    expect(onDashboard?.converted).toEqual(balance);
    expect(dashboard.summary.investments).toEqual(balance);

    // Assets: the account's balance as cash + holdings, and the brokerage total.
    const assets = await data<{
      accounts: { accountId: string; brokerage: BrokerageBalance | null }[];
      holdings: InvestmentHolding[];
      totals: InvestmentTotals;
      brokerage: BrokerageTotals | null;
    }>(browser, '/investments');
    const onAssets = assets.accounts.find((account) => account.accountId === listed.id)?.brokerage;
    expect(onAssets?.balance).toEqual(balance);
    expect(onAssets?.balanceConverted).toEqual(balance);
    expect(assets.brokerage?.balance).toEqual(balance);
    const holdings = onAssets?.holdings.amountMinor ?? 0;
    const cash = onAssets?.cash.amountMinor ?? 0;
    expect(holdings).toBeGreaterThan(0);
    expect(cash).toBeGreaterThan(0);
    expect(holdings + cash).toBe(balance.amountMinor);
    expect(assets.brokerage).toMatchObject({ holdings: onAssets?.holdings, cash: onAssets?.cash });
    // The holdings part is the sum of the holdings listed, to the cent: each line is rounded once, and
    // the balance rule rounds each holding the same way.
    const listedHoldings = assets.holdings.filter((holding) => holding.accountId === listed.id);
    const summed = listedHoldings.reduce((total, holding) => total + holding.marketValue.amountMinor, 0);
    expect(summed).toBe(holdings);
    expect(assets.totals.marketValue.amountMinor).toBe(holdings);
  });
});
