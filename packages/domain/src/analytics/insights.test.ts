import { describe, expect, it } from 'vitest';
import { AGGREGATION } from '../constants';
import { addMonths } from '../dates';
import { buildInsights, INSIGHT_KINDS, type InsightInput } from './insights';
import { detectRecurring, type RecurringPayment } from './recurring';

const TODAY = '2026-11-22';

function input(overrides: Partial<InsightInput> = {}): InsightInput {
  return {
    today: TODAY,
    currency: 'USD',
    monthly: [],
    categoriesLastMonth: [],
    categoriesPreviousMonth: [],
    merchantStats: [],
    categoryStats: [],
    recentTransactions: [],
    recurring: [],
    cashMinor: 0,
    averageMonthlySpendingMinor: 0,
    cryptoSharePercent: 0,
    ...overrides,
  };
}

function payment(overrides: Partial<RecurringPayment> = {}): RecurringPayment {
  return {
    key: 'rent',
    name: 'Rent',
    category: 'RENT_AND_UTILITIES',
    accountId: 'checking',
    currency: 'USD',
    direction: 'outflow',
    cadence: 'monthly',
    intervalDays: 30,
    averageAmountMinor: -45_000,
    lastAmountMinor: -45_000,
    firstDate: '2025-12-01',
    lastDate: '2026-11-01',
    nextDate: '2026-12-01',
    nextAmountMinor: -45_000,
    occurrences: 12,
    priceIncrease: null,
    transactionIds: [],
    ...overrides,
  };
}

const kinds = (data: InsightInput) => buildInsights(data).map((insight) => insight.kind);
const only = (data: InsightInput, kind: string) =>
  buildInsights(data).filter((insight) => insight.kind === kind);

