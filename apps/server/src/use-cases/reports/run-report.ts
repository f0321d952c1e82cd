import {
  accountIdsOfTypes,
  balanceReportSums,
  financialAccount,
  flowReportSums,
  type Database,
  type ReportSumRow,
} from '@lodestar/db';
import {
  accountTypeLabel,
  categoryLabel,
  columnIndexOf,
  REPORT_MAX_ROWS,
  REPORT_MEASURE_LABELS,
  REPORT_NONE_KEY,
  REPORT_UNCATEGORIZED,
  ReportDefinitionError,
  reportCellHref,
  resolveReport,
  TRANSACTION_CATEGORY_VALUES,
  type ReportColumn,
  type ReportDefinition,
} from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { createConverter, loadFxTable, reportingFor, type FxReport } from '../../fx/reporting';
import { AppError } from '../../http/app-error';

/**
 * Runs a report definition (docs/decisions/041-custom-reports.md): resolves its range and columns on the
 * user's today, sums the measure per group, column and currency in SQL (rollups where the grouping
 * allows it), converts each currency's sum once per cell at the rate of the cell's last day (the one
 * rule of fx/reporting.ts: the groups of a column add up to its total exactly), and names every cell's
 * rows with an Activity link. Rows of hidden categories are left out of every measure.
 */

export type ReportCell = { value: number; href: string | null };
export type ReportRow = {
  key: string;
  label: string;
  cells: ReportCell[];
  total: ReportCell;
  average: number;
  previousTotal: number | null;
};
export type ReportResult = {
  currency: string;
  unit: 'money' | 'count';
  measure: ReportDefinition['measure'];
  title: string;
  from: string;
  to: string;
  columns: (ReportColumn & { total: ReportCell })[];
  rows: ReportRow[];
  /** Groups left out of `rows` (smallest totals); the totals still count them. */
  omittedRows: number;
  total: ReportCell;
  average: number;
  previous: { from: string; to: string; total: number } | null;
  fx: Pick<FxReport, 'missing' | 'estimated'>;
};

type Cell = { amount: Map<string, number>; count: number };

