import { z } from 'zod';
import { TRANSACTION_CATEGORY_VALUES, type TransactionCategory } from '../categories';
import { LIMITS } from '../constants';
import { truncateTransactionName } from '../formatting';
import { normalizeMerchant } from './merchant';
import { compareText, foldText } from './text';
import { hasWildcardText, matchesWildcard, WILDCARD_PATTERN_MAX_LENGTH } from './wildcard';

/**
 * User categorization rules ("always put SQ *BLUE BOTTLE under Food & Dining").
 *
 * Conditions all have to hold (AND); a rule without any condition never matches. Text conditions are
 * case- and accent-insensitive. Amount bounds are inclusive, on the absolute amount in minor units of the
 * transaction's own currency — so a rule with amount bounds must name its currency. Direction follows the
 * sign convention: 'in' = positive (money into the account), 'out' = negative; a zero amount is neither.
 *
 * Rules run in ascending `priority`, ties by `id` (code-unit order); disabled rules are skipped; the
 * FIRST matching rule wins and only its actions apply (rules never combine). A category the user set by
 * hand on a transaction is never overridden: its category and detailed code stay, the other actions of
 * the winning rule still apply. Store a rule's category as the transaction's category with confidence 1
 * (USER_CATEGORY_CONFIDENCE), not as its user category, so that editing the rules can change it again.
 */

/** What a rule looks at. At least one condition is required. */
export type RuleConditions = {
  /** The name contains this text. */
  nameContains?: string;
  /** The merchant key (normalizeMerchant) of the merchant name or the name equals this key. */
  merchantEquals?: string;
  /** The whole name matches this pattern: plain text with '*' wildcards only (no regular expressions). */
  nameMatches?: string;
  /** Absolute amount ≥ this, in minor units (inclusive). */
  amountMinMinor?: number;
  /** Absolute amount ≤ this, in minor units (inclusive). */
  amountMaxMinor?: number;
  /** 'in' = money into the account (amount > 0), 'out' = money out (amount < 0). */
  direction?: 'in' | 'out';
  /** The transaction is on one of these accounts. */
  accountIds?: string[];
  /** ISO-4217 code of the transaction; required with amount bounds. */
  currency?: string;
};

/** What a matching rule does. At least one action is required. */
export type RuleActions = {
  category?: TransactionCategory;
  /** A detailed code shown by the wider display map, e.g. 'FOOD_AND_DRINK_COFFEE'. */
  detailed?: string;
  /** New display name, at most 50 characters (spec §5). */
  rename?: string;
  markTransfer?: boolean;
  /** Leave the transaction out of spending and income totals. */
  exclude?: boolean;
};

/** A user's categorization rule. */
export type CategorizationRule = {
  id: string;
  /** Lower runs first. */
  priority: number;
  conditions: RuleConditions;
  actions: RuleActions;
  enabled: boolean;
};

/** The transaction fields rules look at. */
export type RuleTransaction = {
  id: string;
  /** The name as the provider sent it (not a rule's rename). */
  name: string;
  /** The provider's clean merchant name, when it sends one. */
  merchantName?: string | null;
  /** Signed minor units: positive = money into the account. */
  amountMinor: number;
  currency: string;
  accountId: string;
  /** A category the user set by hand on this transaction; rules never change it. */
  userCategory?: TransactionCategory | null;
};

/** The winning rule's id and the changes to make (category/detailed left out for a hand-set category). */
export type RuleOutcome = { ruleId: string; changes: RuleActions };

/** Priority given to rules made by ruleFromExample unless the caller chooses one. */
export const DEFAULT_RULE_PRIORITY = 100;

export const RULE_MESSAGES = {
  idRequired: 'Rule id is required',
  priorityInteger: 'Priority must be a whole number',
  conditionRequired: 'Add at least one condition',
  actionRequired: 'Add at least one action',
  textRequired: 'Enter some text',
  textTooLong: `Text must be at most ${WILDCARD_PATTERN_MAX_LENGTH} characters`,
  patternNeedsText: 'A pattern needs some text besides *',
  merchantKey:
    "Use the merchant key: lower-case words separated by single spaces (e.g. 'blue bottle coffee')",
  amountWhole: 'Amounts are whole minor units (e.g. cents) and not negative',
  amountRange: 'The minimum amount must not exceed the maximum amount',
  amountCurrency: 'Choose a currency for the amount range',
  currency: 'Currency must be a three-letter ISO code such as USD',
  accountsRequired: 'Choose at least one account',
  direction: "Direction must be 'in' or 'out'",
  category: 'Choose one of the transaction categories',
  detailed: 'Detailed category must be an upper-case code such as FOOD_AND_DRINK_COFFEE',
  renameRequired: 'The new name must not be empty',
  renameTooLong: `The new name must be at most ${LIMITS.transactionNameLimit} characters`,
} as const;

