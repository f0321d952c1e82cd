import { z } from 'zod';
import { ACCOUNT_TYPES, type AccountType } from './accounts';
import { activityHref, type ActivityLinkParams } from './activity-links';
import { isTransactionCategory } from './categories';
import { addDays, addMonths, isIsoDate, parseIsoDate, type IsoDate } from './dates';

/**
 * Custom reports (docs/decisions/041-custom-reports.md): a definition says what to measure, how to group
 * the rows and split the columns, which rows to take and how to draw it. It is validated here, resolved
 * against "today" into a range and its columns, and every cell's rows are named by one Activity link.
 */

export const REPORT_MEASURES = ['spending', 'income', 'net', 'balance', 'count', 'average'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_MEASURE_LABELS: Record<ReportMeasure, string> = {
  spending: 'Spending',
  income: 'Income',
  net: 'Net cash flow',
  balance: 'Balance / net worth',
  count: 'Number of transactions',
  average: 'Average transaction',
};

export const REPORT_GROUPINGS = [
  'category',
  'detailed_category',
  'merchant',
  'account',
  'account_type',
  'tag',
  'none',
] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  category: 'Category',
  detailed_category: 'Detailed category',
  merchant: 'Merchant',
  account: 'Account',
  account_type: 'Account type',
  tag: 'Tag',
  none: 'No grouping',
};

export const REPORT_INTERVALS = ['day', 'week', 'month', 'quarter', 'year', 'none'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export const REPORT_INTERVAL_LABELS: Record<ReportInterval, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  none: 'No columns',
};

export const REPORT_CHARTS = ['table', 'bar', 'stacked_bar', 'line', 'area'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];
export const REPORT_CHART_LABELS: Record<ReportChart, string> = {
  table: 'Table',
  bar: 'Bar',
  stacked_bar: 'Stacked bar',
  line: 'Line',
  area: 'Area',
};

export const REPORT_RANGES = [
  'this-month',
  'last-month',
  'last-3-months',
  'last-12-months',
  'this-year',
  'last-year',
  'last-2-years',
  'last-5-years',
  'last-10-years',
  'custom',
] as const;
export type ReportRangePreset = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRangePreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-3-months': 'Last 3 months',
  'last-12-months': 'Last 12 months',
  'this-year': 'This year',
  'last-year': 'Last year',
  'last-2-years': 'Last 2 years',
  'last-5-years': 'Last 5 years',
  'last-10-years': 'Last 10 years',
  custom: 'Custom range',
};

/** How balances may be grouped: they belong to accounts, not to rows. */
export const BALANCE_GROUPINGS: readonly ReportGrouping[] = ['account', 'account_type', 'none'];

/** The most columns a report may have, and the longest custom range. */
export const REPORT_MAX_COLUMNS = 600;
export const REPORT_MAX_YEARS = 30;
/** The most rows a report answers (largest totals first); the totals still count every row. */
export const REPORT_MAX_ROWS = 200;

/** The categories filter's value for rows shown as Uncategorized (as Activity's). */
export const REPORT_UNCATEGORIZED = 'UNCATEGORIZED';
/** The key of the row without a detailed category, or without a tag ('' in the data). */
export const REPORT_NONE_KEY = '';
/** The detailed-category filter value of rows without one (provider codes are upper-case words). */
export const NO_DETAILED_CATEGORY = 'NONE';

/** The largest bound of an amount range (major units). */
export const REPORT_MAX_AMOUNT = 1_000_000_000;

