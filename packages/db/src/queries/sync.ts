import { and, eq, gte, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { connection, financialAccount, institution, transaction } from '../schema/index';
import { instanceAlive } from './app-instance';

/** A handle usable inside or outside a database transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type ConnectionRow = typeof connection.$inferSelect;
export type AccountRow = typeof financialAccount.$inferSelect;
export type TransactionRow = typeof transaction.$inferSelect;

export async function upsertInstitution(
  db: Executor,
  value: {
    provider: string;
    externalId: string;
    name: string;
    url?: string | null;
    logo?: string | null;
    primaryColor?: string | null;
  },
): Promise<string> {
  const branding = {
    url: value.url ?? null,
    logo: value.logo ?? null,
    primaryColor: value.primaryColor ?? null,
  };
  const [row] = await db
    .insert(institution)
    .values({ provider: value.provider, externalId: value.externalId, name: value.name, ...branding })
    .onConflictDoUpdate({
      target: [institution.provider, institution.externalId],
      set: { name: value.name, ...branding },
    })
    .returning({ id: institution.id });
  if (!row) throw new Error('institution upsert returned no row');
  return row.id;
}

export async function insertConnection(
  db: Executor,
  value: {
    userId: string;
    provider: string;
    institutionId: string | null;
    displayName: string;
    settings?: Record<string, unknown>;
    secretCiphertext?: string | null;
    secretKeyId?: string | null;
  },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connection)
    .values({ ...value, settings: value.settings ?? {} })
    .returning();
  if (!row) throw new Error('connection insert returned no row');
  return row;
}

export async function findConnection(db: Executor, userId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)))
    .limit(1);
  return row;
}

/**
 * The connection of a provider's item (an aggregator's own id in the connection's settings), whoever
 * owns it: how a provider's webhook, which names only its item, finds the connection it is about.
 */
export async function findConnectionByProviderItem(db: Executor, provider: string, itemId: string) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.provider, provider), sql`${connection.settings} ->> 'itemId' = ${itemId}`))
    .limit(1);
  return row;
}

/** Forgets a connection's provider secret (access withdrawn at the provider; the history stays). */
export async function clearConnectionSecret(
  db: Executor,
  userId: string,
  connectionId: string,
): Promise<void> {
  await db
    .update(connection)
    .set({ secretCiphertext: null, secretKeyId: null, updatedAt: new Date() })
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)));
}

/** Whether a live sync lease is held: taken by a server instance that is still beating. */
const leaseHeld = () =>
  sql<boolean>`(${connection.syncStartedAt} is not null and ${instanceAlive(connection.syncInstanceId)})`;

export function listConnections(db: Executor, userId: string) {
  return db
    .select({
      connection,
      institutionName: institution.name,
      institutionUrl: institution.url,
      institutionLogo: institution.logo,
      institutionColor: institution.primaryColor,
      syncRunning: leaseHeld(),
    })
    .from(connection)
    .leftJoin(institution, eq(institution.id, connection.institutionId))
    .where(eq(connection.userId, userId))
    .orderBy(connection.createdAt);
}

export async function updateConnection(
  db: Executor,
  userId: string,
  connectionId: string,
  changes: Partial<
    Pick<
      ConnectionRow,
      | 'status'
      | 'cursor'
      | 'lastSyncedAt'
      | 'lastError'
      | 'lastErrorAt'
      | 'consecutiveFailures'
      | 'settings'
      | 'providerNotices'
      | 'institutionId'
      | 'displayName'
      | 'secretCiphertext'
      | 'secretKeyId'
    >
  >,
): Promise<void> {
  await db
    .update(connection)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)));
}

/** Sets the status of the connection and of every account it feeds. */
export async function setConnectionStatus(
  db: Executor,
  userId: string,
  connectionId: string,
  status: string,
): Promise<void> {
  await db
    .update(connection)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)));
  await db
    .update(financialAccount)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.connectionId, connectionId)));
}

export async function deleteConnection(db: Database, userId: string, connectionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Accounts (and, by cascade, their transactions, holdings and snapshots) go with the connection.
    await tx
      .delete(financialAccount)
      .where(and(eq(financialAccount.userId, userId), eq(financialAccount.connectionId, connectionId)));
    const rows = await tx
      .delete(connection)
      .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)))
      .returning({ id: connection.id });
    return rows.length > 0;
  });
}

