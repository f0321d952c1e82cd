import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * API keys for the public API (migration 0010, docs/settings-api.md "API keys"). Only the SHA-256 of
 * the whole key is stored; `prefix` (its first 12 characters) lets the user recognise a key in the list.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read | read_write */
    scope: text('scope').notNull(),
    prefix: text('prefix').notNull(),
    /** Lower-case hex SHA-256 of the whole key: what a request's key is looked up by. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_key_secret_hash_idx').on(table.secretHash),
    index('api_key_user_idx').on(table.userId, table.createdAt),
  ],
);
