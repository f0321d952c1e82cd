import { describe, expect, it } from 'vitest';
import { exportCsvUrl, PAGE_SIZE, transactionsQueryString } from './api';
import {
  dateWindowText,
  DEFAULT_FILTERS,
  defaultFlagsFromPreference,
  defaultTypesFromPreference,
  filterChips,
  filtersToParams,
  hasActiveFilters,
  parseFilters,
} from './filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('Activity filters and query strings', () => {
  it('asks for page and limit 100 with filter and sort, leaving out every list that means all', () => {
    expect(transactionsQueryString(DEFAULT_FILTERS, 1)).toBe(
      `page=1&limit=${PAGE_SIZE}&filter=all&sort=date_desc`,
    );
    expect(PAGE_SIZE).toBe(100);
  });

  it('comma-joins categories, accounts and types and passes date and search', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      filter: 'expenses' as const,
      categories: ['TRAVEL', 'FOOD_AND_DRINK'],
      accounts: ['acc_2', 'acc_1'],
      types: ['credit'],
      date: '2025-01-31',
      search: '  coffee shop ',
      sort: 'amount_asc' as const,
    };
    const params = new URLSearchParams(transactionsQueryString(filters, 3));
    expect(Object.fromEntries(params)).toEqual({
      page: '3',
      limit: '100',
      filter: 'expenses',
      categories: 'FOOD_AND_DRINK,TRAVEL',
      accounts: 'acc_1,acc_2',
      types: 'credit',
      date: '2025-01-31',
      search: 'coffee shop',
      sort: 'amount_asc',
    });
    expect(transactionsQueryString(filters, 3)).toContain('categories=FOOD_AND_DRINK%2CTRAVEL');
  });

  it("omits a list that is empty or says 'all'", () => {
    const params = filtersToParams(
      { ...DEFAULT_FILTERS, categories: [], accounts: ['all'], types: ['ALL'] },
      { forApi: true },
    );
    expect(params.has('categories')).toBe(false);
    expect(params.has('accounts')).toBe(false);
    expect(params.has('types')).toBe(false);
    expect(parse('accounts=all&types=all,').accounts).toEqual([]);
  });

  it('keeps the page URL short: defaults are left out, and it reads back to the same filters', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const filters = parse(
      'filter=pending&categories=TRAVEL,INCOME&accounts=a,b&date=2025-02-01&search=uber&sort=date_asc',
    );
    expect(filters).toEqual({
      filter: 'pending',
      categories: ['INCOME', 'TRAVEL'],
      accounts: ['a', 'b'],
      types: [],
      date: '2025-02-01',
      to: '',
      search: 'uber',
      payee: '',
      detailed: '',
      tags: [],
      untagged: false,
      amountMin: '',
      amountMax: '',
      pending: '',
      refunds: '',
      recurring: '',
      sort: 'date_asc',
    });
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: 'amount_desc' })).toBe(false);
  });

  it('carries a report’s amount range, and drops a malformed one', () => {
    const filters = parse('amount_min=25&amount_max=100.50');
    expect(filters).toMatchObject({ amountMin: '25', amountMax: '100.50' });
    expect(filtersToParams(filters, { forApi: true }).toString()).toContain('amount_min=25&amount_max=100.50');
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(parse('amount_min=-5&amount_max=1.234')).toMatchObject({ amountMin: '', amountMax: '' });
  });

  it('ignores unknown filters, sorts, categories and malformed dates', () => {
    expect(parse('filter=everything&sort=random&categories=NOT_A_CATEGORY,TRAVEL&date=2025-13-45')).toEqual({
      ...DEFAULT_FILTERS,
      categories: ['TRAVEL'],
    });
  });

  it('exports CSV with the same filters and no paging', () => {
    expect(exportCsvUrl({ ...DEFAULT_FILTERS, categories: ['TRAVEL'], search: 'air' })).toBe(
      '/api/v1/transactions/export.csv?filter=all&categories=TRAVEL&search=air&sort=date_desc',
    );
  });
});

