import type { CategorizationRuleRow } from '@lodestar/db';
import {
  categorizationRuleSchema,
  type CategorizationRule,
  type RuleActions,
  type RuleConditions,
} from '@lodestar/domain';

/** A rule as the API shows it: the domain's CategorizationRule plus timestamps. */
export type RuleView = CategorizationRule & { createdAt: string; updatedAt: string };

export function toRuleView(row: CategorizationRuleRow): RuleView {
  return {
    id: row.id,
    priority: row.priority,
    conditions: row.conditions as RuleConditions,
    actions: row.actions as RuleActions,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored rule as a domain rule, or undefined when it no longer passes validation (never applied). */
export function toDomainRule(row: CategorizationRuleRow): CategorizationRule | undefined {
  const parsed = categorizationRuleSchema.safeParse({
    id: row.id,
    priority: row.priority,
    conditions: row.conditions,
    actions: row.actions,
    enabled: row.enabled,
  });
  return parsed.success ? parsed.data : undefined;
}
