import {
  accountIdsOfTypes,
  balanceReportSums,
  financialAccount,
  flowReportSums,
  rankedFlowReportSums,
  reportCurrencies,
  type Database,
  type FlowReportQuery,
  type RankedReportSums,
  type ReportRate,
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
  clampFrom,
  type ReportColumn,
  type ReportDefinition,
} from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { createConverter, loadFxTable, reportingFor, type FxReport } from '../../fx/reporting';
import { AppError } from '../../http/app-error';

/**
 * Runs a report definition (docs/decisions/041-custom-reports.md): resolves its range and columns on the
 * user's today, sums the measure per group, column and currency in SQL (rollups where the grouping
 * allows it), converts each currency's sum once per column at the rate of the column's last day (the one
 * rule of fx/reporting.ts: the groups of a column add up to its total exactly), and names the rows of
 * every row, column and total with an Activity link (a cell's link is its row's between the column's
 * dates: the domain's reportHrefBetween). Rows of hidden categories are left out of every measure.
 */

export type ReportCell = { value: number; href: string | null };
export type ReportRow = {
  key: string;
  label: string;
  /** One value per column (minor units of `currency`, or transactions for count). */
  cells: number[];
  /** The row over the whole range; its href lists the row's rows (a cell's: the same between its dates). */
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
  /** The first day the plan shows (null: no window): nothing before it is summed. */
  visibleFrom: string | null;
};

/** Σ per currency (minor units) and the row count of one group in one column. */
type Cell = { amount: Map<string, number>; count: number };
/** Per group, its non-empty columns (sparse: a merchant report has thousands of groups). */
type Grid = Map<string, Map<number, Cell>>;

/** All groups not shown, summed together so the column totals still count them. */
const OTHERS = '\u0000others';