const text = z
  .string()
  .trim()
  .min(1, RULE_MESSAGES.textRequired)
  .max(WILDCARD_PATTERN_MAX_LENGTH, RULE_MESSAGES.textTooLong);
const amount = z
  .number()
  .int(RULE_MESSAGES.amountWhole)
  .min(0, RULE_MESSAGES.amountWhole)
  .max(Number.MAX_SAFE_INTEGER);

const conditionsSchema = z
  .object({
    nameContains: text.optional(),
    merchantEquals: text
      .refine((key) => key === key.toLowerCase() && !/\s{2,}/.test(key), RULE_MESSAGES.merchantKey)
      .optional(),
    nameMatches: text.refine(hasWildcardText, RULE_MESSAGES.patternNeedsText).optional(),
    amountMinMinor: amount.optional(),
    amountMaxMinor: amount.optional(),
    direction: z.enum(['in', 'out'], RULE_MESSAGES.direction).optional(),
    accountIds: z.array(z.string().min(1)).min(1, RULE_MESSAGES.accountsRequired).optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, RULE_MESSAGES.currency)
      .transform((code) => code.toUpperCase())
      .optional(),
  })
  .strict()
  .superRefine((conditions, ctx) => {
    if (!Object.values(conditions).some((value) => value !== undefined)) {
      ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.conditionRequired });
    }
    const { amountMinMinor: min, amountMaxMinor: max } = conditions;
    if (min !== undefined && max !== undefined && min > max) {
      ctx.addIssue({ code: 'custom', path: ['amountMinMinor'], message: RULE_MESSAGES.amountRange });
    }
    if ((min !== undefined || max !== undefined) && conditions.currency === undefined) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: RULE_MESSAGES.amountCurrency });
    }
  });

const actionsSchema = z
  .object({
    category: z
      .enum(TRANSACTION_CATEGORY_VALUES as [TransactionCategory, ...TransactionCategory[]], {
        message: RULE_MESSAGES.category,
      })
      .optional(),
    detailed: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{0,99}$/, RULE_MESSAGES.detailed)
      .optional(),
    rename: z
      .string()
      .trim()
      .min(1, RULE_MESSAGES.renameRequired)
      .refine((name) => [...name].length <= LIMITS.transactionNameLimit, RULE_MESSAGES.renameTooLong)
      .optional(),
    markTransfer: z.boolean().optional(),
    exclude: z.boolean().optional(),
  })
  .strict()
  .superRefine((actions, ctx) => {
    if (!Object.values(actions).some((value) => value !== undefined)) {
      ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.actionRequired });
    }
  });

/**
 * Validates a CategorizationRule: non-empty id, whole-number priority, at least one condition and one
 * action, amounts whole non-negative minor units with min ≤ max and a currency, a non-empty account
 * list, a pattern with some text besides '*', a merchant key in key form, a rename of 1–50 characters
 * (trimmed), a known category. Text is trimmed, the currency upper-cased. Unknown keys are refused.
 */
export const categorizationRuleSchema = z
  .object({
    id: z.string().trim().min(1, RULE_MESSAGES.idRequired),
    priority: z.number().int(RULE_MESSAGES.priorityInteger),
    conditions: conditionsSchema,
    actions: actionsSchema,
    enabled: z.boolean(),
  })
  .strict() satisfies z.ZodType<CategorizationRule>;

/** Rules in the order they run: ascending priority, then id (code-unit order, locale-independent). */
export function sortRules<T extends Pick<CategorizationRule, 'id' | 'priority'>>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => a.priority - b.priority || compareText(a.id, b.id));
}

/**
 * Priorities that make rules run in the order of `ids` (first match wins): consecutive whole numbers
 * ending just below DEFAULT_RULE_PRIORITY, so a rule saved later with the default priority (from "apply
 * to similar transactions") runs after every rule the user put in order. Negative for more than 100 rules.
 */
export function prioritiesInOrder(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, index) => [id, DEFAULT_RULE_PRIORITY - ids.length + index]));
}

/** Whether every condition of `conditions` holds for `tx` (false when there is no condition at all). */
export function matchesConditions(tx: RuleTransaction, conditions: RuleConditions): boolean {
  let checked = 0;
  const check = (holds: boolean): boolean => {
    checked += 1;
    return holds;
  };
  const size = Math.abs(tx.amountMinor);
  const {
    nameContains,
    merchantEquals,
    nameMatches,
    amountMinMinor,
    amountMaxMinor,
    direction,
    accountIds,
    currency,
  } = conditions;
  if (nameContains !== undefined && !check(foldText(tx.name).includes(foldText(nameContains)))) return false;
  if (merchantEquals !== undefined && !check(merchantKeysOf(tx).includes(foldText(merchantEquals))))
    return false;
  if (nameMatches !== undefined && !check(matchesWildcard(tx.name, nameMatches))) return false;
  if (amountMinMinor !== undefined && !check(size >= amountMinMinor)) return false;
  if (amountMaxMinor !== undefined && !check(size <= amountMaxMinor)) return false;
  if (direction !== undefined && !check(direction === 'in' ? tx.amountMinor > 0 : tx.amountMinor < 0)) {
    return false;
  }
  if (accountIds !== undefined && !check(accountIds.includes(tx.accountId))) return false;
  if (currency !== undefined && !check(currency.trim().toUpperCase() === tx.currency.trim().toUpperCase())) {
    return false;
  }
  return checked > 0;
}

