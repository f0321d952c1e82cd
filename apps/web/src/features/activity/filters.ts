import { ACCOUNT_TYPES, isIsoDate, isTransactionCategory, type Preferences } from '@lodestar/domain';

/**
 * The Activity filters, kept in the page's URL search params so a filtered view can be shared and the
 * back button steps through filter changes. Param names are the API's own (docs/money-api.md).
 */

export const ACTIVITY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'income', label: 'Income' },
  { value: 'expenses', label: 'Expenses' },
  { value: 'pending', label: 'Pending' },
  { value: 'uncategorized', label: 'Uncategorized' },
  { value: 'transfers', label: 'Transfers' },
  { value: 'excluded', label: 'Excluded' },
] as const;

/**
 * Kinds a link may ask for that the page's Show control does not offer: `counted` is what Expenses and
 * Insights count (not excluded, not a transfer, not an investment trade), so their links list exactly
 * the rows they counted.
 */
export const LINK_ONLY_FILTERS = [
  { value: 'counted', label: 'Counted in spending and income' },
  { value: 'spending_rows', label: 'Counted in spending' },
  { value: 'income_rows', label: 'Counted in income' },
] as const;

export type ActivityFilter =
  (typeof ACTIVITY_FILTERS)[number]['value'] | (typeof LINK_ONLY_FILTERS)[number]['value'];

/** The label of a kind of transaction ('Expenses'). */
export function filterLabel(filter: ActivityFilter): string {
  return (
    [...ACTIVITY_FILTERS, ...LINK_ONLY_FILTERS].find((option) => option.value === filter)?.label ?? filter
  );
}

export const SORT_ORDERS = [
  { value: 'date_desc', label: 'Newest first' },
  { value: 'date_asc', label: 'Oldest first' },
  { value: 'amount_desc', label: 'Amount: high to low' },
  { value: 'amount_asc', label: 'Amount: low to high' },
] as const;
export type SortOrder = (typeof SORT_ORDERS)[number]['value'];

/** A pending, refunds or recurring filter: '' = no restriction, 'only' = just those, 'exclude' = none. */
export type OnlyOrExclude = '' | 'only' | 'exclude';

/** The filters the saved default filters can set beside the account types (the API's param names). */
export const FLAG_FILTERS = ['pending', 'refunds', 'recurring'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];
export type DefaultFlags = Record<FlagFilter, OnlyOrExclude>;
export const NO_DEFAULT_FLAGS: DefaultFlags = { pending: '', refunds: '', recurring: '' };

export type ActivityFilters = {
  filter: ActivityFilter;
  categories: string[];
  accounts: string[];
  /** Passed through from the URL (the contract names it but does not list its values); no control yet. */
  types: string[];
  /** 'YYYY-MM-DD': on or after; '' for none. */
  date: string;
  /** 'YYYY-MM-DD': on or before; '' for none. */
  to: string;
  search: string;
  /** Link-only (reports): the payee exactly (merchant name, else the name); '' for none. */
  payee: string;
  /** Link-only (reports): a detailed category code exactly, NONE for rows without one; '' for none. */
  detailed: string;
  /** Link-only (reports): rows carrying any of these tags. */
  tags: string[];
  /** Link-only (reports): rows without any tag. */
  untagged: boolean;
  /** Link-only (reports): rows at least this large (amount without its sign, major units); '' for none. */
  amountMin: string;
  /** Link-only (reports): rows at most this large; '' for none. */
  amountMax: string;
  /** Pending transactions only, or none of them. */
  pending: OnlyOrExclude;
  /** Refunds (money back on a spending category) only, or none of them. */
  refunds: OnlyOrExclude;
  /** Occurrences of the recurring payments Insights lists, only or none of them. */
  recurring: OnlyOrExclude;
  sort: SortOrder;
};

export const DEFAULT_FILTERS: ActivityFilters = {
  filter: 'all',
  categories: [],
  accounts: [],
  types: [],
  date: '',
  to: '',
  search: '',
  payee: '',
  detailed: '',
  tags: [],
  untagged: false,
  amountMin: '',
  amountMax: '',
  pending: '',
  refunds: '',
  recurring: '',
  sort: 'date_desc',
};

/** The categories filter's value for transactions shown as Uncategorized (the API's own). */
export const UNCATEGORIZED = 'UNCATEGORIZED';

