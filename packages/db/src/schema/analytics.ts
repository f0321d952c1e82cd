import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Exchange rates and the net-worth rollup (migration 0006, docs/analytics-api.md). Rates are decimal
 * strings (`numeric`, read as text, so no binary rounding); balances are integer minor units.
 */

/** ECB reference rates: `perEur` units of `currency` buy 1 EUR on `date` (shared reference data). */
export const fxRate = pgTable(
  'fx_rate',
  {
    date: date('date').notNull(),
    currency: text('currency').notNull(),
    perEur: numeric('per_eur').notNull(),
    source: text('source').notNull().default('ecb'),
  },
  (table) => [primaryKey({ name: 'fx_rate_currency_date_pk', columns: [table.currency, table.date] })],
);

/** A rate the user entered: 1 `base` = `rate` `quote` from `date` on; one per user, pair and day. */
export const fxManualRate = pgTable(
  'fx_manual_rate',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fx_manual_rate_user_pair_date_idx').on(table.userId, table.base, table.quote, table.date),
  ],
);

/** The single row (id 1) recording the last successful fetch of the ECB feed. */
export const fxFetchState = pgTable('fx_fetch_state', {
  id: smallint('id').primaryKey().default(1),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }).notNull(),
  lastCount: integer('last_count').notNull(),
});

/**
 * Σ of the day's balance snapshots of the user's visible accounts per account type and currency, and how
 * many accounts that covers; maintained by triggers on balance_snapshot and financial_account.
 */
export const netWorthDaily = pgTable(
  'net_worth_daily',
  {
    userId: text('user_id').notNull(),
    date: date('date').notNull(),
    accountType: text('account_type').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
    accountCount: integer('account_count').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'net_worth_daily_pk',
      columns: [table.userId, table.date, table.accountType, table.currency],
    }),
  ],
);

/**
 * Per user, bumped by a statement-level trigger on every insert, update or delete of their transactions
 * (migration 0028): lets readers cache what they compute from a user's rows (GET /insights) and check
 * this one row instead.
 */
export const transactionVersion = pgTable('transaction_version', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Per user, bumped by the rollup's triggers on every change: lets readers cache a user's history. */
export const netWorthDailyVersion = pgTable('net_worth_daily_version', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
