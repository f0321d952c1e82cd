import { payerIncome, spendingSums, type Database } from '@lodestar/db';
import {
  buildExpenseFlow,
  clampSpan,
  flowRange,
  type FlowLink,
  type FlowNode,
  type FlowPeriod,
  money,
  type Money,
} from '@lodestar/domain';
import { converterAt, convertedIncomeAndSpending, merchantKeyOfPayee, spendingContext } from './reporting';

export type ExpenseFlowView = {
  currency: string;
  period: FlowPeriod;
  from: string;
  to: string;
  income: Money;
  spending: Money;
  savings: Money;
  nodes: FlowNode[];
  links: FlowLink[];
  /** The first day the plan shows (null: no window); the flow counts nothing before it. */
  visibleFrom: string | null;
};

/**
 * GET /expenses/flow (docs/analytics-api.md): income sources (by payer, folded by merchant key and named
 * by their largest payee name) → income → spending categories and savings, for the calendar month,
 * quarter or year containing `date` (default today in the user's time zone), converted at the rates of
 * the period's last day. The spec §9 minimums are applied by the domain's buildExpenseFlow.
 */
export async function expenseFlow(input: {
  db: Database;
  userId: string;
  period: FlowPeriod;
  date?: string;
  now: Date;
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null;
}): Promise<ExpenseFlowView> {
  const { db, userId, period } = input;
  const context = await spendingContext(db, userId, input.now);
  const { currency } = context;
  const range = flowRange(period, input.date ?? context.today);
  const visible = clampSpan(range, input.visibleFrom);
  const [rows, payers] = visible
    ? await Promise.all([spendingSums(db, userId, visible), payerIncome(db, userId, visible)])
    : [[], []];
  const converter = await converterAt(
    db,
    userId,
    [...rows.map((row) => row.currency), ...payers.map((row) => row.currency)],
    currency,
    range.to,
  );
  const figures = convertedIncomeAndSpending(rows, converter, context.hiddenCategories);

  // One source per merchant key; its name is the payer name carrying most of its income.
  const sources = new Map<string, { amountMinor: number; names: Map<string, number> }>();
  // Each currency's payer income is converted once and shared out over its payers (the one rule), so
  // the sources add up to the same income as everywhere else.
  const shares = converter.byKey(
    payers.map((payer, index) => ({ key: index, amountMinor: payer.amountMinor, currency: payer.currency })),
  ).amounts;
  for (const [index, payer] of payers.entries()) {
    const amountMinor = shares.get(index);
    if (amountMinor === undefined) continue;
    const key = merchantKeyOfPayee(payer.payer);
    const source = sources.get(key) ?? { amountMinor: 0, names: new Map<string, number>() };
    source.amountMinor += amountMinor;
    source.names.set(payer.payer, (source.names.get(payer.payer) ?? 0) + amountMinor);
    sources.set(key, source);
  }
  const flow = buildExpenseFlow({
    currency,
    sources: [...sources.values()].map((source) => ({
      name: [...source.names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '',
      amountMinor: source.amountMinor,
    })),
    categories: figures.byCategory.map((row) => ({
      category: row.category,
      label: row.label,
      amountMinor: row.amountMinor,
    })),
  });
  return {
    currency,
    period,
    from: range.from,
    to: range.to,
    income: money(flow.incomeMinor, currency),
    spending: money(flow.spendingMinor, currency),
    savings: money(flow.savingsMinor, currency),
    nodes: flow.nodes,
    links: flow.links,
    visibleFrom: input.visibleFrom,
  };
}
