import { activityHref, categoryActivityHref } from '../activity-links';
import { categoryLabel, isTransactionCategory } from '../categories';
import { compareText, daysBetween } from '../categorization/text';
import { AGGREGATION, DEFAULT_LOCALE, PREFERENCES_TIMING } from '../constants';
import { addDays, addMonths, type IsoDate } from '../dates';
import { type DateFormat, formatIsoDate, formatMoney, formatNumber } from '../formatting';
import { fromMajor, type Money } from '../money';
import { percentChange, percentOf } from './net-worth';
import { CADENCE_RULES, type RecurringPayment, upcomingDates } from './recurring';

/**
 * Rule-based insights of GET /insights (docs/analytics-api.md). Pure: the server computes the input
 * in SQL (each field says what it holds) and the web shows the result as it is. Sentences are in
 * en-US with the numbers in them; `figures` repeat the numbers for the web to re-render.
 */

export const INSIGHT_KINDS = [
  'savings_rate',
  'category_up',
  'category_down',
  'unusual_transaction',
  'recurring_price_increase',
  'new_recurring',
  'large_transaction',
  'idle_cash',
  'crypto_share',
  'low_balance_projection',
  'budget',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
export type InsightSeverity = 'positive' | 'info' | 'warning';
export type InsightFigure = {
  label: string;
  /** money: Money; percent: a number already in percent (12.5 = 12.5 %); date: 'YYYY-MM-DD'. */
  value: Money | number | string;
  format: 'money' | 'percent' | 'date' | 'text' | 'number';
};
export type InsightLink = { label: string; href: string };
export type Insight = {
  /** Stable across requests for the same finding ('category-up:FOOD_AND_DRINK'). */
  id: string;
  kind: InsightKind;
  severity: InsightSeverity;
  title: string;
  explanation: string;
  figures: InsightFigure[];
  links: InsightLink[];
};

/** A category's spending in one calendar month: amount positive = money spent (refunds net off). */
export type InsightCategoryAmount = { category: string; label: string; amountMinor: number; count: number };

/**
 * What the rules read. Unless a field says otherwise, amounts are integer minor units of `currency`
 * (the reporting currency), counted rows only (docs/analytics-api.md "What counts as spending and
 * income"), hidden categories left out.
 */
export type InsightInput = {
  /** The user's calendar day, 'YYYY-MM-DD'. */
  today: IsoDate;
  /** Number format for amounts and figures in the texts (preference number_format; en-US if absent). */
  locale?: string;
  /** Date format for days in the texts (preference date_format; 'Nov 3, 2026' if absent). */
  dateFormat?: DateFormat;
  /** Reporting currency (ISO 4217). */
  currency: string;
  /**
   * Income (≥ 0) and spending (positive = spent) per calendar month 'YYYY-MM', ascending, up to 13
   * months ending with the current (partial) month. A month left out counts as nothing.
   */
  monthly: readonly { month: string; incomeMinor: number; spendingMinor: number }[];
  /** Spending per shown category ('' = Uncategorized) in the last complete calendar month. */
  categoriesLastMonth: readonly InsightCategoryAmount[];
  /** The same for the calendar month before that. */
  categoriesPreviousMonth: readonly InsightCategoryAmount[];
  /**
   * Per merchant key, outflows as positive sizes over the 12 months before the recent window (rows
   * dated from today − 394 to today − 30): mean, population standard deviation and row count.
   */
  merchantStats: readonly {
    key: string;
    name: string;
    category: string | null;
    meanMinor: number;
    stddevMinor: number;
    count: number;
  }[];
  /** Per shown category, the median outflow size (positive) of one row over the same 12 months. */
  categoryStats: readonly { category: string; medianMinor: number; count: number }[];
  /** Counted rows of the last 30 days (today − 29 … today); amount signed (outflows negative). */
  recentTransactions: readonly {
    id: string;
    date: IsoDate;
    name: string;
    merchantKey: string;
    category: string | null;
    amountMinor: number;
  }[];
  /**
   * detectRecurring() over at least 13 months of history (shorter history makes old patterns look
   * new). Amounts in each payment's own currency; only payments in `currency` enter the projection.
   */
  recurring: readonly RecurringPayment[];
  /** Total balance of the depository (cash) accounts now; negative when overdrawn. */
  cashMinor: number;
  /**
   * Ids of the accounts behind `cashMinor`. When given, only recurring payments on these accounts
   * enter the low-balance projection (a card's charges do not leave the bank account that day).
   */
  cashAccountIds?: readonly string[];
  /** Mean monthly spending (positive) over the complete months of `monthly`; 0 when unknown. */
  averageMonthlySpendingMinor: number;
  /** Crypto's share of net worth in percent (12.5 = 12.5 %), as the dashboard's cryptoShare. */
  cryptoSharePercent: number;
  /** The user's low_balance alert threshold; default 100 major units (spec §3 alert_thresholds). */
  lowBalanceThresholdMinor?: number;
  /** Days the projection looks ahead when no recurring income comes sooner; default 30. */
  upcomingDays?: number;
};

/** Thresholds of the rules; money thresholds in major units of the reporting currency. */
export const INSIGHT_THRESHOLDS = {
  /** A savings rate at or above this (percent) is 'positive'; below 0 is a 'warning'. */
  goodSavingsRatePercent: 20,
  /** The trend compares with the average of up to 5 complete months before, needing 2 of them. */
  savingsTrendMonths: 5,
  savingsTrendMinMonths: 2,
  /** A category change needs both ≥ 25 % and ≥ 50 major units; at most 3 up and 3 down. */
  categoryChangePercent: 25,
  categoryChangeMajor: 50,
  maxCategoryInsights: 3,
  /** Unusual: > mean + 3σ at the merchant (≥ 5 earlier rows), else > 3× the category's median row. */
  unusualSigmas: 3,
  unusualMinHistory: 5,
  unusualCategoryMultiple: 3,
  /** …and at least 20 major units above the usual amount (a $6.50 coffee is not unusual). */
  unusualMinExcessMajor: 20,
  maxUnusual: 3,
  /** Large: ≥ max(500 major units, 20 % of average monthly spending); at most 3. */
  largeTransactionMajor: 500,
  largeTransactionSpendingShare: 0.2,
  maxLarge: 3,
  /** Idle cash: cash above this many months of average spending. */
  idleCashMonths: 6,
  /** A price increase is reported for 90 days after the first charge at the new price. */
  priceIncreaseRecentDays: 90,
  /** New recurring: reached its cadence's minimum occurrences within the last 60 days. */
  newRecurringDays: 60,
  upcomingDays: 30,
} as const;
const T = INSIGHT_THRESHOLDS;

type Ranked = Insight & { magnitude: number };
type Context = {
  input: InsightInput;
  money: (amountMinor: number, currency?: string) => Money;
  /** An amount as currency text in the user's number format, in the reporting currency unless given. */
  show: (amountMinor: number, currency?: string) => string;
  /** A number with one decimal in the user's number format. */
  num: (value: number) => string;
  /** 12.345 → '12.3%' (one decimal, the user's number format). */
  pct: (value: number) => string;
  /** A calendar date in the user's date format (no time zone shift). */
  day: (date: IsoDate) => string;
};

/**
 * The insights for `input`, warnings first, then by the size of the money involved (descending;
 * insights without a money size, such as crypto_share, last in their group), then by id. An empty
 * input (a new user) gives none. Percentages are rounded to 2 decimals and shown with 2, in the texts
 * as in the figures.
 */
export function buildInsights(input: InsightInput): Insight[] {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const context: Context = {
    input,
    money: (amountMinor, currency = input.currency) => ({ amountMinor, currency }),
    show: (amountMinor, currency = input.currency) => formatMoney({ amountMinor, currency }, locale),
    num: (value) => formatNumber(value, locale, 1),
    // The same 2 decimals as the figure beside the text and every percentage in the app.
    pct: (value) => `${formatNumber(value, locale, 2)}%`,
    day: (date) => (input.dateFormat ? formatIsoDate(date, input.dateFormat) : longDate(date)),
  };
  const recurringIds = new Set(input.recurring.flatMap((payment) => payment.transactionIds));
  const unusual = unusualTransactions(context, recurringIds);
  const flagged = new Set(unusual.map((insight) => insight.id.slice('unusual:'.length)));
  const all: Ranked[] = [
    ...savingsRate(context),
    ...categoryChanges(context),
    ...unusual,
    ...priceIncreases(context),
    ...newRecurring(context),
    ...largeTransactions(context, recurringIds, flagged),
    ...idleCash(context),
    ...cryptoShare(context),
    ...lowBalance(context),
  ];
  return all
    .sort(
      (a, b) =>
        Number(b.severity === 'warning') - Number(a.severity === 'warning') ||
        b.magnitude - a.magnitude ||
        compareText(a.id, b.id),
    )
    .map(({ magnitude: _magnitude, ...insight }) => insight);
}

function savingsRate({ input, money, show, pct }: Context): Ranked[] {
  const lastMonth = addMonths(`${input.today.slice(0, 7)}-01`, -1);
  const monthOf = (start: IsoDate) => input.monthly.find((row) => row.month === start.slice(0, 7));
  const last = monthOf(lastMonth);
  if (!last || last.incomeMinor <= 0) return [];
  const saved = last.incomeMinor - last.spendingMinor;
  const rate = percentOf(saved, last.incomeMinor);
  const earlierRates = Array.from({ length: T.savingsTrendMonths }, (_, index) =>
    monthOf(addMonths(lastMonth, -(index + 1))),
  ).flatMap((row) =>
    row && row.incomeMinor > 0 ? [percentOf(row.incomeMinor - row.spendingMinor, row.incomeMinor)] : [],
  );
  const average =
    earlierRates.length >= T.savingsTrendMinMonths
      ? earlierRates.reduce((total, value) => total + value, 0) / earlierRates.length
      : null;
  const name = monthName(lastMonth);
  const good = saved * 100 >= T.goodSavingsRatePercent * last.incomeMinor;
  const severity: InsightSeverity = saved < 0 ? 'warning' : good ? 'positive' : 'info';
  let trend = '';
  if (average !== null) {
    const points = rate - average;
    const direction = Math.abs(points) < 0.05 ? 'level with' : points > 0 ? 'up from' : 'down from';
    trend = ` That is ${direction} your ${pct(average)} average over the ${earlierRates.length} months before.`;
  }
  const figures: InsightFigure[] = [
    { label: 'Savings rate', value: rate, format: 'percent' },
    { label: 'Income', value: money(last.incomeMinor), format: 'money' },
    { label: 'Spending', value: money(last.spendingMinor), format: 'money' },
    { label: saved < 0 ? 'Overspent' : 'Saved', value: money(Math.abs(saved)), format: 'money' },
  ];
  if (average !== null) figures.push({ label: 'Earlier average', value: round2(average), format: 'percent' });
  return [
    {
      id: 'savings-rate',
      kind: 'savings_rate',
      severity,
      title:
        saved < 0
          ? `You spent more than you earned in ${name}`
          : `You saved ${pct(rate)} of your income in ${name}`,
      explanation:
        `In ${name} you earned ${show(last.incomeMinor)} and spent ` +
        `${show(last.spendingMinor)}, a savings rate of ${pct(rate)}.${trend}`,
      figures,
      links: [
        {
          label: 'See the income',
          href: activity({ filter: 'income', date: lastMonth, to: monthEnd(lastMonth) }),
        },
        {
          label: 'See the expenses',
          href: activity({ filter: 'expenses', date: lastMonth, to: monthEnd(lastMonth) }),
        },
      ],
      magnitude: Math.abs(saved),
    },
  ];
}

function categoryChanges({ input, money, show, pct }: Context): Ranked[] {
  const lastMonth = addMonths(`${input.today.slice(0, 7)}-01`, -1);
  const previousMonth = addMonths(lastMonth, -1);
  const minimum = fromMajor(T.categoryChangeMajor, input.currency).amountMinor;
  const before = new Map(input.categoriesPreviousMonth.map((row) => [row.category, row]));
  const after = new Map(input.categoriesLastMonth.map((row) => [row.category, row]));
  const changes = [...new Set([...before.keys(), ...after.keys()])].map((category) => {
    const [last, previous] = [after.get(category)?.amountMinor ?? 0, before.get(category)?.amountMinor ?? 0];
    const label = after.get(category)?.label ?? before.get(category)?.label ?? category;
    return {
      category,
      label,
      last,
      previous,
      change: last - previous,
      percent: previous > 0 ? percentChange(last, previous) : null,
    };
  });
  // Compared in whole minor units (change × 100 against percent × previous), not on rounded percents.
  const bigEnough = (change: number, previous: number) =>
    Math.abs(change) >= minimum &&
    (previous <= 0 || Math.abs(change) * 100 >= T.categoryChangePercent * previous);
  const up = changes.filter((row) => row.change > 0 && bigEnough(row.change, row.previous));
  const down = changes.filter(
    (row) => row.change < 0 && row.previous > 0 && bigEnough(row.change, row.previous),
  );
  const pick = (rows: typeof changes) =>
    rows
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || compareText(a.category, b.category))
      .slice(0, T.maxCategoryInsights);
  const [lastName, previousName] = [monthName(lastMonth), monthName(previousMonth)];
  return [...pick(up), ...pick(down)].map((row): Ranked => {
    const rising = row.change > 0;
    const share = row.percent === null ? '' : ` (${pct(Math.abs(row.percent))})`;
    const figures: InsightFigure[] = [
      { label: lastName, value: money(row.last), format: 'money' },
      { label: previousName, value: money(row.previous), format: 'money' },
      { label: 'Change', value: money(row.change), format: 'money' },
    ];
    if (row.percent !== null) figures.push({ label: 'Change %', value: row.percent, format: 'percent' });
    return {
      id: `${rising ? 'category-up' : 'category-down'}:${row.category || 'UNCATEGORIZED'}`,
      kind: rising ? 'category_up' : 'category_down',
      severity: rising ? 'warning' : 'positive',
      title:
        row.percent === null
          ? `New spending on ${row.label}`
          : `${row.label} spending ${rising ? 'up' : 'down'} ${pct(Math.abs(row.percent))}`,
      explanation:
        `You spent ${show(row.last)} on ${row.label} in ${lastName}, ${show(Math.abs(row.change))}${share} ` +
        `${rising ? 'more' : 'less'} than the ${show(row.previous)} in ${previousName}.`,
      figures,
      links: [{ label: `See ${row.label} transactions`, href: categoryLink(row.category, lastMonth) }],
      magnitude: Math.abs(row.change),
    };
  });
}

