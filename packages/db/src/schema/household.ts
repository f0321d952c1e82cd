import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Household sharing (ADR 038): the people an owner lets into their data, each read-only or read & write.
 * A row is an invitation until someone accepts it (`memberUserId` set); revoking deletes it. Only the
 * SHA-256 of an invitation's token is kept.
 */
export const householdMember = pgTable(
  'household_member',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The invited address (lower case). */
    email: text('email').notNull(),
    /** read | write */
    access: text('access').notNull(),
    memberUserId: text('member_user_id').references(() => user.id, { onDelete: 'cascade' }),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('household_member_owner_email_idx').on(table.ownerUserId, table.email),
    uniqueIndex('household_member_token_idx').on(table.inviteTokenHash),
    index('household_member_member_idx').on(table.memberUserId),
  ],
);

/** Who changed what in a household: every change a member made, and the owner's changes to membership. */
export const householdActivity = pgTable(
  'household_activity',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Who acted; null once that person's account is deleted. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** The operation, as the API documents it: 'PATCH /transactions/{id}', or a membership change. */
    action: text('action').notNull(),
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('household_activity_owner_idx').on(table.ownerUserId, table.createdAt)],
);
