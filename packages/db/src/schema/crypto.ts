import { boolean, date, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { security } from './money';

/**
 * The newest quote of a crypto asset from the price source (docs/crypto.md), kept so a price can be
 * shown with its age when the source is down. Daily closes live in `security_price` like any other
 * security's; this row only says how fresh the latest one is.
 */
export const cryptoQuote = pgTable('crypto_quote', {
  securityId: uuid('security_id')
    .primaryKey()
    .references(() => security.id, { onDelete: 'cascade' }),
  /** What a unit is valued at: the market price, or a stablecoin's peg while it holds. */
  price: numeric('price', { precision: 38, scale: 18 }).notNull(),
  /** The market price as the source gave it (a stablecoin's in its peg currency). */
  marketPrice: numeric('market_price', { precision: 38, scale: 18 }).notNull(),
  /** Percent change over 24 hours as the source gave it, when it did. */
  change24hPercent: numeric('change_24h_percent', { precision: 20, scale: 8 }),
  /** A stablecoin more than 2 % away from its peg. */
  depegged: boolean('depegged').notNull().default(false),
  /** When the source last updated the price (its `last_updated_at`). */
  priceAt: timestamp('price_at', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/**
 * The span of days the price source was asked for a crypto asset's daily closes and answered for
 * (ADR 076): a day in it without a close is one the source has none for (before the coin was listed, a
 * gap in its history) and is not asked for again. Only the days after it, and those before it that a
 * longer history needs, are.
 */
export const cryptoPriceHistory = pgTable('crypto_price_history', {
  securityId: uuid('security_id')
    .primaryKey()
    .references(() => security.id, { onDelete: 'cascade' }),
  checkedFrom: date('checked_from', { mode: 'string' }).notNull(),
  checkedThrough: date('checked_through', { mode: 'string' }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
