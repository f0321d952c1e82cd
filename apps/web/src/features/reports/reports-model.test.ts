import { reportDefinitionSchema } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@/lib/reports-api';
import { changeDefinition, csvFileName, csvNumber, DEFAULT_DEFINITION, reportCsv } from '@/lib/reports-model';

const report: ReportResult = {
  currency: 'USD',
  unit: 'money',
  measure: 'spending',
  title: 'Spending',
  from: '2026-09-01',
  to: '2026-10-31',
  columns: [
    {
      key: '2026-09-01',
      label: 'Sep 2026',
      from: '2026-09-01',
      to: '2026-09-30',
      total: { value: 12_345, href: null },
    },
    {
      key: '2026-10-01',
      label: 'Oct 2026',
      from: '2026-10-01',
      to: '2026-10-31',
      total: { value: -5, href: null },
    },
  ],
  rows: [
    {
      key: '=SUM',
      label: '=SUM(A1)',
      cells: [12_345, -5],
      total: { value: 12_340, href: null },
      average: 6_170,
      previousTotal: null,
    },
  ],
  omittedRows: 0,
  total: { value: 12_340, href: null },
  average: 6_170,
  previous: null,
  fx: { missing: [], estimated: [] },
  visibleFrom: null,
};

describe('the report builder model', () => {
  it('keeps a definition valid as the builder changes it', () => {
    const balance = changeDefinition(
      {
        ...DEFAULT_DEFINITION,
        filters: { categories: ['FOOD_AND_DRINK'], accountTypes: ['credit'], amount: { min: 5 } },
      },
      { measure: 'balance' },
      '2026-11-20',
    );
    expect(balance.groupBy).toBe('account_type');
    expect(balance.filters).toEqual({ accountTypes: ['credit'] });
    expect(reportDefinitionSchema.safeParse(balance).success).toBe(true);
    const custom = changeDefinition(DEFAULT_DEFINITION, { range: { preset: 'custom' } }, '2026-11-20');
    expect(custom.range).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-11-20' });
    expect(
      changeDefinition(custom, { range: { preset: 'this-year', from: '2026-01-01' } }, '2026-11-20').range,
    ).toEqual({
      preset: 'this-year',
    });
  });

  it('writes the table as CSV: decimals in the currency, formulas defused, totals last', () => {
    expect(csvNumber(-5, 'money', 'USD')).toBe('-0.05');
    expect(csvNumber(12_345, 'money', 'JPY')).toBe('12345');
    expect(csvNumber(7, 'count', 'USD')).toBe('7');
    expect(reportCsv(report, 'Merchant').split('\r\n')).toEqual([
      '\uFEFF"Merchant","Sep 2026","Oct 2026","Total","Average"',
      `"'=SUM(A1)","123.45","-0.05","123.40","61.70"`,
      '"Total","123.45","-0.05","123.40","61.70"',
      '',
    ]);
    expect(csvFileName('Groceries by month', report)).toBe('groceries-by-month-2026-09-01-to-2026-10-31.csv');
  });
});
