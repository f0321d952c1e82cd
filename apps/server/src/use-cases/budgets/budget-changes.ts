import { z } from '@hono/zod-openapi';
import { budgetsBetween, setBudgetAmounts, setBudgetRollover, type Database } from '@lodestar/db';
import {
  BUDGET_AVERAGE_WINDOWS,
  BUDGET_CATEGORIES,
  BUDGET_MAX_AMOUNT,
  budgetFromAverage,
  currencyExponent,
  fromMajor,
  isBudgetCategory,
  isMonth,
  monthOf,
  OVERALL_BUDGET,
  previousMonth,
  type BudgetAverageWindow,
} from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { spendingContext } from '../spending/reporting';
import { budgetMonth, type BudgetMonthView } from './budget-month';

/** Request bodies of the budget routes, with the messages users see. Amounts are major units. */

export const BUDGET_MESSAGES = {
  month: 'Month must be written YYYY-MM',
  category: `Category must be one of ${[...BUDGET_CATEGORIES, OVERALL_BUDGET].join(', ')}`,
  amount: `Enter an amount from 0 to ${BUDGET_MAX_AMOUNT.toLocaleString('en-US')}, or null to remove the budget`,
  rollover: 'Rollover must be true or false',
  window: `Months must be one of ${BUDGET_AVERAGE_WINDOWS.join(', ')}`,
  nothingToCopy: 'The month before has no budgets to copy',
  nothingToAverage: 'There is no spending in those months to set budgets from',
} as const;

const M = BUDGET_MESSAGES;

export const budgetMonthSchema = z.string({ message: M.month }).refine(isMonth, M.month);
export const budgetCategorySchema = z
  .string({ message: M.category })
  .refine(isBudgetCategory, M.category)
  .openapi({ enum: [...BUDGET_CATEGORIES, OVERALL_BUDGET] });

export const setBudgetSchema = z.object({
  month: budgetMonthSchema.optional().openapi({ description: 'YYYY-MM; default the current month' }),
  category: budgetCategorySchema,
  amount: z
    .number({ message: M.amount })
    .finite(M.amount)
    .min(0, M.amount)
    .max(BUDGET_MAX_AMOUNT, M.amount)
    .nullable()
    .openapi({ description: 'Major units of the reporting currency; null removes the budget' }),
});

export const rolloverSchema = z.object({
  category: budgetCategorySchema,
  rollover: z.boolean({ message: M.rollover }),
});

export const copyPreviousSchema = z.object({
  month: budgetMonthSchema.optional().openapi({ description: 'YYYY-MM; default the current month' }),
});

export const fromAverageSchema = z.object({
  month: budgetMonthSchema.optional().openapi({ description: 'YYYY-MM; default the current month' }),
  months: z
    .number({ message: M.window })
    .refine((value) => (BUDGET_AVERAGE_WINDOWS as readonly number[]).includes(value), M.window),
});

type Base = { db: Database; userId: string; now: Date };

async function resolveMonth(base: Base, month: string | undefined) {
  const context = await spendingContext(base.db, base.userId, base.now);
  return { context, month: month ?? monthOf(context.today) };
}

/** PUT /budgets: sets (or removes) one category's amount for a month, in the reporting currency. */
export async function setBudget(
  input: Base & { month?: string; category: string; amount: number | null },
): Promise<BudgetMonthView> {
  const { context, month } = await resolveMonth(input, input.month);
  const amountMinor = input.amount === null ? null : fromMajor(input.amount, context.currency).amountMinor;
  await setBudgetAmounts(
    input.db,
    input.userId,
    `${month}-01`,
    [{ category: input.category, amountMinor, currency: context.currency }],
    input.now,
  );
  return budgetMonth({ db: input.db, userId: input.userId, month, now: input.now });
}

/** PATCH /budgets/rollover: turns carrying the rest of a category's budget into the next month on or off. */
export async function setRollover(
  input: Base & { category: string; rollover: boolean; month?: string },
): Promise<BudgetMonthView> {
  await setBudgetRollover(input.db, input.userId, input.category, input.rollover, input.now);
  return budgetMonth({
    db: input.db,
    userId: input.userId,
    now: input.now,
    ...(input.month ? { month: input.month } : {}),
  });
}

/**
 * POST /budgets/copy-previous: the month's amounts become the month before's (every category, the
 * overall budget included); amounts of categories the month before had none for are removed. One
 * transaction: a failure leaves the month as it was.
 */
export async function copyPreviousMonth(input: Base & { month?: string }): Promise<BudgetMonthView> {
  const { month } = await resolveMonth(input, input.month);
  const previous = `${previousMonth(month)}-01`;
  const source = await budgetsBetween(input.db, input.userId, previous, previous);
  if (source.length === 0) throw new AppError('CONFLICT', M.nothingToCopy);
  const kept = new Set(source.map((row) => row.category));
  await input.db.transaction(async (tx) => {
    await setBudgetAmounts(
      tx,
      input.userId,
      `${month}-01`,
      [
        ...source.map((row) => ({
          category: row.category,
          amountMinor: row.amountMinor,
          currency: row.currency,
        })),
        ...[...BUDGET_CATEGORIES, OVERALL_BUDGET]
          .filter((category) => !kept.has(category))
          .map((category) => ({ category, amountMinor: null, currency: '' })),
      ],
      input.now,
    );
  });
  return budgetMonth({ db: input.db, userId: input.userId, month, now: input.now });
}

/**
 * POST /budgets/from-average: each shown category's amount (and the overall one) becomes its average
 * monthly spending over the `months` months before, rounded up to a whole unit; categories without
 * spending keep what they had.
 */
export async function setFromAverage(
  input: Base & { month?: string; months: number },
): Promise<BudgetMonthView> {
  const { context, month } = await resolveMonth(input, input.month);
  const view = await budgetMonth({ db: input.db, userId: input.userId, month, now: input.now });
  const window = String(input.months) as `${BudgetAverageWindow}`;
  const unit = 10 ** currencyExponent(context.currency);
  const amounts = [view.overall, ...view.categories].flatMap((line) => {
    const amountMinor = budgetFromAverage(line.averages[window].amountMinor, unit);
    return amountMinor === null ? [] : [{ category: line.category, amountMinor, currency: context.currency }];
  });
  if (amounts.length === 0) throw new AppError('CONFLICT', M.nothingToAverage);
  await input.db.transaction(async (tx) => {
    await setBudgetAmounts(tx, input.userId, `${month}-01`, amounts, input.now);
  });
  return budgetMonth({ db: input.db, userId: input.userId, month, now: input.now });
}
