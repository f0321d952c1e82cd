import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { financialAccount } from './money';

/**
 * Real estate (docs/analytics-api.md). Each property is backed by one `real_estate` financial account
 * whose daily balance snapshots follow the valuations, so it counts in net worth. Amounts are integer
 * minor units of the property's currency.
 */

const minor = (name: string) => bigint(name, { mode: 'number' });

export const property = pgTable(
  'property',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The backing `real_estate` account; deleting it deletes the property. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('US'),
    purchasePriceMinor: minor('purchase_price_minor').notNull(),
    purchaseDate: date('purchase_date').notNull(),
    currency: text('currency').notNull(),
    /** A `loan` account of the same user; unlinked when that account is deleted. */
    mortgageAccountId: uuid('mortgage_account_id').references(() => financialAccount.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('property_user_idx').on(table.userId),
    uniqueIndex('property_account_idx').on(table.accountId),
  ],
);

/** What a property was worth on a day: its purchase price on the purchase date, then the user's values. */
export const propertyValuation = pgTable(
  'property_valuation',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => property.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    valueMinor: minor('value_minor').notNull(),
    /** purchase | manual */
    source: text('source').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('property_valuation_property_date_idx').on(table.propertyId, table.date)],
);