export const REPORT_MESSAGES = {
  measure: `Measure must be one of ${REPORT_MEASURES.join(', ')}`,
  groupBy: `Group by must be one of ${REPORT_GROUPINGS.join(', ')}`,
  interval: `Columns must be one of ${REPORT_INTERVALS.join(', ')}`,
  chart: `Chart must be one of ${REPORT_CHARTS.join(', ')}`,
  range: `Range must be one of ${REPORT_RANGES.join(', ')}`,
  from: 'The start date must be a real date written YYYY-MM-DD',
  to: 'The end date must be a real date written YYYY-MM-DD',
  customNeedsDates: 'A custom range needs a start date and an end date',
  datesOnlyCustom: 'Dates are given only with a custom range',
  toBeforeFrom: 'The end date must be on or after the start date',
  tooLong: `A range can be at most ${REPORT_MAX_YEARS} years`,
  tooManyColumns: (count: number) =>
    `That makes ${count} columns; a report can have at most ${REPORT_MAX_COLUMNS}. Choose longer columns or a shorter range`,
  account: 'Account ids must be ids of accounts',
  accounts: 'Choose at most 100 accounts',
  accountType: 'Choose one of the account types',
  category: 'Choose one of the transaction categories',
  tag: 'Tags must be 1 to 40 characters',
  tags: 'Choose at most 20 tags',
  searchShort: 'Search needs at least 2 characters',
  searchLong: 'Search must be at most 100 characters',
  amountMin: `The smallest amount must be a number from 0 to ${REPORT_MAX_AMOUNT.toLocaleString('en-US')}`,
  amountMax: `The largest amount must be a number from 0 to ${REPORT_MAX_AMOUNT.toLocaleString('en-US')}`,
  amountDecimals: 'Amounts can have at most 2 decimals',
  amountEmpty: 'An amount range needs a smallest amount, a largest amount or both',
  amountOrder: 'The smallest amount must not be more than the largest',
  compare: 'Compare must be true or false',
  balanceGrouping: 'Balances can be grouped by account, account type or nothing',
  balanceFilters: 'Balances can be filtered by account and account type only',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDate = (message: string) => z.string(message).refine((value) => isIsoDate(value), message);
const unique = <T>(values: T[]) => [...new Set(values)];

const amountBound = (message: string) =>
  z
    .number(message)
    .min(0, message)
    .max(REPORT_MAX_AMOUNT, message)
    .refine(
      (value) =>
        Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      REPORT_MESSAGES.amountDecimals,
    );

/**
 * The amount range filter: rows whose size (the amount without its sign, in the row's own currency, major
 * units) is at least `min` and at most `max`, both inclusive. Money in and money out alike.
 */
export const reportAmountRangeSchema = z
  .object(
    {
      min: amountBound(REPORT_MESSAGES.amountMin).optional(),
      max: amountBound(REPORT_MESSAGES.amountMax).optional(),
    },
    REPORT_MESSAGES.amountEmpty,
  )
  .strict()
  .superRefine((range, ctx) => {
    if (range.min === undefined && range.max === undefined) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.amountEmpty, path: ['min'] });
    } else if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.amountOrder, path: ['max'] });
    }
  });
export type ReportAmountRange = z.infer<typeof reportAmountRangeSchema>;