function detailedLabel(code: string): string {
  if (code === REPORT_NONE_KEY) return 'No detailed category';
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function addTo(cell: Cell, row: ReportSumRow) {
  cell.amount.set(row.currency, (cell.amount.get(row.currency) ?? 0) + row.amountMinor);
  cell.count += row.count;
}

/** The rows of a query as a sparse grid, each row in the column `indexOf` gives (rows outside are dropped). */
function toGrid(rows: readonly ReportSumRow[], indexOf: (row: ReportSumRow) => number): Grid {
  const grid: Grid = new Map();
  for (const row of rows) {
    const index = indexOf(row);
    if (index < 0) continue;
    let columns = grid.get(row.key);
    if (!columns) grid.set(row.key, (columns = new Map()));
    let cell = columns.get(index);
    if (!cell) columns.set(index, (cell = { amount: new Map(), count: 0 }));
    addTo(cell, row);
  }
  return grid;
}

export async function runReport(options: {
  db: Database;
  userId: string;
  definition: ReportDefinition;
  now: Date;
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null;
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
  const isBalance = definition.measure === 'balance';
  const measure = definition.measure;

  let accountIds = filters.accounts;
  if (!isBalance && filters.accountTypes) {
    const ofTypes = new Set(await accountIdsOfTypes(db, userId, filters.accountTypes));
    accountIds = accountIds ? accountIds.filter((id) => ofTypes.has(id)) : [...ofTypes];
  }
  const rateDay = (date: string) => (date > today ? today : date);
  // Balances are read on each column's last day (today at the latest); columns after today have none.
  const shownColumns = isBalance
    ? columns.filter((column) => column.from <= today).length || 1
    : columns.length;
  const balanceDates = (ends: readonly string[]) => [...new Set(ends.map(rateDay))];

  const sums = (
    from: string,
    to: string,
    interval: ReportDefinition['interval'],
    groupBy = definition.groupBy,
  ) => {
    // The plan's data-retention window (ADR 062): nothing before its first day is read.
    const { visibleFrom } = options;
    if (visibleFrom !== null && to < visibleFrom) return Promise.resolve([]);
    if (isBalance) {
      const ends = interval === 'none' ? [to] : columns.slice(0, shownColumns).map((column) => column.to);
      const dates = balanceDates(ends).filter((date) => visibleFrom === null || date >= visibleFrom);
      if (dates.length === 0) return Promise.resolve([]);
      return balanceReportSums(db, {
        userId,
        groupBy: groupBy as 'account' | 'account_type' | 'none',
        dates,
        ...(filters.accounts ? { accountIds: filters.accounts } : {}),
        ...(filters.accountTypes ? { accountTypes: filters.accountTypes } : {}),
      });
    }
    return flowReportSums(db, flowQuery(from, to, interval, groupBy));
  };
  const flowQuery = (
    from: string,
    to: string,
    interval: ReportDefinition['interval'],
    groupBy = definition.groupBy,
  ): FlowReportQuery => ({
    userId,
    measure: measure as Exclude<ReportDefinition['measure'], 'balance'>,
    groupBy,
    interval,
    // The plan's data-retention window (ADR 062): nothing before its first day is read.
    from: clampFrom(from, options.visibleFrom),
    to,
    hiddenCategories: hiddenShown,
    ...(categories ? { categories } : {}),
    ...(accountIds ? { accountIds } : {}),
    ...(filters.tags ? { tags: filters.tags } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.amount ? { amount: filters.amount } : {}),
  });

  // The rates of the whole answer: from the previous period's first day to the range's last.
  const fxSpan = { from: definition.compare ? previous.from : resolved.from, to: rateDay(resolved.to) };
  // The rows shown: the largest totals, ranked at the range's last rate (balances: at the end).
  const rankDate = rateDay(resolved.to);
  // A merchant report has thousands of groups: the statement ranks them and returns the cells of the
  // rows shown and the others summed, so it needs the rates first, for a superset of its currencies.
  let preloaded: { table: Awaited<ReturnType<typeof loadFxTable>>['table']; rates: ReportRate[] } | null =
    null;
  if (!isBalance && definition.groupBy === 'merchant') {
    const known = await reportCurrencies(db, { userId, from: fxSpan.from, to: resolved.to });
    const { table } = await loadFxTable(db, userId, currency, known, [fxSpan]);
    const factors = createConverter(table, currency);
    const rates = known.flatMap((code) => {
      const factor = factors.factor(code, rankDate);
      return factor ? [{ currency: code, ...factor }] : [];
    });
    preloaded = { table, rates };
  }
  const rankedSums = (): Promise<RankedReportSums | null> =>
    preloaded
      ? rankedFlowReportSums(db, flowQuery(resolved.from, resolved.to, definition.interval), {
          limit: REPORT_MAX_ROWS,
          rates: preloaded.rates,
        })
      : Promise.resolve(null);

  // Tags overlap (a row with two tags is in two groups): their totals come from an ungrouped run.
  const overlapping = definition.groupBy === 'tag';
  const [ranked, main, before, totalsMain, totalsBefore] = await Promise.all([
    rankedSums(),
    preloaded ? Promise.resolve([]) : sums(resolved.from, resolved.to, definition.interval),
    definition.compare ? sums(previous.from, previous.to, 'none') : Promise.resolve(null),
    overlapping ? sums(resolved.from, resolved.to, definition.interval, 'none') : Promise.resolve(null),
    overlapping && definition.compare
      ? sums(previous.from, previous.to, 'none', 'none')
      : Promise.resolve(null),
  ]);

  const table = preloaded
    ? preloaded.table
    : (
        await loadFxTable(
          db,
          userId,
          currency,
          new Set<string>([...main, ...(before ?? [])].map((row) => row.currency)),
          [fxSpan],
        )
      ).table;
  const converter = createConverter(table, currency);
  const quiet = { track: false } as const;

  const columnOf = (row: ReportSumRow) =>
    isBalance
      ? columns.findIndex((column, index) => index < shownColumns && rateDay(column.to) === row.bucket)
      : columnIndexOf(columns, row.bucket < resolved.from ? resolved.from : row.bucket);
  const grid = toGrid(ranked ? ranked.rows.filter((row) => !row.other) : main, columnOf);
  const totalsGrid = totalsMain ? toGrid(totalsMain, columnOf).get('') : undefined;

  let keys: string[];
  let omittedRows: number;
  if (ranked) {
    // Ranked by the statement, by the same rule as below (the rank's conversions are made again here
    // only for what they tell of the rates: missing and estimated).
    for (const code of new Set(ranked.rows.map((row) => row.currency))) {
      converter.convert(0, code, rankDate, quiet);
    }
    keys = [...grid.keys()];
    omittedRows = ranked.omitted;
  } else {
    const rankEntries: { key: string; amountMinor: number; currency: string }[] = [];
    const rankCounts = new Map<string, number>();
    for (const [key, cells] of grid) {
      for (const [index, cell] of cells) {
        if (isBalance && index !== shownColumns - 1) continue;
        rankCounts.set(key, (rankCounts.get(key) ?? 0) + cell.count);
        for (const [code, amountMinor] of cell.amount) rankEntries.push({ key, amountMinor, currency: code });
      }
    }
    const rankedAmounts = converter.byKey(rankEntries, rankDate, quiet).amounts;
    const magnitude = (key: string) =>
      Math.abs(measure === 'count' ? (rankCounts.get(key) ?? 0) : (rankedAmounts.get(key) ?? 0));
    const allKeys = [...grid.keys()].sort(
      (a, b) => magnitude(b) - magnitude(a) || (a < b ? -1 : a > b ? 1 : 0),
    );
    keys = allKeys.slice(0, REPORT_MAX_ROWS);
    omittedRows = allKeys.length - keys.length;
  }
  const shown = new Set(keys);

  const ratio = (amount: number, count: number) => (count === 0 ? 0 : Math.round(amount / count));
  /** One column: each shown group's value, and the column's total (sum and count, for averages). */
  const convertColumn = (
    cellsOf: (key: string) => Cell | undefined,
    groups: Iterable<string>,
    date: string,
    totals: Cell | null,
  ) => {
    const values = new Map<string, number>();
    const counts = new Map<string, number>();
    let total = 0;
    let totalCount = 0;
    const entries: { key: string; amountMinor: number; currency: string }[] = [];
    for (const key of groups) {
      const cell = cellsOf(key);
      if (!cell) continue;
      const target = shown.has(key) ? key : OTHERS;
      counts.set(target, (counts.get(target) ?? 0) + cell.count);
      totalCount += cell.count;
      if (overlapping && shown.has(key)) {
        const amounts = [...cell.amount].map(([code, amountMinor]) => ({ amountMinor, currency: code }));
        values.set(key, converter.total(amounts, date, quiet).amountMinor);
      } else if (!overlapping) {
        for (const [code, amountMinor] of cell.amount)
          entries.push({ key: target, amountMinor, currency: code });
      }
    }
    if (overlapping) {
      const amounts = [...(totals?.amount ?? [])].map(([code, amountMinor]) => ({
        amountMinor,
        currency: code,
      }));
      total = converter.total(amounts, date, quiet).amountMinor;
      totalCount = totals?.count ?? 0;
    } else {
      const converted = converter.byKey(entries, date, quiet);
      for (const [key, amount] of converted.amounts) values.set(key, amount);
      total = converted.total;
    }
    if (measure === 'count') {
      for (const [key, count] of counts) values.set(key, count);
      total = totalCount;
    }
    const valueOf = (key: string) =>
      measure === 'average' ? ratio(values.get(key) ?? 0, counts.get(key) ?? 0) : (values.get(key) ?? 0);
    return {
      valueOf,
      sumOf: (key: string) => values.get(key) ?? 0,
      countOf: (key: string) => counts.get(key) ?? 0,
      total: measure === 'average' ? ratio(total, totalCount) : total,
      sum: total,
      totalCount,
    };
  };

  // Column by column, only the groups with a cell there (a merchant report has thousands of groups,
  // each in a few of its 120 columns).
  const byColumn = new Map<number, Map<string, Cell>>();
  if (ranked) {
    // In the statement's order of keys; the others of each currency where their first group was (the
    // order in which a column's converted sum is shared out).
    for (const row of ranked.rows) {
      const index = columnOf(row);
      if (index < 0) continue;
      const key = row.other ? `${OTHERS}\u0000${row.currency}` : row.key;
      let column = byColumn.get(index);
      if (!column) byColumn.set(index, (column = new Map()));
      let cell = column.get(key);
      if (!cell) column.set(key, (cell = { amount: new Map(), count: 0 }));
      addTo(cell, row);
    }
  } else {
    for (const [key, cells] of grid) {
      for (const [index, cell] of cells) {
        let column = byColumn.get(index);
        if (!column) byColumn.set(index, (column = new Map()));
        column.set(key, cell);
      }
    }
  }
  const perColumn = columns.map((column, index) =>
    convertColumn(
      (key) => byColumn.get(index)?.get(key),
      byColumn.get(index)?.keys() ?? [],
      rateDay(column.to),
      totalsGrid?.get(index) ?? null,
    ),
  );

  // Previous period totals per shown group (and in all).
  let previousOf: ((key: string) => number) | null = null;
  let previousTotal: number | null = null;
  if (before) {
    const previousGrid = toGrid(before, () => 0);
    const totalsCell = totalsBefore
      ? (toGrid(totalsBefore, () => 0)
          .get('')
          ?.get(0) ?? null)
      : null;
    const converted = convertColumn(
      (key) => previousGrid.get(key)?.get(0),
      previousGrid.keys(),
      rateDay(previous.to),
      totalsCell,
    );
    previousOf = converted.valueOf;
    previousTotal = converted.total;
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
        return REPORT_MEASURE_LABELS[measure];
    }
  };

  const lastShown = shownColumns - 1;
  const measured = perColumn.slice(0, shownColumns);
  const rowTotal = (key: string) => {
    if (isBalance) return perColumn[lastShown]?.valueOf(key) ?? 0;
    if (measure === 'average') {
      return ratio(
        measured.reduce((sum, column) => sum + column.sumOf(key), 0),
        measured.reduce((sum, column) => sum + column.countOf(key), 0),
      );
    }
    return measured.reduce((sum, column) => sum + column.valueOf(key), 0);
  };
  const rows: ReportRow[] = keys.map((key) => {
    const cells = perColumn.map((column) => column.valueOf(key));
    return {
      key,
      label: labelOf(key),
      cells,
      total: { value: rowTotal(key), href: href(key, resolved.from, resolved.to) },
      average: Math.round(cells.slice(0, shownColumns).reduce((a, b) => a + b, 0) / shownColumns),
      previousTotal: previousOf ? previousOf(key) : null,
    };
  });
  rows.sort(
    (a, b) =>
      Math.abs(b.total.value) - Math.abs(a.total.value) ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );

  let grandTotal: number;
  if (isBalance) grandTotal = perColumn[lastShown]?.total ?? 0;
  else if (measure === 'average') {
    grandTotal = ratio(
      measured.reduce((sum, column) => sum + column.sum, 0),
      measured.reduce((sum, column) => sum + column.totalCount, 0),
    );
  } else grandTotal = measured.reduce((sum, column) => sum + column.total, 0);
  const columnSum = measured.reduce((sum, column) => sum + column.total, 0);

  const report = converter.report();
  return {
    currency,
    unit: measure === 'count' ? 'count' : 'money',
    measure,
    title: REPORT_MEASURE_LABELS[measure],
    from: resolved.from,
    to: resolved.to,
    columns: columns.map((column, index) => ({
      ...column,
      total: { value: perColumn[index]?.total ?? 0, href: href(null, column.from, column.to) },
    })),
    rows,
    omittedRows,
    total: { value: grandTotal, href: href(null, resolved.from, resolved.to) },
    average: Math.round(columnSum / shownColumns),
    previous: previousTotal === null ? null : { from: previous.from, to: previous.to, total: previousTotal },
    fx: { missing: report.missing, estimated: report.estimated },
    visibleFrom: options.visibleFrom,
  };
}
