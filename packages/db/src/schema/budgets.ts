import { bigint, boolean, date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Monthly budgets (docs/analytics-api.md "Budgets", ADR 039). One amount per user, month and spending
 * category ('overall' for the whole month), in the currency the user reported in when they set it.
 */
export const budget = pgTable(
  'budget',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month').notNull(),
    /** A spending category of spec §3, or 'overall'. */
    category: text('category').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'budget_pk', columns: [table.userId, table.month, table.category] })],
);

/** Per user and category ('overall' included): whether what is left or overspent carries into the next month. */
export const budgetRollover = pgTable(
  'budget_rollover',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'budget_rollover_pk', columns: [table.userId, table.category] })],
);
