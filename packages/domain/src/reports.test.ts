import { describe, expect, it } from 'vitest';
import {
  previousPeriod,
  REPORT_MESSAGES,
  reportCellHref,
  reportDefinitionSchema,
  reportHrefBetween,
  ReportDefinitionError,
  resolveReport,
  type ReportDefinitionInput,
} from './reports';

const parse = (input: unknown) => reportDefinitionSchema.safeParse(input);
const messages = (input: unknown) => {
  const result = parse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const define = (input: ReportDefinitionInput) => reportDefinitionSchema.parse(input);

describe('report definitions', () => {
  it('fills the defaults of a minimal definition', () => {
    expect(define({ measure: 'spending', range: { preset: 'last-12-months' } })).toEqual({
      measure: 'spending',
      groupBy: 'category',
      interval: 'month',
      chart: 'table',
      range: { preset: 'last-12-months' },
      filters: {},
      compare: false,
    });
  });

  it('says what is wrong, field by field', () => {
    expect(messages({ measure: 'profit', range: { preset: 'this-month' } })).toEqual([
      `measure: ${REPORT_MESSAGES.measure}`,
    ]);
    expect(messages({ measure: 'spending', groupBy: 'payee', range: { preset: 'this-month' } })).toEqual([
      `groupBy: ${REPORT_MESSAGES.groupBy}`,
    ]);
    expect(
      messages({ measure: 'spending', range: { preset: 'custom', from: '2026-02-30', to: '2026-03-01' } }),
    ).toEqual([`range.from: ${REPORT_MESSAGES.from}`]);
    expect(messages({ measure: 'spending', range: { preset: 'custom', to: '2026-03-01' } })).toEqual([
      `range.from: ${REPORT_MESSAGES.customNeedsDates}`,
    ]);
    expect(
      messages({ measure: 'spending', range: { preset: 'custom', from: '2026-03-02', to: '2026-03-01' } }),
    ).toEqual([`range.to: ${REPORT_MESSAGES.toBeforeFrom}`]);
    expect(
      messages({ measure: 'spending', range: { preset: 'custom', from: '1990-01-01', to: '2026-03-01' } }),
    ).toEqual([`range.to: ${REPORT_MESSAGES.tooLong}`]);
    expect(messages({ measure: 'spending', range: { preset: 'this-year', from: '2026-01-01' } })).toEqual([
      `range.preset: ${REPORT_MESSAGES.datesOnlyCustom}`,
    ]);
    expect(
      messages({ measure: 'spending', range: { preset: 'this-year' }, filters: { categories: ['FOOD'] } }),
    ).toEqual([`filters.categories.0: ${REPORT_MESSAGES.category}`]);
    expect(
      messages({ measure: 'spending', range: { preset: 'this-year' }, filters: { search: 'a' } }),
    ).toEqual([`filters.search: ${REPORT_MESSAGES.searchShort}`]);
    expect(
      messages({ measure: 'spending', range: { preset: 'this-year' }, filters: { accounts: ['x'] } }),
    ).toEqual([`filters.accounts.0: ${REPORT_MESSAGES.account}`]);
    expect(messages({ measure: 'spending', range: { preset: 'this-year' }, colour: 'red' })).toHaveLength(1);
  });

  it('takes an amount range of sizes, smallest first, with clear messages', () => {
    const withAmount = (amount: unknown) => ({
      measure: 'spending',
      range: { preset: 'this-year' },
      filters: { amount },
    });
    expect(define(withAmount({ min: 25, max: 100.5 }) as ReportDefinitionInput).filters).toEqual({
      amount: { min: 25, max: 100.5 },
    });
    expect(parse(withAmount({ min: 25 })).success).toBe(true);
    expect(parse(withAmount({ max: 0 })).success).toBe(true);
    expect(parse(withAmount({ min: 10, max: 10 })).success).toBe(true);
    expect(messages(withAmount({ min: 100, max: 25 }))).toEqual([
      `filters.amount.max: ${REPORT_MESSAGES.amountOrder}`,
    ]);
    expect(messages(withAmount({}))).toEqual([`filters.amount.min: ${REPORT_MESSAGES.amountEmpty}`]);
    expect(messages(withAmount({ min: -5 }))).toEqual([`filters.amount.min: ${REPORT_MESSAGES.amountMin}`]);
    expect(messages(withAmount({ max: '50' }))).toEqual([`filters.amount.max: ${REPORT_MESSAGES.amountMax}`]);
    expect(messages(withAmount({ max: 2_000_000_000 }))).toEqual([
      `filters.amount.max: ${REPORT_MESSAGES.amountMax}`,
    ]);
    expect(messages(withAmount({ min: 1.005 }))).toEqual([
      `filters.amount.min: ${REPORT_MESSAGES.amountDecimals}`,
    ]);
    expect(messages(withAmount({ min: 1, least: 2 }))).toHaveLength(1);
    expect(
      messages({
        measure: 'balance',
        groupBy: 'account',
        range: { preset: 'this-year' },
        filters: { amount: { min: 1 } },
      }),
    ).toEqual([`filters.amount: ${REPORT_MESSAGES.balanceFilters}`]);
  });

  it('keeps balances to what accounts have', () => {
    expect(messages({ measure: 'balance', groupBy: 'merchant', range: { preset: 'this-year' } })).toEqual([
      `groupBy: ${REPORT_MESSAGES.balanceGrouping}`,
    ]);
    expect(
      messages({
        measure: 'balance',
        groupBy: 'account',
        range: { preset: 'this-year' },
        filters: { tags: ['x'] },
      }),
    ).toEqual([`filters.tags: ${REPORT_MESSAGES.balanceFilters}`]);
    expect(
      parse({ measure: 'balance', groupBy: 'account_type', range: { preset: 'this-year' } }).success,
    ).toBe(true);
  });

  it('trims, de-duplicates and lower-cases list filters', () => {
    const id = 'AAAAAAAA-0000-4000-8000-000000000001';
    expect(
      define({
        measure: 'spending',
        range: { preset: 'this-year' },
        filters: { accounts: [id, id.toLowerCase()], tags: [' trip ', 'trip'] },
      }).filters,
    ).toEqual({ accounts: [id.toLowerCase()], tags: ['trip'] });
  });
});

describe('resolving a report on a day', () => {
  it('turns presets into ranges and whole intervals into columns, clipped at the edges', () => {
    const report = resolveReport(
      define({ measure: 'spending', interval: 'month', range: { preset: 'last-3-months' } }),
      '2026-11-20',
    );
    expect(report.from).toBe('2026-09-01');
    expect(report.to).toBe('2026-11-20');
    expect(report.columns.map((column) => [column.from, column.to, column.label])).toEqual([
      ['2026-09-01', '2026-09-30', 'Sep 2026'],
      ['2026-10-01', '2026-10-31', 'Oct 2026'],
      ['2026-11-01', '2026-11-20', 'Nov 2026'],
    ]);
    const weeks = resolveReport(
      define({
        measure: 'spending',
        interval: 'week',
        range: { preset: 'custom', from: '2026-11-04', to: '2026-11-20' },
      }),
      '2026-11-20',
    );
    expect(weeks.columns.map((column) => [column.from, column.to])).toEqual([
      ['2026-11-04', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', '2026-11-20'],
    ]);
    const quarters = resolveReport(
      define({ measure: 'income', interval: 'quarter', range: { preset: 'last-year' } }),
      '2026-11-20',
    );
    expect(quarters.columns.map((column) => column.label)).toEqual([
      'Q1 2025',
      'Q2 2025',
      'Q3 2025',
      'Q4 2025',
    ]);
  });

  it('refuses more columns than a report can show', () => {
    expect(() =>
      resolveReport(
        define({ measure: 'spending', interval: 'day', range: { preset: 'last-5-years' } }),
        '2026-11-20',
      ),
    ).toThrow(ReportDefinitionError);
  });

  it('compares with the period just before, whole months to whole months', () => {
    expect(previousPeriod('2026-07-01', '2026-10-31')).toEqual({ from: '2026-03-01', to: '2026-06-30' });
    expect(previousPeriod('2026-11-04', '2026-11-20')).toEqual({ from: '2026-10-18', to: '2026-11-03' });
  });
});

describe('a cell’s Activity link', () => {
  const range = { preset: 'custom' as const, from: '2025-01-01', to: '2026-10-31' };
  it('names the measure’s rows, the group, the filters and the column, defaults set aside', () => {
    expect(
      reportCellHref({
        definition: define({ measure: 'spending', groupBy: 'merchant', range, filters: { tags: ['trip'] } }),
        group: { key: 'Corner Grocer & Co' },
        from: '2026-10-01',
        to: '2026-10-31',
        visibleCategories: null,
      }),
    ).toBe(
      '/activity?filter=spending_rows&types=all&payee=Corner%20Grocer%20%26%20Co&tags=trip&date=2026-10-01&to=2026-10-31&pending=all&refunds=all&recurring=all',
    );
    expect(
      reportCellHref({
        definition: define({ measure: 'income', groupBy: 'category', range }),
        group: { key: '' },
        from: '2026-10-01',
        to: '2026-10-31',
        visibleCategories: ['FOOD_AND_DRINK'],
      }),
    ).toContain('filter=income_rows&categories=UNCATEGORIZED&');
    expect(
      reportCellHref({
        definition: define({ measure: 'count', groupBy: 'tag', range }),
        group: { key: '' },
        from: '2026-10-01',
        to: '2026-10-31',
        visibleCategories: ['FOOD_AND_DRINK', 'INCOME'],
      }),
    ).toContain('filter=counted&categories=FOOD_AND_DRINK%2CINCOME&types=all&untagged=only&');
    expect(
      reportCellHref({
        definition: define({
          measure: 'spending',
          groupBy: 'none',
          range,
          filters: { amount: { min: 25, max: 100.5 } },
        }),
        group: { key: '' },
        from: '2026-10-01',
        to: '2026-10-31',
        visibleCategories: null,
      }),
    ).toBe(
      '/activity?filter=spending_rows&types=all&amount_min=25&amount_max=100.5&date=2026-10-01&to=2026-10-31&pending=all&refunds=all&recurring=all',
    );
  });

  it('has none for balances, which are not sums of rows', () => {
    expect(
      reportCellHref({
        definition: define({ measure: 'balance', groupBy: 'account', range }),
        group: { key: 'a' },
        from: '2026-10-01',
        to: '2026-10-31',
        visibleCategories: null,
      }),
    ).toBeNull();
  });
});

describe('a cell’s link from its row’s', () => {
  it('is the same rows between the column’s dates', () => {
    expect(
      reportHrefBetween(
        '/activity?filter=counted&tags=to%3Ddo&date=2025-01-01&to=2026-10-31&pending=all',
        '2026-10-01',
        '2026-10-31',
      ),
    ).toBe('/activity?filter=counted&tags=to%3Ddo&date=2026-10-01&to=2026-10-31&pending=all');
    expect(reportHrefBetween(null, '2026-10-01', '2026-10-31')).toBeNull();
  });
});
