import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { categorizationRule, transaction } from '../schema/index';
import type { Executor } from './sync';

export type CategorizationRuleRow = typeof categorizationRule.$inferSelect;

export type RuleFields = {
  priority: number;
  conditions: Record<string, unknown>;
  actions: Record<string, unknown>;
  enabled: boolean;
};

/** The user's rules in the order they run: ascending priority, then id. */
export function listCategorizationRules(db: Executor, userId: string): Promise<CategorizationRuleRow[]> {
  return db
    .select()
    .from(categorizationRule)
    .where(eq(categorizationRule.userId, userId))
    .orderBy(asc(categorizationRule.priority), asc(categorizationRule.id));
}

export async function insertCategorizationRule(
  db: Executor,
  userId: string,
  fields: RuleFields,
): Promise<CategorizationRuleRow> {
  const [row] = await db
    .insert(categorizationRule)
    .values({ userId, ...fields })
    .returning();
  if (!row) throw new Error('rule insert returned no row');
  return row;
}

/** The user's rule with exactly these conditions (JSON equality), if any. */
export async function findRuleByConditions(
  db: Executor,
  userId: string,
  conditions: Record<string, unknown>,
): Promise<CategorizationRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(categorizationRule)
    .where(
      and(
        eq(categorizationRule.userId, userId),
        sql`${categorizationRule.conditions} = ${JSON.stringify(conditions)}::jsonb`,
      ),
    )
    .orderBy(asc(categorizationRule.createdAt))
    .limit(1);
  return row;
}

export async function updateCategorizationRule(
  db: Executor,
  userId: string,
  ruleId: string,
  fields: RuleFields,
): Promise<CategorizationRuleRow | undefined> {
  const [row] = await db
    .update(categorizationRule)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(categorizationRule.userId, userId), eq(categorizationRule.id, ruleId)))
    .returning();
  return row;
}

export async function deleteCategorizationRule(
  db: Executor,
  userId: string,
  ruleId: string,
): Promise<boolean> {
  const rows = await db
    .delete(categorizationRule)
    .where(and(eq(categorizationRule.userId, userId), eq(categorizationRule.id, ruleId)))
    .returning({ id: categorizationRule.id });
  return rows.length > 0;
}

/** The user's rule with this id, if it is theirs. */
export async function findCategorizationRule(
  db: Executor,
  userId: string,
  ruleId: string,
): Promise<CategorizationRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(categorizationRule)
    .where(and(eq(categorizationRule.userId, userId), eq(categorizationRule.id, ruleId)))
    .limit(1);
  return row;
}

/**
 * Gives the user's rules the priorities `priorities` (rule id → priority) in one statement. Returns how
 * many rows were written; the caller checks it equals the number of ids (inside its transaction).
 */
export async function setRulePriorities(
  db: Executor,
  userId: string,
  priorities: ReadonlyMap<string, number>,
): Promise<number> {
  if (priorities.size === 0) return 0;
  const pairs = JSON.stringify([...priorities].map(([id, priority]) => ({ id, priority })));
  const result = await db.execute(sql`
    update categorization_rule r set priority = p.priority, updated_at = now()
    from jsonb_to_recordset(${pairs}::jsonb) as p(id uuid, priority int)
    where r.id = p.id and r.user_id = ${userId}`);
  return result.rowCount ?? 0;
}

/** The texts rules look at, once per distinct (original name, merchant name) of the user's transactions. */
export type RuleText = { originalName: string; merchantName: string };

/** Distinct (original name, merchant name) pairs of the user's transactions ('' for no merchant). */
export async function distinctRuleTexts(
  db: Executor,
  userId: string,
  transactionIds?: readonly string[],
): Promise<RuleText[]> {
  const result = await db.execute<{ o: string; m: string }>(sql`
    select original_name as o, coalesce(merchant_name, '') as m from "transaction"
    where user_id = ${userId}${idsCondition(transactionIds)}
    group by 1, 2`);
  return result.rows.map((row) => ({ originalName: row.o, merchantName: row.m }));
}

