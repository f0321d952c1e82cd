import { sql } from 'drizzle-orm';
import type { Database } from '@lodestar/db';

/**
 * Pairs the two legs of transfers the provider marked with the same transfer group (opposite amounts,
 * two different accounts of the user) and leaves them out of spending and income. Only the groups the
 * sync wrote rows of are looked at (the caller knows them from the provider's rows; a partial index
 * finds their legs), so a sync's cost does not grow with the user's history and a sync without transfer
 * groups costs no query; a group whose legs changed (a pending leg replaced by its posted one) is paired
 * again.
 */
export async function pairProviderTransfers(
  db: Database,
  userId: string,
  transferGroups: readonly string[],
): Promise<number> {
  const groups = [...new Set(transferGroups)];
  if (groups.length === 0) return 0;
  const result = await db.execute(sql`
    with touched as (
      select unnest(${sql.param(groups)}::text[]) as transfer_group
    ),
    groups as (
      select t.transfer_group, gen_random_uuid() as pair_id
      from "transaction" t join touched using (transfer_group)
      where t.user_id = ${userId}
      group by t.transfer_group
      having count(*) = 2
        and sum(t.amount_minor) = 0
        and count(distinct t.account_id) = 2
        and bool_or(t.transfer_pair_id is null)
    )
    update "transaction" as t
    set transfer_pair_id = groups.pair_id, excluded = true, updated_at = now()
    from groups
    where t.user_id = ${userId} and t.transfer_group = groups.transfer_group`);
  return result.rowCount ?? 0;
}

/** How far apart the two legs' dates may be: a bank books a transfer a day or two after the exchange. */
const PAIR_WINDOW_DAYS = 3;

/**
 * Pairs each written, unpaired transfer (category TRANSFER) with the opposite leg in one of the user's
 * bank accounts (`depository`): the same currency, the opposite amount, dated at most three days apart,
 * the closest date first, each leg used once. Both legs then leave spending and income.
 */
export async function pairTransfersByAmount(
  db: Database,
  userId: string,
  writtenIds: readonly string[],
): Promise<number> {
  if (writtenIds.length === 0) return 0;
  const result = await db.execute(sql`
    with legs as (
      select t.id, t.account_id, t.amount_minor, t.currency, t.date
      from "transaction" t
      where t.user_id = ${userId} and t.id = any(${sql.param(writtenIds)}::uuid[])
        and t.transfer_pair_id is null and t.category = 'TRANSFER' and t.status = 'posted'
    ),
    matches as (
      select distinct on (legs.id) legs.id as leg_id, bank.id as bank_id
      from legs
      join lateral (
        select b.id, b.date from "transaction" b
        join financial_account a on a.id = b.account_id and a.user_id = b.user_id
        where b.user_id = ${userId} and a.type = 'depository' and b.transfer_pair_id is null
          and b.status = 'posted' and b.currency = legs.currency and b.amount_minor = -legs.amount_minor
          and b.account_id <> legs.account_id
          and abs(b.date - legs.date) <= ${PAIR_WINDOW_DAYS}
        order by abs(b.date - legs.date), b.date, b.id
        limit 1
      ) bank on true
      order by legs.id
    ),
    unique_matches as (
      select distinct on (bank_id) leg_id, bank_id, gen_random_uuid() as pair_id
      from matches order by bank_id, leg_id
    ),
    pairs as (
      select leg_id as id, pair_id from unique_matches
      union all
      select bank_id as id, pair_id from unique_matches
    )
    update "transaction" as t
    set transfer_pair_id = pairs.pair_id, excluded = true, updated_at = now()
    from pairs
    where t.user_id = ${userId} and t.id = pairs.id`);
  return result.rowCount ?? 0;
}
