import {
  BALANCE_GROUPINGS,
  currencyExponent,
  type ReportDefinition,
  reportDefinitionSchema,
  type ReportGrouping,
  type ReportMeasure,
} from '@lodestar/domain';
import { categoryColor, OTHER_SERIES } from '@/components/charts/category-colors';
import type { ReportChartSeries } from '@/components/charts/report-chart';
import type { ReportResult } from './reports-api';

/** What a new report starts as: spending by category per month over the last 12 months. */
export const DEFAULT_DEFINITION: ReportDefinition = reportDefinitionSchema.parse({
  measure: 'spending',
  groupBy: 'category',
  interval: 'month',
  chart: 'stacked_bar',
  range: { preset: 'last-12-months' },
});

/** The most rows drawn in a chart (the table has them all). */
export const CHART_MAX_SERIES = 8;

/**
 * A definition changed by the builder, kept valid: a balance keeps a grouping balances have and drops the
 * filters they do not take; a custom range keeps (or gets) its dates, a preset drops them.
 */
export function changeDefinition(
  definition: ReportDefinition,
  change: Partial<ReportDefinition>,
  today: string,
): ReportDefinition {
  const next = { ...definition, ...change };
  if (next.measure === 'balance') {
    if (!BALANCE_GROUPINGS.includes(next.groupBy)) next.groupBy = 'account_type';
    const { accounts, accountTypes } = next.filters;
    next.filters = { ...(accounts ? { accounts } : {}), ...(accountTypes ? { accountTypes } : {}) };
  }
  if (next.range.preset === 'custom') {
    next.range = {
      preset: 'custom',
      from: next.range.from ?? `${today.slice(0, 4)}-01-01`,
      to: next.range.to ?? today,
    };
  } else {
    next.range = { preset: next.range.preset };
  }
  return next;
}

/** The groupings a measure can use. */
export function groupingsFor(measure: ReportMeasure, all: readonly ReportGrouping[]): ReportGrouping[] {
  return measure === 'balance' ? all.filter((grouping) => BALANCE_GROUPINGS.includes(grouping)) : [...all];
}

/** A value of the report as plain text for a CSV cell: a decimal amount, or a count. */
export function csvNumber(value: number, unit: 'money' | 'count', currency: string): string {
  if (unit === 'count') return String(value);
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(value);
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

function csvField(text: string): string {
  // Quote every field; a leading = + - @ would start a formula in a spreadsheet, so it gets a quote mark.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The report's table as CSV: a header, one line per row, the totals line. */
export function reportCsv(report: ReportResult, groupLabel: string): string {
  const number = (value: number) => csvNumber(value, report.unit, report.currency);
  const lines = [
    [groupLabel, ...report.columns.map((column) => column.label), 'Total', 'Average'].map(csvField),
    ...report.rows.map((row) =>
      [
        row.label,
        ...row.cells.map((value) => number(value)),
        number(row.total.value),
        number(row.average),
      ].map(csvField),
    ),
    [
      'Total',
      ...report.columns.map((column) => number(column.total.value)),
      number(report.total.value),
      number(report.average),
    ].map(csvField),
  ];
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** A file name for the CSV of a report: its name, or what it measures, and its dates. */
export function csvFileName(name: string, report: ReportResult): string {
  const base =
    name
      .trim()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'report';
  return `${base}-${report.from}-to-${report.to}.csv`;
}

/** The chart's series: the largest rows (as the answer orders them), each in its category's colour. */
export function chartSeries(report: ReportResult, groupBy: ReportGrouping): ReportChartSeries[] {
  return report.rows.slice(0, CHART_MAX_SERIES).map((row, index) => ({
    label: row.label,
    color: groupBy === 'category' ? categoryColor(row.key) : index < OTHER_SERIES ? index : index + 1,
    values: row.cells,
  }));
}
