import { findRuleByConditions, ownedAccountIds, type Executor } from '@lodestar/db';
import { categorizationRuleSchema, validationItems, type CategorizationRule } from '@lodestar/domain';
import { AppError } from '../../http/app-error';

export const RULE_ACCOUNT_NOT_FOUND = 'One of these accounts was not found';
export const RULE_SAME_CONDITIONS = 'Another rule already has exactly these conditions';

/**
 * A rule as the domain validates it (400 with field messages otherwise), whose accounts are all the
 * user's (400 on conditions.accountIds otherwise: a foreign account is not told apart from a missing one).
 */
export async function validRule(
  db: Executor,
  userId: string,
  candidate: Record<string, unknown>,
): Promise<CategorizationRule> {
  const parsed = categorizationRuleSchema.safeParse(candidate);
  if (!parsed.success) throw AppError.validation(validationItems(parsed.error.issues));
  const { accountIds } = parsed.data.conditions;
  if (accountIds) {
    const owned = await ownedAccountIds(db, userId, accountIds);
    if (owned.length !== new Set(accountIds).size) {
      throw AppError.validation([
        { field: 'conditions.accountIds', message: RULE_ACCOUNT_NOT_FOUND, code: 'not_found' },
      ]);
    }
  }
  return parsed.data;
}

/** 400 when another of the user's rules has exactly these conditions (it would shadow or be shadowed). */
export async function assertConditionsFree(
  db: Executor,
  userId: string,
  ruleId: string,
  conditions: CategorizationRule['conditions'],
): Promise<void> {
  const other = await findRuleByConditions(db, userId, conditions);
  if (other && other.id !== ruleId) {
    throw AppError.validation([{ field: 'conditions', message: RULE_SAME_CONDITIONS, code: 'duplicate' }]);
  }
}