type Recent = InsightInput['recentTransactions'][number];

function recentOutflows(input: InsightInput, recurringIds: ReadonlySet<string>): Recent[] {
  return input.recentTransactions.filter((row) => row.amountMinor < 0 && !recurringIds.has(row.id));
}

function unusualTransactions(
  { input, money, show, num, day }: Context,
  recurringIds: ReadonlySet<string>,
): Ranked[] {
  const merchants = new Map(input.merchantStats.map((row) => [row.key, row]));
  const categories = new Map(input.categoryStats.map((row) => [row.category, row]));
  const minimumExcess = fromMajor(T.unusualMinExcessMajor, input.currency).amountMinor;
  const found: (Ranked & { excess: number })[] = [];
  for (const row of recentOutflows(input, recurringIds)) {
    const size = -row.amountMinor;
    const merchant = merchants.get(row.merchantKey);
    const category = row.category ? categories.get(row.category) : undefined;
    let usual: number;
    let reason: string;
    if (merchant && merchant.count >= T.unusualMinHistory) {
      if (size <= merchant.meanMinor + T.unusualSigmas * merchant.stddevMinor) continue;
      usual = merchant.meanMinor;
      reason = `your usual ${show(Math.round(usual))} there (${merchant.count} payments in the year before)`;
    } else if (category && category.count >= T.unusualMinHistory && category.medianMinor > 0) {
      if (size <= T.unusualCategoryMultiple * category.medianMinor) continue;
      usual = category.medianMinor;
      reason = `a typical ${row.category ? categoryName(row.category, input) : ''} payment of ${show(usual)} (${num(size / usual)}×)`;
    } else continue;
    if (size - usual < minimumExcess) continue;
    found.push({
      id: `unusual:${row.id}`,
      kind: 'unusual_transaction',
      severity: 'warning',
      title: `Unusual payment at ${row.name}`,
      explanation: `${show(size)} at ${row.name} on ${day(row.date)} is well above ${reason}.`,
      figures: [
        { label: 'Amount', value: money(size), format: 'money' },
        { label: 'Usual', value: money(Math.round(usual)), format: 'money' },
        { label: 'Date', value: row.date, format: 'date' },
      ],
      links: [
        { label: 'See the transaction', href: activity({ search: row.name, date: row.date, to: row.date }) },
      ],
      magnitude: size,
      excess: size - usual,
    });
  }
  return found
    .sort((a, b) => b.excess - a.excess || compareText(a.id, b.id))
    .slice(0, T.maxUnusual)
    .map(({ excess: _excess, ...insight }) => insight);
}