describe('buildInsights', () => {
  it('gives nothing, and does not fail, for a new user', () => {
    expect(buildInsights(input())).toEqual([]);
  });

  describe('savings_rate', () => {
    const months = (october: { incomeMinor: number; spendingMinor: number }) => [
      ...['2026-06', '2026-07', '2026-08', '2026-09'].map((month) => ({
        month,
        incomeMinor: 500_000,
        spendingMinor: 450_000,
      })),
      { month: '2026-10', ...october },
      { month: '2026-11', incomeMinor: 0, spendingMinor: 120_000 },
    ];

    it('reports the last complete month with the trend against the months before', () => {
      const [insight] = only(
        input({ monthly: months({ incomeMinor: 500_000, spendingMinor: 400_000 }) }),
        'savings_rate',
      );
      expect(insight).toMatchObject({ id: 'savings-rate', severity: 'positive' });
      expect(insight?.title).toBe('You saved 20.00% of your income in October 2026');
      expect(insight?.explanation).toBe(
        'In October 2026 you earned $5,000.00 and spent $4,000.00, a savings rate of 20.00%. ' +
          'That is up from your 10.00% average over the 4 months before.',
      );
      expect(insight?.figures[0]).toEqual({ label: 'Savings rate', value: 20, format: 'percent' });
      expect(insight?.links.map((link) => link.href)).toEqual([
        '/activity?filter=income&date=2026-10-01&to=2026-10-31',
        '/activity?filter=expenses&date=2026-10-01&to=2026-10-31',
      ]);
    });

    it('is info just below the good rate and a warning when spending beats income', () => {
      const below = only(
        input({ monthly: months({ incomeMinor: 500_000, spendingMinor: 400_001 }) }),
        'savings_rate',
      );
      expect(below[0]?.severity).toBe('info');
      const [over] = only(
        input({ monthly: months({ incomeMinor: 300_000, spendingMinor: 360_000 }) }),
        'savings_rate',
      );
      expect(over).toMatchObject({
        severity: 'warning',
        title: 'You spent more than you earned in October 2026',
      });
      expect(over?.explanation).toContain('a savings rate of -20.00%');
    });

    it('needs income in the last complete month', () => {
      expect(kinds(input({ monthly: months({ incomeMinor: 0, spendingMinor: 400_000 }) }))).toEqual([]);
    });
  });

  describe('category_up and category_down', () => {
    const food = (amountMinor: number) => [
      { category: 'FOOD_AND_DRINK', label: 'Food & Dining', amountMinor, count: 9 },
    ];

    it('compares the last complete month with the one before', () => {
      const [up] = buildInsights(
        input({ categoriesLastMonth: food(62_500), categoriesPreviousMonth: food(50_000) }),
      );
      expect(up).toMatchObject({
        id: 'category-up:FOOD_AND_DRINK',
        kind: 'category_up',
        severity: 'warning',
      });
      expect(up?.title).toBe('Food & Dining spending up 25.00%');
      expect(up?.explanation).toBe(
        'You spent $625.00 on Food & Dining in October 2026, $125.00 (25.00%) more than the $500.00 in September 2026.',
      );
      expect(up?.links).toEqual([
        {
          label: 'See Food & Dining transactions',
          href: '/activity?filter=counted&categories=FOOD_AND_DRINK&date=2026-10-01&to=2026-10-31',
        },
      ]);
    });

    it('needs both 25 % and 50 major units', () => {
      expect(
        buildInsights(input({ categoriesLastMonth: food(62_499), categoriesPreviousMonth: food(50_000) })),
      ).toEqual([]);
      expect(
        buildInsights(input({ categoriesLastMonth: food(19_900), categoriesPreviousMonth: food(15_000) })),
      ).toEqual([]);
      expect(
        buildInsights(input({ categoriesLastMonth: food(37_501), categoriesPreviousMonth: food(50_000) })),
      ).toEqual([]);
    });

    it('reports a drop as positive and a new category without a percentage', () => {
      const [down] = buildInsights(
        input({ categoriesLastMonth: food(37_500), categoriesPreviousMonth: food(50_000) }),
      );
      expect(down).toMatchObject({ id: 'category-down:FOOD_AND_DRINK', severity: 'positive' });
      expect(down?.explanation).toContain('$125.00 (25.00%) less than the $500.00');
      const [travel] = buildInsights(
        input({
          categoriesLastMonth: [{ category: 'TRAVEL', label: 'Travel', amountMinor: 80_000, count: 2 }],
        }),
      );
      expect(travel).toMatchObject({ id: 'category-up:TRAVEL', title: 'New spending on Travel' });
      const [uncategorized] = buildInsights(
        input({
          categoriesLastMonth: [{ category: '', label: 'Uncategorized', amountMinor: 9_000, count: 2 }],
        }),
      );
      expect(uncategorized?.id).toBe('category-up:UNCATEGORIZED');
      expect(uncategorized?.links[0]?.href).toBe(
        '/activity?filter=counted&categories=UNCATEGORIZED&date=2026-10-01&to=2026-10-31',
      );
    });
  });

  describe('unusual_transaction', () => {
    const shell = {
      key: 'shell',
      name: 'Shell',
      category: 'TRANSPORTATION',
      meanMinor: 5_000,
      stddevMinor: 1_000,
    };
    const recent = (amountMinor: number, id = 't1') => ({
      id,
      date: '2026-11-18',
      name: 'Shell Oil',
      merchantKey: 'shell',
      category: 'TRANSPORTATION',
      amountMinor,
    });

    it('flags an outflow above mean + 3σ at the merchant', () => {
      const data = input({ merchantStats: [{ ...shell, count: 6 }], recentTransactions: [recent(-8_001)] });
      const [insight] = buildInsights(data);
      expect(insight).toMatchObject({ id: 'unusual:t1', kind: 'unusual_transaction', severity: 'warning' });
      expect(insight?.explanation).toBe(
        '$80.01 at Shell Oil on Nov 18, 2026 is well above your usual $50.00 there (6 payments in the year before).',
      );
      expect(insight?.links[0]?.href).toBe('/activity?search=Shell%20Oil&date=2026-11-18&to=2026-11-18');
    });

    it("writes amounts, figures and dates in the user's number and date formats", () => {
      const data = input({ merchantStats: [{ ...shell, count: 6 }], recentTransactions: [recent(-8_001)] });
      const [insight] = buildInsights({ ...data, locale: 'de-DE', dateFormat: 'DD.MM.YYYY' });
      expect(insight?.explanation).toBe(
        '80,01\u00a0$ at Shell Oil on 18.11.2026 is well above your usual 50,00\u00a0$ there (6 payments in the year before).',
      );
    });

    it('does not flag at mean + 3σ, with too little history, or a recurring payment', () => {
      expect(
        kinds(input({ merchantStats: [{ ...shell, count: 6 }], recentTransactions: [recent(-8_000)] })),
      ).toEqual([]);
      expect(
        kinds(input({ merchantStats: [{ ...shell, count: 4 }], recentTransactions: [recent(-8_001)] })),
      ).toEqual([]);
      const recurring = [payment({ key: 'shell', transactionIds: ['t1'] })];
      const data = input({
        merchantStats: [{ ...shell, count: 6 }],
        recentTransactions: [recent(-8_001)],
        recurring,
      });
      expect(kinds(data)).not.toContain('unusual_transaction');
    });

    it('falls back to three times the category median', () => {
      const categoryStats = [{ category: 'TRANSPORTATION', medianMinor: 3_000, count: 10 }];
      const [insight] = buildInsights(input({ categoryStats, recentTransactions: [recent(-9_001)] }));
      expect(insight?.kind).toBe('unusual_transaction');
      expect(insight?.explanation).toContain('a typical Transportation payment of $30.00 (3.0×)');
      expect(kinds(input({ categoryStats, recentTransactions: [recent(-9_000)] }))).toEqual([]);
    });
  });

  describe('large_transaction', () => {
    const row = (id: string, amountMinor: number) => ({
      id,
      date: '2026-11-12',
      name: `Store ${id}`,
      merchantKey: id,
      category: 'GENERAL_MERCHANDISE',
      amountMinor,
    });

    it('uses the larger of 500 major units and 20 % of monthly spending, at most 3, largest first', () => {
      const data = input({
        averageMonthlySpendingMinor: 300_000,
        recentTransactions: [
          row('a', -60_000),
          row('b', -59_999),
          row('c', -90_000),
          row('d', -70_000),
          row('e', -80_000),
          row('f', 120_000),
        ],
      });
      const large = only(data, 'large_transaction');
      expect(large.map((insight) => insight.id)).toEqual(['large:c', 'large:e', 'large:d']);
      expect(large[0]?.explanation).toBe(
        'You paid $900.00 at Store c on Nov 12, 2026, 30.00% of your average monthly spending ($3,000.00).',
      );
      expect(kinds(input({ recentTransactions: [row('a', -49_999)] }))).toEqual([]);
      expect(kinds(input({ recentTransactions: [row('a', -50_000)] }))).toEqual(['large_transaction']);
    });
  });

  describe('idle_cash', () => {
    it('reports cash beyond six months of spending', () => {
      const [insight] = buildInsights(input({ cashMinor: 2_000_000, averageMonthlySpendingMinor: 300_000 }));
      expect(insight).toMatchObject({ id: 'idle-cash', severity: 'info' });
      expect(insight?.explanation).toBe(
        'You hold $20,000.00 in cash, 6.7 months of your average spending ($3,000.00 a month). ' +
          '$2,000.00 of it is beyond a 6-month buffer of $18,000.00.',
      );
      expect(kinds(input({ cashMinor: 1_800_000, averageMonthlySpendingMinor: 300_000 }))).toEqual([]);
      expect(kinds(input({ cashMinor: 1_800_000 }))).toEqual([]);
    });
  });

  describe('crypto_share', () => {
    it('warns above the threshold only', () => {
      const threshold = AGGREGATION.cryptoShareThresholdPercent;
      const [insight] = buildInsights(input({ cryptoSharePercent: threshold + 4.25 }));
      expect(insight).toMatchObject({
        id: 'crypto-share',
        severity: 'warning',
        title: 'Crypto is 14.25% of your net worth',
      });
      expect(insight?.explanation).toContain('above the 10.00% threshold');
      expect(kinds(input({ cryptoSharePercent: threshold }))).toEqual([]);
    });
  });

  describe('low_balance_projection', () => {
    const salary = payment({
      key: 'acme',
      name: 'Acme',
      direction: 'inflow',
      cadence: 'biweekly',
      nextDate: '2026-12-05',
      nextAmountMinor: 300_000,
    });

    it('subtracts the payments due before the next income', () => {
      const gym = payment({
        key: 'gym',
        name: 'Gym',
        cadence: 'weekly',
        nextDate: '2026-11-23',
        nextAmountMinor: -2_500,
      });
      const [insight] = buildInsights(input({ cashMinor: 59_000, recurring: [payment(), gym, salary] }));
      // Due by Dec 4: rent once ($450) and the gym on Nov 23 and Nov 30 ($50).
      expect(insight).toMatchObject({
        id: 'low-balance',
        kind: 'low_balance_projection',
        severity: 'warning',
      });
      expect(insight?.explanation).toBe(
        'You have $590.00 in cash and $500.00 of recurring payments due by Dec 4, 2026 (Rent, Gym). ' +
          'That would leave $90.00, below your $100.00 low-balance alert.',
      );
      expect(insight?.links.map((link) => link.href)).toEqual([
        '/activity?search=Rent&accounts=checking&date=2025-12-01&to=2026-11-01',
        '/activity?search=Gym&accounts=checking&date=2025-12-01&to=2026-11-01',
      ]);
      expect(kinds(input({ cashMinor: 60_000, recurring: [payment(), gym, salary] }))).toEqual([]);
    });

    it('stays quiet at the threshold, after an earlier payday, and for card charges', () => {
      expect(kinds(input({ cashMinor: 55_000, recurring: [payment(), salary] }))).toEqual([]);
      expect(kinds(input({ cashMinor: 54_999, recurring: [payment(), salary] }))).toEqual([
        'low_balance_projection',
      ]);
      const earlyPay = { ...salary, nextDate: '2026-11-28' };
      expect(kinds(input({ cashMinor: 1_000, recurring: [payment(), earlyPay] }))).toEqual([]);
      const card = payment({ accountId: 'card' });
      expect(kinds(input({ cashMinor: 1_000, recurring: [card], cashAccountIds: ['checking'] }))).toEqual([]);
      expect(kinds(input({ cashMinor: 1_000, recurring: [card], cashAccountIds: ['card'] }))).toEqual([
        'low_balance_projection',
      ]);
    });

    it('uses the user threshold and looks 30 days ahead without recurring income', () => {
      expect(
        kinds(input({ cashMinor: 60_000, recurring: [payment()], lowBalanceThresholdMinor: 20_000 })),
      ).toEqual(['low_balance_projection']);
      expect(kinds(input({ cashMinor: 1_000, recurring: [payment({ nextDate: '2026-12-22' })] }))).toEqual(
        [],
      );
      expect(kinds(input({ cashMinor: 1_000, recurring: [payment({ nextDate: '2026-12-21' })] }))).toEqual([
        'low_balance_projection',
      ]);
    });
  });

  describe('recurring_price_increase and new_recurring', () => {
    const netflix = payment({
      key: 'netflix',
      name: 'Netflix',
      lastAmountMinor: -1_799,
      nextAmountMinor: -1_799,
      nextDate: '2027-01-15',
      priceIncrease: { fromMinor: -1_549, toMinor: -1_799, date: '2026-10-15' },
    });

    it('reports a recent price increase with its yearly cost', () => {
      const [insight] = buildInsights(input({ recurring: [netflix] }));
      expect(insight).toMatchObject({ id: 'price-increase:netflix:checking', severity: 'warning' });
      expect(insight?.explanation).toBe(
        'Netflix went from $15.49 to $17.99 a month (16.14% more) on Oct 15, 2026: $30.00 more a year.',
      );
      const old = { ...netflix, priceIncrease: { fromMinor: -1_549, toMinor: -1_799, date: '2026-08-23' } };
      expect(kinds(input({ recurring: [old] }))).toEqual([]);
    });

    it('reports a pattern that became recurring within 60 days', () => {
      const fresh = payment({
        key: 'spotify',
        name: 'Spotify',
        firstDate: '2026-07-23',
        lastAmountMinor: -1_199,
        nextDate: '2026-12-23',
      });
      const [insight] = buildInsights(input({ recurring: [fresh] }));
      expect(insight).toMatchObject({ id: 'new-recurring:spotify:checking:outflow', kind: 'new_recurring' });
      expect(insight?.explanation).toBe(
        'Spotify has charged $11.99 a month since Jul 23, 2026 (12 payments so far); the next is expected on Dec 23, 2026.',
      );
      expect(kinds(input({ recurring: [{ ...fresh, firstDate: '2026-07-22' }] }))).toEqual([]);
    });

    it('reads the output of detectRecurring', () => {
      const dates = Array.from({ length: 8 }, (_, index) => addMonths('2026-11-15', index - 7));
      const recurring = detectRecurring(
        [
          {
            key: 'netflix',
            name: 'Netflix',
            category: 'ENTERTAINMENT',
            accountId: 'checking',
            currency: 'USD',
            transactions: dates.map((date, index) => ({
              id: `n${index}`,
              date,
              amountMinor: index < 6 ? -1_549 : -1_799,
            })),
          },
        ],
        TODAY,
      );
      expect(kinds(input({ recurring, cashMinor: 1_000_000 }))).toEqual(['recurring_price_increase']);
    });
  });

  it('orders warnings first, then by the money involved, with unique ids', () => {
    const data = input({
      monthly: [{ month: '2026-10', incomeMinor: 500_000, spendingMinor: 300_000 }],
      categoriesLastMonth: [{ category: 'TRAVEL', label: 'Travel', amountMinor: 80_000, count: 2 }],
      cashMinor: 5_000_000,
      averageMonthlySpendingMinor: 300_000,
      cryptoSharePercent: 30,
      recurring: [payment({ nextDate: '2026-11-25' })],
    });
    const insights = buildInsights(data);
    expect(insights.map((insight) => [insight.kind, insight.severity])).toEqual([
      ['category_up', 'warning'],
      ['crypto_share', 'warning'],
      ['idle_cash', 'info'],
      ['savings_rate', 'positive'],
    ]);
    expect(new Set(insights.map((insight) => insight.id)).size).toBe(insights.length);
    for (const insight of insights) expect(INSIGHT_KINDS).toContain(insight.kind);
  });
});
