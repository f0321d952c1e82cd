import { isUuid, listCategorizationRules, setRulePriorities, type Database } from '@lodestar/db';
import { prioritiesInOrder } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { listRules, type ListedRule } from './list-rules';
import { RULE_NOT_FOUND } from './update-rule';

export const REORDER_MESSAGES = {
  duplicate: 'Each rule may appear only once',
  incomplete: 'List every one of your rules, in the order they should run',
} as const;

/**
 * Puts the user's rules in the order of `ids` (the first matching rule wins) by rewriting their
 * priorities (domain prioritiesInOrder), in one database transaction. `ids` must name every one of the
 * user's rules exactly once: an id that is not theirs is 404, a repeated or missing one 400; either way
 * nothing is written. Existing transactions change when the user runs the rules (POST /rules/run).
 */
export async function reorderRules(options: {
  db: Database;
  userId: string;
  ids: readonly string[];
}): Promise<ListedRule[]> {
  const { db, userId } = options;
  const ids = options.ids.map((id) => id.toLowerCase());
  return db.transaction(async (tx) => {
    const owned = new Set((await listCategorizationRules(tx, userId)).map((row) => row.id));
    if (ids.some((id) => !isUuid(id) || !owned.has(id)))
      throw AppError.validation([{ field: 'ids', message: RULE_NOT_FOUND, code: 'not_found' }]);
    if (new Set(ids).size !== ids.length) {
      throw AppError.validation([{ field: 'ids', message: REORDER_MESSAGES.duplicate, code: 'duplicate' }]);
    }
    if (ids.length !== owned.size) {
      throw AppError.validation([{ field: 'ids', message: REORDER_MESSAGES.incomplete, code: 'incomplete' }]);
    }
    const written = await setRulePriorities(tx, userId, prioritiesInOrder(ids));
    if (written !== ids.length) throw new Error('rule reorder wrote an unexpected number of rows');
    return listRules(tx, userId);
  });
}
