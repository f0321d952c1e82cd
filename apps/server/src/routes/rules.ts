import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCategorizationRule, isUuid } from '@lodestar/db';
import {
  LIMITS,
  RULE_MESSAGES,
  TRANSACTION_CATEGORY_VALUES,
  type TransactionCategory,
} from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { createRule } from '../use-cases/rules/create-rule';
import { listRules } from '../use-cases/rules/list-rules';
import { previewRule } from '../use-cases/rules/preview-rule';
import { reorderRules } from '../use-cases/rules/reorder-rules';
import { runRulesOnExisting } from '../use-cases/rules/run-rules';
import { RULE_NOT_FOUND, updateRule } from '../use-cases/rules/update-rule';

export { RULE_NOT_FOUND };

const tags = ['Rules'];

/** The most rules one reorder may name (far above what a person keeps). */
const MAX_REORDER_IDS = 1000;

const CategorySchema = z.enum(
  TRANSACTION_CATEGORY_VALUES as [TransactionCategory, ...TransactionCategory[]],
  {
    message: RULE_MESSAGES.category,
  },
);
const amountCondition = (description: string) =>
  z
    .number({ message: RULE_MESSAGES.amountWhole })
    .int(RULE_MESSAGES.amountWhole)
    .optional()
    .openapi({ description });

const RuleConditionsSchema = z
  .strictObject({
    nameContains: z
      .string()
      .optional()
      .openapi({ description: 'The name contains this text (any case, any accents)' }),
    merchantEquals: z
      .string()
      .optional()
      .openapi({ description: "The merchant key equals this (lower-case words, e.g. 'blue bottle coffee')" }),
    nameMatches: z
      .string()
      .optional()
      .openapi({ description: "The whole name matches this pattern ('*' wildcards)" }),
    amountMinMinor: amountCondition('Absolute amount ≥ this, in minor units; needs `currency`'),
    amountMaxMinor: amountCondition('Absolute amount ≤ this, in minor units; needs `currency`'),
    direction: z
      .enum(['in', 'out'], { message: RULE_MESSAGES.direction })
      .optional()
      .openapi({ description: "'in' = money into the account, 'out' = money out" }),
    accountIds: z.array(z.string()).optional().openapi({ description: 'On one of these of your accounts' }),
    currency: z.string().optional().openapi({ description: 'ISO-4217 code of the transaction' }),
  })
  .openapi('RuleConditions', { description: 'All must hold; at least one is required' });

const RuleActionsSchema = z
  .strictObject({
    category: CategorySchema.optional(),
    detailed: z
      .string()
      .optional()
      .openapi({ description: "Detailed category code, e.g. 'FOOD_AND_DRINK_COFFEE'" }),
    rename: z
      .string()
      .optional()
      .openapi({ description: `New display name, at most ${LIMITS.transactionNameLimit} characters` }),
    markTransfer: z
      .boolean()
      .optional()
      .openapi({ description: 'Mark as a transfer (and leave out of totals)' }),
    exclude: z.boolean().optional().openapi({ description: 'Leave out of spending and income totals' }),
  })
  .openapi('RuleActions', { description: 'What the first matching rule does; at least one is required' });

const ruleFields = {
  priority: z.number().int().openapi({ description: 'Lower runs first; ties by id' }),
  conditions: RuleConditionsSchema,
  actions: RuleActionsSchema,
  enabled: z.boolean(),
};

const SuggestedRuleSchema = z
  .object({
    id: z
      .string()
      .openapi({ description: 'Made from the example; the server chooses the id when it is saved' }),
    ...ruleFields,
  })
  .openapi('SuggestedRule');

const savedRuleFields = { id: z.string(), ...ruleFields, createdAt: z.string(), updatedAt: z.string() };

const RuleSchema = z.object(savedRuleFields).openapi('CategorizationRule');

const ListedRuleSchema = z
  .object({
    ...savedRuleFields,
    matched: z.number().int().nullable().openapi({
      description:
        'How many of your transactions this rule is the first match for today (null while it is turned off)',
    }),
  })
  .openapi('ListedRule');

const ruleBody = z.object({
  id: z.string().optional().openapi({ description: 'Ignored: the server chooses the id' }),
  priority: z.number().int().optional().openapi({ description: 'Lower runs first (default 100)' }),
  conditions: RuleConditionsSchema,
  actions: RuleActionsSchema,
  enabled: z.boolean().optional(),
});

const rulePatchBody = z.strictObject({
  priority: z.number().int(RULE_MESSAGES.priorityInteger).optional(),
  conditions: RuleConditionsSchema.optional().openapi({ description: 'Replaces all the conditions' }),
  actions: RuleActionsSchema.optional().openapi({ description: 'Replaces all the actions' }),
  enabled: z.boolean().optional(),
});

const reorderBody = z.object({
  ids: z
    .array(z.string())
    .max(MAX_REORDER_IDS, `At most ${MAX_REORDER_IDS} rules`)
    .openapi({ description: 'Every one of your rule ids, once each, in the order they should run' }),
});

