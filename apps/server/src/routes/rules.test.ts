import { transaction } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { applyRulesToTransactions } from '../use-cases/rules/apply-rules';
import type { ListedRule } from '../use-cases/rules/list-rules';
import type { RuleView } from '../use-cases/rules/rule-view';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';
import type { TransactionView } from '../use-cases/transactions/transaction-view';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
type Browser = Awaited<ReturnType<typeof signedInUser>>['browser'];

async function stored(id: string | undefined) {
  const [row] = await db()
    .select()
    .from(transaction)
    .where(eq(transaction.id, id ?? ''));
  if (!row) throw new Error('no such transaction');
  return row;
}

async function createRule(browser: Browser, body: Record<string, unknown>) {
  return browser.json<Envelope<{ rule: RuleView; applied: number }>>('/api/v1/rules', { body });
}

describe('rules: create, apply, list, delete', () => {
  it('applies a new rule to existing matching transactions, never over a hand-set category', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const rows = await addTransactions(db(), userId, account.id, [
      {
        date: '2026-01-01',
        amountMinor: -4_50,
        name: 'SQ *BLUE BOTTLE COFFEE #123 SAN FRANCISCO CA',
        category: 'GENERAL_MERCHANDISE',
        categoryConfidence: 0.9,
      },
      {
        date: '2026-01-02',
        amountMinor: -5_25,
        name: 'Blue Bottle Coffee',
        merchantName: 'Blue Bottle Coffee',
      },
      {
        date: '2026-01-03',
        amountMinor: -3_00,
        name: 'BLUE BOTTLE COFFEE',
        category: 'TRAVEL',
        categorySource: 'user',
        categoryConfidence: 1,
      },
      { date: '2026-01-04', amountMinor: 4_50, name: 'Blue Bottle Coffee refund' },
      { date: '2026-01-05', amountMinor: -9_00, name: 'Philz Coffee' },
    ]);
    const stranger = await signedInUser(w);
    const theirAccount = await addAccount(db(), stranger.userId);
    const [theirs] = await addTransactions(db(), stranger.userId, theirAccount.id, [
      { date: '2026-01-01', amountMinor: -4_50, name: 'Blue Bottle Coffee' },
    ]);

    const created = await createRule(browser, {
      conditions: { merchantEquals: 'blue bottle coffee', direction: 'out' },
      actions: { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' },
    });
    expect(created.status).toBe(201);
    // The hand-categorised one still counts as decided by the rule (its other actions would apply).
    expect(created.body.data.applied).toBe(3);
    expect(created.body.data.rule).toMatchObject({
      priority: 100,
      enabled: true,
      conditions: { merchantEquals: 'blue bottle coffee', direction: 'out' },
      actions: { category: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_COFFEE' },
    });

    const [descriptor, clean, handSet, refund, other] = await Promise.all(rows.map((row) => stored(row.id)));
    expect(descriptor).toMatchObject({
      category: 'FOOD_AND_DRINK',
      categorySource: 'rule',
      categoryConfidence: 1,
      detailedCategory: 'FOOD_AND_DRINK_COFFEE',
    });
    expect(clean).toMatchObject({ category: 'FOOD_AND_DRINK', categorySource: 'rule' });
    expect(handSet).toMatchObject({ category: 'TRAVEL', categorySource: 'user' });
    expect(refund).toMatchObject({ category: null, categorySource: 'provider' });
    expect(other).toMatchObject({ category: null, categorySource: 'provider' });
    expect(await stored(theirs?.id)).toMatchObject({ category: null, categorySource: 'provider' });

    const listed = await browser.json<Envelope<{ rules: RuleView[] }>>('/api/v1/rules');
    expect(listed.body.data.rules.map((rule) => rule.id)).toEqual([created.body.data.rule.id]);
    expect(
      (await stranger.browser.json<Envelope<{ rules: RuleView[] }>>('/api/v1/rules')).body.data.rules,
    ).toEqual([]);

    const page = await browser.json<{ data: TransactionView[] }>(
      '/api/v1/transactions/paginated?categories=FOOD_AND_DRINK',
    );
    expect(page.body.data).toHaveLength(2);

    expect(
      (await stranger.browser.json(`/api/v1/rules/${created.body.data.rule.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(404);
    const removed = await browser.json<Envelope<{ id: string }>>(
      `/api/v1/rules/${created.body.data.rule.id}`,
      { method: 'DELETE' },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: created.body.data.rule.id });
    expect(
      (await browser.json(`/api/v1/rules/${created.body.data.rule.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await browser.json('/api/v1/rules/not-an-id', { method: 'DELETE' })).status).toBe(404);
    // Deleting a rule leaves what it did.
    expect(await stored(rows[0]?.id)).toMatchObject({ category: 'FOOD_AND_DRINK', categorySource: 'rule' });
  });

  it('lets the first rule by priority decide, and replaces a rule with the same conditions', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const [big, small] = await addTransactions(db(), userId, account.id, [
      { date: '2026-02-01', amountMinor: -250_00, name: 'Café Délice' },
      { date: '2026-02-02', amountMinor: -8_00, name: 'CAFE DELICE' },
    ]);
    const general = await createRule(browser, {
      priority: 50,
      conditions: { nameContains: 'cafe delice' },
      actions: { category: 'FOOD_AND_DRINK' },
    });
    expect(general.body.data.applied).toBe(2);
    const catering = await createRule(browser, {
      priority: 10,
      conditions: { nameContains: 'delice', amountMinMinor: 100_00, currency: 'usd' },
      actions: { category: 'GENERAL_SERVICES', rename: 'Délice catering', exclude: true },
    });
    expect(catering.status).toBe(201);
    expect(catering.body.data.applied).toBe(1);
    expect(await stored(big?.id)).toMatchObject({
      category: 'GENERAL_SERVICES',
      name: 'Délice catering',
      excluded: true,
      originalName: 'Café Délice',
    });
    expect(await stored(small?.id)).toMatchObject({
      category: 'FOOD_AND_DRINK',
      name: 'CAFE DELICE',
      excluded: false,
    });

    const replaced = await createRule(browser, {
      priority: 50,
      conditions: { nameContains: 'cafe delice' },
      actions: { category: 'ENTERTAINMENT' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.rule.id).toBe(general.body.data.rule.id);
    const rules = await browser.json<Envelope<{ rules: RuleView[] }>>('/api/v1/rules');
    expect(rules.body.data.rules.map((rule) => rule.priority)).toEqual([10, 50]);
    expect(await stored(small?.id)).toMatchObject({ category: 'ENTERTAINMENT' });
  });

  it.each([
    [{ conditions: {}, actions: { category: 'TRAVEL' } }, 'Add at least one condition'],
    [{ conditions: { nameContains: 'x' }, actions: {} }, 'Add at least one action'],
    [
      { conditions: { nameContains: 'x' }, actions: { category: 'SNACKS' } },
      'Choose one of the transaction categories',
    ],
    [
      { conditions: { amountMinMinor: 5 }, actions: { category: 'TRAVEL' } },
      'Choose a currency for the amount range',
    ],
    [{ conditions: { nameContains: 'x', regex: '.*' }, actions: { category: 'TRAVEL' } }, undefined],
  ])('refuses an invalid rule %# with the domain message', async (body, message) => {
    const { browser } = await signedInUser(w);
    const result = await createRule(browser, body);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('Validation failed');
    if (message) expect(result.body.items?.map((item) => item.message)).toContain(message);
  });

  it('refuses accounts that are not the user’s', async () => {
    const { browser } = await signedInUser(w);
    const stranger = await signedInUser(w);
    const theirs = await addAccount(db(), stranger.userId);
    const result = await createRule(browser, {
      conditions: { accountIds: [theirs.id] },
      actions: { exclude: true },
    });
    expect(result.status).toBe(400);
    expect(result.body.items?.[0]).toMatchObject({ field: 'conditions.accountIds' });
  });
});

type Rules = Envelope<{ rules: ListedRule[] }>;

async function listed(browser: Browser) {
  return (await browser.json<Rules>('/api/v1/rules')).body.data.rules;
}

async function rulesRows(userId: string) {
  const result = await w.t.database.pool.query(
    'select id, priority, conditions, actions, enabled, updated_at from categorization_rule where user_id = $1 order by id',
    [userId],
  );
  return result.rows;
}

/** A user with coffee, a big and a small grocery purchase, and two rules saved (coffee first). */
async function userWithRules() {
  const user = await signedInUser(w);
  const account = await addAccount(db(), user.userId);
  const rows = await addTransactions(db(), user.userId, account.id, [
    { date: '2026-04-01', amountMinor: -4_50, name: 'Blue Bottle Coffee' },
    { date: '2026-04-02', amountMinor: -5_00, name: 'Blue Bottle Coffee' },
    { date: '2026-04-03', amountMinor: -120_00, name: 'Whole Foods Market' },
    { date: '2026-04-04', amountMinor: -9_00, name: 'Whole Foods Market' },
    { date: '2026-04-05', amountMinor: 2_000_00, name: 'Payroll' },
  ]);
  const coffee = await createRule(user.browser, {
    priority: 10,
    conditions: { nameContains: 'blue bottle' },
    actions: { category: 'FOOD_AND_DRINK' },
  });
  const groceries = await createRule(user.browser, {
    priority: 20,
    conditions: { nameContains: 'whole foods' },
    actions: { category: 'GENERAL_MERCHANDISE' },
  });
  return {
    ...user,
    account,
    rows,
    coffee: coffee.body.data.rule,
    groceries: groceries.body.data.rule,
  };
}

describe('rules: list with matches, edit, reorder, run on existing', () => {
  it('lists each rule in run order with how many transactions it is the first match for', async () => {
    const { browser, coffee, groceries } = await userWithRules();
    // A broader rule after them wins only what the earlier rules leave (first match wins).
    await createRule(browser, {
      priority: 30,
      conditions: { direction: 'out' },
      actions: { exclude: true },
    });
    const off = await createRule(browser, {
      priority: 5,
      enabled: false,
      conditions: { nameContains: 'payroll' },
      actions: { category: 'INCOME' },
    });
    const rules = await listed(browser);
    expect(rules.map((rule) => [rule.id, rule.matched])).toEqual([
      [off.body.data.rule.id, null],
      [coffee.id, 2],
      [groceries.id, 2],
      [expect.any(String), 0],
    ]);
    expect(rules[1]).toMatchObject({
      conditions: { nameContains: 'blue bottle' },
      actions: { category: 'FOOD_AND_DRINK' },
      enabled: true,
      createdAt: expect.any(String),
    });
  });

  it('edits a rule, validating the result as a whole, and saves nothing else until the rules run', async () => {
    const { browser, userId, rows, coffee, groceries } = await userWithRules();
    const changed = await browser.json<Envelope<{ rule: RuleView }>>(`/api/v1/rules/${coffee.id}`, {
      method: 'PATCH',
      body: { actions: { category: 'ENTERTAINMENT', rename: 'Blue Bottle' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.rule).toMatchObject({
      id: coffee.id,
      priority: 10,
      conditions: { nameContains: 'blue bottle' },
      actions: { category: 'ENTERTAINMENT', rename: 'Blue Bottle' },
    });
    // Saved, not yet applied.
    expect(await stored(rows[0]?.id)).toMatchObject({
      category: 'FOOD_AND_DRINK',
      name: 'Blue Bottle Coffee',
    });

    const run = await browser.json<Envelope<{ changed: number }>>('/api/v1/rules/run', { method: 'POST' });
    expect(run.status).toBe(200);
    expect(run.body.data.changed).toBe(2);
    expect(await stored(rows[0]?.id)).toMatchObject({ category: 'ENTERTAINMENT', name: 'Blue Bottle' });
    expect(
      (await browser.json<Envelope<{ changed: number }>>('/api/v1/rules/run', { method: 'POST' })).body.data
        .changed,
    ).toBe(0);

    const before = await rulesRows(userId);
    const refused: [Record<string, unknown>, string, string][] = [
      [{ conditions: {} }, 'conditions', 'Add at least one condition'],
      [{ actions: { rename: '   ' } }, 'actions.rename', 'The new name must not be empty'],
      [
        { conditions: { amountMaxMinor: 5_00 } },
        'conditions.currency',
        'Choose a currency for the amount range',
      ],
      [{ conditions: { direction: 'sideways' } }, 'conditions.direction', "Direction must be 'in' or 'out'"],
      [{ priority: 1.5 }, 'priority', 'Priority must be a whole number'],
      [
        { conditions: { nameContains: 'whole foods' } },
        'conditions',
        'Another rule already has exactly these conditions',
      ],
    ];
    for (const [body, field, message] of refused) {
      const result = await browser.json(`/api/v1/rules/${coffee.id}`, { method: 'PATCH', body });
      expect({ body, status: result.status }).toEqual({ body, status: 400 });
      expect((result.body as Envelope<unknown>).items).toContainEqual(
        expect.objectContaining({ field, message }),
      );
    }
    expect(await rulesRows(userId)).toEqual(before);
    expect(groceries.id).not.toBe(coffee.id);
  });

  it('answers 404 for another user’s rule or a missing one, changing nothing', async () => {
    const { userId, coffee } = await userWithRules();
    const stranger = await signedInUser(w);
    const before = await rulesRows(userId);
    for (const id of [coffee.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const result = await stranger.browser.json(`/api/v1/rules/${id}`, {
        method: 'PATCH',
        body: { enabled: false },
      });
      expect(result.status).toBe(404);
    }
    expect(await rulesRows(userId)).toEqual(before);
  });

  it('reorders the rules, so the first match wins in the new order, and keeps the order', async () => {
    const { browser, rows, coffee, groceries } = await userWithRules();
    const everything = await createRule(browser, {
      priority: 30,
      conditions: { direction: 'out' },
      actions: { category: 'TRAVEL' },
    });
    const everythingId = everything.body.data.rule.id;
    expect((await listed(browser)).map((rule) => rule.matched)).toEqual([2, 2, 0]);

    const reordered = await browser.json<Rules>('/api/v1/rules/order', {
      method: 'PUT',
      body: { ids: [groceries.id, everythingId, coffee.id] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.rules.map((rule) => [rule.id, rule.matched])).toEqual([
      [groceries.id, 2],
      [everythingId, 2],
      [coffee.id, 0],
    ]);
    expect((await listed(browser)).map((rule) => rule.id)).toEqual([groceries.id, everythingId, coffee.id]);
    const run = await browser.json<Envelope<{ changed: number }>>('/api/v1/rules/run', { method: 'POST' });
    expect(run.body.data.changed).toBe(2);
    expect(await stored(rows[0]?.id)).toMatchObject({ category: 'TRAVEL', categorySource: 'rule' });
    expect(await stored(rows[2]?.id)).toMatchObject({ category: 'GENERAL_MERCHANDISE' });
    // A rule saved afterwards with the default priority runs after the ordered ones.
    const later = await createRule(browser, {
      conditions: { nameContains: 'payroll' },
      actions: { category: 'INCOME' },
    });
    expect((await listed(browser)).map((rule) => rule.id)).toEqual([
      groceries.id,
      everythingId,
      coffee.id,
      later.body.data.rule.id,
    ]);
  });

  it('refuses a reorder with a foreign, unknown, repeated or missing id and writes nothing', async () => {
    const { browser, userId, coffee, groceries } = await userWithRules();
    const stranger = await userWithRules();
    const before = await rulesRows(userId);
    const theirsBefore = await rulesRows(stranger.userId);
    const cases: [string[], number][] = [
      [[groceries.id, stranger.coffee.id], 400],
      [[groceries.id, coffee.id, stranger.coffee.id], 400],
      [[groceries.id, '00000000-0000-4000-8000-000000000000'], 400],
      [[groceries.id, 'not-an-id'], 400],
      [[groceries.id, groceries.id, coffee.id], 400],
      [[groceries.id], 400],
      [[], 400],
    ];
    for (const [ids, status] of cases) {
      const result = await browser.json('/api/v1/rules/order', { method: 'PUT', body: { ids } });
      expect({ ids, status: result.status }).toEqual({ ids, status });
    }
    const bad = await browser.json<Envelope<unknown>>('/api/v1/rules/order', {
      method: 'PUT',
      body: { ids: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.items?.[0]).toMatchObject({ field: 'ids' });
    expect(await rulesRows(userId)).toEqual(before);
    expect(await rulesRows(stranger.userId)).toEqual(theirsBefore);
  });

  it('runs only the user’s own rules on only their transactions, never over a hand-set category', async () => {
    const { browser, userId, account, rows } = await userWithRules();
    const stranger = await userWithRules();
    await db()
      .update(transaction)
      .set({ category: 'TRAVEL', categorySource: 'user' })
      .where(eq(transaction.id, rows[1]?.id ?? ''));
    await db()
      .update(transaction)
      .set({ category: null, categorySource: 'provider' })
      .where(eq(transaction.userId, stranger.userId));
    const [fresh] = await addTransactions(db(), userId, account.id, [
      { date: '2026-04-06', amountMinor: -3_00, name: 'BLUE BOTTLE COFFEE' },
    ]);
    const run = await browser.json<Envelope<{ changed: number }>>('/api/v1/rules/run', { method: 'POST' });
    expect(run.body.data.changed).toBe(1);
    expect(await stored(fresh?.id)).toMatchObject({ category: 'FOOD_AND_DRINK', categorySource: 'rule' });
    expect(await stored(rows[1]?.id)).toMatchObject({ category: 'TRAVEL', categorySource: 'user' });
    expect(await stored(stranger.rows[0]?.id)).toMatchObject({ category: null, categorySource: 'provider' });
  });
});

describe('applyRulesToTransactions (sync and import)', () => {
  it('touches only the given transactions and returns what changed', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const savings = await addAccount(db(), userId, { name: 'Savings' });
    await createRule(browser, {
      conditions: { accountIds: [savings.id], direction: 'in' },
      actions: { markTransfer: true },
    });
    const [old] = await addTransactions(db(), userId, savings.id, [
      { date: '2026-03-01', amountMinor: 100_00, name: 'Deposit' },
    ]);
    const [fresh, outgoing, elsewhere] = [
      ...(await addTransactions(db(), userId, savings.id, [
        { date: '2026-03-02', amountMinor: 200_00, name: 'Deposit' },
        { date: '2026-03-03', amountMinor: -50_00, name: 'Withdrawal' },
      ])),
      ...(await addTransactions(db(), userId, account.id, [
        { date: '2026-03-02', amountMinor: 200_00, name: 'Deposit' },
      ])),
    ];
    const result = await applyRulesToTransactions(db(), userId, [
      fresh?.id ?? '',
      outgoing?.id ?? '',
      elsewhere?.id ?? '',
    ]);
    expect(result.changed).toBe(1);
    expect(await stored(fresh?.id)).toMatchObject({
      category: 'TRANSFER',
      categorySource: 'rule',
      excluded: true,
    });
    expect(await stored(outgoing?.id)).toMatchObject({ category: null, excluded: false });
    expect(await stored(elsewhere?.id)).toMatchObject({ category: null, excluded: false });
    expect(await stored(old?.id)).toMatchObject({ category: null, excluded: false });
    const page = await browser.json<{ data: TransactionView[] }>(
      '/api/v1/transactions/paginated?filter=transfers',
    );
    expect(page.body.data.map((row) => row.id)).toEqual([fresh?.id]);
    expect(page.body.data[0]?.isTransfer).toBe(true);

    expect((await applyRulesToTransactions(db(), userId, [])).changed).toBe(0);
    // Running again changes nothing (rows already match their rule's outcome).
    expect((await applyRulesToTransactions(db(), userId)).changed).toBe(1);
    expect((await applyRulesToTransactions(db(), userId)).changed).toBe(0);
  });
});

describe('POST /rules/preview', () => {
  it('suggests a rule from an example and counts the similar transactions, saving nothing', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const [example] = await addTransactions(db(), userId, account.id, [
      { date: '2026-01-01', amountMinor: -12_00, name: 'AMZN Mktp US*2K3L4M5N6' },
      { date: '2026-01-02', amountMinor: -30_00, name: 'Amazon.com*RT4ZZ1' },
      { date: '2026-01-03', amountMinor: 12_00, name: 'AMZN Mktp US refund' },
      { date: '2026-01-04', amountMinor: -5_00, name: 'Target' },
    ]);
    const result = await browser.json<Envelope<{ rule: RuleView; matching: number }>>(
      '/api/v1/rules/preview',
      {
        body: { transactionId: example?.id, category: 'GENERAL_MERCHANDISE', rename: 'Amazon' },
      },
    );
    expect(result.status).toBe(200);
    expect(result.body.data.rule).toMatchObject({
      conditions: { merchantEquals: 'amazon', direction: 'out' },
      actions: { category: 'GENERAL_MERCHANDISE', rename: 'Amazon' },
      enabled: true,
    });
    expect(result.body.data.matching).toBe(2);
    expect((await browser.json<Envelope<{ rules: RuleView[] }>>('/api/v1/rules')).body.data.rules).toEqual(
      [],
    );
    expect(await stored(example?.id)).toMatchObject({ category: null, name: 'AMZN Mktp US*2K3L4M5N6' });

    // The suggested rule can be saved as it is.
    const saved = await createRule(browser, result.body.data.rule as unknown as Record<string, unknown>);
    expect(saved.status).toBe(201);
    expect(saved.body.data.applied).toBe(2);
    expect(await stored(example?.id)).toMatchObject({ category: 'GENERAL_MERCHANDISE', name: 'Amazon' });
  });

  it('answers 400 on transactionId for another user’s transaction and 400 for a bad category', async () => {
    const owner = await signedInUser(w);
    const account = await addAccount(db(), owner.userId);
    const [row] = await addTransactions(db(), owner.userId, account.id, [
      { date: '2026-01-01', amountMinor: -1, name: 'X' },
    ]);
    const stranger = await signedInUser(w);
    const foreign = await stranger.browser.json('/api/v1/rules/preview', {
      body: { transactionId: row?.id, category: 'TRAVEL' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ items: [{ field: 'transactionId' }] });
    const bad = await owner.browser.json('/api/v1/rules/preview', {
      body: { transactionId: row?.id, category: 'SNACKS' },
    });
    expect(bad.status).toBe(400);
  });
});
