/** Holding types of GET /investments/holdings (docs/analytics-api.md), in filter order, with their labels. */
export const HOLDING_TYPES = [
  'equity',
  'etf',
  'mutual_fund',
  'fixed_income',
  'cash',
  'crypto',
  'derivative',
  'other',
] as const;
export type HoldingType = (typeof HOLDING_TYPES)[number];

export const HOLDING_TYPE_LABELS: Record<HoldingType, string> = {
  equity: 'Stocks',
  etf: 'ETFs',
  mutual_fund: 'Mutual funds',
  fixed_income: 'Bonds',
  cash: 'Cash',
  crypto: 'Crypto',
  derivative: 'Derivatives',
  other: 'Other',
};