/** The merchant key a transaction is grouped by: of its merchant name when the provider sent one, else of its name. */
export function merchantKeyOf(tx: Pick<RuleTransaction, 'name' | 'merchantName'>): string {
  return normalizeMerchant(tx.merchantName?.trim() ? tx.merchantName : tx.name);
}

/** Both keys a transaction answers to (merchant name and name), without empties or duplicates. */
function merchantKeysOf(tx: Pick<RuleTransaction, 'name' | 'merchantName'>): string[] {
  const keys = [normalizeMerchant(tx.merchantName), normalizeMerchant(tx.name)].filter(Boolean);
  return [...new Set(keys)];
}

/**
 * The changes the first matching enabled rule makes to `tx` (see the module notes: priority then id,
 * first match wins), or null when no rule matches. A hand-set `userCategory` keeps the rule's category
 * and detailed code out of the changes; the rule still wins (later rules do not run). A rename longer
 * than 50 characters (an unvalidated rule) is cut to 47 + '...'.
 */
export function applyRules(tx: RuleTransaction, rules: readonly CategorizationRule[]): RuleOutcome | null {
  const winner = sortRules(rules.filter((rule) => rule.enabled)).find((rule) =>
    matchesConditions(tx, rule.conditions),
  );
  if (!winner) return null;
  const changes: RuleActions = {};
  const { category, detailed, rename, markTransfer, exclude } = winner.actions;
  if (!tx.userCategory) {
    if (category !== undefined) changes.category = category;
    if (detailed !== undefined) changes.detailed = detailed;
  }
  if (rename !== undefined && rename.trim()) changes.rename = truncateTransactionName(rename.trim());
  if (markTransfer !== undefined) changes.markTransfer = markTransfer;
  if (exclude !== undefined) changes.exclude = exclude;
  return { ruleId: winner.id, changes };
}

/** What the user chose on the example transaction for "apply to similar transactions". */
export type ExampleChoice = {
  category: TransactionCategory;
  rename?: string;
  /** Defaults to a stable id made from the direction and merchant key (same example → same id). */
  id?: string;
  /** Defaults to DEFAULT_RULE_PRIORITY. */
  priority?: number;
};

/**
 * A rule for "apply to similar transactions": same merchant key (merchantKeyOf) and same direction
 * (a refund of a purchase is not recategorised with it; a zero amount sets no direction), on any
 * account, in any currency, at any amount. When the name yields no key, the rule matches the name
 * instead (nameContains); with no name at all it throws RangeError. A rename over 50 characters is cut
 * to 47 + '...'.
 */
export function ruleFromExample(tx: RuleTransaction, choice: ExampleChoice): CategorizationRule {
  const key = merchantKeyOf(tx);
  if (!key && !tx.name.trim()) throw new RangeError('A transaction without a name cannot be an example');
  const direction = tx.amountMinor > 0 ? 'in' : tx.amountMinor < 0 ? 'out' : undefined;
  const conditions: RuleConditions = key ? { merchantEquals: key } : { nameContains: tx.name.trim() };
  if (direction) conditions.direction = direction;
  const actions: RuleActions = { category: choice.category };
  if (choice.rename?.trim()) actions.rename = truncateTransactionName(choice.rename.trim());
  return {
    id: choice.id ?? `similar:${direction ?? 'any'}:${key || foldText(tx.name)}`,
    priority: choice.priority ?? DEFAULT_RULE_PRIORITY,
    conditions,
    actions,
    enabled: true,
  };
}

/**
 * Ids of the transactions a rule (or bare conditions) matches, in input order — the preview count of
 * "apply to N similar transactions". The rule's `enabled` flag is ignored here. Transactions with a
 * hand-set category are included (the rule's other actions still reach them); filter on `userCategory`
 * to count only those whose category would change.
 */
export function findSimilar(
  txs: readonly RuleTransaction[],
  example: CategorizationRule | RuleConditions,
): string[] {
  const conditions = 'actions' in example ? example.conditions : example;
  return txs.filter((tx) => matchesConditions(tx, conditions)).map((tx) => tx.id);
}