function largeTransactions(
  { input, money, show, pct, day }: Context,
  recurringIds: ReadonlySet<string>,
  flagged: ReadonlySet<string>,
): Ranked[] {
  const average = Math.max(0, input.averageMonthlySpendingMinor);
  const threshold = Math.max(
    fromMajor(T.largeTransactionMajor, input.currency).amountMinor,
    T.largeTransactionSpendingShare * average,
  );
  return recentOutflows(input, recurringIds)
    .filter((row) => -row.amountMinor >= threshold && !flagged.has(row.id))
    .sort((a, b) => a.amountMinor - b.amountMinor || compareText(a.id, b.id))
    .slice(0, T.maxLarge)
    .map((row) => {
      const size = -row.amountMinor;
      const share = average > 0 ? percentOf(size, average) : null;
      const figures: InsightFigure[] = [
        { label: 'Amount', value: money(size), format: 'money' },
        { label: 'Date', value: row.date, format: 'date' },
      ];
      if (share !== null) figures.push({ label: 'Of monthly spending', value: share, format: 'percent' });
      return {
        id: `large:${row.id}`,
        kind: 'large_transaction',
        severity: 'info',
        title: `Large payment at ${row.name}`,
        explanation:
          `You paid ${show(size)} at ${row.name} on ${day(row.date)}` +
          (share === null
            ? '.'
            : `, ${pct(share)} of your average monthly spending (${show(Math.round(average))}).`),
        figures,
        links: [
          {
            label: 'See the transaction',
            href: activity({ search: row.name, date: row.date, to: row.date }),
          },
        ],
        magnitude: size,
      };
    });
}