const previewBody = z.object({
  transactionId: z.string(),
  category: z.enum(TRANSACTION_CATEGORY_VALUES as [TransactionCategory, ...TransactionCategory[]], {
    message: 'Choose one of the transaction categories',
  }),
  rename: z
    .string()
    .trim()
    .max(
      LIMITS.transactionNameLimit,
      `The new name must be at most ${LIMITS.transactionNameLimit} characters`,
    )
    .optional(),
});

const routes = {
  list: createRoute({
    method: 'get',
    path: '/rules',
    tags,
    security: COOKIE_AUTH,
    summary: 'Your categorization rules, in the order they run',
    description:
      'Each rule with `matched`: how many of your transactions it is the first matching rule for (first match wins).',
    responses: { 200: jsonResponse(z.object({ rules: z.array(ListedRuleSchema) }), 'The rules') },
  }),
  create: createRoute({
    method: 'post',
    path: '/rules',
    tags,
    security: COOKIE_AUTH,
    summary: 'Save a rule and apply it to your existing transactions',
    description:
      'The first matching rule (ascending priority) decides a transaction; a category you set by hand is never ' +
      'replaced. A rule with the same conditions as an existing one replaces it (200 instead of 201). `applied` ' +
      'is how many existing transactions this rule now decides.',
    request: { body: jsonBody(ruleBody) },
    responses: {
      201: jsonResponse(z.object({ rule: RuleSchema, applied: z.number().int() }), 'The new rule'),
      200: jsonResponse(z.object({ rule: RuleSchema, applied: z.number().int() }), 'The replaced rule'),
      400: { description: 'Validation failed' },
    },
  }),
  preview: createRoute({
    method: 'post',
    path: '/rules/preview',
    tags,
    security: COOKIE_AUTH,
    summary:
      '"Apply to similar transactions": the rule an example suggests and how many transactions it matches',
    request: { body: jsonBody(previewBody) },
    responses: {
      200: jsonResponse(
        z.object({ rule: SuggestedRuleSchema, matching: z.number().int() }),
        'The suggested rule (not saved)',
      ),
      400: { description: 'Validation failed (`transactionId` when it is not one of your transactions)' },
    },
  }),
  update: createRoute({
    method: 'patch',
    path: '/rules/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Change a rule (conditions and actions are replaced whole)',
    description:
      'The changed rule is validated as a whole, like a new one. Existing transactions change when you run the ' +
      'rules on them (POST /rules/run); new ones from the next sync or import on.',
    request: { params: z.object({ id: z.string() }), body: jsonBody(rulePatchBody) },
    responses: {
      200: jsonResponse(z.object({ rule: RuleSchema }), 'The changed rule'),
      400: { description: 'Validation failed, or another rule has exactly these conditions' },
      404: { description: 'Not one of your rules' },
    },
  }),
  reorder: createRoute({
    method: 'put',
    path: '/rules/order',
    tags,
    security: COOKIE_AUTH,
    summary: 'Put your rules in the order they run (the first matching rule wins)',
    description:
      'Name every one of your rules once. An id that is not one of your rules, a repeated or a missing one is ' +
      '400; nothing changes.',
    request: { body: jsonBody(reorderBody) },
    responses: {
      200: jsonResponse(z.object({ rules: z.array(ListedRuleSchema) }), 'The rules in their new order'),
      400: { description: 'Validation failed' },
    },
  }),
  run: createRoute({
    method: 'post',
    path: '/rules/run',
    tags,
    security: COOKIE_AUTH,
    summary: 'Run your rules on all your existing transactions',
    description:
      'Each transaction takes the actions of the first enabled rule it matches; a category you set by hand is ' +
      'never replaced. `changed` is how many transactions changed.',
    responses: {
      200: jsonResponse(z.object({ changed: z.number().int() }), 'How many transactions changed'),
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/rules/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Delete a rule (transactions it categorized keep their category)',
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: jsonResponse(z.object({ id: z.string() }), 'The deleted rule id'),
      404: { description: 'Not one of your rules' },
    },
  }),
};

export function rulesRoutes(deps: RouteDeps) {
  const { auth, db } = deps;
  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { rules: await listRules(db, userId) });
    })
    .openapi(routes.create, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { rule, applied, created } = await createRule({ db, userId, input: c.req.valid('json') });
      return created ? ok(c, { rule, applied }, 201) : ok(c, { rule, applied }, 200);
    })
    .openapi(routes.preview, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { transactionId, category, rename } = c.req.valid('json');
      return ok(c, await previewRule({ db, userId, transactionId, category, ...(rename ? { rename } : {}) }));
    })
    .openapi(routes.update, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      return ok(c, { rule: await updateRule({ db, userId, ruleId: id, patch: c.req.valid('json') }) });
    })
    .openapi(routes.reorder, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { rules: await reorderRules({ db, userId, ids: c.req.valid('json').ids }) });
    })
    .openapi(routes.run, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await runRulesOnExisting({ db, userId }));
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!isUuid(id) || !(await deleteCategorizationRule(db, userId, id)))
        throw AppError.notFound(RULE_NOT_FOUND);
      return ok(c, { id });
    });
}
