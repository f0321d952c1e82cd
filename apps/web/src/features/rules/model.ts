import {
  categorizationRuleSchema,
  formatMoney,
  fromMajor,
  money,
  toMajorString,
  TRANSACTION_CATEGORIES,
  type TransactionCategory,
} from '@lodestar/domain';
import { ApiError } from '@/lib/api-client';
import type { ListedRule, RuleActions, RuleConditions } from './api';

/** What the edit dialog holds: text fields as typed, amounts in major units. */
export type RuleForm = {
  nameContains: string;
  merchantEquals: string;
  nameMatches: string;
  direction: 'any' | 'in' | 'out';
  amountMin: string;
  amountMax: string;
  currency: string;
  /** Kept as they are: the dialog shows them but does not change them. */
  accountIds: string[];
  category: TransactionCategory | 'none';
  detailed: string;
  rename: string;
  exclude: boolean;
  markTransfer: boolean;
  enabled: boolean;
};

export type RuleFormField = keyof RuleForm | 'conditions' | 'actions' | 'form';
export type RuleFormErrors = Partial<Record<RuleFormField, string>>;

export const AMOUNT_MESSAGE = 'Enter an amount such as 12.50';
export const CURRENCY_MESSAGE = 'Currency must be a three-letter ISO code such as USD';

function major(minor: number | undefined, currency: string | undefined): string {
  if (minor === undefined) return '';
  try {
    return toMajorString(money(minor, currency ?? 'USD'));
  } catch {
    return String(minor);
  }
}

export function formOf(rule: ListedRule): RuleForm {
  const c = rule.conditions;
  const a = rule.actions;
  return {
    nameContains: c.nameContains ?? '',
    merchantEquals: c.merchantEquals ?? '',
    nameMatches: c.nameMatches ?? '',
    direction: c.direction ?? 'any',
    amountMin: major(c.amountMinMinor, c.currency),
    amountMax: major(c.amountMaxMinor, c.currency),
    currency: c.currency ?? '',
    accountIds: c.accountIds ?? [],
    category: a.category ?? 'none',
    detailed: a.detailed ?? '',
    rename: a.rename ?? '',
    exclude: a.exclude === true,
    markTransfer: a.markTransfer === true,
    enabled: rule.enabled,
  };
}

/** The form field a server or domain path ('conditions.amountMinMinor', 'actions') belongs to. */
export function fieldOfPath(path: string): RuleFormField {
  const [head, leaf] = path.split('.');
  if (head === 'conditions' || head === 'actions') {
    if (!leaf) return head;
    if (leaf === 'amountMinMinor') return 'amountMin';
    if (leaf === 'amountMaxMinor') return 'amountMax';
    return leaf as RuleFormField;
  }
  if (head === 'enabled') return 'enabled';
  return 'form';
}

function addError(errors: RuleFormErrors, field: RuleFormField, message: string) {
  errors[field] ??= message;
}

function parseAmount(
  text: string,
  currency: string,
  field: 'amountMin' | 'amountMax',
  errors: RuleFormErrors,
): number | undefined {
  if (!text.trim()) return undefined;
  try {
    const { amountMinor } = fromMajor(
      text.replace(/,/g, ''),
      /^[A-Za-z]{3}$/.test(currency) ? currency : 'USD',
    );
    if (amountMinor < 0) throw new RangeError('negative');
    return amountMinor;
  } catch {
    addError(errors, field, AMOUNT_MESSAGE);
    return undefined;
  }
}

export type RuleParts = { conditions: RuleConditions; actions: RuleActions; enabled: boolean };

/**
 * The form as the rule's conditions, actions and switch, checked with the domain's rule schema (the
 * server's own messages), or the first message per field.
 */