function priceIncreases({ input, show, pct, day }: Context): Ranked[] {
  return input.recurring.flatMap((payment): Ranked[] => {
    const rise = payment.priceIncrease;
    if (payment.direction !== 'outflow' || !rise) return [];
    const age = daysBetween(rise.date, input.today);
    if (age < 0 || age > T.priceIncreaseRecentDays) return [];
    const [from, to] = [Math.abs(rise.fromMinor), Math.abs(rise.toMinor)];
    const change = percentChange(to, from) ?? 0;
    const yearly = (to - from) * CADENCE_RULES[payment.cadence].perYear;
    const money = (amountMinor: number): Money => ({ amountMinor, currency: payment.currency });
    const text = (minor: number) => show(minor, payment.currency);
    return [
      {
        id: `price-increase:${payment.key}:${payment.accountId}`,
        kind: 'recurring_price_increase',
        severity: 'warning',
        title: `${payment.name} costs more`,
        explanation:
          `${payment.name} went from ${text(from)} to ${text(to)} ${PER[payment.cadence]} (${pct(change)} more) ` +
          `on ${day(rise.date)}: ${text(yearly)} more a year.`,
        figures: [
          { label: 'Before', value: money(from), format: 'money' },
          { label: 'Now', value: money(to), format: 'money' },
          { label: 'Change', value: change, format: 'percent' },
          { label: 'Since', value: rise.date, format: 'date' },
          { label: 'Per year', value: money(yearly), format: 'money' },
        ],
        links: [{ label: 'See the payments', href: paymentsLink(payment) }],
        magnitude: yearly,
      },
    ];
  });
}