/**
 * A rule as SQL data: the conditions SQL checks exactly (amounts, direction, accounts, currency) and the
 * actions. Text conditions are checked in TypeScript by the domain's matcher (accent folding, merchant
 * keys), once per distinct text, and arrive as `textPairs`.
 */
export type SqlRule = {
  /** Position in run order (0 runs first). */
  ord: number;
  hasText: boolean;
  amountMinMinor: number | null;
  amountMaxMinor: number | null;
  direction: 'in' | 'out' | null;
  accountIds: string[] | null;
  currency: string | null;
  category: string | null;
  detailed: string | null;
  rename: string | null;
  markTransfer: boolean | null;
  exclude: boolean | null;
};

/** A distinct text and the `ord`s of the text rules whose text conditions it meets. */
export type RuleTextMatch = RuleText & { rules: number[] };

export type RuleRun = {
  rules: readonly SqlRule[];
  textMatches: readonly RuleTextMatch[];
  /** Only these transactions (new rows from a sync or an import); all of the user's when omitted. */
  transactionIds?: readonly string[];
};

function idsCondition(transactionIds: readonly string[] | undefined): SQL {
  if (!transactionIds) return sql``;
  return sql` and id = any(${`{${transactionIds.join(',')}}`}::uuid[])`;
}

/**
 * Each transaction of the run with the first rule (lowest `ord`) it matches and what that rule makes of
 * it. Used by applyRuleRun (update) and countRuleRunMatches (preview).
 */
function matchedSql(userId: string, run: RuleRun): SQL {
  const rules = JSON.stringify(
    run.rules.map((rule) => ({
      ord: rule.ord,
      has_text: rule.hasText,
      amount_min: rule.amountMinMinor,
      amount_max: rule.amountMaxMinor,
      direction: rule.direction,
      account_ids: rule.accountIds,
      currency: rule.currency,
      category: rule.category,
      detailed: rule.detailed,
      rename: rule.rename,
      mark_transfer: rule.markTransfer,
      exclude: rule.exclude,
    })),
  );
  const pairs = JSON.stringify(
    run.textMatches.map((match) => ({ o: match.originalName, m: match.merchantName, r: match.rules })),
  );
  // Rows whose text meets no text rule can only match rules without text conditions.
  const join = run.rules.some((rule) => !rule.hasText) ? sql`left join` : sql`join`;
  const ids = run.transactionIds
    ? sql` and t.id = any(${`{${run.transactionIds.join(',')}}`}::uuid[])`
    : sql``;
  return sql`
    rules as materialized (
      select * from jsonb_to_recordset(${rules}::jsonb) as r(
        ord int, has_text boolean, amount_min bigint, amount_max bigint, direction text, account_ids text[],
        currency text, category text, detailed text, rename text, mark_transfer boolean, exclude boolean)
    ),
    pairs as materialized (
      select * from jsonb_to_recordset(${pairs}::jsonb) as p(o text, m text, r int[])
    ),
    matched as materialized (
      select t.id, w.ord,
        coalesce(w.category, case when w.mark_transfer then 'TRANSFER' end) as target,
        w.detailed, w.rename, w.mark_transfer, w.exclude,
        t.category, t.category_source, t.category_confidence, t.detailed_category, t.name, t.excluded
      from "transaction" t
      ${join} pairs p on p.o = t.original_name and p.m = coalesce(t.merchant_name, '')
      cross join lateral (
        select r.* from rules r
        where (not r.has_text or r.ord = any(p.r))
          and (r.amount_min is null or abs(t.amount_minor) >= r.amount_min)
          and (r.amount_max is null or abs(t.amount_minor) <= r.amount_max)
          and (r.direction is null or (r.direction = 'in' and t.amount_minor > 0)
               or (r.direction = 'out' and t.amount_minor < 0))
          and (r.account_ids is null or t.account_id::text = any(r.account_ids))
          and (r.currency is null or upper(t.currency) = r.currency)
        order by r.ord
        limit 1
      ) w
      where t.user_id = ${userId}${ids}
    ),
    outcome as (
      select id, ord,
        case when category_source = 'user' or target is null then category else target end as category,
        case when category_source = 'user' or target is null then category_source else 'rule' end as category_source,
        case when category_source = 'user' or target is null then category_confidence else 1 end::real
          as category_confidence,
        case
          when category_source = 'user' then detailed_category
          when detailed is not null then detailed
          when target is null then detailed_category
          when starts_with(coalesce(detailed_category, ''), target || '_') then detailed_category
        end as detailed_category,
        coalesce(rename, name) as name,
        coalesce(exclude, case when mark_transfer then true end, excluded) as excluded
      from matched
    )`;
}

