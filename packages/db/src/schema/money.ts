import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Money data (docs/domain.md). Fiat amounts are integer minor units in `bigint` (read as safe
 * integers) next to an ISO-4217 currency; quantities and prices are `numeric`. Every user-owned row
 * carries `user_id` and cascades from `user`. Sign convention: positive = money into the account.
 */

const minor = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** Banks and other sources as the provider names them (reference data, shared by users). */
export const institution = pgTable(
  'institution',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    url: text('url'),
    /** The institution's logo as the provider sends it (a data: URL or an https URL), if any. */
    logo: text('logo'),
    /** The institution's brand colour (#rrggbb), if the provider sends one. */
    primaryColor: text('primary_color'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('institution_provider_external_idx').on(table.provider, table.externalId)],
);

/** One link to a source (demo bank, aggregator item, exchange key, wallet, file imports, manual). */
export const connection = pgTable(
  'connection',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    provider: text('provider').notNull(),
    institutionId: uuid('institution_id').references(() => institution.id),
    displayName: text('display_name').notNull(),
    /** active | syncing | needs_reauth | error | disconnected (spec §4). */
    status: text('status').notNull().default('active'),
    /** AES-256-GCM ciphertext of the provider secret (token, API key), with the key id beside it. */
    secretCiphertext: text('secret_ciphertext'),
    secretKeyId: text('secret_key_id'),
    /** Provider settings that are not secret (demo variant, wallet address, …). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The provider's sync cursor, saved in the same transaction as the data it covers. */
    cursor: text('cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Lease of the sync in progress: one sync per connection across every server instance. */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    /** The server instance holding the lease; the lease is live only while that instance beats. */
    syncInstanceId: uuid('sync_instance_id'),
    /** What the running sync is doing, for progress on screen: { step, progress 0..1 }. */
    syncProgress: jsonb('sync_progress').$type<{ step: string; progress: number | null } | null>(),
    /**
     * What the provider reported about the connection on its last successful answer (SimpleFIN's
     * `errors`, e.g. an institution asking for attention), shown on the connection as given.
     */
    providerNotices: jsonb('provider_notices').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('connection_user_idx').on(table.userId)],
);

export const financialAccount = pgTable(
  'financial_account',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    /** Null for manual accounts. */
    connectionId: uuid('connection_id').references(() => connection.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    name: text('name').notNull(),
    officialName: text('official_name'),
    /** Spec §3 account type (depository, credit, investment, brokerage, loan, …, real_estate, other). */
    type: text('type').notNull(),
    subtype: text('subtype'),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('active'),
    currency: text('currency').notNull(),
    currentBalanceMinor: minor('current_balance_minor').notNull().default(0),
    availableBalanceMinor: minor('available_balance_minor'),
    creditLimitMinor: minor('credit_limit_minor'),
    balanceAsOf: timestamp('balance_as_of', { withTimezone: true }),
    mask: text('mask'),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('financial_account_user_idx').on(table.userId),
    uniqueIndex('financial_account_connection_external_idx').on(table.connectionId, table.externalId),
    // The key a transaction's (account_id, user_id) references: its account, and that account's owner.
    uniqueIndex('financial_account_id_user_idx').on(table.id, table.userId),
  ],
);

/** One holding as an import found or left it (decimal strings as stored). */
export type ImportHoldingSnapshot = {
  securityId: string;
  quantity: string;
  price: string;
  costBasis: string | null;
  currency: string;
  asOf: string;
};

/** What an import did to one account: undo reads it back (import_batch.parts). */
export type ImportBatchPart = {
  accountId: string;
  /** Set when the import replaced the account's holdings. */
  holdings?: { before: ImportHoldingSnapshot[]; after: ImportHoldingSnapshot[] };
};