/** The longest search text sent (names are at most 50 characters; merchants a little longer). */
export const SEARCH_MAX_LENGTH = 100;

const isFilter = (value: string | null): value is ActivityFilter =>
  [...ACTIVITY_FILTERS, ...LINK_ONLY_FILTERS].some((option) => option.value === value);
const isSort = (value: string | null): value is SortOrder =>
  SORT_ORDERS.some((option) => option.value === value);

/** A comma-joined list: trimmed, without blanks, without 'all' (which means no restriction), sorted, unique. */
function readList(value: string | null, keep: (item: string) => boolean = () => true): string[] {
  if (!value) return [];
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && item.toLowerCase() !== 'all' && keep(item));
  return [...new Set(items)].sort();
}

/** The URL's way of saying "no date filter" when the user's default date range would set one. */
export const ALL_DATES = 'all';

/** The URL's way of saying "every account type" when the user's default filters would narrow them. */
export const ALL_TYPES = 'all';

/**
 * The account types the user's saved default filters (`transaction_filters`) narrow Activity to, or []
 * for no restriction: with `show_credit_cards` off, every account type but credit cards.
 */
export function defaultTypesFromPreference(saved: Preferences['transaction_filters']): string[] {
  if (saved.show_credit_cards) return [];
  return ACCOUNT_TYPES.filter((type) => type !== 'credit').sort();
}

/**
 * The pending, refunds and recurring filters the saved default filters set: `show_pending` off hides
 * pending transactions, `show_refunds_only` on lists refunds only, `show_recurring` off hides the
 * recurring payments' occurrences.
 */
export function defaultFlagsFromPreference(saved: Preferences['transaction_filters']): DefaultFlags {
  return {
    pending: saved.show_pending ? '' : 'exclude',
    refunds: saved.show_refunds_only ? 'only' : '',
    recurring: saved.show_recurring ? '' : 'exclude',
  };
}

/** The URL's way of saying "no restriction" for a flag filter the saved defaults would set. */
export const ALL_FLAG = 'all';

function readFlag(value: string | null, fallback: OnlyOrExclude): OnlyOrExclude {
  if (value === null) return fallback;
  return value === 'only' || value === 'exclude' ? value : '';
}

/**
 * The filters in `params`; anything unknown or malformed falls back to the default. `defaultDate` is
 * the start of the user's default date range ('' for all history): it applies when the URL names no
 * date, and `date=all` shows all history whatever the default. `defaultTypes` (from the saved default
 * filters) apply the same way when the URL names no types; `types=all` shows every type.
 */
export function parseFilters(
  params: URLSearchParams,
  defaultDate = '',
  defaultTypes: readonly string[] = [],
  defaultFlags: DefaultFlags = NO_DEFAULT_FLAGS,
): ActivityFilters {
  const filter = params.get('filter');
  const sort = params.get('sort');
  const date = params.get('date') ?? defaultDate;
  const to = params.get('to') ?? '';
  const types = params.get('types');
  return {
    filter: isFilter(filter) ? filter : DEFAULT_FILTERS.filter,
    categories: readList(
      params.get('categories'),
      (value) => value === UNCATEGORIZED || isTransactionCategory(value),
    ),
    accounts: readList(params.get('accounts')),
    types: types === null ? [...defaultTypes].sort() : readList(types),
    date: isIsoDate(date) ? date : '',
    to: isIsoDate(to) ? to : '',
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
    payee: (params.get('payee') ?? '').slice(0, 200),
    detailed: (params.get('detailed') ?? '').trim().slice(0, 100),
    tags: readList(params.get('tags'), (tag) => tag.length <= 40).slice(0, 20),
    untagged: params.get('untagged') === 'only',
    amountMin: readAmount(params.get('amount_min')),
    amountMax: readAmount(params.get('amount_max')),
    pending: readFlag(params.get('pending'), defaultFlags.pending),
    refunds: readFlag(params.get('refunds'), defaultFlags.refunds),
    recurring: readFlag(params.get('recurring'), defaultFlags.recurring),
    sort: isSort(sort) ? sort : DEFAULT_FILTERS.sort,
  };
}

/** An amount bound from the URL as the API takes it (digits, at most two decimals), else ''. */
function readAmount(value: string | null): string {
  const text = (value ?? '').trim();
  return /^\d{1,10}(\.\d{1,2})?$/.test(text) ? text : '';
}