function newRecurring({ input, show, day }: Context): Ranked[] {
  return input.recurring.flatMap((payment): Ranked[] => {
    const rule = CADENCE_RULES[payment.cadence];
    // The day the pattern became recognisable: its minimum-th occurrence, estimated from the first.
    const established =
      rule.months === null
        ? addDays(payment.firstDate, (rule.minOccurrences - 1) * rule.days)
        : addMonths(payment.firstDate, (rule.minOccurrences - 1) * rule.months);
    const age = daysBetween(established, input.today);
    if (age < 0 || age > T.newRecurringDays) return [];
    const size = Math.abs(payment.lastAmountMinor);
    const money: Money = { amountMinor: size, currency: payment.currency };
    const inflow = payment.direction === 'inflow';
    const count = `${payment.occurrences} ${inflow ? 'deposits' : 'payments'} so far`;
    return [
      {
        id: `new-recurring:${payment.key}:${payment.accountId}:${payment.direction}`,
        kind: 'new_recurring',
        severity: 'info',
        title: inflow
          ? `New recurring income from ${payment.name}`
          : `New recurring payment to ${payment.name}`,
        explanation:
          `${payment.name} has ${inflow ? 'paid you' : 'charged'} ${show(size, payment.currency)} ${PER[payment.cadence]} ` +
          `since ${day(payment.firstDate)} (${count}); the next is expected on ${day(payment.nextDate)}.`,
        figures: [
          { label: 'Amount', value: money, format: 'money' },
          { label: 'Cadence', value: payment.cadence, format: 'text' },
          { label: 'Since', value: payment.firstDate, format: 'date' },
          { label: 'Next', value: payment.nextDate, format: 'date' },
        ],
        links: [{ label: 'See the payments', href: paymentsLink(payment) }],
        magnitude: size * rule.perYear,
      },
    ];
  });
}

