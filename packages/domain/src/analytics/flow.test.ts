import { describe, expect, it } from 'vitest';
import { AGGREGATION } from '../constants';
import { buildExpenseFlow, type ExpenseFlow, type ExpenseFlowInput } from './flow';

const source = (name: string, amountMinor: number) => ({ name, amountMinor });
const category = (code: string, amountMinor: number, label = code) => ({
  category: code,
  label,
  amountMinor,
});
const usd = (
  sources: ExpenseFlowInput['sources'],
  categories: ExpenseFlowInput['categories'],
): ExpenseFlowInput => ({
  currency: 'USD',
  sources,
  categories,
});

/** Every node's amount is its in-flow (out-flow for sources and deficit); income balances but for undrawn savings. */
function expectBalanced(flow: ExpenseFlow): void {
  const into = (id: string) =>
    flow.links.filter((link) => link.to === id).reduce((t, link) => t + link.amount, 0);
  const outOf = (id: string) =>
    flow.links.filter((link) => link.from === id).reduce((t, link) => t + link.amount, 0);
  for (const node of flow.nodes) {
    const expected = node.kind === 'source' || node.kind === 'deficit' ? outOf(node.id) : into(node.id);
    expect(node.amount, node.id).toBe(expected);
    expect(node.amount, node.id).toBeGreaterThan(0);
  }
  for (const link of flow.links) expect(link.amount).toBeGreaterThan(0);
  if (flow.nodes.length > 0) {
    expect(into('income')).toBe(outOf('income') + flow.undrawnSavingsMinor);
    expect(outOf('income') - (flow.savingsMinor > 0 ? flow.savingsMinor - flow.undrawnSavingsMinor : 0)).toBe(
      flow.spendingMinor,
    );
  }
  expect(flow.savingsMinor).toBe(flow.incomeMinor - flow.spendingMinor);
  expect(new Set(flow.nodes.map((node) => node.id)).size).toBe(flow.nodes.length);
}

