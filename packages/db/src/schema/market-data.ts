import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of the market-data provider (quotes, searches, price histories), shared by every server
 * instance. A row is fresh while younger than its kind's time to live (quote 1 min, search 1 h, history
 * 12 h); an older row is still served, marked stale with its age, when the provider cannot answer.
 */
export const marketDataCache = pgTable(
  'market_data_cache',
  {
    /** The provider that answered (`yahoo`, `twelve-data`): a provider switch never serves another's data. */
    provider: text('provider').notNull(),
    /** quote | search | history | trending */
    kind: text('kind').notNull(),
    /** The request within the kind: a symbol, a search text, a symbol and range. */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.kind, table.key] }),
    index('market_data_cache_fetched_idx').on(table.fetchedAt),
  ],
);