function idleCash({ input, money, show, num }: Context): Ranked[] {
  const average = input.averageMonthlySpendingMinor;
  if (average <= 0) return [];
  const buffer = Math.round(T.idleCashMonths * average);
  const excess = input.cashMinor - buffer;
  if (excess <= 0) return [];
  return [
    {
      id: 'idle-cash',
      kind: 'idle_cash',
      severity: 'info',
      title: `${show(excess)} beyond a ${T.idleCashMonths}-month cash buffer`,
      explanation:
        `You hold ${show(input.cashMinor)} in cash, ${num(input.cashMinor / average)} months ` +
        `of your average spending (${show(Math.round(average))} a month). ${show(excess)} of it is beyond a ` +
        `${T.idleCashMonths}-month buffer of ${show(buffer)}.`,
      figures: [
        { label: 'Cash', value: money(input.cashMinor), format: 'money' },
        { label: 'Monthly spending', value: money(Math.round(average)), format: 'money' },
        { label: `${T.idleCashMonths}-month buffer`, value: money(buffer), format: 'money' },
        { label: 'Beyond the buffer', value: money(excess), format: 'money' },
      ],
      links: [{ label: 'See your accounts', href: '/accounts' }],
      magnitude: excess,
    },
  ];
}

function cryptoShare({ input, pct }: Context): Ranked[] {
  const threshold = AGGREGATION.cryptoShareThresholdPercent;
  if (!(input.cryptoSharePercent > threshold)) return [];
  return [
    {
      id: 'crypto-share',
      kind: 'crypto_share',
      severity: 'warning',
      title: `Crypto is ${pct(input.cryptoSharePercent)} of your net worth`,
      explanation:
        `Crypto makes up ${pct(input.cryptoSharePercent)} of your net worth, above the ${pct(threshold)} ` +
        'threshold: a sharp fall in crypto prices would move your net worth noticeably.',
      figures: [
        { label: 'Crypto share', value: round2(input.cryptoSharePercent), format: 'percent' },
        { label: 'Threshold', value: threshold, format: 'percent' },
      ],
      links: [
        { label: 'See your wallets', href: '/wallets' },
        { label: 'See your exchanges', href: '/cexes' },
      ],
      magnitude: 0,
    },
  ];
}

/**
 * Cash minus the recurring outflows due from today until the day before the next recurring income
 * (at most `upcomingDays` days, today included); overdue payments count as due. Raised when that
 * falls below the low-balance threshold and at least one payment is due.
 */