export function partsOf(
  form: RuleForm,
): { ok: true; parts: RuleParts } | { ok: false; errors: RuleFormErrors } {
  const errors: RuleFormErrors = {};
  const currency = form.currency.trim().toUpperCase();
  const conditions: RuleConditions = {};
  if (form.nameContains.trim()) conditions.nameContains = form.nameContains.trim();
  if (form.merchantEquals.trim()) conditions.merchantEquals = form.merchantEquals.trim();
  if (form.nameMatches.trim()) conditions.nameMatches = form.nameMatches.trim();
  if (form.direction !== 'any') conditions.direction = form.direction;
  const min = parseAmount(form.amountMin, currency, 'amountMin', errors);
  const max = parseAmount(form.amountMax, currency, 'amountMax', errors);
  if (min !== undefined) conditions.amountMinMinor = min;
  if (max !== undefined) conditions.amountMaxMinor = max;
  if (currency) conditions.currency = currency;
  if (form.accountIds.length > 0) conditions.accountIds = form.accountIds;
  const actions: RuleActions = {};
  if (form.category !== 'none') actions.category = form.category;
  if (form.detailed.trim()) actions.detailed = form.detailed.trim();
  if (form.rename.length > 0) actions.rename = form.rename;
  if (form.exclude) actions.exclude = true;
  if (form.markTransfer) actions.markTransfer = true;
  const parsed = categorizationRuleSchema.safeParse({
    id: 'edit',
    priority: 0,
    conditions,
    actions,
    enabled: form.enabled,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      addError(errors, fieldOfPath(issue.path.map(String).join('.')), issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, parts: { conditions, actions, enabled: form.enabled } };
}

/** A refused save as messages by field (a 400's items), or one message for the whole form. */
export function serverErrors(error: unknown, fallback: string): RuleFormErrors {
  if (error instanceof ApiError && error.items.length > 0) {
    const errors: RuleFormErrors = {};
    for (const item of error.items) addError(errors, fieldOfPath(item.field), item.message);
    return errors;
  }
  return { form: error instanceof Error && error.message ? error.message : fallback };
}

function amountText(minor: number, currency: string | undefined, locale: string): string {
  if (!currency) return String(minor);
  try {
    return formatMoney(money(minor, currency), locale);
  } catch {
    return `${minor} ${currency}`;
  }
}

/** The rule's conditions in words, one per line ("Merchant is “blue bottle coffee”", "Money out"). */
export function describeConditions(
  conditions: RuleConditions,
  options: { locale: string; accountName: (id: string) => string | undefined },
): string[] {
  const c = conditions;
  const lines: string[] = [];
  if (c.merchantEquals !== undefined) lines.push(`Merchant is “${c.merchantEquals}”`);
  if (c.nameContains !== undefined) lines.push(`Name contains “${c.nameContains}”`);
  if (c.nameMatches !== undefined) lines.push(`Name matches “${c.nameMatches}”`);
  if (c.direction === 'out') lines.push('Money out');
  if (c.direction === 'in') lines.push('Money in');
  const { amountMinMinor: min, amountMaxMinor: max, currency } = c;
  if (min !== undefined && max !== undefined) {
    lines.push(
      `Amount from ${amountText(min, currency, options.locale)} to ${amountText(max, currency, options.locale)}`,
    );
  } else if (min !== undefined) {
    lines.push(`Amount at least ${amountText(min, currency, options.locale)}`);
  } else if (max !== undefined) {
    lines.push(`Amount at most ${amountText(max, currency, options.locale)}`);
  } else if (currency !== undefined) {
    lines.push(`In ${currency}`);
  }
  if (c.accountIds !== undefined) {
    const names = c.accountIds.map((id) => options.accountName(id) ?? 'an account no longer listed');
    lines.push(`${names.length === 1 ? 'Account' : 'Accounts'}: ${names.join(', ')}`);
  }
  return lines;
}

/** The rule's actions in words ("Category: Food & Dining", "Rename to “Amazon”"). */
export function describeActions(actions: RuleActions): string[] {
  const lines: string[] = [];
  if (actions.category !== undefined) lines.push(`Category: ${TRANSACTION_CATEGORIES[actions.category]}`);
  if (actions.detailed !== undefined) lines.push(`Detailed category: ${actions.detailed}`);
  if (actions.rename !== undefined) lines.push(`Rename to “${actions.rename}”`);
  if (actions.markTransfer) lines.push('Mark as a transfer');
  if (actions.exclude === true) lines.push('Leave out of totals');
  if (actions.exclude === false) lines.push('Count in totals');
  return lines;
}

/** "Matches 3 transactions" / "Matches no transactions" / "Turned off". */
export function matchedText(
  rule: Pick<ListedRule, 'matched' | 'enabled'>,
  formatCount: (n: number) => string,
): string {
  if (!rule.enabled || rule.matched === null) return 'Turned off';
  if (rule.matched === 0) return 'Matches no transactions';
  return `Matches ${formatCount(rule.matched)} ${rule.matched === 1 ? 'transaction' : 'transactions'}`;
}

/** The ids with the one at `index` moved by `by` places (−1 up, +1 down); unchanged at the ends. */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  const [id] = next.splice(index, 1);
  next.splice(target, 0, id as string);
  return next;
}
