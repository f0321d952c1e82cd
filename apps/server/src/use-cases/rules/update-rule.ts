import { findCategorizationRule, isUuid, updateCategorizationRule, type Database } from '@lodestar/db';
import { AppError } from '../../http/app-error';
import { toRuleView, type RuleView } from './rule-view';
import { assertConditionsFree, validRule } from './validate-rule';

export const RULE_NOT_FOUND = 'Rule not found';

/** PATCH /rules/{id} body: the fields to change; conditions and actions are replaced as a whole. */
export type RulePatch = {
  priority?: number | undefined;
  conditions?: unknown;
  actions?: unknown;
  enabled?: boolean | undefined;
};

/**
 * Changes one of the user's rules (404 for an id that is not theirs). The result is validated as a
 * whole like a new rule (400 with field messages); a rule may not take the exact conditions of another
 * of the user's rules. Only the rule is saved: existing transactions change when the user runs the rules
 * on them (POST /rules/run), new ones from the next sync or import on.
 */
export async function updateRule(options: {
  db: Database;
  userId: string;
  ruleId: string;
  patch: RulePatch;
}): Promise<RuleView> {
  const { db, userId, ruleId, patch } = options;
  const existing = isUuid(ruleId) ? await findCategorizationRule(db, userId, ruleId) : undefined;
  if (!existing) throw AppError.notFound(RULE_NOT_FOUND);
  const rule = await validRule(db, userId, {
    id: existing.id,
    priority: patch.priority ?? existing.priority,
    enabled: patch.enabled ?? existing.enabled,
    conditions: patch.conditions === undefined ? existing.conditions : patch.conditions,
    actions: patch.actions === undefined ? existing.actions : patch.actions,
  });
  return db.transaction(async (tx) => {
    await assertConditionsFree(tx, userId, existing.id, rule.conditions);
    const { priority, conditions, actions, enabled } = rule;
    const row = await updateCategorizationRule(tx, userId, existing.id, {
      priority,
      conditions,
      actions,
      enabled,
    });
    if (!row) throw AppError.notFound(RULE_NOT_FOUND);
    return toRuleView(row);
  });
}