export type AccountUpsert = {
  externalId: string;
  name: string;
  officialName?: string | null;
  type: string;
  subtype?: string | null;
  currency: string;
  mask?: string | null;
  currentBalanceMinor: number;
  availableBalanceMinor?: number | null;
  creditLimitMinor?: number | null;
  /** When the balance is from, if the provider says; otherwise `scope.asOf`. */
  balanceAsOf?: Date | null;
};

/**
 * Creates or refreshes the connection's accounts from a successful provider answer (balances are only
 * ever written from one), keeping the user's own name and hidden flag. Returns externalId → id.
 */
export async function upsertConnectionAccounts(
  db: Executor,
  scope: { userId: string; connectionId: string; provider: string; asOf: Date },
  accounts: readonly AccountUpsert[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (accounts.length === 0) return ids;
  const rows = await db
    .insert(financialAccount)
    .values(
      accounts.map((account) => ({
        userId: scope.userId,
        connectionId: scope.connectionId,
        provider: scope.provider,
        externalId: account.externalId,
        name: account.name,
        officialName: account.officialName ?? null,
        type: account.type,
        subtype: account.subtype ?? null,
        currency: account.currency,
        mask: account.mask ?? null,
        currentBalanceMinor: account.currentBalanceMinor,
        availableBalanceMinor: account.availableBalanceMinor ?? null,
        creditLimitMinor: account.creditLimitMinor ?? null,
        balanceAsOf: account.balanceAsOf ?? scope.asOf,
      })),
    )
    .onConflictDoUpdate({
      target: [financialAccount.connectionId, financialAccount.externalId],
      set: {
        officialName: sql`excluded.official_name`,
        type: sql`excluded.type`,
        subtype: sql`excluded.subtype`,
        currency: sql`excluded.currency`,
        mask: sql`excluded.mask`,
        currentBalanceMinor: sql`excluded.current_balance_minor`,
        availableBalanceMinor: sql`excluded.available_balance_minor`,
        creditLimitMinor: sql`excluded.credit_limit_minor`,
        balanceAsOf: sql`excluded.balance_as_of`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: financialAccount.id, externalId: financialAccount.externalId });
  for (const row of rows) if (row.externalId) ids.set(row.externalId, row.id);
  return ids;
}

export async function connectionAccountIds(db: Executor, userId: string, connectionId: string) {
  const rows = await db
    .select({ id: financialAccount.id, externalId: financialAccount.externalId })
    .from(financialAccount)
    .where(and(eq(financialAccount.userId, userId), eq(financialAccount.connectionId, connectionId)));
  return new Map(rows.flatMap((row) => (row.externalId ? [[row.externalId, row.id] as const] : [])));
}

export type TransactionUpsert = {
  accountId: string;
  externalId: string;
  date: string;
  authorizedDate?: string | null;
  amountMinor: number;
  currency: string;
  name: string;
  merchantName?: string | null;
  description?: string | null;
  category: string | null;
  detailedCategory: string | null;
  categoryConfidence: number;
  providerCategory?: string | null;
  paymentChannel?: string | null;
  paymentMethod?: string | null;
  status: string;
  pendingExternalId?: string | null;
  transferGroup?: string | null;
  importBatchId?: string | null;
};

/**
 * Inserts new transactions and refreshes known ones by (account_id, external_id), so replaying a batch
 * changes nothing. What the user set (a category by hand or by rule, a new name, notes, tags,
 * exclusion) survives the provider's updates. Returns the ids written.
 *
 * One statement whatever the number of rows: each column travels as one array parameter and UNNEST
 * turns them back into rows, so neither the statement's text nor its parameter count grows with the
 * batch and no per-row query building happens in Node (a sync's largest cost before). The rows must be
 * unique by (account, external id), as one ON CONFLICT statement can change a row only once.
 */
export async function upsertTransactions(
  db: Executor,
  userId: string,
  rows: readonly TransactionUpsert[],
): Promise<{ id: string; accountId: string; externalId: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: TransactionUpsert) => T) => sql.param(rows.map(pick));
  const result = await db.execute<{
    id: string;
    accountId: string;
    externalId: string;
    inserted: boolean;
  }>(sql`
    insert into "transaction" as t (
      user_id, account_id, external_id, date, authorized_date, amount_minor, currency, name, original_name,
      merchant_name, description, category, detailed_category, category_confidence, provider_category,
      payment_channel, payment_method, status, pending_external_id, transfer_group, import_batch_id
    )
    select ${userId}, r.account_id, r.external_id, r.date, r.authorized_date, r.amount_minor, r.currency,
      r.name, r.name, r.merchant_name, r.description, r.category, r.detailed_category, r.category_confidence,
      r.provider_category, r.payment_channel, r.payment_method, r.status, r.pending_external_id,
      r.transfer_group, r.import_batch_id
    from unnest(
      ${column((row) => row.accountId)}::uuid[],
      ${column((row) => row.externalId)}::text[],
      ${column((row) => row.date)}::date[],
      ${column((row) => row.authorizedDate ?? null)}::date[],
      ${column((row) => row.amountMinor)}::bigint[],
      ${column((row) => row.currency)}::text[],
      ${column((row) => row.name.slice(0, 200))}::text[],
      ${column((row) => row.merchantName ?? null)}::text[],
      ${column((row) => row.description?.slice(0, 500) ?? null)}::text[],
      ${column((row) => row.category)}::text[],
      ${column((row) => row.detailedCategory)}::text[],
      ${column((row) => row.categoryConfidence)}::real[],
      ${column((row) => row.providerCategory ?? null)}::text[],
      ${column((row) => row.paymentChannel ?? null)}::text[],
      ${column((row) => row.paymentMethod ?? null)}::text[],
      ${column((row) => row.status)}::text[],
      ${column((row) => row.pendingExternalId ?? null)}::text[],
      ${column((row) => row.transferGroup ?? null)}::text[],
      ${column((row) => row.importBatchId ?? null)}::uuid[]
    ) as r(
      account_id, external_id, date, authorized_date, amount_minor, currency, name, merchant_name,
      description, category, detailed_category, category_confidence, provider_category, payment_channel,
      payment_method, status, pending_external_id, transfer_group, import_batch_id
    )
    on conflict (account_id, external_id) do update set
      date = excluded.date,
      authorized_date = excluded.authorized_date,
      amount_minor = excluded.amount_minor,
      currency = excluded.currency,
      name = case when t.name = t.original_name then excluded.name else t.name end,
      original_name = excluded.original_name,
      merchant_name = excluded.merchant_name,
      description = excluded.description,
      category = case when t.category_source = 'provider' then excluded.category else t.category end,
      detailed_category = case when t.category_source = 'provider' then excluded.detailed_category else t.detailed_category end,
      category_confidence = case when t.category_source = 'provider' then excluded.category_confidence else t.category_confidence end,
      provider_category = excluded.provider_category,
      payment_channel = excluded.payment_channel,
      payment_method = excluded.payment_method,
      status = excluded.status,
      pending_external_id = excluded.pending_external_id,
      transfer_group = excluded.transfer_group,
      updated_at = now()
    returning t.id, t.account_id as "accountId", t.external_id as "externalId",
      (t.xmax = 0) as inserted`);
  return result.rows;
}