function detailedLabel(code: string): string {
  if (code === REPORT_NONE_KEY) return 'No detailed category';
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export async function runReport(options: {
  db: Database;
  userId: string;
  definition: ReportDefinition;
  now: Date;
}): Promise<ReportResult> {
  const { db, userId, definition } = options;
  const { currency, today, preferences } = await reportingFor(db, userId, options.now);
  let resolved;
  try {
    resolved = resolveReport(definition, today);
  } catch (error) {
    if (error instanceof ReportDefinitionError) {
      throw AppError.validation([{ field: error.field, message: error.message, code: 'custom' }]);
    }
    throw error;
  }
  const { columns, previous } = resolved;
  const hidden = [...preferences.hidden_categories];
  const hiddenShown = hidden.map((code) => (code === REPORT_UNCATEGORIZED ? '' : code));
  const filters = definition.filters;
  const categories = filters.categories?.map((code) => (code === REPORT_UNCATEGORIZED ? '' : code));

  let accountIds = filters.accounts;
  const isBalance = definition.measure === 'balance';
  if (!isBalance && filters.accountTypes) {
    const ofTypes = new Set(await accountIdsOfTypes(db, userId, filters.accountTypes));
    accountIds = accountIds ? accountIds.filter((id) => ofTypes.has(id)) : [...ofTypes];
  }
  const rateDay = (date: string) => (date > today ? today : date);
  // Balances are read on each column's last day (today at the latest); columns after today have none.
  const balanceDates = (cols: readonly { to: string }[]) => [
    ...new Set(
      cols.filter((c) => !('from' in c) || (c as { from: string }).from <= today).map((c) => rateDay(c.to)),
    ),
  ];

  const sums = (
    from: string,
    to: string,
    interval: ReportDefinition['interval'],
    groupBy = definition.groupBy,
  ) => {
    if (isBalance) {
      const cols = interval === 'none' ? [{ to }] : columns;
      return balanceReportSums(db, {
        userId,
        groupBy: groupBy as 'account' | 'account_type' | 'none',
        dates: balanceDates(cols),
        ...(filters.accounts ? { accountIds: filters.accounts } : {}),
        ...(filters.accountTypes ? { accountTypes: filters.accountTypes } : {}),
      });
    }
    return flowReportSums(db, {
      userId,
      measure: definition.measure as Exclude<ReportDefinition['measure'], 'balance'>,
      groupBy,
      interval,
      from,
      to,
      hiddenCategories: hiddenShown,
      ...(categories ? { categories } : {}),
      ...(accountIds ? { accountIds } : {}),
      ...(filters.tags ? { tags: filters.tags } : {}),
      ...(filters.search ? { search: filters.search } : {}),
    });
  };

  const overlapping = definition.groupBy === 'tag';
  const [main, before, totalsMain, totalsBefore] = await Promise.all([
    sums(resolved.from, resolved.to, definition.interval),
    definition.compare ? sums(previous.from, previous.to, 'none') : Promise.resolve(null),
    overlapping ? sums(resolved.from, resolved.to, definition.interval, 'none') : Promise.resolve(null),
    overlapping && definition.compare
      ? sums(previous.from, previous.to, 'none', 'none')
      : Promise.resolve(null),
  ]);

  const currencies = new Set<string>([...main, ...(before ?? [])].map((row) => row.currency));
  const { table } = await loadFxTable(db, userId, currency, currencies, [
    { from: definition.compare ? previous.from : resolved.from, to: rateDay(resolved.to) },
  ]);
  const converter = createConverter(table, currency);

  // Per key and column: Σ per currency (minor units) and the row count.
  const grid = (rows: readonly ReportSumRow[], cols: readonly { from: string; to: string }[]) => {
    const byKey = new Map<string, Cell[]>();
    for (const row of rows) {
      const index = isBalance
        ? cols.findIndex((col) => rateDay(col.to) === row.bucket)
        : columnIndexOf(cols as ReportColumn[], row.bucket < resolved.from ? resolved.from : row.bucket);
      const cellsOfKey =
        byKey.get(row.key) ?? cols.map(() => ({ amount: new Map<string, number>(), count: 0 }));
      byKey.set(row.key, cellsOfKey);
      if (index < 0) continue;
      const cell = cellsOfKey[index];
      if (!cell) continue;
      cell.amount.set(row.currency, (cell.amount.get(row.currency) ?? 0) + row.amountMinor);
      cell.count += row.count;
    }
    return byKey;
  };

  const unit = definition.measure === 'count' ? 'count' : 'money';
  /** One column's values per key in reporting minor units (count: rows), and the column's total. */
  const convertColumn = (cells: Map<string, Cell>, date: string, totals: Cell | null) => {
    const values = new Map<string, number>();
    let total = 0;
    if (definition.measure === 'count') {
      for (const [key, cell] of cells) values.set(key, cell.count);
      total = totals ? totals.count : [...values.values()].reduce((a, b) => a + b, 0);
      return { values, total, counts: values, totalCount: total };
    }
    const counts = new Map<string, number>();
    const entries: { key: string; amountMinor: number; currency: string }[] = [];
    for (const [key, cell] of cells) {
      counts.set(key, cell.count);
      for (const [code, amountMinor] of cell.amount) entries.push({ key, amountMinor, currency: code });
    }
    if (overlapping) {
      for (const [key, cell] of cells) {
        const amounts = [...cell.amount].map(([code, amountMinor]) => ({ amountMinor, currency: code }));
        values.set(key, converter.total(amounts, date, { track: false }).amountMinor);
      }
      const amounts = [...(totals?.amount ?? [])].map(([code, amountMinor]) => ({
        amountMinor,
        currency: code,
      }));
      total = converter.total(amounts, date, { track: false }).amountMinor;
    } else {
      const converted = converter.byKey(entries, date, { track: false });
      for (const key of cells.keys()) values.set(key, converted.amounts.get(key) ?? 0);
      total = converted.total;
    }
    const totalCount = totals ? totals.count : [...counts.values()].reduce((a, b) => a + b, 0);
    return { values, total, counts, totalCount };
  };

  const mainGrid = grid(main, columns);
  const totalsGrid = totalsMain ? grid(totalsMain, columns).get('') : undefined;
  const keys = [...mainGrid.keys()];
  const perColumn = columns.map((column, index) => {
    const cells = new Map<string, Cell>();
    for (const key of keys) {
      const cell = mainGrid.get(key)?.[index];
      if (cell) cells.set(key, cell);
    }
    return convertColumn(cells, rateDay(column.to), totalsGrid?.[index] ?? null);
  });

  const ratio = (amount: number, count: number) => (count === 0 ? 0 : Math.round(amount / count));
  const cellValue = (column: (typeof perColumn)[number], key: string) => {
    const amount = column.values.get(key) ?? 0;
    return definition.measure === 'average' ? ratio(amount, column.counts.get(key) ?? 0) : amount;
  };

  // Previous period totals per key (and in all).
  let previousByKey: Map<string, number> | null = null;
  let previousTotal: number | null = null;
  if (before) {
    const previousColumn = [{ key: previous.from, from: previous.from, to: previous.to, label: '' }];
    const previousGrid = isBalance
      ? grid(before, [{ from: previous.to, to: previous.to }])
      : gridOf(before, previous.from);
    const cells = new Map<string, Cell>();
    for (const [key, list] of previousGrid) if (list[0]) cells.set(key, list[0]);
    const totalsCell = totalsBefore ? (gridOf(totalsBefore, previous.from).get('')?.[0] ?? null) : null;
    const converted = convertColumn(cells, rateDay(previousColumn[0]!.to), totalsCell);
    previousByKey = new Map(
      [...converted.values.keys()].map((key) => [
        key,
        definition.measure === 'average'
          ? ratio(converted.values.get(key) ?? 0, converted.counts.get(key) ?? 0)
          : (converted.values.get(key) ?? 0),
      ]),
    );
    previousTotal =
      definition.measure === 'average' ? ratio(converted.total, converted.totalCount) : converted.total;
  }
  function gridOf(rows: readonly ReportSumRow[], from: string) {
    const byKey = new Map<string, Cell[]>();
    for (const row of rows) {
      const cell = byKey.get(row.key)?.[0] ?? { amount: new Map<string, number>(), count: 0 };
      cell.amount.set(row.currency, (cell.amount.get(row.currency) ?? 0) + row.amountMinor);
      cell.count += row.count;
      byKey.set(row.key, [cell]);
    }
    void from;
    return byKey;
  }

  const visibleCategories =
    hidden.length > 0 && !filters.categories
      ? [...TRANSACTION_CATEGORY_VALUES, REPORT_UNCATEGORIZED].filter((code) => !hidden.includes(code))
      : null;
  const href = (key: string | null, from: string, to: string) =>
    reportCellHref({ definition, group: key === null ? null : { key }, from, to, visibleCategories });

  const accountNames = new Map<string, string>();
  if (definition.groupBy === 'account') {
    const accounts = await db
      .select({ id: financialAccount.id, name: financialAccount.name })
      .from(financialAccount)
      .where(eq(financialAccount.userId, userId));
    for (const account of accounts) accountNames.set(account.id, account.name);
  }
  const labelOf = (key: string): string => {
    switch (definition.groupBy) {
      case 'category':
        return categoryLabel(key);
      case 'detailed_category':
        return detailedLabel(key);
      case 'merchant':
        return key;
      case 'account':
        return accountNames.get(key) ?? 'Deleted account';
      case 'account_type':
        return accountTypeLabel(key);
      case 'tag':
        return key === REPORT_NONE_KEY ? 'No tag' : key;
      case 'none':
        return REPORT_MEASURE_LABELS[definition.measure];
    }
  };

  const closing = <T>(list: T[]): T | undefined => {
    // The balance at the end: the last column on or before today.
    const last = columns.findLastIndex((column) => column.from <= today);
    return list[last < 0 ? 0 : last];
  };
  const rowTotal = (key: string) => {
    if (isBalance) return closing(perColumn.map((column) => column.values.get(key) ?? 0)) ?? 0;
    if (definition.measure === 'average') {
      const amount = perColumn.reduce((sum, column) => sum + (column.values.get(key) ?? 0), 0);
      const count = perColumn.reduce((sum, column) => sum + (column.counts.get(key) ?? 0), 0);
      return ratio(amount, count);
    }
    return perColumn.reduce((sum, column) => sum + (column.values.get(key) ?? 0), 0);
  };
  const shownColumns = isBalance
    ? columns.filter((column) => column.from <= today).length || 1
    : columns.length;

  const allRows: ReportRow[] = keys.map((key) => {
    const total = rowTotal(key);
    const sum = perColumn.slice(0, shownColumns).reduce((acc, column) => acc + cellValue(column, key), 0);
    return {
      key,
      label: labelOf(key),
      cells: columns.map((column, index) => ({
        value: perColumn[index] ? cellValue(perColumn[index], key) : 0,
        href: href(key, column.from, column.to),
      })),
      total: { value: total, href: href(key, resolved.from, resolved.to) },
      average: Math.round(sum / shownColumns),
      previousTotal: previousByKey ? (previousByKey.get(key) ?? 0) : null,
    };
  });
  allRows.sort(
    (a, b) =>
      Math.abs(b.total.value) - Math.abs(a.total.value) ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  const rows = allRows.slice(0, REPORT_MAX_ROWS);

  const columnTotal = (index: number) => {
    const column = perColumn[index];
    if (!column) return 0;
    return definition.measure === 'average' ? ratio(column.total, column.totalCount) : column.total;
  };
  let grandTotal: number;
  if (isBalance) grandTotal = closing(columns.map((_, index) => columnTotal(index))) ?? 0;
  else if (definition.measure === 'average') {
    grandTotal = ratio(
      perColumn.reduce((sum, column) => sum + column.total, 0),
      perColumn.reduce((sum, column) => sum + column.totalCount, 0),
    );
  } else grandTotal = columns.reduce((sum, _, index) => sum + columnTotal(index), 0);
  const columnSum = columns.slice(0, shownColumns).reduce((sum, _, index) => sum + columnTotal(index), 0);

  const report = converter.report();
  return {
    currency,
    unit,
    measure: definition.measure,
    title: REPORT_MEASURE_LABELS[definition.measure],
    from: resolved.from,
    to: resolved.to,
    columns: columns.map((column, index) => ({
      ...column,
      total: { value: columnTotal(index), href: href(null, column.from, column.to) },
    })),
    rows,
    omittedRows: allRows.length - rows.length,
    total: { value: grandTotal, href: href(null, resolved.from, resolved.to) },
    average: Math.round(columnSum / shownColumns),
    previous: previousTotal === null ? null : { from: previous.from, to: previous.to, total: previousTotal },
    fx: { missing: report.missing, estimated: report.estimated },
  };
}
