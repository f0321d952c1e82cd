import { sql } from 'drizzle-orm';
import type { Database } from '@lodestar/db';

/**
 * Pairs the two legs of transfers the provider marked with the same transfer group (opposite amounts,
 * two different accounts of the user) and leaves them out of spending and income. A group whose legs
 * changed (a pending leg replaced by its posted one) is paired again.
 */
export async function pairProviderTransfers(db: Database, userId: string): Promise<number> {
  const result = await db.execute(sql`
    with groups as (
      select transfer_group, gen_random_uuid() as pair_id
      from "transaction"
      where user_id = ${userId} and transfer_group is not null
      group by transfer_group
      having count(*) = 2
        and sum(amount_minor) = 0
        and count(distinct account_id) = 2
        and bool_or(transfer_pair_id is null)
    )
    update "transaction" as t
    set transfer_pair_id = groups.pair_id, excluded = true, updated_at = now()
    from groups
    where t.user_id = ${userId} and t.transfer_group = groups.transfer_group`);
  return result.rowCount ?? 0;
}
