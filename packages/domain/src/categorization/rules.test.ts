import { describe, expect, it } from 'vitest';
import {
  applyRules,
  type CategorizationRule,
  categorizationRuleSchema,
  DEFAULT_RULE_PRIORITY,
  findSimilar,
  matchesConditions,
  merchantKeyOf,
  prioritiesInOrder,
  RULE_MESSAGES,
  type RuleConditions,
  ruleFromExample,
  type RuleTransaction,
  sortRules,
} from './rules';

const tx = (overrides: Partial<RuleTransaction> = {}): RuleTransaction => ({
  id: 't1',
  name: 'SQ *BLUE BOTTLE COFFEE #123 SAN FRANCISCO CA',
  amountMinor: -650,
  currency: 'USD',
  accountId: 'checking',
  ...overrides,
});

const rule = (overrides: Partial<CategorizationRule> = {}): CategorizationRule => ({
  id: 'r1',
  priority: 10,
  conditions: { nameContains: 'blue bottle' },
  actions: { category: 'FOOD_AND_DRINK' },
  enabled: true,
  ...overrides,
});

const issues = (input: unknown) => {
  const result = categorizationRuleSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('categorizationRuleSchema', () => {
  it('accepts a valid rule, trimming text and upper-casing the currency', () => {
    const parsed = categorizationRuleSchema.parse(
      rule({
        conditions: { nameContains: '  coffee ', amountMinMinor: 0, amountMaxMinor: 1000, currency: 'usd' },
        actions: { category: 'FOOD_AND_DRINK', rename: ' Coffee ', detailed: 'FOOD_AND_DRINK_COFFEE' },
      }),
    );
    expect(parsed.conditions).toEqual({
      nameContains: 'coffee',
      amountMinMinor: 0,
      amountMaxMinor: 1000,
      currency: 'USD',
    });
    expect(parsed.actions.rename).toBe('Coffee');
  });

  it.each<[string, unknown, string[][]]>([
    ['no condition', rule({ conditions: {} }), [['conditions', RULE_MESSAGES.conditionRequired]]],
    ['no action', rule({ actions: {} }), [['actions', RULE_MESSAGES.actionRequired]]],
    [
      'min above max',
      rule({ conditions: { amountMinMinor: 500, amountMaxMinor: 100, currency: 'USD' } }),
      [['conditions.amountMinMinor', RULE_MESSAGES.amountRange]],
    ],
    [
      'min equal to max',
      rule({ conditions: { amountMinMinor: 100, amountMaxMinor: 100, currency: 'USD' } }),
      [],
    ],
    [
      'amount without currency',
      rule({ conditions: { amountMaxMinor: 100 } }),
      [['conditions.currency', RULE_MESSAGES.amountCurrency]],
    ],
    [
      'negative amount',
      rule({ conditions: { amountMinMinor: -1, currency: 'USD' } }),
      [['conditions.amountMinMinor', RULE_MESSAGES.amountWhole]],
    ],
    [
      'fractional amount',
      rule({ conditions: { amountMaxMinor: 12.5, currency: 'USD' } }),
      [['conditions.amountMaxMinor', RULE_MESSAGES.amountWhole]],
    ],
    ['rename of 50', rule({ actions: { rename: 'x'.repeat(50) } }), []],
    [
      'rename of 51',
      rule({ actions: { rename: 'x'.repeat(51) } }),
      [['actions.rename', RULE_MESSAGES.renameTooLong]],
    ],
    [
      'blank rename',
      rule({ actions: { rename: '   ' } }),
      [['actions.rename', RULE_MESSAGES.renameRequired]],
    ],
    [
      'no accounts',
      rule({ conditions: { accountIds: [] } }),
      [['conditions.accountIds', RULE_MESSAGES.accountsRequired]],
    ],
    [
      'bare wildcard',
      rule({ conditions: { nameMatches: '**' } }),
      [['conditions.nameMatches', RULE_MESSAGES.patternNeedsText]],
    ],
    [
      'merchant not in key form',
      rule({ conditions: { merchantEquals: 'Blue Bottle' } }),
      [['conditions.merchantEquals', RULE_MESSAGES.merchantKey]],
    ],
    [
      'bad currency',
      rule({ conditions: { currency: 'dollars' } }),
      [['conditions.currency', RULE_MESSAGES.currency]],
    ],
    [
      'unknown category',
      rule({ actions: { category: 'PERSONAL_CARE' as never } }),
      [['actions.category', RULE_MESSAGES.category]],
    ],
    [
      'bad detailed code',
      rule({ actions: { detailed: 'coffee' } }),
      [['actions.detailed', RULE_MESSAGES.detailed]],
    ],
    ['blank id', rule({ id: ' ' }), [['id', RULE_MESSAGES.idRequired]]],
    ['fractional priority', rule({ priority: 1.5 }), [['priority', RULE_MESSAGES.priorityInteger]]],
    ['markTransfer false is an action', rule({ actions: { markTransfer: false } }), []],
  ])('%s', (_label, input, expected) => expect(issues(input)).toEqual(expected));

  it('refuses unknown keys (a typo must not silently widen a rule)', () => {
    expect(issues(rule({ conditions: { nameContians: 'x' } as RuleConditions }))).not.toEqual([]);
  });
});

describe('matchesConditions', () => {
  it.each<[string, RuleConditions, Partial<RuleTransaction>, boolean]>([
    ['name contains, any case and accents', { nameContains: 'BLUE bottle' }, {}, true],
    ['name contains, accents', { nameContains: 'creme' }, { name: 'Café Crème' }, true],
    ['merchant key from the name', { merchantEquals: 'blue bottle coffee' }, {}, true],
    [
      'merchant key from the merchant name',
      { merchantEquals: 'blue bottle coffee' },
      { name: 'POS 1234', merchantName: 'Blue Bottle Coffee' },
      true,
    ],
    ['other merchant', { merchantEquals: 'ritual coffee' }, {}, false],
    ['wildcard', { nameMatches: 'sq *blue*' }, {}, true],
    ['wildcard anchored', { nameMatches: 'blue*' }, {}, false],
    ['min inclusive', { amountMinMinor: 650, currency: 'USD' }, {}, true],
    ['max inclusive', { amountMaxMinor: 650, currency: 'USD' }, {}, true],
    ['below min', { amountMinMinor: 651, currency: 'USD' }, {}, false],
    [
      'absolute amount of money in',
      { amountMinMinor: 600, amountMaxMinor: 700, currency: 'USD' },
      { amountMinor: 650 },
      true,
    ],
    ['out matches money out', { direction: 'out' }, {}, true],
    ['in does not match money out', { direction: 'in' }, {}, false],
    ['in matches money in (a refund)', { direction: 'in' }, { amountMinor: 650 }, true],
    ['zero is not out', { direction: 'out' }, { amountMinor: 0 }, false],
    ['zero is not in', { direction: 'in' }, { amountMinor: 0 }, false],
    ['zero within bounds', { amountMaxMinor: 0, currency: 'USD' }, { amountMinor: 0 }, true],
    ['account listed', { accountIds: ['savings', 'checking'] }, {}, true],
    ['account not listed', { accountIds: ['savings'] }, {}, false],
    ['currency, any case', { currency: 'usd' }, {}, true],
    ['other currency', { currency: 'EUR' }, {}, false],
    ['same minor units, other currency', { amountMinMinor: 600, currency: 'JPY' }, {}, false],
    ['all must hold', { nameContains: 'blue', direction: 'in' }, {}, false],
    ['no condition never matches', {}, {}, false],
  ])('%s', (_label, conditions, overrides, expected) => {
    expect(matchesConditions(tx(overrides), conditions)).toBe(expected);
  });
});

describe('applyRules', () => {
  it('returns null when nothing matches', () => {
    expect(applyRules(tx(), [rule({ conditions: { nameContains: 'starbucks' } })])).toBeNull();
    expect(applyRules(tx(), [])).toBeNull();
  });

  it('runs by priority, then id; the first match wins alone', () => {
    const rules = [
      rule({ id: 'b', priority: 5, actions: { category: 'ENTERTAINMENT' } }),
      rule({ id: 'a', priority: 5, actions: { category: 'TRAVEL', rename: 'Trip' } }),
      rule({ id: '0', priority: 9, actions: { category: 'MEDICAL', exclude: true } }),
      rule({ id: 'z', priority: 1, actions: { rename: 'Disabled' }, enabled: false }),
    ];
    expect(applyRules(tx(), rules)).toEqual({ ruleId: 'a', changes: { category: 'TRAVEL', rename: 'Trip' } });
    expect(sortRules(rules).map((r) => r.id)).toEqual(['z', 'a', 'b', '0']);
  });

  it('prioritiesInOrder makes the rules run in the given order, before a rule with the default priority', () => {
    const ids = ['c', 'a', 'b'];
    const priorities = prioritiesInOrder(ids);
    const rules = [...ids, 'new'].map((id) =>
      rule({ id, priority: priorities.get(id) ?? DEFAULT_RULE_PRIORITY }),
    );
    expect(sortRules(rules).map((r) => r.id)).toEqual(['c', 'a', 'b', 'new']);
    expect(Math.max(...priorities.values())).toBe(DEFAULT_RULE_PRIORITY - 1);
    const many = prioritiesInOrder(Array.from({ length: 150 }, (_, i) => `r${i}`));
    expect(many.get('r0')).toBe(DEFAULT_RULE_PRIORITY - 150);
    expect(many.get('r149')).toBe(DEFAULT_RULE_PRIORITY - 1);
  });

  it('is independent of the input order', () => {
    const rules = [
      rule({ id: 'x2', priority: 0 }),
      rule({ id: 'x1', priority: 0, actions: { category: 'TRAVEL' } }),
    ];
    expect(applyRules(tx(), rules)?.ruleId).toBe('x1');
    expect(applyRules(tx(), [...rules].reverse())?.ruleId).toBe('x1');
  });

  it('never overrides a category the user set by hand, but applies the other actions', () => {
    const winner = rule({
      actions: { category: 'TRAVEL', detailed: 'TRAVEL_FLIGHTS', rename: 'Coffee', exclude: true },
    });
    expect(applyRules(tx({ userCategory: 'FOOD_AND_DRINK' }), [winner])).toEqual({
      ruleId: 'r1',
      changes: { rename: 'Coffee', exclude: true },
    });
    expect(applyRules(tx({ userCategory: 'FOOD_AND_DRINK' }), [rule()])).toEqual({
      ruleId: 'r1',
      changes: {},
    });
    expect(applyRules(tx({ userCategory: null }), [rule()])?.changes).toEqual({ category: 'FOOD_AND_DRINK' });
  });

  it('passes the transfer and exclusion flags through, false included', () => {
    expect(applyRules(tx(), [rule({ actions: { markTransfer: true, exclude: false } })])?.changes).toEqual({
      markTransfer: true,
      exclude: false,
    });
  });

  it('applies opposite-sign rules to the matching direction only', () => {
    const rules = [
      rule({
        id: 'refund',
        conditions: { nameContains: 'blue bottle', direction: 'in' },
        actions: { category: 'INCOME' },
      }),
      rule({
        id: 'spend',
        conditions: { nameContains: 'blue bottle', direction: 'out' },
        actions: { category: 'FOOD_AND_DRINK' },
      }),
    ];
    expect(applyRules(tx({ amountMinor: -650 }), rules)?.ruleId).toBe('spend');
    expect(applyRules(tx({ amountMinor: 650 }), rules)?.ruleId).toBe('refund');
    expect(applyRules(tx({ amountMinor: 0 }), rules)).toBeNull();
  });

  it('cuts an over-long rename of an unvalidated rule to 47 + ...', () => {
    const changes = applyRules(tx(), [rule({ actions: { rename: 'y'.repeat(60) } })])?.changes;
    expect(changes?.rename).toBe(`${'y'.repeat(47)}...`);
  });

  it('ignores a rule without conditions', () => {
    expect(applyRules(tx(), [rule({ conditions: {} })])).toBeNull();
  });
});

describe('ruleFromExample and findSimilar', () => {
  const coffees: RuleTransaction[] = [
    tx({ id: 'c1' }),
    tx({ id: 'c2', name: 'SQ *BLUE BOTTLE COFFEE #456 OAKLAND CA', accountId: 'card' }),
    tx({ id: 'c3', name: 'Blue Bottle Coffee', amountMinor: -650, currency: 'EUR' }),
    tx({ id: 'c4', name: 'SQ *BLUE BOTTLE COFFEE #123 SAN FRANCISCO CA', amountMinor: -650 }),
    tx({ id: 'refund', name: 'SQ *BLUE BOTTLE COFFEE', amountMinor: 650 }),
    tx({ id: 'zero', name: 'SQ *BLUE BOTTLE COFFEE', amountMinor: 0 }),
    tx({ id: 'other', name: 'SQ *RITUAL COFFEE #9' }),
    tx({ id: 'mine', name: 'BLUE BOTTLE COFFEE', userCategory: 'ENTERTAINMENT' }),
  ];

  it('builds a merchant + direction rule on any account', () => {
    const made = ruleFromExample(coffees[0] as RuleTransaction, {
      category: 'FOOD_AND_DRINK',
      rename: 'Blue Bottle',
    });
    expect(made).toEqual({
      id: 'similar:out:blue bottle coffee',
      priority: DEFAULT_RULE_PRIORITY,
      conditions: { merchantEquals: 'blue bottle coffee', direction: 'out' },
      actions: { category: 'FOOD_AND_DRINK', rename: 'Blue Bottle' },
      enabled: true,
    });
    expect(categorizationRuleSchema.safeParse(made).success).toBe(true);
  });

  it('counts the similar transactions: identical coffees, any account or currency, not the refund', () => {
    const made = ruleFromExample(coffees[0] as RuleTransaction, { category: 'FOOD_AND_DRINK' });
    expect(findSimilar(coffees, made)).toEqual(['c1', 'c2', 'c3', 'c4', 'mine']);
    expect(findSimilar(coffees, made.conditions)).toEqual(['c1', 'c2', 'c3', 'c4', 'mine']);
    const changed = coffees.filter((t) => applyRules(t, [made])?.changes.category);
    expect(changed.map((t) => t.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('builds an "in" rule from a refund and none from a zero amount', () => {
    expect(
      ruleFromExample(tx({ amountMinor: 650 }), { category: 'FOOD_AND_DRINK' }).conditions.direction,
    ).toBe('in');
    const zero = ruleFromExample(tx({ amountMinor: 0 }), { category: 'FOOD_AND_DRINK' });
    expect(zero.conditions).toEqual({ merchantEquals: 'blue bottle coffee' });
    expect(zero.id).toBe('similar:any:blue bottle coffee');
    expect(findSimilar(coffees, zero)).toHaveLength(7);
  });

  it('prefers the merchant name, takes caller ids and priorities, and cuts long renames', () => {
    const made = ruleFromExample(tx({ name: 'POS 88', merchantName: 'Blue Bottle' }), {
      category: 'FOOD_AND_DRINK',
      id: 'rule-7',
      priority: 3,
      rename: 'z'.repeat(70),
    });
    expect(made.id).toBe('rule-7');
    expect(made.priority).toBe(3);
    expect(made.conditions.merchantEquals).toBe('blue bottle');
    expect(made.actions.rename).toBe(`${'z'.repeat(47)}...`);
    expect(merchantKeyOf({ name: 'CORNER SHOP #12', merchantName: '  ' })).toBe('corner shop');
  });

  it('falls back to the name, and refuses an example without a name', () => {
    expect(ruleFromExample(tx({ name: '***' }), { category: 'TRANSFER' }).conditions).toEqual({
      nameContains: '***',
      direction: 'out',
    });
    expect(() => ruleFromExample(tx({ name: '  ' }), { category: 'TRANSFER' })).toThrow(RangeError);
  });
});