export const reportFiltersSchema = z
  .object({
    accounts: z
      .array(z.string(REPORT_MESSAGES.account).regex(UUID, REPORT_MESSAGES.account), REPORT_MESSAGES.account)
      .max(100, REPORT_MESSAGES.accounts)
      .transform((ids) => unique(ids.map((id) => id.toLowerCase())))
      .optional(),
    accountTypes: z
      .array(z.enum(ACCOUNT_TYPES as [AccountType, ...AccountType[]], REPORT_MESSAGES.accountType))
      .max(ACCOUNT_TYPES.length, REPORT_MESSAGES.accountType)
      .transform(unique)
      .optional(),
    categories: z
      .array(
        z
          .string(REPORT_MESSAGES.category)
          .refine(
            (value) => value === REPORT_UNCATEGORIZED || isTransactionCategory(value),
            REPORT_MESSAGES.category,
          ),
        REPORT_MESSAGES.category,
      )
      .max(50, REPORT_MESSAGES.category)
      .transform(unique)
      .optional(),
    tags: z
      .array(z.string(REPORT_MESSAGES.tag).trim().min(1, REPORT_MESSAGES.tag).max(40, REPORT_MESSAGES.tag))
      .max(20, REPORT_MESSAGES.tags)
      .transform(unique)
      .optional(),
    search: z
      .string(REPORT_MESSAGES.searchShort)
      .trim()
      .min(2, REPORT_MESSAGES.searchShort)
      .max(100, REPORT_MESSAGES.searchLong)
      .optional(),
    amount: reportAmountRangeSchema.optional(),
  })
  .strict();
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportRangeSchema = z
  .object({
    preset: z.enum(REPORT_RANGES, REPORT_MESSAGES.range),
    from: isoDate(REPORT_MESSAGES.from).optional(),
    to: isoDate(REPORT_MESSAGES.to).optional(),
  })
  .strict()
  .superRefine((range, ctx) => {
    if (range.preset !== 'custom') {
      if (range.from !== undefined || range.to !== undefined) {
        ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.datesOnlyCustom, path: ['preset'] });
      }
      return;
    }
    if (range.from === undefined || range.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: REPORT_MESSAGES.customNeedsDates,
        path: [range.from === undefined ? 'from' : 'to'],
      });
      return;
    }
    // A malformed date has its own message already.
    if (!isIsoDate(range.from) || !isIsoDate(range.to)) return;
    if (range.to < range.from) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.toBeforeFrom, path: ['to'] });
    } else if (range.to > addMonths(range.from, REPORT_MAX_YEARS * 12)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tooLong, path: ['to'] });
    }
  });
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** A report definition: what the builder saves and POST /reports/run takes. */
export const reportDefinitionSchema = z
  .object({
    measure: z.enum(REPORT_MEASURES, REPORT_MESSAGES.measure),
    groupBy: z.enum(REPORT_GROUPINGS, REPORT_MESSAGES.groupBy).default('category'),
    interval: z.enum(REPORT_INTERVALS, REPORT_MESSAGES.interval).default('month'),
    chart: z.enum(REPORT_CHARTS, REPORT_MESSAGES.chart).default('table'),
    range: reportRangeSchema,
    filters: reportFiltersSchema.default({}),
    compare: z.boolean(REPORT_MESSAGES.compare).default(false),
  })
  .strict()
  .superRefine((definition, ctx) => {
    if (definition.measure !== 'balance') return;
    if (!BALANCE_GROUPINGS.includes(definition.groupBy)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.balanceGrouping, path: ['groupBy'] });
    }
    const { categories, tags, search, amount } = definition.filters;
    const field = categories
      ? 'categories'
      : tags
        ? 'tags'
        : search !== undefined
          ? 'search'
          : amount
            ? 'amount'
            : null;
    if (field)
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.balanceFilters, path: ['filters', field] });
  });
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;

/** A column of a resolved report: its inclusive dates and its label. */
export type ReportColumn = { key: string; from: IsoDate; to: IsoDate; label: string };

export type ResolvedReport = {
  from: IsoDate;
  to: IsoDate;
  columns: ReportColumn[];
  /** The period just before, as long as this one (whole months when this one is whole months). */
  previous: { from: IsoDate; to: IsoDate };
};

const monthStart = (date: IsoDate) => `${date.slice(0, 7)}-01`;
const yearStart = (date: IsoDate) => `${date.slice(0, 4)}-01-01`;
const monthEnd = (date: IsoDate) => addDays(addMonths(monthStart(date), 1), -1);

/** The inclusive dates a range preset covers on `today`. */
export function reportRangeDates(range: ReportRange, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const thisMonth = monthStart(today);
  const lastMonths = (months: number) => ({ from: addMonths(thisMonth, -(months - 1)), to: today });
  switch (range.preset) {
    case 'this-month':
      return { from: thisMonth, to: today };
    case 'last-month':
      return { from: addMonths(thisMonth, -1), to: addDays(thisMonth, -1) };
    case 'last-3-months':
      return lastMonths(3);
    case 'last-12-months':
      return lastMonths(12);
    case 'this-year':
      return { from: yearStart(today), to: today };
    case 'last-year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
    case 'last-2-years':
      return lastMonths(24);
    case 'last-5-years':
      return lastMonths(60);
    case 'last-10-years':
      return lastMonths(120);
    case 'custom':
      return { from: range.from ?? today, to: range.to ?? today };
  }
}

