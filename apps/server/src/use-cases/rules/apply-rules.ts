import {
  applyRuleRun,
  distinctRuleTexts,
  listCategorizationRules,
  type Executor,
  type RuleTextMatch,
  type SqlRule,
} from '@lodestar/db';
import {
  matchesConditions,
  sortRules,
  truncateTransactionName,
  type CategorizationRule,
  type RuleConditions,
} from '@lodestar/domain';
import { toDomainRule } from './rule-view';

/** The conditions on text; checked by the domain's matcher, once per distinct text. */
function textConditions(conditions: RuleConditions): RuleConditions | undefined {
  const { nameContains, merchantEquals, nameMatches } = conditions;
  const text: RuleConditions = {};
  if (nameContains !== undefined) text.nameContains = nameContains;
  if (merchantEquals !== undefined) text.merchantEquals = merchantEquals;
  if (nameMatches !== undefined) text.nameMatches = nameMatches;
  return Object.keys(text).length > 0 ? text : undefined;
}

/** A domain rule as SQL data: the exact conditions SQL checks, and the actions. */
export function toSqlRule(rule: CategorizationRule, ord: number): SqlRule {
  const { conditions: c, actions: a } = rule;
  return {
    ord,
    hasText: textConditions(c) !== undefined,
    amountMinMinor: c.amountMinMinor ?? null,
    amountMaxMinor: c.amountMaxMinor ?? null,
    direction: c.direction ?? null,
    accountIds: c.accountIds?.map((id) => id.toLowerCase()) ?? null,
    currency: c.currency?.trim().toUpperCase() ?? null,
    category: a.category ?? null,
    detailed: a.detailed ?? null,
    rename: a.rename?.trim() ? truncateTransactionName(a.rename.trim()) : null,
    markTransfer: a.markTransfer === true ? true : null,
    exclude: a.exclude ?? null,
  };
}

/**
 * For each distinct (original name, merchant) of the run, which rules' text conditions it meets. Rules
 * look at the name as the provider sent it (original_name), not a rule's or the user's rename.
 */
export async function textMatchesFor(
  db: Executor,
  userId: string,
  rules: readonly CategorizationRule[],
  transactionIds?: readonly string[],
): Promise<RuleTextMatch[]> {
  const textRules = rules.flatMap((rule, ord) => {
    const text = textConditions(rule.conditions);
    return text ? [{ ord, text }] : [];
  });
  if (textRules.length === 0) return [];
  const texts = await distinctRuleTexts(db, userId, transactionIds);
  const matches: RuleTextMatch[] = [];
  for (const text of texts) {
    const candidate = {
      id: '',
      name: text.originalName,
      merchantName: text.merchantName || null,
      amountMinor: 0,
      currency: '',
      accountId: '',
    };
    const ords = textRules.filter((rule) => matchesConditions(candidate, rule.text)).map((rule) => rule.ord);
    if (ords.length > 0) matches.push({ ...text, rules: ords });
  }
  return matches;
}

export type RulesApplied = {
  /** Transactions whose fields changed. */
  changed: number;
  /** Per rule id, how many of the transactions it is the first matching rule for. */
  matchedByRule: Map<string, number>;
};

/**
 * Runs the user's enabled rules over their transactions — the given ones (new rows from a sync or an
 * import), or all of them — in one UPDATE statement: each transaction takes the actions of the first
 * rule it matches (ascending priority, then id); a category the user chose by hand is never replaced
 * (the rule's other actions still apply). Text conditions are matched by the domain's rules
 * (accent-insensitive, merchant keys), once per distinct name; amounts, direction, accounts and currency
 * in SQL. Safe inside the caller's database transaction.
 */
export async function applyRulesToTransactions(
  db: Executor,
  userId: string,
  transactionIds?: readonly string[],
): Promise<RulesApplied> {
  const rows = await listCategorizationRules(db, userId);
  const rules = sortRules(
    rows.flatMap((row) => {
      const rule = row.enabled ? toDomainRule(row) : undefined;
      return rule ? [rule] : [];
    }),
  );
  if (rules.length === 0 || transactionIds?.length === 0) return { changed: 0, matchedByRule: new Map() };
  const textMatches = await textMatchesFor(db, userId, rules, transactionIds);
  const { changed, wonByOrd } = await applyRuleRun(db, userId, {
    rules: rules.map(toSqlRule),
    textMatches,
    ...(transactionIds ? { transactionIds } : {}),
  });
  return { changed, matchedByRule: new Map(rules.map((rule, ord) => [rule.id, wonByOrd.get(ord) ?? 0])) };
}
