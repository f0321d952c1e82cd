import {
  findRuleByConditions,
  insertCategorizationRule,
  updateCategorizationRule,
  type Database,
} from '@lodestar/db';
import { DEFAULT_RULE_PRIORITY } from '@lodestar/domain';
import { applyRulesToTransactions } from './apply-rules';
import { toRuleView, type RuleView } from './rule-view';
import { validRule } from './validate-rule';

export { RULE_ACCOUNT_NOT_FOUND } from './validate-rule';

/** POST /rules body: the domain's rule; `id` is the server's to choose, priority and enabled have defaults. */
export type RuleInput = {
  id?: string;
  priority?: number;
  conditions: unknown;
  actions: unknown;
  enabled?: boolean;
};

/**
 * Saves a rule and applies the user's rules to all their existing transactions, in one database
 * transaction. A rule with exactly the same conditions as an existing one replaces it (choosing a new
 * category for "similar transactions" twice keeps one rule). `applied` counts the transactions this rule
 * now decides (it matches them before any other rule).
 */
export async function createRule(options: {
  db: Database;
  userId: string;
  input: RuleInput;
}): Promise<{ rule: RuleView; applied: number; created: boolean }> {
  const { db, userId, input } = options;
  const { priority, conditions, actions, enabled } = await validRule(db, userId, {
    id: 'new',
    priority: input.priority ?? DEFAULT_RULE_PRIORITY,
    enabled: input.enabled ?? true,
    conditions: input.conditions,
    actions: input.actions,
  });
  return db.transaction(async (tx) => {
    const fields = { priority, conditions, actions, enabled };
    const existing = await findRuleByConditions(tx, userId, conditions);
    const row = existing
      ? await updateCategorizationRule(tx, userId, existing.id, fields)
      : await insertCategorizationRule(tx, userId, fields);
    if (!row) throw new Error('rule save returned no row');
    const { matchedByRule } = await applyRulesToTransactions(tx, userId);
    return { rule: toRuleView(row), applied: matchedByRule.get(row.id) ?? 0, created: !existing };
  });
}