/**
 * The filters as search params. Lists are comma-joined and left out when empty ('all'); search only
 * when set; the date for the API when set, for the page URL when it differs from `defaultDate`. For the page URL the defaults (filter=all, sort=date_desc) are left out too;
 * for the API `filter` and `sort` are always sent, so the request says exactly what it wants.
 */
export function filtersToParams(
  filters: ActivityFilters,
  {
    forApi = false,
    defaultDate = '',
    defaultTypes = [],
    defaultFlags = NO_DEFAULT_FLAGS,
  }: {
    forApi?: boolean;
    defaultDate?: string;
    defaultTypes?: readonly string[];
    defaultFlags?: DefaultFlags;
  } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (forApi || filters.filter !== DEFAULT_FILTERS.filter) params.set('filter', filters.filter);
  const lists = { categories: filters.categories, accounts: filters.accounts, types: filters.types };
  for (const [key, values] of Object.entries(lists)) {
    const kept = [...values.filter((value) => value !== '' && value.toLowerCase() !== 'all')].sort();
    if (key === 'types' && !forApi) {
      // Like the date: the page URL leaves out the saved default types and says "all" when cleared.
      if (kept.join(',') !== [...defaultTypes].sort().join(',')) params.set(key, kept.join(',') || ALL_TYPES);
      continue;
    }
    if (kept.length > 0) params.set(key, kept.join(','));
  }
  if (forApi) {
    if (filters.date) params.set('date', filters.date);
  } else if (filters.date !== defaultDate) {
    // The page URL leaves out the default date; clearing it is said explicitly, so it stays cleared.
    params.set('date', filters.date || ALL_DATES);
  }
  if (filters.to) params.set('to', filters.to);
  const search = forApi ? filters.search.trim() : filters.search;
  if (search) params.set('search', search);
  if (filters.payee) params.set('payee', filters.payee);
  if (filters.detailed) params.set('detailed', filters.detailed);
  if (filters.tags.length > 0) params.set('tags', [...filters.tags].sort().join(','));
  if (filters.untagged) params.set('untagged', 'only');
  if (filters.amountMin) params.set('amount_min', filters.amountMin);
  if (filters.amountMax) params.set('amount_max', filters.amountMax);
  for (const key of FLAG_FILTERS) {
    const value = filters[key];
    if (forApi) {
      if (value) params.set(key, value);
    } else if (value !== defaultFlags[key]) {
      // Like the types: the saved default is left out, and clearing it is said explicitly.
      params.set(key, value || ALL_FLAG);
    }
  }
  if (forApi || filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

/** Whether any filter narrows the list (the sort order does not). */
export function hasActiveFilters(filters: ActivityFilters): boolean {
  return (
    filters.filter !== 'all' ||
    filters.categories.length > 0 ||
    filters.accounts.length > 0 ||
    filters.types.length > 0 ||
    filters.date !== '' ||
    filters.to !== '' ||
    filters.search.trim() !== '' ||
    filters.payee !== '' ||
    filters.detailed !== '' ||
    filters.tags.length > 0 ||
    filters.untagged ||
    filters.amountMin !== '' ||
    filters.amountMax !== '' ||
    FLAG_FILTERS.some((key) => filters[key] !== '')
  );
}

/** What a flag filter's chip says. */
export const FLAG_LABELS: Record<FlagFilter, Record<'only' | 'exclude', string>> = {
  pending: { only: 'Pending transactions only', exclude: 'Pending transactions hidden' },
  refunds: { only: 'Refunds only', exclude: 'Refunds hidden' },
  recurring: { only: 'Recurring payments only', exclude: 'Recurring payments hidden' },
};

/** One active filter as the page shows it: what it says, and the change that removes it. */
export type FilterChip = {
  key: string;
  label: string;
  /** Words for "Remove …" (a screen reader hears "Remove filter: Category Travel"). */
  remove: Partial<ActivityFilters>;
  /** Set when the chip is the user's saved default rather than a choice made on this visit. */
  byDefault?: boolean;
};

/**
 * Every filter narrowing the list, including the default date window and the saved default filters,
 * each with the change that removes it, in the order of the filter bar. `names` turns ids into what the
 * user knows them by; `formatDate` writes a date in the user's format; `rangeLabel` names the default
 * date window ('Last 30 days').
 */
export function filterChips(
  filters: ActivityFilters,
  options: {
    defaultDate: string;
    defaultTypes: readonly string[];
    defaultFlags?: DefaultFlags;
    rangeLabel: string;
    formatDate: (date: string) => string;
    categoryName: (value: string) => string;
    accountName: (id: string) => string;
    typeName: (type: string) => string;
  },
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.search.trim()) {
    chips.push({ key: 'search', label: `Search: “${filters.search.trim()}”`, remove: { search: '' } });
  }
  if (filters.filter !== 'all') {
    chips.push({ key: 'filter', label: `Show: ${filterLabel(filters.filter)}`, remove: { filter: 'all' } });
  }
  if (filters.payee) {
    chips.push({ key: 'payee', label: `Merchant: ${filters.payee}`, remove: { payee: '' } });
  }
  if (filters.detailed) {
    const label = filters.detailed === 'NONE' ? 'none' : filters.detailed.toLowerCase().replace(/_/g, ' ');
    chips.push({ key: 'detailed', label: `Detailed category: ${label}`, remove: { detailed: '' } });
  }
  for (const tag of filters.tags) {
    chips.push({
      key: `tag:${tag}`,
      label: `Tag: ${tag}`,
      remove: { tags: filters.tags.filter((value) => value !== tag) },
    });
  }
  if (filters.untagged) chips.push({ key: 'untagged', label: 'Without tags', remove: { untagged: false } });
  if (filters.amountMin || filters.amountMax) {
    const label =
      filters.amountMin && filters.amountMax
        ? `Amount: ${filters.amountMin} to ${filters.amountMax}`
        : filters.amountMin
          ? `Amount: at least ${filters.amountMin}`
          : `Amount: at most ${filters.amountMax}`;
    chips.push({ key: 'amount', label, remove: { amountMin: '', amountMax: '' } });
  }
  for (const category of filters.categories) {
    chips.push({
      key: `category:${category}`,
      label: `Category: ${options.categoryName(category)}`,
      remove: { categories: filters.categories.filter((value) => value !== category) },
    });
  }
  for (const account of filters.accounts) {
    chips.push({
      key: `account:${account}`,
      label: `Account: ${options.accountName(account)}`,
      remove: { accounts: filters.accounts.filter((value) => value !== account) },
    });
  }
  if (filters.types.length > 0) {
    const saved = filters.types.join(',') === [...options.defaultTypes].sort().join(',');
    const hidesOnlyCards = !filters.types.includes('credit') && saved;
    chips.push({
      key: 'types',
      label: hidesOnlyCards
        ? 'Credit-card transactions hidden'
        : `Account types: ${filters.types.map(options.typeName).join(', ')}`,
      remove: { types: [] },
      byDefault: saved,
    });
  }
  for (const key of FLAG_FILTERS) {
    const value = filters[key];
    if (!value) continue;
    chips.push({
      key,
      label: FLAG_LABELS[key][value],
      remove: { [key]: '' },
      byDefault: value === (options.defaultFlags ?? NO_DEFAULT_FLAGS)[key],
    });
  }
  if (filters.date) {
    const byDefault = filters.date === options.defaultDate && !filters.to;
    chips.push({
      key: 'date',
      label: byDefault
        ? `${options.rangeLabel} (from ${options.formatDate(filters.date)})`
        : `From ${options.formatDate(filters.date)}`,
      remove: { date: '' },
      byDefault,
    });
  }
  if (filters.to) {
    chips.push({ key: 'to', label: `To ${options.formatDate(filters.to)}`, remove: { to: '' } });
  }
  return chips;
}

/**
 * What the count's parenthesis says about the date window: the default window's name ('last 30 days'),
 * a range, a start or an end; '' for all history.
 */
export function dateWindowText(
  filters: Pick<ActivityFilters, 'date' | 'to'>,
  options: { defaultDate: string; rangeLabel: string; formatDate: (date: string) => string },
): string {
  const { date, to } = filters;
  if (date && to) return `${options.formatDate(date)} to ${options.formatDate(to)}`;
  if (date && date === options.defaultDate) return options.rangeLabel.toLowerCase();
  if (date) return `from ${options.formatDate(date)}`;
  if (to) return `to ${options.formatDate(to)}`;
  return '';
}