function lowBalance({ input, money, show, day }: Context): Ranked[] {
  const threshold =
    input.lowBalanceThresholdMinor ??
    fromMajor(PREFERENCES_TIMING.lowBalanceDefault, input.currency).amountMinor;
  const relevant = input.recurring.filter(
    (payment) =>
      payment.currency === input.currency &&
      (input.cashAccountIds === undefined || input.cashAccountIds.includes(payment.accountId)),
  );
  let through = addDays(input.today, (input.upcomingDays ?? T.upcomingDays) - 1);
  for (const payment of relevant) {
    if (payment.direction !== 'inflow') continue;
    const arrives = daysBetween(input.today, payment.nextDate) > 0 ? payment.nextDate : input.today;
    const dayBefore = addDays(arrives, -1);
    if (daysBetween(dayBefore, through) > 0) through = dayBefore;
  }
  const due = relevant
    .filter((payment) => payment.direction === 'outflow')
    .map((payment) => ({ payment, times: upcomingDates(payment, through).length }))
    .filter((row) => row.times > 0)
    .map((row) => ({ ...row, total: row.times * Math.abs(row.payment.nextAmountMinor) }));
  if (due.length === 0 || daysBetween(input.today, through) < 0) return [];
  const total = due.reduce((sum, row) => sum + row.total, 0);
  const projected = input.cashMinor - total;
  if (projected >= threshold) return [];
  const largest = [...due].sort((a, b) => b.total - a.total || compareText(a.payment.key, b.payment.key));
  const names = largest.slice(0, 3).map((row) => row.payment.name);
  const more = largest.length > 3 ? ` and ${largest.length - 3} more` : '';
  return [
    {
      id: 'low-balance',
      kind: 'low_balance_projection',
      severity: 'warning',
      title: `Cash may fall to ${show(projected)} by ${day(through)}`,
      explanation:
        `You have ${show(input.cashMinor)} in cash and ${show(total)} of recurring payments due by ${day(through)} ` +
        `(${names.join(', ')}${more}). That would leave ${show(projected)}, below your ${show(threshold)} low-balance alert.`,
      figures: [
        { label: 'Cash now', value: money(input.cashMinor), format: 'money' },
        { label: 'Due', value: money(total), format: 'money' },
        { label: 'Projected', value: money(projected), format: 'money' },
        { label: 'Alert below', value: money(threshold), format: 'money' },
        { label: 'Until', value: through, format: 'date' },
      ],
      links: largest
        .slice(0, 3)
        .map((row) => ({ label: `See ${row.payment.name}`, href: paymentsLink(row.payment) })),
      magnitude: threshold - projected,
    },
  ];
}

const PER: Record<RecurringPayment['cadence'], string> = {
  weekly: 'a week',
  biweekly: 'every two weeks',
  monthly: 'a month',
  quarterly: 'a quarter',
  yearly: 'a year',
};

/** An Activity link: `date` on or after, `to` on or before (activity-links.ts). */
const activity = activityHref;

/** The last day of the calendar month starting `monthStart`. */
function monthEnd(monthStart: IsoDate): IsoDate {
  return addDays(addMonths(monthStart, 1), -1);
}

/**
 * A category's counted rows in one calendar month (what the insight's sums count): the twelve fixed
 * categories and Uncategorized; any other code falls back to the month's counted rows.
 */
function categoryLink(category: string, monthStart: IsoDate): string {
  if (category === '' || isTransactionCategory(category)) {
    return categoryActivityHref(category, monthStart, monthEnd(monthStart));
  }
  return activity({ filter: 'counted', date: monthStart, to: monthEnd(monthStart) });
}

/** A recurring payment's rows: its name, on its account, from its first to its last occurrence. */
function paymentsLink(payment: RecurringPayment): string {
  return activity({
    search: payment.name,
    accounts: payment.accountId,
    date: payment.firstDate,
    to: payment.lastDate,
  });
}

function categoryName(category: string, input: InsightInput): string {
  const known = [...input.categoriesLastMonth, ...input.categoriesPreviousMonth].find(
    (row) => row.category === category,
  );
  return known?.label ?? categoryLabel(category);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** '2026-10-01' → 'October 2026'. */
function monthName(date: IsoDate): string {
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** '2026-11-03' → 'Nov 3, 2026' (a calendar date, so no time zone shift). */
function longDate(date: IsoDate): string {
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
