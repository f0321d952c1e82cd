import { sql } from 'drizzle-orm';
import type { Executor } from './sync';

/**
 * The large lists of an export being restored (transactions, daily balances), held in a temporary table
 * of the restore's own transaction while the upload streams in: the document is read once, rows are
 * checked as they arrive, and the table goes away with the transaction (commit or rollback), so an
 * abandoned or failed restore leaves nothing behind. Rows are the checked export rows as JSON.
 */

/** The kinds of rows staged. */
export type StagedKind = 'transactions' | 'balanceSnapshots';

/** Creates the staging table of this transaction (dropped when it ends). */
export async function createRestoreStaging(db: Executor): Promise<void> {
  await db.execute(sql`
    create temporary table restore_staging (
      kind text not null,
      seq integer not null,
      old_id text,
      account_id text not null,
      doc jsonb not null,
      primary key (kind, seq)
    ) on commit drop`);
}

/** Adds checked rows (their index in the export's list as `seq`). */
export async function stageRows(
  db: Executor,
  rows: readonly { kind: StagedKind; seq: number; doc: { id?: string; accountId: string } }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into restore_staging (kind, seq, old_id, account_id, doc)
    select e->>'kind', (e->>'seq')::int, e->'doc'->>'id', e->'doc'->>'accountId', e->'doc'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`);
}

/**
 * Staged rows at fault, in document order, at most `max` of each kind of fault: a reference to an
 * account not in the export, or a transaction id seen before.
 */
export async function stagedIssues(
  db: Executor,
  accountIds: readonly string[],
  max: number,
): Promise<{ kind: StagedKind; seq: number; fault: 'account' | 'duplicate' }[]> {
  const accounts = `{${accountIds.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`;
  const result = await db.execute<{ kind: StagedKind; seq: number; fault: 'account' | 'duplicate' }>(sql`
    (select kind, seq, 'account' as fault from restore_staging
      where not (account_id = any(${accounts}::text[])) order by kind desc, seq limit ${max})
    union all
    (select kind, seq, 'duplicate' as fault from (
        select kind, seq, row_number() over (partition by old_id order by seq) as n
        from restore_staging where kind = 'transactions') d
      where n > 1 order by seq limit ${max})`);
  return result.rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/**
 * New ids for the staged transactions, handed out in the order of the old ones (so rows a listing
 * orders by id after the date come back in the same order): `count` random ids, sorted, matched by rank.
 */
export async function assignStagedTransactionIds(db: Executor): Promise<void> {
  await db.execute(sql`
    create temporary table restore_ids (old_id text primary key, new_id uuid not null) on commit drop`);
  await db.execute(sql`
    insert into restore_ids (old_id, new_id)
    select o.old_id, f.new_id
    from (select old_id, row_number() over (order by old_id::uuid) as rank
          from restore_staging where kind = 'transactions') o
    join (select new_id, row_number() over (order by new_id) as rank
          from (select gen_random_uuid() as new_id
                from generate_series(1, (select count(*) from restore_staging where kind = 'transactions'))) g) f
      using (rank)`);
  await db.execute(sql`analyze restore_staging`);
  await db.execute(sql`analyze restore_ids`);
}

/** The staged transactions after index `after` in document order, with their new ids. */
export async function readStagedTransactions<T>(
  db: Executor,
  after: number,
  limit: number,
): Promise<{ seq: number; newId: string; doc: T }[]> {
  const result = await db.execute<{ seq: number; new_id: string; doc: T }>(sql`
    select s.seq, i.new_id, s.doc from restore_staging s join restore_ids i on i.old_id = s.old_id
    where s.kind = 'transactions' and s.seq > ${after} order by s.seq limit ${limit}`);
  return result.rows.map((row) => ({ seq: Number(row.seq), newId: row.new_id, doc: row.doc }));
}

/** The staged daily balances after index `after` in document order. */
export async function readStagedSnapshots<T>(
  db: Executor,
  after: number,
  limit: number,
): Promise<{ seq: number; doc: T }[]> {
  const result = await db.execute<{ seq: number; doc: T }>(sql`
    select seq, doc from restore_staging
    where kind = 'balanceSnapshots' and seq > ${after} order by seq limit ${limit}`);
  return result.rows.map((row) => ({ seq: Number(row.seq), doc: row.doc }));
}
