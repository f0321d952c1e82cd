import { AGGREGATION } from '../constants';
import { currencyExponent } from '../currencies';

export type FlowNodeKind = 'source' | 'income' | 'category' | 'other' | 'savings' | 'deficit';

/** A Sankey node; `amount` (minor units) is what flows into it, or out of it for sources and deficit. */
export type FlowNode = { id: string; label: string; kind: FlowNodeKind; amount: number };
export type FlowLink = { from: string; to: string; amount: number };

export type ExpenseFlowInput = {
  currency: string;
  /** Income per payer (minor units, money in > 0). */
  sources: readonly { name: string; amountMinor: number }[];
  /** Spending per category (minor units, money spent > 0), already without hidden categories. */
  categories: readonly { category: string; label: string; amountMinor: number }[];
};

export type ExpenseFlow = {
  /** Σ of the positive source amounts. */
  incomeMinor: number;
  /** Σ of the positive category amounts. */
  spendingMinor: number;
  /** income − spending; negative when spending exceeds income (the deficit). */
  savingsMinor: number;
  /** Savings too small to draw (0 < savings < minimumSavingsFlow), else 0: the only gap in the balance. */
  undrawnSavingsMinor: number;
  nodes: FlowNode[];
  links: FlowLink[];
};

export const FLOW_NODE_IDS = {
  income: 'income',
  otherIncome: 'other-income',
  other: 'other',
  savings: 'savings',
  deficit: 'deficit',
} as const;

export const FLOW_LABELS = {
  income: 'Income',
  otherIncome: 'Other income',
  other: 'Other',
  savings: 'Savings',
  deficit: 'From savings',
} as const;

/** Node id of a named income source. */
export const sourceNodeId = (name: string): string => `src:${name}`;
/** Node id of a spending category. */
export const categoryNodeId = (category: string): string => `cat:${category}`;