/**
 * Which incoming provider rows change a stored row (its date, amount, currency, name, merchant,
 * description, status, pending link, provider category or payment fields), keyed
 * `accountId NUL externalId`: read before the upsert, in its transaction, for the `transactions.changed`
 * webhook event. New rows are not here (the upsert says which rows it inserted); a row sent again
 * unchanged is in neither.
 */
export async function changedIncomingTransactions(
  db: Executor,
  userId: string,
  rows: readonly TransactionUpsert[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = <T>(pick: (row: TransactionUpsert) => T) => sql.param(rows.map(pick));
  const result = await db.execute<{ account_id: string; external_id: string }>(sql`
    select r.account_id, r.external_id
    from unnest(
      ${column((row) => row.accountId)}::uuid[],
      ${column((row) => row.externalId)}::text[],
      ${column((row) => row.date)}::date[],
      ${column((row) => row.authorizedDate ?? null)}::date[],
      ${column((row) => row.amountMinor)}::bigint[],
      ${column((row) => row.currency)}::text[],
      ${column((row) => row.name.slice(0, 200))}::text[],
      ${column((row) => row.merchantName ?? null)}::text[],
      ${column((row) => row.description?.slice(0, 500) ?? null)}::text[],
      ${column((row) => row.providerCategory ?? null)}::text[],
      ${column((row) => row.paymentChannel ?? null)}::text[],
      ${column((row) => row.paymentMethod ?? null)}::text[],
      ${column((row) => row.status)}::text[],
      ${column((row) => row.pendingExternalId ?? null)}::text[]
    ) as r(
      account_id, external_id, date, authorized_date, amount_minor, currency, name, merchant_name,
      description, provider_category, payment_channel, payment_method, status, pending_external_id
    )
    join "transaction" t
      on t.user_id = ${userId} and t.account_id = r.account_id and t.external_id = r.external_id
    where (t.date, t.authorized_date, t.amount_minor, t.currency, t.original_name, t.merchant_name,
          t.description, t.provider_category, t.payment_channel, t.payment_method, t.status,
          t.pending_external_id)
        is distinct from
         (r.date, r.authorized_date, r.amount_minor, r.currency, r.name, r.merchant_name, r.description,
          r.provider_category, r.payment_channel, r.payment_method, r.status, r.pending_external_id)`);
  return new Set(result.rows.map((row) => `${row.account_id}\u0000${row.external_id}`));
}

/**
 * Posted transactions that name the pending one they replace (by the provider's ids): the user's
 * changes on the pending row move to the posted one, then the pending row goes, so nothing is counted
 * twice. Both rows are found through the (account, external id) key, one index lookup each, whatever
 * the planner knows of the table; the posted row is only rewritten when the pending one carries a
 * change of the user's. Returns the ids of the pending rows that went.
 */
export async function replacePendingTransactions(
  db: Executor,
  userId: string,
  posted: readonly { accountId: string; externalId: string; pendingExternalId: string }[],
) {
  if (posted.length === 0) return [];
  const pairs = sql`unnest(
      ${sql.param(posted.map((row) => row.accountId))}::uuid[],
      ${sql.param(posted.map((row) => row.externalId))}::text[],
      ${sql.param(posted.map((row) => row.pendingExternalId))}::text[]
    ) as pair(account_id, external_id, pending_external_id)`;
  await db.execute(sql`
    update ${transaction} as posted set
      category = case when pending.category_source <> 'provider' and posted.category_source = 'provider' then pending.category else posted.category end,
      detailed_category = case when pending.category_source <> 'provider' and posted.category_source = 'provider' then pending.detailed_category else posted.detailed_category end,
      category_confidence = case when pending.category_source <> 'provider' and posted.category_source = 'provider' then pending.category_confidence else posted.category_confidence end,
      category_source = case when pending.category_source <> 'provider' and posted.category_source = 'provider' then pending.category_source else posted.category_source end,
      notes = coalesce(posted.notes, pending.notes),
      tags = case when cardinality(posted.tags) = 0 then pending.tags else posted.tags end,
      excluded = posted.excluded or pending.excluded,
      name = case when pending.name <> pending.original_name and posted.name = posted.original_name then pending.name else posted.name end
    from ${pairs}
    join ${transaction} as pending
      on pending.account_id = pair.account_id and pending.external_id = pair.pending_external_id
    where posted.account_id = pair.account_id
      and posted.external_id = pair.external_id
      and posted.user_id = ${userId}
      and pending.user_id = ${userId}
      and pending.status = 'pending'
      and (pending.category_source <> 'provider' or pending.notes is not null
        or cardinality(pending.tags) > 0 or pending.excluded or pending.name <> pending.original_name)`);
  const removed = await db.execute(sql`
    delete from ${transaction} as pending
    using ${pairs}
    where pending.account_id = pair.account_id
      and pending.external_id = pair.pending_external_id
      and pending.user_id = ${userId}
      and pending.status = 'pending'
    returning pending.id`);
  return (removed.rows as { id: string }[]).map((row) => row.id);
}

/**
 * Removes transactions the provider withdrew (no ghosts), in one statement found by the
 * (account, external id) key. Returns the dates touched per account.
 */
export async function deleteTransactionsByExternalId(
  db: Executor,
  userId: string,
  rows: readonly { accountId: string; externalId: string }[],
): Promise<{ id: string; accountId: string; date: string }[]> {
  if (rows.length === 0) return [];
  const result = await db.execute<{ id: string; accountId: string; date: string }>(sql`
    delete from ${transaction} as t
    using unnest(
      ${sql.param(rows.map((row) => row.accountId))}::uuid[],
      ${sql.param(rows.map((row) => row.externalId))}::text[]
    ) as gone(account_id, external_id)
    where t.account_id = gone.account_id
      and t.external_id = gone.external_id
      and t.user_id = ${userId}
    returning t.id, t.account_id as "accountId", t.date::text as date`);
  return result.rows;
}

/**
 * For a provider that answers with everything it holds from a date on (no cursor, e.g. SimpleFIN):
 * removes the account's provider rows in that window that the answer no longer holds, so the account
 * ends with exactly the provider's data. A pending row counts as in the window whatever its date (it
 * may post under another id and an earlier date). Returns the dates touched.
 */
export async function deleteTransactionsMissingFromWindow(
  db: Executor,
  userId: string,
  window: { accountId: string; from: string; keepExternalIds: readonly string[] },
) {
  return db
    .delete(transaction)
    .where(
      and(
        eq(transaction.userId, userId),
        eq(transaction.accountId, window.accountId),
        isNotNull(transaction.externalId),
        isNull(transaction.importBatchId),
        or(gte(transaction.date, window.from), eq(transaction.status, 'pending')),
        window.keepExternalIds.length
          ? notInArray(transaction.externalId, [...window.keepExternalIds])
          : undefined,
      ),
    )
    .returning({ id: transaction.id, accountId: transaction.accountId, date: transaction.date });
}

/**
 * Takes the connection's sync lease for the server instance `instanceId` unless another sync holds a live
 * one (its instance still beats): a conditional update, so two syncs (in one process or several) never
 * interleave. Returns the connection, or undefined when busy.
 */
export async function acquireSyncLease(
  db: Executor,
  userId: string,
  connectionId: string,
  instanceId: string,
) {
  const [row] = await db
    .update(connection)
    .set({
      syncStartedAt: sql`now()`,
      syncInstanceId: instanceId,
      syncProgress: { step: 'Starting', progress: 0 },
      updatedAt: sql`now()`,
    })
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId), sql`not ${leaseHeld()}`))
    .returning();
  return row;
}

