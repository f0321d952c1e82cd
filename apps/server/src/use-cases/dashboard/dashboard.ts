import { type Database, firstNetWorthDate, netWorthDailyRange } from '@lodestar/db';
import {
  ACCOUNT_TYPES,
  accountTypeLabel,
  AGGREGATION,
  type AssetClass,
  type Money,
  percentChange,
  periodRange,
  clampFrom,
  type TimePeriod,
} from '@lodestar/domain';
import { type AccountBalance, currentBalances } from './current-balances';
import { createConverter, loadFxTable, type FxReport } from '../../fx/reporting';

export type DashboardView = {
  currency: string;
  asOf: string;
  period: TimePeriod;
  /** The first day the plan shows (null: no window): the change never starts earlier. */
  visibleFrom: string | null;
  hasAccounts: boolean;
  summary: {
    netWorth: Money;
    assets: Money;
    liabilities: Money;
    cash: Money;
    investments: Money;
    crypto: Money;
    realEstate: Money;
    other: Money;
    /**
     * Net worth now against the period start. Null amount and percent when either total leaves a
     * currency out for want of any rate (`missing` names them): a change of partial totals misleads.
     * `estimated`: the start (or today) is converted at a rate of a later day (before the first rate).
     */
    change: {
      amount: Money | null;
      percent: number | null;
      from: string;
      missing: string[];
      estimated: boolean;
    };
  };
  allocation: { class: AssetClass; label: string; amount: Money; percent: number }[];
  cryptoShare: { percent: number; threshold: number; above: boolean };
  accounts: { type: string; label: string; total: Money; accounts: AccountBalance[] }[];
  fx: FxReport;
};

/** Estimates of two reports, the earliest rate date per currency. */
function mergeEstimates(...reports: FxReport['estimated'][]): FxReport['estimated'] {
  const byCurrency = new Map<string, string>();
  for (const { currency, from } of reports.flat()) {
    const known = byCurrency.get(currency);
    if (known === undefined || from < known) byCurrency.set(currency, from);
  }
  return [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, from]) => ({ currency, from }));
}

/** Account types in the order of the domain's list; a type it does not know comes after, by name. */
function typeOrder(a: string, b: string): number {
  const rank = (type: string) => {
    const index = (ACCOUNT_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? ACCOUNT_TYPES.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * GET /dashboard (docs/analytics-api.md): today's summary of the visible accounts in the reporting
 * currency, the change since the period start (net worth on that day from net_worth_daily, converted at
 * that day's rates; all-time: the first snapshot), the asset allocation, the crypto share and the accounts
 * grouped by type.
 */
export async function dashboard(
  db: Database,
  userId: string,
  period: TimePeriod,
  now: Date,
  /** The first day the user's plan shows (user-limits visibleFrom): the change runs from it at the latest. */
  visibleFrom: string | null,
): Promise<DashboardView> {
  const [balances, first] = await Promise.all([
    currentBalances(db, userId, now),
    period === 'all-time' ? firstNetWorthDate(db, userId) : Promise.resolve(null),
  ]);
  const { currency, today, summary } = balances;
  const whole = periodRange(period, today, first ?? undefined);
  const range = { from: clampFrom(whole.from, visibleFrom), to: whole.to };
  const startRows = await netWorthDailyRange(db, userId, range.from, range.from);
  const { table } = await loadFxTable(
    db,
    userId,
    currency,
    startRows.map((row) => row.currency),
    [{ from: range.from, to: range.from }],
  );
  // Rates of the start day are only a means to the change figure: a missing one is reported, an old one
  // is expected for a past day and not called stale. The start is summed by the same rule as today.
  const startConverter = createConverter(table, currency);
  const start = startConverter.total(
    startRows.map((row) => ({ amountMinor: row.balanceMinor, currency: row.currency })),
    range.from,
    { track: false },
  );
  const startReport = startConverter.report();
  const fx: FxReport = {
    missing: [...new Set([...balances.fx.missing, ...startReport.missing])].sort(),
    stale: balances.fx.stale,
    estimated: mergeEstimates(balances.fx.estimated, startReport.estimated),
  };
  const partial = [...new Set([...balances.fx.missing, ...start.missing])].sort();
  const startMinor = start.amountMinor;

  const amount = (amountMinor: number): Money => ({ amountMinor, currency });
  const groups = new Map<string, AccountBalance[]>();
  for (const account of balances.accounts) {
    const group = groups.get(account.type) ?? [];
    group.push(account);
    groups.set(account.type, group);
  }
  const accounts = [...groups]
    .sort(([a], [b]) => typeOrder(a, b))
    .map(([type, members]) => ({
      type,
      label: accountTypeLabel(type),
      total: amount(balances.typeTotals.get(type) ?? 0),
      accounts: members,
    }));

  return {
    currency,
    asOf: today,
    period,
    visibleFrom,
    hasAccounts: balances.accounts.length > 0,
    summary: {
      netWorth: amount(summary.netWorthMinor),
      assets: amount(summary.assetsMinor),
      liabilities: amount(summary.liabilitiesMinor),
      cash: amount(summary.byClass.cash),
      investments: amount(summary.byClass.investment),
      crypto: amount(summary.byClass.crypto),
      realEstate: amount(summary.byClass.real_estate),
      other: amount(summary.byClass.other),
      change: {
        amount: partial.length ? null : amount(summary.netWorthMinor - startMinor),
        percent: partial.length ? null : percentChange(summary.netWorthMinor, startMinor),
        from: range.from,
        missing: partial,
        estimated: start.estimated || balances.fx.estimated.length > 0,
      },
    },
    allocation: summary.allocation.map((slice) => ({
      class: slice.class,
      label: slice.label,
      amount: amount(slice.amountMinor),
      percent: slice.percent,
    })),
    cryptoShare: {
      percent: summary.cryptoSharePercent,
      threshold: AGGREGATION.cryptoShareThresholdPercent,
      above: summary.cryptoAboveThreshold,
    },
    accounts,
    fx,
  };
}