describe('the default date range (preference default_date_range)', () => {
  const from = '2026-10-24';

  it('applies when the URL names no date, and date=all shows all history', () => {
    expect(parseFilters(new URLSearchParams(''), from).date).toBe(from);
    expect(parseFilters(new URLSearchParams('date=all'), from).date).toBe('');
    expect(parseFilters(new URLSearchParams('date=2026-01-01'), from).date).toBe('2026-01-01');
    expect(parseFilters(new URLSearchParams(''), '').date).toBe('');
  });

  it('keeps the default out of the page URL and says "all" when it is cleared', () => {
    const at = (date: string) =>
      filtersToParams({ ...DEFAULT_FILTERS, date }, { defaultDate: from }).toString();
    expect(at(from)).toBe('');
    expect(at('')).toBe('date=all');
    expect(at('2026-01-01')).toBe('date=2026-01-01');
    // Without a default, no date means no parameter at all.
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('sends the API the date in force, never "all"', () => {
    const api = (date: string) =>
      filtersToParams({ ...DEFAULT_FILTERS, date }, { forApi: true, defaultDate: from }).get('date');
    expect(api(from)).toBe(from);
    expect(api('')).toBeNull();
  });
});

describe('Saved default filters (transaction_filters)', () => {
  const saved = {
    show_recurring: true,
    show_pending: true,
    show_credit_cards: false,
    show_refunds_only: false,
  };
  const hiding = defaultTypesFromPreference(saved);

  it('hides credit cards by naming every other account type, and narrows nothing otherwise', () => {
    expect(hiding).not.toContain('credit');
    expect(hiding).toContain('depository');
    expect(hiding).toHaveLength(16);
    expect(defaultTypesFromPreference({ ...saved, show_credit_cards: true })).toEqual([]);
  });

  it('apply when the URL names no types; types=all shows every type; the page URL leaves the default out', () => {
    expect(parseFilters(new URLSearchParams(''), '', hiding).types).toEqual(hiding);
    expect(parseFilters(new URLSearchParams('types=all'), '', hiding).types).toEqual([]);
    expect(parseFilters(new URLSearchParams('types=credit'), '', hiding).types).toEqual(['credit']);
    expect(filtersToParams({ ...DEFAULT_FILTERS, types: hiding }, { defaultTypes: hiding }).toString()).toBe(
      '',
    );
    expect(filtersToParams({ ...DEFAULT_FILTERS, types: [] }, { defaultTypes: hiding }).toString()).toBe(
      'types=all',
    );
    expect(
      filtersToParams({ ...DEFAULT_FILTERS, types: [] }, { forApi: true, defaultTypes: hiding }).has('types'),
    ).toBe(false);
    expect(hasActiveFilters(parseFilters(new URLSearchParams(''), '', hiding))).toBe(true);
  });
});

describe('filter chips and the date window', () => {
  const options = {
    defaultDate: '2026-10-24',
    defaultTypes: ['depository', 'investment'],
    rangeLabel: 'Last 30 days',
    formatDate: (date: string) => date.split('-').reverse().join('/'),
    categoryName: (value: string) => (value === 'TRAVEL' ? 'Travel' : value),
    accountName: (id: string) => (id === 'a' ? 'Checking' : 'Unknown account'),
    typeName: (type: string) => type,
  };

  it('reads and writes an end date', () => {
    const filters = parseFilters(new URLSearchParams('date=2026-10-01&to=2026-10-31'), options.defaultDate);
    expect(filters).toMatchObject({ date: '2026-10-01', to: '2026-10-31' });
    expect(filtersToParams(filters, { forApi: true }).get('to')).toBe('2026-10-31');
    expect(parseFilters(new URLSearchParams('to=2026-02-30')).to).toBe('');
    expect(parseFilters(new URLSearchParams('filter=counted&categories=UNCATEGORIZED'))).toMatchObject({
      filter: 'counted',
      categories: ['UNCATEGORIZED'],
    });
  });

  it('lists every active filter, the defaults included, each with what removes it', () => {
    const filters = parseFilters(
      new URLSearchParams('filter=counted&categories=TRAVEL&accounts=a&search=air'),
      options.defaultDate,
      options.defaultTypes,
    );
    const chips = filterChips(filters, options);
    expect(chips.map((chip) => [chip.label, chip.byDefault ?? false])).toEqual([
      ['Search: “air”', false],
      ['Show: Counted in spending and income', false],
      ['Category: Travel', false],
      ['Account: Checking', false],
      ['Credit-card transactions hidden', true],
      ['Last 30 days (from 24/10/2026)', true],
    ]);
    expect(chips.map((chip) => chip.remove)).toEqual([
      { search: '' },
      { filter: 'all' },
      { categories: [] },
      { accounts: [] },
      { types: [] },
      { date: '' },
    ]);
    expect(filterChips(DEFAULT_FILTERS, options)).toEqual([]);
  });

  it('names the date window in the count', () => {
    expect(dateWindowText({ date: '2026-10-24', to: '' }, options)).toBe('last 30 days');
    expect(dateWindowText({ date: '2026-10-01', to: '2026-10-31' }, options)).toBe(
      '01/10/2026 to 31/10/2026',
    );
    expect(dateWindowText({ date: '2026-10-01', to: '' }, options)).toBe('from 01/10/2026');
    expect(dateWindowText({ date: '', to: '' }, options)).toBe('');
    const ranged = filterChips({ ...DEFAULT_FILTERS, date: '2026-10-24', to: '2026-10-31' }, options);
    expect(ranged.map((chip) => chip.label)).toEqual(['From 24/10/2026', 'To 31/10/2026']);
  });
});

describe('saved pending, refunds and recurring defaults', () => {
  const saved = {
    show_recurring: false,
    show_pending: false,
    show_credit_cards: true,
    show_refunds_only: true,
  };
  const flags = defaultFlagsFromPreference(saved);

  it('turn the preferences into the API filters', () => {
    expect(flags).toEqual({ pending: 'exclude', refunds: 'only', recurring: 'exclude' });
    expect(
      defaultFlagsFromPreference({
        ...saved,
        show_recurring: true,
        show_pending: true,
        show_refunds_only: false,
      }),
    ).toEqual({ pending: '', refunds: '', recurring: '' });
  });

  it('apply when the URL names none, and `all` lifts one', () => {
    const filters = parseFilters(new URLSearchParams(''), '', [], flags);
    expect(filters).toMatchObject(flags);
    expect(hasActiveFilters(filters)).toBe(true);
    expect(parseFilters(new URLSearchParams('pending=all'), '', [], flags).pending).toBe('');
    expect(parseFilters(new URLSearchParams('recurring=only'), '', [], flags).recurring).toBe('only');
    expect(parseFilters(new URLSearchParams('refunds=maybe')).refunds).toBe('');
    const api = filtersToParams(filters, { forApi: true, defaultFlags: flags });
    expect([api.get('pending'), api.get('refunds'), api.get('recurring')]).toEqual([
      'exclude',
      'only',
      'exclude',
    ]);
    expect(filtersToParams(filters, { defaultFlags: flags }).toString()).toBe('');
    expect(filtersToParams({ ...filters, pending: '' }, { defaultFlags: flags }).toString()).toBe(
      'pending=all',
    );
  });
});

describe('links from a report cell', () => {
  it('carry the payee, detailed category, tags and the measure’s rows through to the API', () => {
    const href =
      'filter=spending_rows&types=all&payee=Corner%20Grocer%20%26%20Co&detailed=NONE&tags=work,trip' +
      '&date=2026-10-01&to=2026-10-31&pending=all&refunds=all&recurring=all';
    const filters = parseFilters(new URLSearchParams(href), '2026-10-22', ['depository'], {
      pending: 'exclude',
      refunds: '',
      recurring: '',
    });
    expect(filters).toMatchObject({
      filter: 'spending_rows',
      types: [],
      payee: 'Corner Grocer & Co',
      detailed: 'NONE',
      tags: ['trip', 'work'],
      untagged: false,
      pending: '',
    });
    const api = filtersToParams(filters, { forApi: true });
    expect(api.get('payee')).toBe('Corner Grocer & Co');
    expect(api.get('tags')).toBe('trip,work');
    expect(api.get('detailed')).toBe('NONE');
    expect(api.has('types')).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, untagged: true })).toBe(true);
    expect(filtersToParams({ ...DEFAULT_FILTERS, untagged: true }).toString()).toBe('untagged=only');
  });
});
