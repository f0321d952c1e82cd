import { sql } from 'drizzle-orm';
import type { Database } from '@lodestar/db';

/**
 * Pairs the two legs of transfers the provider marked with the same transfer group (opposite amounts,
 * two different accounts of the user) and leaves them out of spending and income. Only the groups of
 * the transactions this sync wrote are looked at (a partial index finds their legs), so a sync's cost
 * does not grow with the user's history; a group whose legs changed (a pending leg replaced by its
 * posted one) is paired again.
 */
export async function pairProviderTransfers(
  db: Database,
  userId: string,
  writtenIds: readonly string[],
): Promise<number> {
  if (writtenIds.length === 0) return 0;
  const result = await db.execute(sql`
    with touched as (
      select distinct transfer_group from "transaction"
      where user_id = ${userId} and id = any(${sql.param(writtenIds)}::uuid[]) and transfer_group is not null
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
