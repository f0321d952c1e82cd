import {
  accountDailyBalances,
  accountPostedTransactions,
  type Database,
  netWorthVersion,
  performanceAccounts,
  type PerformanceAccountRow,
  transactionVersionOf,
} from '@lodestar/db';
import {
  ACCOUNT_TYPES,
  type AccountType,
  addDays,
  assetClassOf,
  clampFrom,
  investmentActivityOf,
  type InvestmentTransaction,
  type IsoDate,
  money,
  type Money,
  type Performance,
  performanceOf,
  type PerformanceRange,
  performanceRangeStart,
  type ValuationDay,
  valuationDays,
} from '@lodestar/domain';
import { createConverter, loadFxTable, reportingFor } from '../../fx/reporting';
import { UserCache } from '../user-cache';

/**
 * GET /investments/performance?range= (docs/markets-api.md "Performance", docs/domain.md "Investment
 * performance"): time-weighted and money-weighted returns per investment or crypto account and overall,
 * with net deposits, income (dividends, interest) and costs (fees, taxes) apart.
 *
 * What feeds them: each account's end-of-day balances (`balance_snapshot`, the figures net worth adds up)
 * as its value, and its posted transactions, classified by their detailed category code, as deposits,
 * withdrawals, trades, income and costs. A brokerage's daily balances are its cash plus today's
 * quantities at each day's close (docs/domain.md "Securities' daily closes and brokerage balances"): right
 * only while the quantities did not change, so one with a trade after the range's first day has no
 * returns — a figure would be made up; without a trade in the range it is measured like crypto wallets
 * (valued from their holdings day by day) and accounts without holdings.
 */

export const PERFORMANCE_UNAVAILABLE = [
  /** A brokerage that traded in the range: its daily balances use today's quantities on every day. */
  'holdings_not_in_history',
  /** No daily balance in the range. */
  'no_history',
] as const;
export type PerformanceUnavailable = (typeof PERFORMANCE_UNAVAILABLE)[number];

const PERFORMANCE_TYPES = ACCOUNT_TYPES.filter((type) => {
  const assetClass = assetClassOf(type);
  return assetClass === 'investment' || assetClass === 'crypto';
});

export type PerformanceFigures = {
  /** The range's first and last day: returns run from the value at the end of `from`. */
  from: string;
  to: string;
  startValue: Money;
  endValue: Money;
  netDeposits: Money;
  /** Dividends, capital-gain distributions and interest. */
  income: Money;
  /** Fees and taxes, as a positive amount. */
  costs: Money;
  /** Percent, two decimals; null when there is no such return (fewer than two days, nothing invested). */
  timeWeightedPercent: number | null;
  moneyWeightedPercent: number | null;
};

export type AccountPerformance = {
  accountId: string;
  name: string;
  type: string;
  currency: string;
  figures: PerformanceFigures | null;
  unavailable: PerformanceUnavailable | null;
};

const percent = (ratio: number | null) => {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  const rounded = Math.round(ratio * 10_000) / 100;
  return rounded === 0 ? 0 : rounded;
};

function figuresOf(result: Performance, from: string, to: string, currency: string): PerformanceFigures {
  return {
    from,
    to,
    startValue: money(result.startValueMinor, currency),
    endValue: money(result.endValueMinor, currency),
    netDeposits: money(result.netDepositsMinor, currency),
    income: money(result.incomeMinor, currency),
    costs: money(result.costsMinor, currency),
    timeWeightedPercent: percent(result.timeWeighted),
    moneyWeightedPercent: percent(result.moneyWeighted),
  };
}

/** An account over a range from `first`: what its kept rows give for that range. */
type Series = { account: PerformanceAccountRow; first: IsoDate; worked: Worked };

/** An account's daily values and classified transactions from `first` to `today`, as read. */
type AccountRows = {
  first: IsoDate;
  today: IsoDate;
  values: Map<IsoDate, number>;
  transactions: InvestmentTransaction[];
  /**
   * What these rows give from a range's first day (its key): the days valued and the account's returns,
   * pure functions of the rows, so worked out once per rows read (ten years of days: most of a request).
   */
  worked: Map<IsoDate, Worked | null>;
};
type Worked = {
  transactions: InvestmentTransaction[];
  days: ValuationDay[];
  /** The account's returns over `days`, worked out the first time a request asks for them. */
  performance?: Performance;
};

