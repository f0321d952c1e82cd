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

/** Whether `value` is one of the twelve fixed category values (exact, upper-case). */
export function isTransactionCategory(value: string): value is TransactionCategory {
  return Object.hasOwn(TRANSACTION_CATEGORIES, value);
}

/**
 * The wider display map (spec §3): the fifteen primary codes an aggregator sends, with the label a
 * transaction row shows for them. Where a code is also a fixed category the label is the same.
 */
export const CATEGORY_DISPLAY_LABELS = {
  TRANSFER: 'Transfers',
  FOOD_AND_DRINK: 'Food & Dining',
  TRANSPORTATION: 'Transportation',
  GENERAL_MERCHANDISE: 'Shopping',
  ENTERTAINMENT: 'Entertainment',
  RENT_AND_UTILITIES: 'Rent & Utilities',
  MEDICAL: 'Medical',
  TRAVEL: 'Travel',
  GENERAL_SERVICES: 'Services',
  HOME_IMPROVEMENT: 'Home Improvement',
  PERSONAL_CARE: 'Personal Care',
  LOAN_PAYMENTS: 'Loan Payments',
  GOVERNMENT_AND_NON_PROFIT: 'Government & Non-Profit',
  BANK_FEES: 'Bank Fees',
  INCOME: 'Income',
} as const;

export type PrimaryCategoryCode = keyof typeof CATEGORY_DISPLAY_LABELS;

/**
 * Primary code → the group it is summarised under (spec §3 group labels). Rent & utilities and loan
 * payments are both recurring obligations, so both show as 'Bills'.
 */
export const PRIMARY_CATEGORY_GROUPS: Record<PrimaryCategoryCode, CategoryGroupLabel> = {
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
};

/** The fourteen group labels of spec §3, in display order. */
export const CATEGORY_GROUP_LABELS = [
  'Income',
  'Transfers',
  'Food & Drink',
  'Transportation',
  'Travel',
  'Shopping',
  'Entertainment',
  'Bills',
  'Services',
  'Medical',
  'Personal Care',
  'Home Improvement',
  'Government',
  'Bank Fees',
] as const;
export type CategoryGroupLabel = (typeof CATEGORY_GROUP_LABELS)[number];

/** Investment activity categories display as 'Trades' (spec §3). */
export const INVESTMENT_CATEGORY_LABEL = 'Trades';
const INVESTMENT_CODES: ReadonlySet<string> = new Set(['BUY', 'SELL', 'TRADE', 'TRADES']);

/** Whether a code is investment activity (INVESTMENT…, BUY, SELL, TRADE), shown as 'Trades'. */
export function isInvestmentCategory(code: string): boolean {
  const upper = code.trim().toUpperCase();
  return INVESTMENT_CODES.has(upper) || upper.startsWith('INVESTMENT');
}

export const CONFIDENCE_LEVELS = ['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Label shown for a transaction without a trusted category. */
export const UNCATEGORIZED_LABEL = 'Uncategorized';

/** The primary code a detailed code belongs to (longest matching prefix, case-insensitive), or undefined. */
export function primaryCategoryOf(code: string): PrimaryCategoryCode | undefined {
  const upper = code.trim().toUpperCase();
  let best: PrimaryCategoryCode | undefined;
  for (const primary of Object.keys(CATEGORY_DISPLAY_LABELS) as PrimaryCategoryCode[]) {
    if ((upper === primary || upper.startsWith(`${primary}_`)) && primary.length > (best?.length ?? 0)) {
      best = primary;
    }
  }
  return best;
}

/**
 * The display label for any category code (case-insensitive): a primary code's label from the display
 * map (the fixed categories' labels for the twelve), 'Trades' for investment codes, the primary's
 * label for a detailed code (FOOD_AND_DRINK_GROCERIES → 'Food & Dining'), else the code in title case
 * ('SOMETHING_NEW' → 'Something New'). Empty or missing → 'Uncategorized'.
 */
export function categoryLabel(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  if (!upper) return UNCATEGORIZED_LABEL;
  if (isInvestmentCategory(upper)) return INVESTMENT_CATEGORY_LABEL;
  const primary = primaryCategoryOf(upper);
  if (primary) return CATEGORY_DISPLAY_LABELS[primary];
  return titleCase(upper);
}

/**
 * The summary group for any category code (case-insensitive): the spec's group label of its primary
 * code ('Bills' for rent, utilities and loan payments), 'Trades' for investment codes, else the code in
 * title case. Empty or missing → 'Uncategorized'.
 */
export function categoryGroupLabel(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  if (!upper) return UNCATEGORIZED_LABEL;
  if (isInvestmentCategory(upper)) return INVESTMENT_CATEGORY_LABEL;
  const primary = primaryCategoryOf(upper);
  return primary ? PRIMARY_CATEGORY_GROUPS[primary] : titleCase(upper);
}

/** Numeric confidence (0..1) each level stands for when a provider sends a level, not a number. */
export const CONFIDENCE_LEVEL_SCORES: Record<ConfidenceLevel, number> = {
  VERY_HIGH: 0.95,
  HIGH: 0.8,
  MEDIUM: 0.5,
  LOW: 0.25,
  UNKNOWN: 0,
};

/**
 * Spec §5: a provider category is trusted only at confidence ≥ 0.7 (a 0..1 number, inclusive); below
 * that the transaction shows as uncategorized. Levels: VERY_HIGH and HIGH are trusted, MEDIUM, LOW and
 * UNKNOWN are not. Missing or NaN confidence is not trusted.
 */
export function isConfidentCategory(confidence: number | ConfidenceLevel | null | undefined): boolean {
  if (confidence === null || confidence === undefined) return false;
  const score = typeof confidence === 'number' ? confidence : CONFIDENCE_LEVEL_SCORES[confidence];
  return score >= LIMITS.categoryConfidenceThreshold;
}

/**
 * What a transaction row shows: the category's display label when its confidence reaches 0.7, else
 * 'Uncategorized'. Confidence omitted means the category was set by the user and is always trusted.
 */
export function displayCategory(
  code: string | null | undefined,
  confidence?: number | ConfidenceLevel | null,
): string {
  if (confidence !== undefined && !isConfidentCategory(confidence)) return UNCATEGORIZED_LABEL;
  return categoryLabel(code);
}

function titleCase(code: string): string {
  return code
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