describe('buildExpenseFlow', () => {
  it('draws sources → income → categories and savings, folding small flows (USD thresholds in cents)', () => {
    const flow = buildExpenseFlow(
      usd(
        [source('Interest', 10_000), source('Acme Corp', 400_000), source('Side gig', 9_999), source('', 1)],
        [
          category('FOOD_AND_DRINK', 50_000, 'Food & Dining'),
          category('RENT_AND_UTILITIES', 200_000, 'Rent & Utilities'),
          category('TRAVEL', 10_000, 'Travel'),
          category('MEDICAL', 9_999, 'Medical'),
          category('BANK_FEES', 0, 'Bank Fees'),
          category('ENTERTAINMENT', -500, 'Entertainment'),
        ],
      ),
    );
    expect(flow.incomeMinor).toBe(420_000);
    expect(flow.spendingMinor).toBe(269_999);
    expect(flow.savingsMinor).toBe(150_001);
    expect(flow.undrawnSavingsMinor).toBe(0);
    expect(flow.nodes).toEqual([
      { id: 'src:Acme Corp', label: 'Acme Corp', kind: 'source', amount: 400_000 },
      { id: 'src:Interest', label: 'Interest', kind: 'source', amount: 10_000 },
      { id: 'other-income', label: 'Other income', kind: 'source', amount: 10_000 },
      { id: 'income', label: 'Income', kind: 'income', amount: 420_000 },
      { id: 'cat:RENT_AND_UTILITIES', label: 'Rent & Utilities', kind: 'category', amount: 200_000 },
      { id: 'cat:FOOD_AND_DRINK', label: 'Food & Dining', kind: 'category', amount: 50_000 },
      { id: 'cat:TRAVEL', label: 'Travel', kind: 'category', amount: 10_000 },
      { id: 'other', label: 'Other', kind: 'other', amount: 9_999 },
      { id: 'savings', label: 'Savings', kind: 'savings', amount: 150_001 },
    ]);
    expect(flow.links).toEqual([
      { from: 'src:Acme Corp', to: 'income', amount: 400_000 },
      { from: 'src:Interest', to: 'income', amount: 10_000 },
      { from: 'other-income', to: 'income', amount: 10_000 },
      { from: 'income', to: 'cat:RENT_AND_UTILITIES', amount: 200_000 },
      { from: 'income', to: 'cat:FOOD_AND_DRINK', amount: 50_000 },
      { from: 'income', to: 'cat:TRAVEL', amount: 10_000 },
      { from: 'income', to: 'other', amount: 9_999 },
      { from: 'income', to: 'savings', amount: 150_001 },
    ]);
    expectBalanced(flow);
  });

  it.each([
    // [food, rent, food kept]: spending is 2,000,000 cents; 1 % of it is 20,000
    [20_000, 1_980_000, true],
    [19_999, 1_980_001, false],
  ])(
    'a category of %i in spending of 2,000,000 is kept: %s (percent threshold, ≥ keeps)',
    (food, rent, kept) => {
      const flow = buildExpenseFlow(
        usd(
          [source('Acme', 3_000_000)],
          [category('FOOD_AND_DRINK', food), category('RENT_AND_UTILITIES', rent)],
        ),
      );
      expect(flow.nodes.some((node) => node.id === 'cat:FOOD_AND_DRINK')).toBe(kept);
      expect(flow.nodes.find((node) => node.id === 'other')?.amount).toBe(kept ? undefined : food);
      expectBalanced(flow);
    },
  );

  it.each([
    // [currency, source kept, category kept]: the same numbers mean 3 major units in USD, 300 in JPY
    ['USD', false, false],
    ['JPY', true, true],
  ])('scales the minimums with the exponent of %s', (currency, sourceKept, categoryKept) => {
    const flow = buildExpenseFlow({
      currency,
      sources: [source('Company', 300), source('Tips', 99)],
      categories: [category('FOOD_AND_DRINK', 100), category('TRAVEL', 99)],
    });
    expect(flow.nodes.some((node) => node.id === 'src:Company')).toBe(sourceKept);
    expect(flow.nodes.some((node) => node.id === 'cat:FOOD_AND_DRINK')).toBe(categoryKept);
    expect(flow.nodes.some((node) => node.id === 'src:Tips')).toBe(false);
    expect(flow.nodes.some((node) => node.id === 'cat:TRAVEL')).toBe(false);
    // Savings of 200 minor units: 200 yen clears the 50-yen minimum, $2.00 does not clear $50.
    expect(flow.nodes.some((node) => node.id === 'savings')).toBe(currency === 'JPY');
    expectBalanced(flow);
  });

  it('reads the minimums from the spec constants', () =>
    expect(AGGREGATION).toMatchObject({
      minimumFlowAmount: 100,
      minimumSavingsFlow: 50,
      minimumCategoryPercent: 1,
    }));

  it.each([
    // [savings, drawn]: minimumSavingsFlow is $50.00 = 5,000 cents
    [5_000, true],
    [4_999, false],
    [1, false],
    [0, false],
  ])('savings of %i cents drawn: %s', (savings, drawn) => {
    const flow = buildExpenseFlow(
      usd([source('Acme', 100_000 + savings)], [category('RENT_AND_UTILITIES', 100_000)]),
    );
    expect(flow.savingsMinor).toBe(savings);
    expect(flow.nodes.find((node) => node.id === 'savings')?.amount).toBe(drawn ? savings : undefined);
    expect(flow.undrawnSavingsMinor).toBe(drawn ? 0 : savings);
    expectBalanced(flow);
  });

  it('feeds a deficit into income when spending exceeds income', () => {
    const flow = buildExpenseFlow(
      usd([source('Acme', 100_000)], [category('RENT_AND_UTILITIES', 150_000, 'Rent')]),
    );
    expect(flow.savingsMinor).toBe(-50_000);
    expect(flow.nodes).toEqual([
      { id: 'src:Acme', label: 'Acme', kind: 'source', amount: 100_000 },
      { id: 'deficit', label: 'From savings', kind: 'deficit', amount: 50_000 },
      { id: 'income', label: 'Income', kind: 'income', amount: 150_000 },
      { id: 'cat:RENT_AND_UTILITIES', label: 'Rent', kind: 'category', amount: 150_000 },
    ]);
    expect(flow.links).toContainEqual({ from: 'deficit', to: 'income', amount: 50_000 });
    expectBalanced(flow);
  });

  it('draws a small deficit too (it is not a savings flow)', () => {
    const flow = buildExpenseFlow(usd([source('Acme', 100_000)], [category('TRAVEL', 100_001)]));
    expect(flow.nodes.find((node) => node.id === 'deficit')?.amount).toBe(1);
    expectBalanced(flow);
  });

  it('spends from savings alone when there is no income', () => {
    const flow = buildExpenseFlow(usd([], [category('FOOD_AND_DRINK', 30_000), category('TRAVEL', 100)]));
    expect(flow).toMatchObject({ incomeMinor: 0, spendingMinor: 30_100, savingsMinor: -30_100 });
    expect(flow.nodes.map((node) => [node.id, node.amount])).toEqual([
      ['deficit', 30_100],
      ['income', 30_100],
      ['cat:FOOD_AND_DRINK', 30_000],
      ['other', 100],
    ]);
    expectBalanced(flow);
  });

  it('sends everything to savings when nothing was spent', () => {
    const flow = buildExpenseFlow(usd([source('Acme', 100_000)], []));
    expect(flow.nodes.map((node) => node.id)).toEqual(['src:Acme', 'income', 'savings']);
    expectBalanced(flow);
  });

  it.each([
    ['no rows', usd([], [])],
    [
      'only non-positive rows',
      usd([source('Reversal', -5_000)], [category('TRAVEL', -2_000), category('MEDICAL', 0)]),
    ],
  ])('draws nothing for %s', (_, input) =>
    expect(buildExpenseFlow(input)).toEqual({
      incomeMinor: 0,
      spendingMinor: 0,
      savingsMinor: 0,
      undrawnSavingsMinor: 0,
      nodes: [],
      links: [],
    }),
  );

  it('adds together sources and categories that repeat, and orders ties by name', () => {
    const flow = buildExpenseFlow(
      usd(
        [source('Beta', 50_000), source('Alpha', 30_000), source('Alpha', 20_000)],
        [category('TRAVEL', 40_000), category('MEDICAL', 20_000), category('MEDICAL', 20_000)],
      ),
    );
    expect(flow.nodes.map((node) => [node.id, node.amount])).toEqual([
      ['src:Alpha', 50_000],
      ['src:Beta', 50_000],
      ['income', 100_000],
      ['cat:MEDICAL', 40_000],
      ['cat:TRAVEL', 40_000],
      ['savings', 20_000],
    ]);
    expectBalanced(flow);
  });

  it('folds every small category into one Other node even when Other is below the flow minimum', () => {
    const flow = buildExpenseFlow(
      usd(
        [source('Acme', 500_000)],
        [category('TRAVEL', 300_000), category('MEDICAL', 100), category('BANK_FEES', 50)],
      ),
    );
    expect(flow.nodes.find((node) => node.id === 'other')).toEqual({
      id: 'other',
      label: 'Other',
      kind: 'other',
      amount: 150,
    });
    expectBalanced(flow);
  });

  it('refuses an unknown currency or fractional amounts', () => {
    expect(() => buildExpenseFlow({ currency: 'XYZ', sources: [], categories: [] })).toThrow(RangeError);
    expect(() => buildExpenseFlow(usd([source('Acme', 1.5)], []))).toThrow(RangeError);
  });
});