/**
 * Each account's daily values and classified transactions are what the endpoint spends its time on (a
 * ten-year brokerage of 20,000 rows reads ~15,000 table pages), and they change only with the user's
 * transactions (transaction version, ADR 054) or daily balances (net-worth version, ADR 009). So they are
 * kept per user, per database handle, under both versions: per account, the widest range read today; a
 * shorter range is its days from the range's first. The versions are read before the rows, so rows read
 * after them are at least as new. Each range's valued days and each account's returns are kept with the
 * rows they come from; accounts, rates and the overall figures are worked out on every request.
 */
type SeriesEntry = { versions: string; byAccount: Map<string, AccountRows> };
const seriesCache = new UserCache<SeriesEntry>(16);

async function seriesOf(
  db: Database,
  userId: string,
  account: PerformanceAccountRow,
  rangeStart: IsoDate | null,
  today: IsoDate,
  visibleFrom: IsoDate | null,
  kept: Map<string, AccountRows>,
): Promise<Series | null> {
  if (account.firstDate === null || account.firstDate > today) return null;
  // The value at the end of the day before the range is where its returns start from; never before the
  // first day the plan shows.
  const wanted = rangeStart === null ? account.firstDate : addDays(rangeStart, -1);
  const first = clampFrom(wanted < account.firstDate ? account.firstDate : wanted, visibleFrom);
  let rows = kept.get(account.id);
  if (!rows || rows.today !== today || rows.first > first) {
    const scope = { userId, accountId: account.id };
    const [balances, posted] = await Promise.all([
      accountDailyBalances(db, scope, first, today),
      accountPostedTransactions(db, scope, first, today),
    ]);
    rows = {
      first,
      today,
      values: new Map(balances.map((row) => [row.date, row.balanceMinor])),
      transactions: posted.map((row) => ({
        date: row.date,
        kind: investmentActivityOf(row.detailedCategory, row.amountMinor),
        amountMinor: row.amountMinor,
      })),
      worked: new Map(),
    };
    kept.set(account.id, rows);
  }
  let worked = rows.worked.get(first);
  if (worked === undefined) {
    const values =
      rows.first === first ? rows.values : new Map([...rows.values].filter(([date]) => date >= first));
    const transactions =
      rows.first === first ? rows.transactions : rows.transactions.filter((item) => item.date >= first);
    worked =
      values.size === 0 ? null : { transactions, days: valuationDays(values, transactions, first, today) };
    rows.worked.set(first, worked);
  }
  return worked && { account, first, worked };
}

/** The user's kept rows, emptied when their transactions or daily balances changed since. */
async function keptRows(db: Database, userId: string): Promise<Map<string, AccountRows>> {
  const [transactions, balances] = await Promise.all([
    transactionVersionOf(db, userId),
    netWorthVersion(db, userId),
  ]);
  const versions = `${transactions}/${balances}`;
  const hit = seriesCache.get(db, userId, (entry) => entry.versions === versions);
  if (hit) return hit.byAccount;
  const entry: SeriesEntry = { versions, byAccount: new Map() };
  seriesCache.set(db, userId, entry);
  return entry.byAccount;
}