export const importBatch = pgTable(
  'import_batch',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    /** committed | undone */
    status: text('status').notNull(),
    importedCount: integer('imported_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    /**
     * Every account the import wrote to (a multi-account file writes several; account_id is the first)
     * and, for an account whose holdings it replaced, the holdings before and after: what undo restores.
     */
    parts: jsonb('parts').$type<ImportBatchPart[]>(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [index('import_batch_user_idx').on(table.userId, table.createdAt)],
);

export const transaction = pgTable(
  'transaction',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The account's owner: (account_id, user_id) references the account (ADR 081). */
    userId: text('user_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** The provider's id; (account_id, external_id) is unique, which makes syncs idempotent. */
    externalId: text('external_id').notNull(),
    date: date('date').notNull(),
    authorizedDate: date('authorized_date'),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * A payment made in another currency, as the statement gives it: the amount in minor units of
     * `foreign_currency` (same sign as amount_minor) and the rate the bank applied. Details only: every
     * figure is computed from amount_minor in the account's currency.
     */
    foreignAmountMinor: minor('foreign_amount_minor'),
    foreignCurrency: text('foreign_currency'),
    exchangeRate: numeric('exchange_rate'),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    merchantName: text('merchant_name'),
    description: text('description'),
    /** One of the spec's 12 categories, or null (uncategorized). */
    category: text('category'),
    detailedCategory: text('detailed_category'),
    categoryConfidence: real('category_confidence').notNull().default(0),
    /** provider | rule | user: a category set by hand is never overwritten by a sync or a rule. */
    categorySource: text('category_source').notNull().default('provider'),
    providerCategory: text('provider_category'),
    paymentChannel: text('payment_channel'),
    paymentMethod: text('payment_method'),
    /** pending | posted | failed | cancelled */
    status: text('status').notNull().default('posted'),
    /** On a posted row: the provider id of the pending row it replaced. */
    pendingExternalId: text('pending_external_id'),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Left out of spending and income (transfers between own accounts, or the user's choice). */
    excluded: boolean('excluded').notNull().default(false),
    transferPairId: uuid('transfer_pair_id'),
    /** The provider's own marker tying the two legs of a transfer together, when it has one. */
    transferGroup: text('transfer_group'),
    /**
     * The import that wrote the row. Not a foreign key (ADR 081): a batch is written in the transaction
     * of its rows and never deleted on its own (an undo marks it), so the per-row check bought nothing.
     */
    importBatchId: uuid('import_batch_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One check per inserted row that the account exists and belongs to the row's user; deleting either
    // deletes the row.
    foreignKey({
      name: 'transaction_account_user_fk',
      columns: [table.accountId, table.userId],
      foreignColumns: [financialAccount.id, financialAccount.userId],
    }).onDelete('cascade'),
    uniqueIndex('transaction_account_external_idx').on(table.accountId, table.externalId),
    // Migration 0044 rebuilds it with INCLUDE (amount_minor), which this builder cannot say: a partial
    // month's rows are counted per amount bucket index-only (ADR 095).
    index('transaction_user_date_idx').on(table.userId, table.date.desc(), table.id.desc()),
    index('transaction_account_date_idx').on(table.accountId, table.date),
    index('transaction_import_batch_idx').on(table.importBatchId),
    // Reports grouped by tag read only the tagged rows (the untagged ones come from the rollups).
    index('transaction_tagged_idx')
      .on(table.userId, table.date)
      .where(sql`cardinality(${table.tags}) > 0`),
    // Finds the other leg of a provider-marked transfer; only the few rows that have a group.
    index('transaction_transfer_group_idx')
      .on(table.userId, table.transferGroup)
      .where(sql`${table.transferGroup} is not null`),
  ],
);

/** Securities as providers describe them (reference data). */
export const security = pgTable(
  'security',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    ticker: text('ticker'),
    /** ISO 6166 and CUSIP identifiers, when the provider sends them. */
    isin: text('isin'),
    cusip: text('cusip'),
    name: text('name').notNull(),
    /** equity | etf | mutual_fund | bond | cash | crypto | other */
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('security_provider_external_idx').on(table.provider, table.externalId)],
);

export const securityPrice = pgTable(
  'security_price',
  {
    securityId: uuid('security_id')
      .notNull()
      .references(() => security.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    close: numeric('close', { precision: 38, scale: 18 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.securityId, table.date] })],
);

export const holding = pgTable(
  'holding',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    securityId: uuid('security_id')
      .notNull()
      .references(() => security.id),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    /** Total cost basis in the holding's currency (major units, decimal). */
    costBasis: numeric('cost_basis', { precision: 38, scale: 18 }),
    currency: text('currency').notNull(),
    asOf: date('as_of').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('holding_account_security_idx').on(table.accountId, table.securityId)],
);

/**
 * One buy of a holding added by hand (docs/domain.md "Manual holdings", ADR 077): its units, price per unit
 * and day. A manual holding's quantity is the sum of its lots, its cost basis Σ quantity × price, its price
 * the average cost and its `as_of` the first lot's day. Each lot's buy is the trade `manual-holding:<lot id>`.
 */
export const holdingLot = pgTable(
  'holding_lot',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holding.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    date: date('date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('holding_lot_holding_idx').on(table.holdingId, table.date)],
);

/**
 * What a lender reports about a credit card or loan (Plaid /liabilities/get), one row per account,
 * replaced on every sync. Amounts are integer minor units in the account's currency, positive as the
 * lender states them (a payment due, a statement balance owed), not in the ledger's sign convention.
 */
export const accountLiability = pgTable(
  'account_liability',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    userId: userId(),
    /** credit | student | mortgage */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Credit cards: each APR with its type (purchase_apr, cash_apr, balance_transfer_apr, special). */
    aprs: jsonb('aprs')
      .$type<{ type: string; percentage: string; balanceSubjectToAprMinor: number | null }[]>()
      .notNull()
      .default([]),
    /** Loans: the interest rate in percent (decimal string) and, for mortgages, fixed or variable. */
    interestRatePercentage: numeric('interest_rate_percentage', { precision: 12, scale: 6 }),
    interestRateType: text('interest_rate_type'),
    /** Cards and student loans: the minimum payment; mortgages: the next monthly payment. */
    nextPaymentMinor: minor('next_payment_minor'),
    nextPaymentDueDate: date('next_payment_due_date'),
    lastPaymentMinor: minor('last_payment_minor'),
    lastPaymentDate: date('last_payment_date'),
    lastStatementBalanceMinor: minor('last_statement_balance_minor'),
    lastStatementIssueDate: date('last_statement_issue_date'),
    /** Student loans: the expected payoff date; mortgages: the maturity date. */
    payoffDate: date('payoff_date'),
    isOverdue: boolean('is_overdue'),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_liability_user_idx').on(table.userId)],
);

/**
 * End-of-day balances as runs: one row per account and stretch of consecutive days (from_date to to_date,
 * both included) with the same balance and currency. Runs of an account never overlap. Written by
 * writeBalanceDays (queries/balances.ts); read per day through `balanceSnapshot`.
 */
export const balanceRun = pgTable(
  'balance_run',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    balanceMinor: minor('balance_minor').notNull(),
    userId: userId(),
    currency: text('currency').notNull(),
  },
  (table) => [
    primaryKey({ name: 'balance_run_pk', columns: [table.accountId, table.fromDate] }),
    index('balance_run_user_idx').on(table.userId),
  ],
);

/**
 * End-of-day balance per account and day: a view over `balance_run` (migration 0043), one row per day of
 * each run. Inserting, updating or deleting days through it works (its INSTEAD OF trigger rewrites the
 * runs); recomputing a stretch of days goes through writeBalanceDays.
 */
export const balanceSnapshot = pgTable('balance_snapshot', {
  userId: text('user_id').notNull(),
  accountId: uuid('account_id').notNull(),
  date: date('date').notNull(),
  balanceMinor: minor('balance_minor').notNull(),
  currency: text('currency').notNull(),
});

export const categorizationRule = pgTable(
  'categorization_rule',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    priority: integer('priority').notNull().default(100),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    actions: jsonb('actions').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('categorization_rule_user_idx').on(table.userId)],
);

/** A saved CSV column mapping per account, reused on the next import into it. */
export const csvMapping = pgTable('csv_mapping', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => financialAccount.id, { onDelete: 'cascade' }),
  userId: userId(),
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** Balances the user enters for a manual account (or an imported-only one), by date. */
export const balanceUpdate = pgTable(
  'balance_update',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: userId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => financialAccount.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    balanceMinor: minor('balance_minor').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('balance_update_account_date_idx').on(table.accountId, table.date)],
);