/** The first day of the interval holding `date` (weeks start on Monday, as ISO weeks). */
export function intervalStart(interval: ReportInterval, date: IsoDate, rangeFrom: IsoDate): IsoDate {
  switch (interval) {
    case 'day':
      return date;
    case 'week': {
      const { year, month, day } = parseIsoDate(date);
      const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
      return addDays(date, -weekday);
    }
    case 'month':
      return monthStart(date);
    case 'quarter': {
      const month = Number(date.slice(5, 7));
      return `${date.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
    }
    case 'year':
      return yearStart(date);
    case 'none':
      return rangeFrom;
  }
}

function nextIntervalStart(interval: ReportInterval, start: IsoDate): IsoDate {
  switch (interval) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, 7);
    case 'month':
      return addMonths(start, 1);
    case 'quarter':
      return addMonths(start, 3);
    case 'year':
      return addMonths(start, 12);
    case 'none':
      return '9999-12-31';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function columnLabel(interval: ReportInterval, start: IsoDate, from: IsoDate, to: IsoDate): string {
  const month = MONTHS[Number(start.slice(5, 7)) - 1] ?? '';
  switch (interval) {
    case 'day':
      return start;
    case 'week':
      return `Week of ${start}`;
    case 'month':
      return `${month} ${start.slice(0, 4)}`;
    case 'quarter':
      return `Q${Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1} ${start.slice(0, 4)}`;
    case 'year':
      return start.slice(0, 4);
    case 'none':
      return `${from} to ${to}`;
  }
}

/** How many columns `interval` makes over the range (without building them). */
export function countColumns(interval: ReportInterval, from: IsoDate, to: IsoDate): number {
  if (interval === 'none') return 1;
  const days = (date: IsoDate) => {
    const { year, month, day } = parseIsoDate(date);
    return Date.UTC(year, month - 1, day) / 86_400_000;
  };
  const months = (date: IsoDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  switch (interval) {
    case 'day':
      return days(to) - days(from) + 1;
    case 'week':
      return (days(intervalStart('week', to, from)) - days(intervalStart('week', from, from))) / 7 + 1;
    case 'month':
      return months(to) - months(from) + 1;
    case 'quarter':
      return Math.floor(months(to) / 3) - Math.floor(months(from) / 3) + 1;
    case 'year':
      return Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1;
  }
}

export class ReportDefinitionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The range and columns of a definition on `today`: columns are whole intervals clipped to the range (the
 * first and last may be partial). Throws ReportDefinitionError when there would be too many columns.
 */
export function resolveReport(definition: ReportDefinition, today: IsoDate): ResolvedReport {
  const { from, to } = reportRangeDates(definition.range, today);
  const count = countColumns(definition.interval, from, to);
  if (count > REPORT_MAX_COLUMNS) {
    throw new ReportDefinitionError('interval', REPORT_MESSAGES.tooManyColumns(count));
  }
  const columns: ReportColumn[] = [];
  let start = intervalStart(definition.interval, from, from);
  while (start <= to) {
    const next = nextIntervalStart(definition.interval, start);
    const columnFrom = start < from ? from : start;
    const last = addDays(next, -1);
    const columnTo = last > to ? to : last;
    columns.push({
      key: columnFrom,
      from: columnFrom,
      to: columnTo,
      label: columnLabel(definition.interval, start, columnFrom, columnTo),
    });
    if (definition.interval === 'none') break;
    start = next;
  }
  return { from, to, columns, previous: previousPeriod(from, to) };
}

/** The period before [from, to] of the same length: whole months when [from, to] is whole months. */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  if (from === monthStart(from) && to === monthEnd(to)) {
    const months =
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
      Number(to.slice(5, 7)) -
      Number(from.slice(5, 7)) +
      1;
    return { from: addMonths(from, -months), to: addDays(from, -1) };
  }
  const { year, month, day } = parseIsoDate(from);
  const end = parseIsoDate(to);
  const length =
    (Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(year, month - 1, day)) / 86_400_000 + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The column holding `date` (a row's day, or the start of a rollup's month inside the range). */
export function columnIndexOf(columns: readonly ReportColumn[], date: IsoDate): number {
  let low = 0;
  let high = columns.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const column = columns[middle];
    if (!column) break;
    if (date < column.from) high = middle - 1;
    else if (date > column.to) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * The Activity filter (`filter=`) of the rows a measure sums: spending_rows are the rows summed in
 * spending (counted, not Income, uncategorized money out only), income_rows those summed in income
 * (Income, and uncategorized money in), counted every row counted in spending and income.
 */
export function activityFilterOfMeasure(measure: ReportMeasure): string | null {
  switch (measure) {
    case 'spending':
      return 'spending_rows';
    case 'income':
      return 'income_rows';
    case 'net':
    case 'count':
    case 'average':
      return 'counted';
    case 'balance':
      return null;
  }
}

/**
 * The Activity link of one cell (or a row's or column's total): the rows that measure sums in that
 * group between `from` and `to`, within the definition's filters; `visibleCategories` (categories not
 * hidden, when the user hides some and the report names none) keep hidden categories out as the sums
 * do. Null for balances, which are not sums of rows. The user's saved default Activity filters are
 * switched off in the link (`types=all`, …), so Activity shows exactly these rows.
 */
export function reportCellHref(options: {
  definition: ReportDefinition;
  group: { key: string; accountIds?: readonly string[] } | null;
  from: IsoDate;
  to: IsoDate;
  visibleCategories: readonly string[] | null;
}): string | null {
  const { definition, group, from, to } = options;
  const filter = activityFilterOfMeasure(definition.measure);
  if (filter === null) return null;
  const filters = definition.filters;
  let categories: readonly string[] | undefined =
    filters.categories ?? options.visibleCategories ?? undefined;
  let accounts = filters.accounts;
  let types = filters.accountTypes;
  let payee: string | undefined;
  let detailed: string | undefined;
  let tags = filters.tags;
  let untagged = false;
  if (group) {
    switch (definition.groupBy) {
      case 'category': {
        const value = group.key === '' ? REPORT_UNCATEGORIZED : group.key;
        categories = [value];
        break;
      }
      case 'detailed_category':
        detailed = group.key === REPORT_NONE_KEY ? NO_DETAILED_CATEGORY : group.key;
        break;
      case 'merchant':
        payee = group.key;
        break;
      case 'account':
        accounts = [group.key];
        break;
      case 'account_type':
        types = [group.key as AccountType];
        break;
      case 'tag':
        if (group.key === REPORT_NONE_KEY) untagged = true;
        else tags = [group.key];
        break;
      case 'none':
        break;
    }
  }
  const params: ActivityLinkParams = {
    filter,
    categories: categories?.length ? [...categories].sort().join(',') : undefined,
    accounts: accounts?.length ? [...accounts].sort().join(',') : undefined,
    types: types?.length ? [...types].sort().join(',') : 'all',
    search: filters.search,
    amount_min: filters.amount?.min !== undefined ? String(filters.amount.min) : undefined,
    amount_max: filters.amount?.max !== undefined ? String(filters.amount.max) : undefined,
    payee,
    detailed,
    tags: tags?.length ? [...tags].sort().join(',') : undefined,
    untagged: untagged ? 'only' : undefined,
    date: from,
    to,
    pending: 'all',
    refunds: 'all',
    recurring: 'all',
  };
  return activityHref(params);
}

/**
 * The link of one cell from its row's (or the whole report's) link: the same rows, between the column's
 * dates. Reports answer one link per row and per column; a cell's is this.
 */
export function reportHrefBetween(href: string | null, from: IsoDate, to: IsoDate): string | null {
  if (href === null) return null;
  const at = href.indexOf('?');
  if (at < 0) return href;
  const params = href
    .slice(at + 1)
    .split('&')
    .map((part) => (part.startsWith('date=') ? `date=${from}` : part.startsWith('to=') ? `to=${to}` : part));
  return `${href.slice(0, at)}?${params.join('&')}`;
}
