import type { PrimaryCategoryCode } from '@lodestar/domain';

/**
 * The colour (index into the theme's --chart-N series) of a spending category, the same wherever a
 * category is drawn: the Expenses doughnut, its legend and the expense flow. The flow keeps its own
 * colours for income (0), savings (3) and Other (6), so categories take the other eight, in an order where
 * the eight categories that are usually largest all differ.
 */
const CATEGORY_SERIES = [1, 2, 7, 5, 9, 8, 4, 10] as const;

/** Other, Uncategorized and anything unknown: the neutral colour. */
export const OTHER_SERIES = 6;
export const INCOME_SERIES = 0;
export const SAVINGS_SERIES = 3;

const CATEGORY_ORDER: readonly PrimaryCategoryCode[] = [
  'RENT_AND_UTILITIES',
  'FOOD_AND_DRINK',
  'LOAN_PAYMENTS',
  'GENERAL_MERCHANDISE',
  'GENERAL_SERVICES',
  'TRANSPORTATION',
  'TRAVEL',
  'ENTERTAINMENT',
  'MEDICAL',
  'HOME_IMPROVEMENT',
  'PERSONAL_CARE',
  'BANK_FEES',
  'GOVERNMENT_AND_NON_PROFIT',
  'TRANSFER',
  'INCOME',
];

export function categoryColor(code: string): number {
  const index = CATEGORY_ORDER.indexOf(code as PrimaryCategoryCode);
  return index < 0 ? OTHER_SERIES : (CATEGORY_SERIES[index % CATEGORY_SERIES.length] ?? OTHER_SERIES);
}

/** The CSS colour of a series index, for swatches drawn in HTML beside a chart. */
export const seriesCssColor = (series: number): string => `var(--chart-${series + 1})`;
