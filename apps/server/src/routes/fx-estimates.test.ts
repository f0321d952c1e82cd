import { balanceSnapshot, mergeStoredPreferences } from '@lodestar/db';
import { addDays } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { DashboardView } from '../use-cases/dashboard/dashboard';
import type { PortfolioView } from '../use-cases/dashboard/portfolio';
import { addAccount, type Envelope, signedInUser } from '../use-cases/transactions/test-fixtures';

// No ECB rate at all in this database: a server that never reached the feed.
const NOW = new Date('2026-11-22T17:00:00Z'); // 12:00 in New York
const TODAY = '2026-11-22';
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => NOW });
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });
type Browser = Awaited<ReturnType<typeof signedInUser>>['browser'];

async function get<T>(browser: Browser, path: string) {
  const result = await browser.json<Envelope<T>>(`/api/v1${path}`);
  expect(result.status).toBe(200);
  return result.body.data;
}

describe('one manual rate and no ECB rates', () => {
  let browser: Browser;
  beforeAll(async () => {
    const user = await signedInUser(w);
    browser = user.browser;
    await mergeStoredPreferences(db(), user.userId, { default_currency: 'EUR' });
    // USD 1,000 every day for 60 days, and a EUR account of EUR 500 beside it.
    const usd = await addAccount(db(), user.userId, { name: 'Checking', currentBalanceMinor: 1_000_00 });
    const giro = await addAccount(db(), user.userId, {
      name: 'Girokonto',
      currency: 'EUR',
      currentBalanceMinor: 500_00,
    });
    const days = Array.from({ length: 60 }, (_, index) => addDays(TODAY, index - 59));
    await db()
      .insert(balanceSnapshot)
      .values([
        ...days.map((date) => ({
          userId: user.userId,
          accountId: usd.id,
          date,
          currency: 'USD',
          balanceMinor: 1_000_00,
        })),
        ...days.map((date) => ({
          userId: user.userId,
          accountId: giro.id,
          date,
          currency: 'EUR',
          balanceMinor: 500_00,
        })),
      ]);
  });

  it('without any rate: USD is left out, named, and no change is computed from the partial totals', async () => {
    const view = await get<DashboardView>(browser, '/dashboard');
    expect(view.summary.netWorth).toEqual(eur(500_00));
    expect(view.summary.change).toEqual({
      amount: null,
      percent: null,
      from: addDays(TODAY, -29),
      missing: ['USD'],
      estimated: false,
    });
    expect(view.fx.missing).toEqual(['USD']);
  });

  it('with one rate for today: a flat history marked estimated, no jump, and a true change of 0', async () => {
    const saved = await browser.json<Envelope<{ id: string }>>('/api/v1/fx/rates', {
      body: { base: 'USD', quote: 'EUR', date: TODAY, rate: '0.9' },
    });
    expect(saved.status).toBe(201);

    const view = await get<DashboardView>(browser, '/dashboard');
    expect(view.summary.netWorth).toEqual(eur(1_400_00));
    // The banner's reason is gone at once: no currency is missing any more.
    expect(view.fx.missing).toEqual([]);
    expect(view.summary.change).toEqual({
      amount: eur(0),
      percent: 0,
      from: addDays(TODAY, -29),
      missing: [],
      estimated: true,
    });
    expect(view.fx.estimated).toEqual([{ currency: 'USD', from: TODAY }]);

    const history = await get<PortfolioView>(browser, '/portfolio?range=3M');
    expect(history.points).toHaveLength(60);
    expect(new Set(history.points.map((point) => point.netWorth))).toEqual(new Set([1_400_00]));
    expect(history.points.filter((point) => point.estimated).map((point) => point.date)).toEqual(
      history.points.slice(0, -1).map((point) => point.date),
    );
    expect(history.points.at(-1)).toMatchObject({ date: TODAY, estimated: false });
    expect(history.fx).toEqual({ missing: [], stale: [], estimated: [{ currency: 'USD', from: TODAY }] });

    const rates = await get<{ rates: { currency: string; estimated: boolean }[]; held: string[] }>(
      browser,
      '/fx/rates',
    );
    expect(rates.held).toEqual(['EUR', 'USD']);
    expect(rates.rates).toMatchObject([{ currency: 'USD', estimated: false }]);
  });
});
