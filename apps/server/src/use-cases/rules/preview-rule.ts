import { countRuleRunMatches, findRuleExample, isUuid, type Database } from '@lodestar/db';
import {
  isTransactionCategory,
  ruleFromExample,
  type CategorizationRule,
  type TransactionCategory,
} from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { TRANSACTION_NOT_FOUND } from '../transactions/update-transaction';
import { textMatchesFor, toSqlRule } from './apply-rules';

/**
 * "Apply to similar transactions": the rule the example transaction suggests (same merchant and
 * direction, domain ruleFromExample) and how many of the user's transactions it matches, the example
 * included. Nothing is saved; POST /rules with the returned rule saves and applies it.
 */
export async function previewRule(options: {
  db: Database;
  userId: string;
  transactionId: string;
  category: TransactionCategory;
  rename?: string;
}): Promise<{ rule: CategorizationRule; matching: number }> {
  const { db, userId, transactionId } = options;
  const example = isUuid(transactionId) ? await findRuleExample(db, userId, transactionId) : undefined;
  if (!example)
    throw AppError.validation([
      { field: 'transactionId', message: TRANSACTION_NOT_FOUND, code: 'not_found' },
    ]);
  const userCategory =
    example.categorySource === 'user' && example.category && isTransactionCategory(example.category)
      ? example.category
      : null;
  const rule = ruleFromExample(
    {
      id: example.id,
      name: example.originalName,
      merchantName: example.merchantName,
      amountMinor: example.amountMinor,
      currency: example.currency,
      accountId: example.accountId,
      userCategory,
    },
    { category: options.category, ...(options.rename ? { rename: options.rename } : {}) },
  );
  const matching = await countRuleRunMatches(db, userId, {
    rules: [toSqlRule(rule, 0)],
    textMatches: await textMatchesFor(db, userId, [rule]),
  });
  return { rule, matching };
}