/**
 * Applies the rules to the run's transactions in one statement: each row takes the actions of the first
 * rule it matches; a category set by hand (category_source 'user') is never replaced. Rows that would not
 * change are not written. Returns how many rows changed and, per rule `ord`, how many rows it won.
 */
export async function applyRuleRun(
  db: Executor,
  userId: string,
  run: RuleRun,
): Promise<{ changed: number; wonByOrd: Map<number, number> }> {
  if (run.rules.length === 0 || run.transactionIds?.length === 0) return { changed: 0, wonByOrd: new Map() };
  const result = await db.execute<{ changed: number; won: Record<string, number> | null }>(sql`
    with ${matchedSql(userId, run)},
    updated as (
      update "transaction" t set
        category = o.category,
        category_source = o.category_source,
        category_confidence = o.category_confidence,
        detailed_category = o.detailed_category,
        name = o.name,
        excluded = o.excluded,
        updated_at = now()
      from outcome o
      where t.id = o.id and t.user_id = ${userId}
        and (t.category, t.category_source, t.category_confidence, t.detailed_category, t.name, t.excluded)
          is distinct from
            (o.category, o.category_source, o.category_confidence, o.detailed_category, o.name, o.excluded)
      returning 1
    )
    select (select count(*) from updated)::int as changed,
           (select jsonb_object_agg(ord, n) from (select ord, count(*)::int as n from matched group by ord) w) as won`);
  const row = result.rows[0];
  const wonByOrd = new Map(Object.entries(row?.won ?? {}).map(([ord, n]) => [Number(ord), Number(n)]));
  return { changed: row?.changed ?? 0, wonByOrd };
}

/**
 * Per rule `ord`, how many of the run's transactions it is the first matching rule for, without
 * changing anything (the "matched" count of the rules list).
 */
export async function countRuleRunWins(
  db: Executor,
  userId: string,
  run: RuleRun,
): Promise<Map<number, number>> {
  if (run.rules.length === 0 || run.transactionIds?.length === 0) return new Map();
  const result = await db.execute<{ ord: number; n: number }>(sql`
    with ${matchedSql(userId, run)}
    select ord, count(*)::int as n from matched group by ord`);
  return new Map(result.rows.map((row) => [Number(row.ord), Number(row.n)]));
}

/** How many of the run's transactions the rules match (the "apply to N similar" preview). */
export async function countRuleRunMatches(db: Executor, userId: string, run: RuleRun): Promise<number> {
  if (run.rules.length === 0 || run.transactionIds?.length === 0) return 0;
  const result = await db.execute<{ count: number }>(sql`
    with ${matchedSql(userId, run)}
    select count(*)::int as count from matched`);
  return result.rows[0]?.count ?? 0;
}

/** The fields of one of the user's transactions that rules look at. */
export async function findRuleExample(db: Executor, userId: string, transactionId: string) {
  const [row] = await db
    .select({
      id: transaction.id,
      originalName: transaction.originalName,
      merchantName: transaction.merchantName,
      amountMinor: transaction.amountMinor,
      currency: transaction.currency,
      accountId: transaction.accountId,
      category: transaction.category,
      categorySource: transaction.categorySource,
    })
    .from(transaction)
    .where(and(eq(transaction.userId, userId), eq(transaction.id, transactionId)))
    .limit(1);
  return row;
}