export async function investmentPerformance(
  db: Database,
  userId: string,
  now: Date,
  range: PerformanceRange,
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: IsoDate | null,
) {
  const { currency, today } = await reportingFor(db, userId, now);
  const rangeStart = performanceRangeStart(range, today);
  // The versions are read before the accounts and their rows.
  const kept = await keptRows(db, userId);
  const accounts = await performanceAccounts(db, userId, PERFORMANCE_TYPES);

  // Each account's balances and transactions are read at once (the pool has room), then worked in order.
  const series = await Promise.all(
    accounts.map((account) => seriesOf(db, userId, account, rangeStart, today, visibleFrom, kept)),
  );
  /** A brokerage's quantities changed inside the range: its history holds today's on every day. */
  const measured = (account: PerformanceAccountRow, found: Series | null) =>
    !(
      account.holdingCount > 0 &&
      assetClassOf(account.type as AccountType) === 'investment' &&
      found?.worked.transactions.some(
        (item) => item.date > found.first && (item.kind === 'buy' || item.kind === 'sell'),
      )
    );
  const results: AccountPerformance[] = [];
  const included: Series[] = [];
  accounts.forEach((account, index) => {
    const base = {
      accountId: account.id,
      name: account.name,
      type: account.type,
      currency: account.currency,
    };
    const found = series[index] ?? null;
    if (!measured(account, found)) {
      results.push({ ...base, figures: null, unavailable: 'holdings_not_in_history' });
    } else if (!found) {
      results.push({ ...base, figures: null, unavailable: 'no_history' });
    } else {
      included.push(found);
      const { worked } = found;
      worked.performance ??= performanceOf(worked.days, worked.transactions);
      results.push({
        ...base,
        figures: figuresOf(worked.performance, found.first, today, account.currency),
        unavailable: null,
      });
    }
  });

  return {
    range,
    currency,
    today,
    accounts: results,
    overall: await overallOf(db, userId, currency, today, included),
    visibleFrom,
  };
}

/**
 * All included accounts as one portfolio in the reporting currency: each day's values and flows converted
 * at that day's rate (so currency moves are part of the return, as the user sees it); an account whose
 * history starts inside the range brings its first value in as a deposit. Income and costs are summed per
 * currency and converted at today's rate.
 */
async function overallOf(
  db: Database,
  userId: string,
  currency: string,
  today: IsoDate,
  included: Series[],
): Promise<{ figures: PerformanceFigures | null; accountCount: number; missingCurrencies: string[] }> {
  if (included.length === 0) return { figures: null, accountCount: 0, missingCurrencies: [] };
  const first = included.reduce((min, series) => (series.first < min ? series.first : min), today);
  const { table } = await loadFxTable(
    db,
    userId,
    currency,
    included.map((series) => series.account.currency),
    [{ from: first, to: today }],
  );
  const converter = createConverter(table, currency);
  const convertible = included.filter(
    (series) => converter.convert(0, series.account.currency, today, { track: false }) !== null,
  );
  const byDate = new Map(
    convertible.map((series) => [series, new Map(series.worked.days.map((day) => [day.date, day]))]),
  );
  const days: ValuationDay[] = [];
  for (let date = first; date <= today; date = addDays(date, 1)) {
    let valueMinor = 0;
    let flowMinor = 0;
    for (const series of convertible) {
      const day = byDate.get(series)?.get(date);
      if (!day) continue;
      const from = series.account.currency;
      valueMinor += converter.convert(day.valueMinor, from, date, { track: false }) ?? 0;
      const flow = date === series.first && date !== first ? day.valueMinor : day.flowMinor;
      flowMinor += converter.convert(flow, from, date, { track: false }) ?? 0;
    }
    days.push({ date, valueMinor, flowMinor: date === first ? 0 : flowMinor });
  }
  const result = performanceOf(days, []);
  // Each account's flows, income and costs after its first day, summed in its currency in one pass; the
  // converter converts each currency's sum once either way.
  const sums = convertible.map((series) => {
    const sum = { currency: series.account.currency, flows: 0, income: 0, costs: 0 };
    for (const item of series.worked.transactions) {
      if (item.date <= series.first) continue;
      if (item.kind === 'deposit' || item.kind === 'withdrawal') sum.flows += item.amountMinor;
      else if (item.kind === 'dividend' || item.kind === 'interest') sum.income += item.amountMinor;
      else if (item.kind === 'fee' || item.kind === 'tax') sum.costs += item.amountMinor;
    }
    return sum;
  });
  const sumOf = (pick: (sum: (typeof sums)[number]) => number) =>
    converter.total(
      sums.map((sum) => ({ amountMinor: pick(sum), currency: sum.currency })),
      today,
      { track: false },
    ).amountMinor;
  const figures = figuresOf(
    {
      ...result,
      netDepositsMinor: sumOf((sum) => sum.flows),
      incomeMinor: sumOf((sum) => sum.income),
      costsMinor: 0 - sumOf((sum) => sum.costs),
    },
    first,
    today,
    currency,
  );
  return {
    figures,
    accountCount: convertible.length,
    missingCurrencies: converter.report().missing,
  };
}
