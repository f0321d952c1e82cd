import { LIMITS } from './constants';

/** The fixed transaction categories (spec §3), value → label, in display order. */
export const TRANSACTION_CATEGORIES = {
  FOOD_AND_DRINK: 'Food & Dining',
  GENERAL_MERCHANDISE: 'Shopping',
  TRANSPORTATION: 'Transportation',
  ENTERTAINMENT: 'Entertainment',
  TRAVEL: 'Travel',
  INCOME: 'Income',
  TRANSFER: 'Transfers',
  LOAN_PAYMENTS: 'Loan Payments',
  GENERAL_SERVICES: 'Services',
  RENT_AND_UTILITIES: 'Rent & Utilities',
  HOME_IMPROVEMENT: 'Home Improvement',
  MEDICAL: 'Medical',
} as const;

export type TransactionCategory = keyof typeof TRANSACTION_CATEGORIES;
export const TRANSACTION_CATEGORY_VALUES = Object.keys(TRANSACTION_CATEGORIES) as TransactionCategory[];

export function isTransactionCategory(value: string): value is TransactionCategory {
  return Object.hasOwn(TRANSACTION_CATEGORIES, value);
}

/**
 * Primary codes of the wider display map (spec §3) and the group label each is shown under.
 * Rent & utilities and loan payments both show as 'Bills'.
 */
export const PRIMARY_CATEGORY_GROUPS = {
  INCOME: 'Income',
  TRANSFER: 'Transfers',
  FOOD_AND_DRINK: 'Food & Drink',
  TRANSPORTATION: 'Transportation',
  TRAVEL: 'Travel',
  GENERAL_MERCHANDISE: 'Shopping',
  ENTERTAINMENT: 'Entertainment',
  RENT_AND_UTILITIES: 'Bills',
  LOAN_PAYMENTS: 'Bills',
  GENERAL_SERVICES: 'Services',
  MEDICAL: 'Medical',
  PERSONAL_CARE: 'Personal Care',
  HOME_IMPROVEMENT: 'Home Improvement',
  GOVERNMENT_AND_NON_PROFIT: 'Government',
  BANK_FEES: 'Bank Fees',
} as const;

export type PrimaryCategoryCode = keyof typeof PRIMARY_CATEGORY_GROUPS;

/** Investment activity categories display as 'Trades'. */
export const INVESTMENT_CATEGORY_LABEL = 'Trades';
const INVESTMENT_CODES = new Set(['INVESTMENT', 'INVESTMENTS', 'BUY', 'SELL', 'TRADE', 'TRADES']);

export const CONFIDENCE_LEVELS = ['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Label shown for a transaction without a trusted category. */
export const UNCATEGORIZED_LABEL = 'Uncategorized';

/**
 * The display label for any category code: a fixed category's label, a primary group's label for a
 * primary or detailed code (a detailed code starts with its primary, e.g. FOOD_AND_DRINK_GROCERIES),
 * 'Trades' for investment codes, else the code in title case.
 */
export function categoryLabel(code: string | null | undefined): string {
  if (!code) return UNCATEGORIZED_LABEL;
  const upper = code.toUpperCase();
  if (isTransactionCategory(upper)) return TRANSACTION_CATEGORIES[upper];
  if (INVESTMENT_CODES.has(upper) || upper.startsWith('INVESTMENT')) return INVESTMENT_CATEGORY_LABEL;
  const primary = primaryCategoryOf(upper);
  if (primary) return PRIMARY_CATEGORY_GROUPS[primary];
  return titleCase(upper);
}

/** The primary code a detailed code belongs to (longest matching prefix), or undefined. */
export function primaryCategoryOf(code: string): PrimaryCategoryCode | undefined {
  const upper = code.toUpperCase();
  let best: PrimaryCategoryCode | undefined;
  for (const primary of Object.keys(PRIMARY_CATEGORY_GROUPS) as PrimaryCategoryCode[]) {
    if ((upper === primary || upper.startsWith(`${primary}_`)) && primary.length > (best?.length ?? 0)) {
      best = primary;
    }
  }
  return best;
}

/**
 * Spec §5: a provider category is trusted only at confidence ≥ 0.7 (0..1); below that the
 * transaction shows as uncategorized. Confidence levels map VERY_HIGH/HIGH → trusted, others → not.
 */
export function isConfidentCategory(confidence: number | ConfidenceLevel | null | undefined): boolean {
  if (confidence === null || confidence === undefined) return false;
  if (typeof confidence === 'number') return confidence >= LIMITS.categoryConfidenceThreshold;
  return confidence === 'VERY_HIGH' || confidence === 'HIGH';
}

function titleCase(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
