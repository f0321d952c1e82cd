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
