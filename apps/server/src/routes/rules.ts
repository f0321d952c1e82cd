import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCategorizationRule, isUuid, listCategorizationRules } from '@lodestar/db';
import { LIMITS, TRANSACTION_CATEGORY_VALUES, type TransactionCategory } from '@lodestar/domain';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse } from '../http/openapi';
import { createRule } from '../use-cases/rules/create-rule';
import { previewRule } from '../use-cases/rules/preview-rule';
import { toRuleView } from '../use-cases/rules/rule-view';

export const RULE_NOT_FOUND = 'Rule not found';

const tags = ['Rules'];

const RuleSchema = z
  .object({
    id: z.string(),
    priority: z.number().int(),
    conditions: z.record(z.string(), z.unknown()).openapi({
      description:
        'All must hold: nameContains, merchantEquals (merchant key), nameMatches (* wildcards), amountMinMinor, ' +
        "amountMaxMinor (absolute, with currency), direction ('in' | 'out'), accountIds, currency",
    }),
    actions: z.record(z.string(), z.unknown()).openapi({
      description: 'category, detailed, rename (≤ 50), markTransfer, exclude',
    }),
    enabled: z.boolean(),
  })
  .openapi('CategorizationRule');

const ruleBody = z.object({
  id: z.string().optional().openapi({ description: 'Ignored: the server chooses the id' }),
  priority: z.number().int().optional().openapi({ description: 'Lower runs first (default 100)' }),
  conditions: z.record(z.string(), z.unknown()),
  actions: z.record(z.string(), z.unknown()),
  enabled: z.boolean().optional(),
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
    responses: { 200: jsonResponse(z.object({ rules: z.array(RuleSchema) }), 'The rules') },
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
        z.object({ rule: RuleSchema, matching: z.number().int() }),
        'The suggested rule (not saved)',
      ),
      404: { description: 'Not one of your transactions' },
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
      const rows = await listCategorizationRules(db, userId);
      return ok(c, { rules: rows.map(toRuleView) });
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
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      if (!isUuid(id) || !(await deleteCategorizationRule(db, userId, id)))
        throw AppError.notFound(RULE_NOT_FOUND);
      return ok(c, { id });
    });
}