export async function reportSyncProgress(
  db: Executor,
  userId: string,
  connectionId: string,
  progress: { step: string; progress: number | null },
): Promise<void> {
  await db
    .update(connection)
    .set({ syncProgress: progress })
    .where(and(eq(connection.userId, userId), eq(connection.id, connectionId)));
}

/** Gives the lease back, unless another instance took it over in the meantime (this one was taken for dead). */
export async function releaseSyncLease(
  db: Executor,
  userId: string,
  connectionId: string,
  instanceId: string,
): Promise<void> {
  await db
    .update(connection)
    .set({ syncStartedAt: null, syncInstanceId: null, syncProgress: null })
    .where(
      and(
        eq(connection.userId, userId),
        eq(connection.id, connectionId),
        eq(connection.syncInstanceId, instanceId),
      ),
    );
}

/** Which of these rows are not stored yet (new to the account), as `accountId \u0000 externalId` keys, for plan limits. */
export async function newTransactionKeys(
  db: Executor,
  userId: string,
  rows: readonly { accountId: string; externalId: string }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await db.execute<{ account_id: string; external_id: string }>(sql`
    select incoming.account_id, incoming.external_id
    from unnest(${sql.param(rows.map((row) => row.accountId))}::uuid[], ${sql.param(rows.map((row) => row.externalId))}::text[]) as incoming(account_id, external_id)
    where not exists (
      select 1 from "transaction" t
      where t.user_id = ${userId} and t.account_id = incoming.account_id and t.external_id = incoming.external_id
    )`);
  return new Set(result.rows.map((row) => `${row.account_id}\u0000${row.external_id}`));
}
