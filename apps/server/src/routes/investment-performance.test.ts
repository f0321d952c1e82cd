import { replaceHoldings, upsertSecurities } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { AccountPerformance, PerformanceFigures } from '../use-cases/holdings/performance';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';

/** GET /investments/performance (docs/markets-api.md "Performance", docs/domain.md "Investment performance"). */

type PerformanceAnswer = {
  range: string;
  currency: string;
  today: string;
  accounts: AccountPerformance[];
  overall: { figures: PerformanceFigures | null; accountCount: number; missingCurrencies: string[] };
};

let w: AuthWorld;
const clock = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  // 1 EUR = 1.08 USD (the earliest rate also stands for the days before it).
  await w.t.database.pool.query(
    "insert into fx_rate (date, currency, per_eur) values ('2026-11-19', 'USD', '1.08')",
  );
}, 60_000);
afterAll(async () => {
  await w.close();
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/**
 * Daily balances as the sync writes them: `steps` gives the value from each date on, until the next
 * step, through 2026-11-25.
 */
async function writeBalances(userId: string, accountId: string, currency: string, steps: [string, number][]) {
  for (const [index, [from, value]] of steps.entries()) {
    const next = steps[index + 1]?.[0];
    await w.t.database.pool.query(
      `insert into balance_snapshot (user_id, account_id, date, balance_minor, currency)
       select $1, $2, d::date, $3, $4
       from generate_series($5::date, $6::date - $7::int, interval '1 day') d`,
      [userId, accountId, value, currency, from, next ?? '2026-11-25', next ? 1 : 0],
    );
  }
}

async function performance(browser: Awaited<ReturnType<typeof signedInUser>>['browser'], range = '1m') {
  return browser.json<Envelope<PerformanceAnswer>>(`/api/v1/investments/performance?range=${range}`);
}

/** Σ amount / (1 + r)^(days / 365) of the flows XIRR solves, at the rate answered. */
function presentValue(flows: [string, number][], percent: number) {
  const start = Date.parse(flows[0]![0]);
  return flows.reduce(
    (sum, [date, amount]) =>
      sum + amount / (1 + percent / 100) ** ((Date.parse(date) - start) / 86_400_000 / 365),
    0,
  );
}

describe('GET /investments/performance', () => {
  it('gives TWR, XIRR, deposits, income and costs per account and overall, from daily balances and transactions', async () => {
    const { browser, userId } = await signedInUser(w);
    const fund = await addAccount(w.t.database.db, userId, { name: 'Index fund', type: 'investment' });
    // 1,000.00 until Nov 9; +1 % on Nov 10; 1,000.00 deposited on Nov 20 and +1 % that day.
    await writeBalances(userId, fund.id, 'USD', [
      ['2026-10-01', 100_000],
      ['2026-11-10', 101_000],
      ['2026-11-20', 203_010],
    ]);
    await addTransactions(w.t.database.db, userId, fund.id, [
      // Before the range: not counted.
      { date: '2026-10-02', amountMinor: 5_000, detailedCategory: 'TRANSFER_IN_ACCOUNT_TRANSFER' },
      {
        date: '2026-11-20',
        amountMinor: 100_000,
        detailedCategory: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
      },
      { date: '2026-11-12', amountMinor: 700, detailedCategory: 'INCOME_DIVIDENDS' },
      { date: '2026-11-13', amountMinor: 50, detailedCategory: 'INVESTMENT_INTEREST' },
      { date: '2026-11-14', amountMinor: -300, detailedCategory: 'INVESTMENT_FEE' },
      { date: '2026-11-21', amountMinor: -90_000, detailedCategory: 'INVESTMENT_BUY' },
      { date: '2026-11-22', amountMinor: -1_000, detailedCategory: 'INVESTMENT_FEE', status: 'pending' },
    ]);
    const { status, body } = await performance(browser, '1m');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ range: '1m', currency: 'USD', today: '2026-11-25' });
    const [account] = body.data.accounts;
    expect(account).toMatchObject({ accountId: fund.id, name: 'Index fund', unavailable: null });
    expect(account?.figures).toMatchObject({
      from: '2026-10-24',
      to: '2026-11-25',
      startValue: usd(100_000),
      endValue: usd(203_010),
      netDeposits: usd(100_000),
      income: usd(750),
      costs: usd(300),
      // 1.01 × 1.01 − 1.
      timeWeightedPercent: 2.01,
    });
    const xirr = account?.figures?.moneyWeightedPercent ?? Number.NaN;
    // The rate (two decimals) leaves the flows' present value within a few cents of zero.
    expect(
      Math.abs(
        presentValue(
          [
            ['2026-10-24', -100_000],
            ['2026-11-20', -100_000],
            ['2026-11-25', 203_010],
          ],
          xirr,
        ),
      ),
    ).toBeLessThan(5);
    expect(body.data.overall).toMatchObject({ accountCount: 1, missingCurrencies: [] });
    expect(body.data.overall.figures).toEqual(account?.figures);
  });

  it('brings an account that starts inside the range into the overall figures as a deposit, in the user’s currency', async () => {
    const { browser, userId } = await signedInUser(w);
    const fund = await addAccount(w.t.database.db, userId, { name: 'Index fund', type: 'investment' });
    await writeBalances(userId, fund.id, 'USD', [
      ['2026-10-01', 100_000],
      ['2026-11-10', 101_000],
      ['2026-11-20', 203_010],
    ]);
    await addTransactions(w.t.database.db, userId, fund.id, [
      { date: '2026-11-20', amountMinor: 100_000, detailedCategory: 'TRANSFER_IN_ACCOUNT_TRANSFER' },
    ]);
    const wallet = await addAccount(w.t.database.db, userId, {
      name: 'Wallet',
      type: 'wallet',
      currency: 'EUR',
    });
    await writeBalances(userId, wallet.id, 'EUR', [['2026-11-01', 50_000]]);
    const { body } = await performance(browser, '1m');
    const walletFigures = body.data.accounts.find((item) => item.accountId === wallet.id)?.figures;
    expect(walletFigures).toMatchObject({
      from: '2026-11-01',
      startValue: { amountMinor: 50_000, currency: 'EUR' },
      timeWeightedPercent: 0,
      moneyWeightedPercent: 0,
    });
    // The wallet's 54,000 cents arrive on Nov 1 as a deposit (no return); then 155/154 and 257.01/255.
    const twr = ((155_000 / 154_000) * (257_010 / 255_000) - 1) * 100;
    expect(body.data.overall.accountCount).toBe(2);
    expect(body.data.overall.figures).toMatchObject({
      from: '2026-10-24',
      startValue: usd(100_000),
      endValue: usd(203_010 + 54_000),
      timeWeightedPercent: Math.round(twr * 100) / 100,
    });
  });

  it('measures a brokerage that did not trade in the range, and gives the reason for one that did and for an account without history', async () => {
    const { browser, userId } = await signedInUser(w);
    const ids = await upsertSecurities(w.t.database.db, [
      {
        provider: 'test',
        externalId: `perf-${userId}`,
        ticker: 'AAPL',
        name: 'Apple',
        type: 'equity',
        currency: 'USD',
      },
    ]);
    const brokerage = async (name: string) => {
      const broker = await addAccount(w.t.database.db, userId, { name, type: 'brokerage' });
      await writeBalances(userId, broker.id, 'USD', [
        ['2026-10-01', 100_000],
        ['2026-11-20', 110_000],
      ]);
      await replaceHoldings(w.t.database.db, { userId, accountId: broker.id }, [
        {
          securityId: ids.get(`perf-${userId}`)!,
          quantity: '1',
          price: '100',
          costBasis: null,
          currency: 'USD',
          asOf: '2026-11-20',
        },
      ]);
      return broker;
    };
    const traded = await brokerage('Broker A');
    await addTransactions(w.t.database.db, userId, traded.id, [
      { date: '2026-10-10', amountMinor: -10_000, detailedCategory: 'INVESTMENT_BUY' },
    ]);
    const held = await brokerage('Broker B');
    const empty = await addAccount(w.t.database.db, userId, { name: 'New IRA', type: 'investment' });
    await addAccount(w.t.database.db, userId, { name: 'Checking', type: 'depository' });
    const { body } = await performance(browser, 'all');
    expect(body.data.accounts).toEqual([
      expect.objectContaining({
        accountId: traded.id,
        figures: null,
        unavailable: 'holdings_not_in_history',
      }),
      expect.objectContaining({
        accountId: held.id,
        figures: expect.objectContaining({ endValue: usd(110_000), timeWeightedPercent: 10 }),
        unavailable: null,
      }),
      expect.objectContaining({ accountId: empty.id, figures: null, unavailable: 'no_history' }),
    ]);
    expect(body.data.overall).toMatchObject({ accountCount: 1, missingCurrencies: [] });
    // A month's range after the trade: measured.
    const month = await performance(browser, '1m');
    expect(month.body.data.accounts.find((item) => item.accountId === traded.id)?.unavailable).toBeNull();
  });

  it('refuses an unknown range and shows a user only their own accounts', async () => {
    const owner = await signedInUser(w);
    const fund = await addAccount(w.t.database.db, owner.userId, { name: 'Index fund', type: 'investment' });
    await writeBalances(owner.userId, fund.id, 'USD', [['2026-10-01', 100_000]]);
    const bad = await performance(owner.browser, '6m');
    expect(bad.status).toBe(400);
    expect(bad.body.items?.[0]?.message).toBe('Range must be one of 1m, 3m, ytd, 1y, all');
    const other = await signedInUser(w);
    const { body } = await performance(other.browser, 'ytd');
    expect(body.data.accounts).toEqual([]);
    expect(body.data.overall.figures).toBeNull();
    expect((await performance(owner.browser, 'ytd')).body.data.accounts).toHaveLength(1);
  });

  it('answers from what it read until the transactions or daily balances change, and a shorter range as if read alone', async () => {
    const { browser, userId } = await signedInUser(w);
    const fund = await addAccount(w.t.database.db, userId, { name: 'Index fund', type: 'investment' });
    await writeBalances(userId, fund.id, 'USD', [
      ['2026-09-01', 100_000],
      ['2026-11-10', 101_000],
    ]);
    await addTransactions(w.t.database.db, userId, fund.id, [
      { date: '2026-11-12', amountMinor: 700, detailedCategory: 'INCOME_DIVIDENDS' },
    ]);
    const figures = async (range: string) =>
      (await performance(browser, range)).body.data.accounts[0]?.figures;
    expect(await figures('1m')).toMatchObject({ income: usd(700), endValue: usd(101_000) });

    // A new transaction is seen at once.
    await addTransactions(w.t.database.db, userId, fund.id, [
      { date: '2026-11-13', amountMinor: 50, detailedCategory: 'INVESTMENT_INTEREST' },
    ]);
    expect(await figures('1m')).toMatchObject({ income: usd(750) });
    // So is a changed daily balance (a sync, or a security's close written for a past day).
    await w.t.database.pool.query(
      "update balance_snapshot set balance_minor = 102000 where account_id = $1 and date = '2026-11-25'",
      [fund.id],
    );
    const month = await performance(browser, '1m');
    expect(month.body.data.accounts[0]?.figures).toMatchObject({ endValue: usd(102_000) });

    // Read alone just above; now after the whole history was read, the month is the same answer.
    expect((await figures('all'))?.from).toBe('2026-09-01');
    expect((await performance(browser, '1m')).body.data).toEqual(month.body.data);
    // Each range asked again is answered from the days and returns worked out for it: the same answer.
    const all = await performance(browser, 'all');
    expect((await performance(browser, 'all')).body.data).toEqual(all.body.data);
    expect((await performance(browser, '1m')).body.data).toEqual(month.body.data);
  });
});