function byAmountThenKey<T>(key: (item: T) => string, amount: (item: T) => number) {
  return (a: T, b: T): number => {
    const difference = amount(b) - amount(a);
    if (difference !== 0) return difference;
    const [ka, kb] = [key(a), key(b)];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}

function merge<T>(items: readonly T[], key: (item: T) => string, amount: (item: T) => number) {
  const totals = new Map<string, { item: T; amount: number }>();
  for (const item of items) {
    const value = amount(item);
    if (!Number.isSafeInteger(value))
      throw new RangeError(`Flow amounts must be safe integers, got ${value}`);
    const previous = totals.get(key(item));
    totals.set(key(item), { item: previous?.item ?? item, amount: (previous?.amount ?? 0) + value });
  }
  return [...totals.values()];
}

/**
 * The expense-flow Sankey of a period: income sources → income → spending categories and savings.
 *
 * Amounts are integer minor units of `currency`; the spec §9 minimums (AGGREGATION) are in major units
 * and scale with the currency's exponent (100 → 10000 cents in USD, 100 yen in JPY).
 * - Sources and categories with the same name/code are added together; those with a total ≤ 0 are not
 *   drawn and not counted (a refund-only category, a reversed payment).
 * - A source below minimumFlowAmount (or without a name) folds into 'other-income' ("Other income").
 * - A category below minimumFlowAmount, or below minimumCategoryPercent % of spending, folds into
 *   'other' ("Other"); exactly at a threshold it is kept. 'Other' is drawn whenever it is > 0, even
 *   below the flow minimum, so every spent unit is shown and the flows stay balanced.
 * - savings = income − spending, drawn as 'savings' when ≥ minimumSavingsFlow. A smaller positive
 *   amount is left out (`undrawnSavingsMinor`), the one case where income's in-flow exceeds its out-flow.
 * - When spending exceeds income the gap feeds 'income' from a 'deficit' node ("From savings"), so
 *   income's in-flow equals its out-flow.
 * Order is deterministic: named sources and categories largest first (ties by name/code), the folded
 * 'Other' buckets after them. No income and no spending gives no nodes.
 */
export function buildExpenseFlow(input: ExpenseFlowInput): ExpenseFlow {
  const unit = 10 ** currencyExponent(input.currency);
  const minimumFlow = AGGREGATION.minimumFlowAmount * unit;
  const minimumSavings = AGGREGATION.minimumSavingsFlow * unit;

  const sources = merge(
    input.sources,
    (source) => source.name,
    (source) => source.amountMinor,
  ).filter((entry) => entry.amount > 0);
  const categories = merge(
    input.categories,
    (row) => row.category,
    (row) => row.amountMinor,
  ).filter((entry) => entry.amount > 0);
  const incomeMinor = sources.reduce((total, entry) => total + entry.amount, 0);
  const spendingMinor = categories.reduce((total, entry) => total + entry.amount, 0);
  const savingsMinor = incomeMinor - spendingMinor;
  const nodes: FlowNode[] = [];
  const links: FlowLink[] = [];
  if (incomeMinor === 0 && spendingMinor === 0) {
    return { incomeMinor, spendingMinor, savingsMinor, undrawnSavingsMinor: 0, nodes, links };
  }

  // Sources: named ones at or above the minimum, the rest folded.
  const namedSources = sources
    .filter((entry) => entry.item.name.trim() !== '' && entry.amount >= minimumFlow)
    .sort(
      byAmountThenKey(
        (entry) => entry.item.name,
        (entry) => entry.amount,
      ),
    );
  const otherIncome = incomeMinor - namedSources.reduce((total, entry) => total + entry.amount, 0);
  const deficit = savingsMinor < 0 ? -savingsMinor : 0;

  for (const entry of namedSources) {
    const id = sourceNodeId(entry.item.name);
    nodes.push({ id, label: entry.item.name, kind: 'source', amount: entry.amount });
    links.push({ from: id, to: FLOW_NODE_IDS.income, amount: entry.amount });
  }
  if (otherIncome > 0) {
    nodes.push({
      id: FLOW_NODE_IDS.otherIncome,
      label: FLOW_LABELS.otherIncome,
      kind: 'source',
      amount: otherIncome,
    });
    links.push({ from: FLOW_NODE_IDS.otherIncome, to: FLOW_NODE_IDS.income, amount: otherIncome });
  }
  if (deficit > 0) {
    nodes.push({ id: FLOW_NODE_IDS.deficit, label: FLOW_LABELS.deficit, kind: 'deficit', amount: deficit });
    links.push({ from: FLOW_NODE_IDS.deficit, to: FLOW_NODE_IDS.income, amount: deficit });
  }
  nodes.push({
    id: FLOW_NODE_IDS.income,
    label: FLOW_LABELS.income,
    kind: 'income',
    amount: incomeMinor + deficit,
  });

  // Categories: kept when ≥ the flow minimum and ≥ the percent of spending (compared in integers).
  const kept = categories
    .filter(
      (entry) =>
        entry.amount >= minimumFlow &&
        entry.amount * 100 >= AGGREGATION.minimumCategoryPercent * spendingMinor,
    )
    .sort(
      byAmountThenKey(
        (entry) => entry.item.category,
        (entry) => entry.amount,
      ),
    );
  const other = spendingMinor - kept.reduce((total, entry) => total + entry.amount, 0);
  for (const entry of kept) {
    const id = categoryNodeId(entry.item.category);
    nodes.push({ id, label: entry.item.label, kind: 'category', amount: entry.amount });
    links.push({ from: FLOW_NODE_IDS.income, to: id, amount: entry.amount });
  }
  if (other > 0) {
    nodes.push({ id: FLOW_NODE_IDS.other, label: FLOW_LABELS.other, kind: 'other', amount: other });
    links.push({ from: FLOW_NODE_IDS.income, to: FLOW_NODE_IDS.other, amount: other });
  }

  let undrawnSavingsMinor = 0;
  if (savingsMinor >= minimumSavings && savingsMinor > 0) {
    nodes.push({
      id: FLOW_NODE_IDS.savings,
      label: FLOW_LABELS.savings,
      kind: 'savings',
      amount: savingsMinor,
    });
    links.push({ from: FLOW_NODE_IDS.income, to: FLOW_NODE_IDS.savings, amount: savingsMinor });
  } else if (savingsMinor > 0) {
    undrawnSavingsMinor = savingsMinor;
  }
  return { incomeMinor, spendingMinor, savingsMinor, undrawnSavingsMinor, nodes, links };
}
