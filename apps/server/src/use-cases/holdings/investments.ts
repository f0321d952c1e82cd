import {
  holdingsValueOfAccounts,
  listUserHoldings,
  visibleAccountsForDashboard,
  type Database,
  type UserHoldingRow,
} from '@lodestar/db';
import {
  assetClassOf,
  currencyExponent,
  isAccountType,
  isCryptoPriceStale,
  money,
  type HoldingType,
  type Money,
} from '@lodestar/domain';
import { reportingFor } from '../../fx/reporting';
import type { MarketData, Quote } from '../../market-data/service';
import { cryptoChangeOf } from '../market/crypto-quotes';
import { isSymbol, normaliseSymbol, QUOTES_MAX } from '../market/market';
import { percentOf, productMinor } from './decimal';
import { holdingTypeOf, valuationOf, type HeldSecurity } from './list-holdings';
import { todaysReporting, type Reporting } from './reporting';

/**
 * GET /investments (docs/markets-api.md "Investments"): every holding of the user's visible accounts with
 * its cost basis, market value, unrealised gain, day change and weight, and totals per account and
 * overall in the reporting currency. Market values use the same price as /investments/holdings (the
 * newest stored close on or before today, else the holding's own price). The day change is the quote's
 * change since its previous close (market-data service, cached) times the quantity — for a crypto asset,
 * the crypto price service's stored quote and its 24-hour change (ADR 082); when there is no such quote
 * the figure is null and `dayChangeUnavailable` says why — it is never estimated.
 */

export const DAY_CHANGE_UNAVAILABLE = [
  /** The security has no ticker the market-data provider could be asked about. */
  'no_symbol',
  /** Cash positions, and crypto assets the crypto price service has never priced, are not quoted. */
  'not_quoted',
  /** The provider does not know the ticker. */
  'unknown_symbol',
  /** The provider failed and no earlier quote is known. */
  'quote_unavailable',
  /** The quote has no previous close. */
  'no_previous_close',
  /** The quote is in another currency than the holding (e.g. pence against pounds). */
  'currency_differs',
  /** A stablecoin valued at its peg: its value does not follow the market price. */
  'pegged',
] as const;
export type DayChangeUnavailable = (typeof DAY_CHANGE_UNAVAILABLE)[number];

export type DayChange = {
  /** quantity × (price − previousClose) in the quote's currency. */
  amount: Money;
  converted: Money | null;
  percent: number | null;
  /**
   * The quote's trading day (UTC date of its price time) and the previous close it is measured from (for
   * a crypto asset, the price 24 hours earlier that the source's 24-hour change implies).
   */
  priceDate: string;
  previousClose: string;
  /** The quote is the last known one: the provider failed (a crypto price: older than two hours). */
  stale: boolean;
};

export type InvestmentHolding = HeldSecurity & {
  /** Decimal strings. */
  quantity: string;
  price: { amount: string; currency: string; date: string };
  /** The buy price of a holding added by hand (null for the others), as on /investments/holdings. */
  buyPrice: { amount: string; currency: string; buys: number } | null;
  /** Valued at its buy price: added by hand and no close known, so its gain is null and left out of the totals. */
  valuedAtBuyPrice: boolean;
  costBasis: Money | null;
  marketValue: Money;
  /** In the reporting currency; null when no rate exists for the holding's currency. */
  marketValueConverted: Money | null;
  unrealizedGain: Money | null;
  unrealizedGainConverted: Money | null;
  unrealizedGainPercent: number | null;
  dayChange: DayChange | null;
  dayChangeUnavailable: DayChangeUnavailable | null;
  /** Percent of the overall converted market value; null when the value does not convert. */
  weight: number | null;
};

export type InvestmentTotals = {
  marketValue: Money;
  /** Cost basis and gain over the holdings whose gain is known and whose cost basis converts. */
  costBasis: Money;
  unrealizedGain: Money;
  unrealizedGainPercent: number | null;
  /** Sum of the day changes that are known and convert; `dayChangeCount` of `holdingCount` holdings. */
  dayChange: Money;
  dayChangeCount: number;
  holdingCount: number;
  /** Holdings left out of the converted totals for lack of a rate. */
  unconvertedCount: number;
  /** The oldest and newest price dates of the holdings counted. */
  priceDates: { oldest: string; newest: string } | null;
};

/**
 * A brokerage's balance and its parts (docs/domain.md "One truth per brokerage account"), in the account's
 * currency: `balance` is the account's current balance, the figure the dashboard and Accounts show;
 * `holdings` is its holdings valued today as its daily balances value them (each holding rounded on its
 * own); `cash` is the
 * balance less the holdings.
 */
export type BrokerageBalance = {
  balance: Money;
  holdings: Money;
  cash: Money;
  /** The balance in the reporting currency; null when no rate exists for the account's currency. */
  balanceConverted: Money | null;
};

/**
 * The brokerages' balances and their parts in the reporting currency: each currency's sums converted
 * once (as the dashboard's totals are), cash = balance − holdings. Accounts without a rate are left out.
 */
export type BrokerageTotals = {
  balance: Money;
  holdings: Money;
  cash: Money;
  accountCount: number;
  unconvertedCount: number;
};

export type AccountInvestments = InvestmentTotals & {
  accountId: string;
  name: string;
  /** Percent of the overall converted market value. */
  weight: number | null;
  /** Its balance as cash + holdings; null for an account that is not investment-class (crypto). */
  brokerage: BrokerageBalance | null;
};

const UNQUOTED_TYPES: ReadonlySet<HoldingType> = new Set(['crypto', 'cash']);

/** The ticker to ask the market-data provider about, or why there is none. */
function symbolOf(
  row: UserHoldingRow,
  type: HoldingType,
): { symbol: string } | { reason: DayChangeUnavailable } {
  if (UNQUOTED_TYPES.has(type)) return { reason: 'not_quoted' };
  const symbol = row.ticker === null ? '' : normaliseSymbol(row.ticker);
  return symbol && isSymbol(symbol) ? { symbol } : { reason: 'no_symbol' };
}

async function quotesFor(market: MarketData, symbols: string[]) {
  const quotes = new Map<string, Quote>();
  const unknown = new Set<string>();
  for (let start = 0; start < symbols.length; start += QUOTES_MAX) {
    const result = await market.quotes(symbols.slice(start, start + QUOTES_MAX));
    for (const quote of result.quotes) quotes.set(quote.symbol, quote);
    for (const symbol of result.unknown) unknown.add(symbol);
  }
  return { quotes, unknown };
}

function dayChangeOf(
  row: UserHoldingRow,
  quote: Quote | undefined,
  known: boolean,
  reporting: Reporting,
): { dayChange: DayChange | null; dayChangeUnavailable: DayChangeUnavailable | null } {
  const none = (reason: DayChangeUnavailable) => ({ dayChange: null, dayChangeUnavailable: reason });
  if (!quote) return none(known ? 'quote_unavailable' : 'unknown_symbol');
  if (quote.previousClose === null || quote.change === null) return none('no_previous_close');
  if (quote.currency !== row.currency) return none('currency_differs');
  const amountMinor = productMinor(row.quantity, quote.change, currencyExponent(row.currency));
  const converted = reporting.convert(amountMinor, row.currency);
  return {
    dayChange: {
      amount: money(amountMinor, row.currency),
      converted: converted === null ? null : money(converted, reporting.currency),
      percent: quote.changePercent,
      priceDate: quote.priceTime.slice(0, 10),
      previousClose: quote.previousClose,
      stale: quote.stale,
    },
    dayChangeUnavailable: null,
  };
}

/** A crypto asset's day change: its 24-hour change from the crypto price service's stored quote. */
function cryptoDayChangeOf(
  row: UserHoldingRow,
  reporting: Reporting,
  now: Date,
): { dayChange: DayChange | null; dayChangeUnavailable: DayChangeUnavailable | null } {
  const quote = row.cryptoQuote;
  if (!quote) return { dayChange: null, dayChangeUnavailable: 'not_quoted' };
  const change = cryptoChangeOf({ ...quote, price: row.price });
  if (change.previousClose === null || change.change === null)
    return { dayChange: null, dayChangeUnavailable: change.valuedAtPeg ? 'pegged' : 'no_previous_close' };
  const amountMinor = productMinor(row.quantity, change.change, currencyExponent(row.currency));
  const converted = reporting.convert(amountMinor, row.currency);
  return {
    dayChange: {
      amount: money(amountMinor, row.currency),
      converted: converted === null ? null : money(converted, reporting.currency),
      percent: change.changePercent,
      priceDate: quote.priceAt.toISOString().slice(0, 10),
      previousClose: change.previousClose,
      stale: isCryptoPriceStale(quote.priceAt, now),
    },
    dayChangeUnavailable: null,
  };
}

type Accumulator = {
  value: number;
  cost: number;
  gain: number;
  dayChange: number;
  dayChangeCount: number;
  holdingCount: number;
  unconvertedCount: number;
  oldest: string | null;
  newest: string | null;
};

const emptyAccumulator = (): Accumulator => ({
  value: 0,
  cost: 0,
  gain: 0,
  dayChange: 0,
  dayChangeCount: 0,
  holdingCount: 0,
  unconvertedCount: 0,
  oldest: null,
  newest: null,
});

function add(total: Accumulator, holding: InvestmentHolding, reporting: Reporting) {
  total.holdingCount += 1;
  const value = holding.marketValueConverted?.amountMinor;
  if (value === undefined) {
    total.unconvertedCount += 1;
    return;
  }
  total.value += value;
  const date = holding.price.date;
  if (total.oldest === null || date < total.oldest) total.oldest = date;
  if (total.newest === null || date > total.newest) total.newest = date;
  if (holding.dayChange?.converted) {
    total.dayChange += holding.dayChange.converted.amountMinor;
    total.dayChangeCount += 1;
  }
  if (holding.costBasis === null || holding.unrealizedGain === null) return;
  const cost = reporting.convert(holding.costBasis.amountMinor, holding.costBasis.currency);
  if (cost === null) return;
  total.cost += cost;
  total.gain += value - cost;
}

function totalsOf(total: Accumulator, currency: string): InvestmentTotals {
  return {
    marketValue: money(total.value, currency),
    costBasis: money(total.cost, currency),
    unrealizedGain: money(total.gain, currency),
    unrealizedGainPercent: percentOf(total.gain, total.cost),
    dayChange: money(total.dayChange, currency),
    dayChangeCount: total.dayChangeCount,
    holdingCount: total.holdingCount,
    unconvertedCount: total.unconvertedCount,
    priceDates: total.oldest && total.newest ? { oldest: total.oldest, newest: total.newest } : null,
  };
}

/** Largest converted value first, unconvertible ones after them by native value, then by id. */
function byValue(a: InvestmentHolding, b: InvestmentHolding): number {
  const left = a.marketValueConverted?.amountMinor ?? null;
  const right = b.marketValueConverted?.amountMinor ?? null;
  if (left !== right) {
    if (left === null) return 1;
    if (right === null) return -1;
    return right - left;
  }
  if (a.marketValue.amountMinor !== b.marketValue.amountMinor)
    return b.marketValue.amountMinor - a.marketValue.amountMinor;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

type BrokerageAccount = { id: string; currency: string; balanceMinor: number };

/**
 * Each investment-class account's balance as cash + holdings today: the balance the dashboard and Accounts
 * read, and the holdings valued by the same query its daily balances use (holdingsValueOfAccounts).
 */
async function brokerageBalances(
  db: Database,
  userId: string,
  today: string,
  accounts: readonly BrokerageAccount[],
  reporting: Reporting,
): Promise<Map<string, BrokerageBalance>> {
  const holdingsValue = await holdingsValueOfAccounts(db, userId, accounts, today);
  const balances = new Map<string, BrokerageBalance>();
  for (const account of accounts) {
    const holdingsMinor = holdingsValue.get(account.id) ?? 0;
    const converted = reporting.convert(account.balanceMinor, account.currency);
    balances.set(account.id, {
      balance: money(account.balanceMinor, account.currency),
      holdings: money(holdingsMinor, account.currency),
      cash: money(account.balanceMinor - holdingsMinor, account.currency),
      balanceConverted: converted === null ? null : money(converted, reporting.currency),
    });
  }
  return balances;
}

/** The brokerage balances summed in the reporting currency by the one rule (Reporting.total). */
function brokerageTotalsOf(
  balances: readonly BrokerageBalance[],
  reporting: Reporting,
): BrokerageTotals | null {
  if (balances.length === 0) return null;
  const balance = reporting.total(balances.map((entry) => entry.balance));
  const holdings = reporting.total(balances.map((entry) => entry.holdings));
  const left = new Set(balance.missing);
  return {
    balance: money(balance.amountMinor, reporting.currency),
    holdings: money(holdings.amountMinor, reporting.currency),
    cash: money(balance.amountMinor - holdings.amountMinor, reporting.currency),
    accountCount: balances.length,
    unconvertedCount: balances.filter((entry) => left.has(entry.balance.currency)).length,
  };
}

export async function listInvestments(db: Database, market: MarketData, userId: string, now: Date) {
  const basis = await reportingFor(db, userId, now);
  const [rows, visible] = await Promise.all([
    listUserHoldings(db, userId, basis.today),
    visibleAccountsForDashboard(db, userId),
  ]);
  const held = new Set(rows.map((row) => row.accountId));
  const brokerages = visible.filter(
    (account) =>
      held.has(account.id) && isAccountType(account.type) && assetClassOf(account.type) === 'investment',
  );
  const types = rows.map((row) => holdingTypeOf(row.securityType, row.accountType));
  const symbols = rows.map((row, index) => symbolOf(row, types[index] as HoldingType));
  const wanted = [...new Set(symbols.flatMap((entry) => ('symbol' in entry ? [entry.symbol] : [])))];
  const { quotes, unknown } = await quotesFor(market, wanted);
  const reporting = await todaysReporting(db, userId, basis, [
    ...rows.map((row) => row.currency),
    ...brokerages.map((account) => account.currency),
  ]);
  const currency = reporting.currency;
  const brokerage = await brokerageBalances(db, userId, basis.today, brokerages, reporting);

  const holdings = rows.map((row, index): InvestmentHolding => {
    // The same valuation as /investments/holdings: price, buy price, value and gain.
    const valuation = valuationOf(row, reporting);
    const gain = valuation.unrealizedGain;
    const gainConverted = gain === null ? null : reporting.convert(gain.amountMinor, gain.currency);
    const symbol = symbols[index] as { symbol: string } | { reason: DayChangeUnavailable };
    const change =
      'symbol' in symbol
        ? dayChangeOf(row, quotes.get(symbol.symbol), !unknown.has(symbol.symbol), reporting)
        : types[index] === 'crypto'
          ? cryptoDayChangeOf(row, reporting, now)
          : { dayChange: null, dayChangeUnavailable: symbol.reason };
    return {
      id: row.id,
      accountId: row.accountId,
      accountName: row.accountName,
      symbol: row.ticker,
      name: row.name,
      type: types[index] as HoldingType,
      quantity: valuation.quantity,
      price: { ...valuation.price, date: valuation.priceAsOf },
      buyPrice: valuation.buyPrice,
      valuedAtBuyPrice: valuation.valuedAtBuyPrice,
      costBasis: valuation.costBasis,
      marketValue: valuation.native,
      marketValueConverted: valuation.converted,
      unrealizedGain: gain,
      unrealizedGainConverted: gainConverted === null ? null : money(gainConverted, currency),
      unrealizedGainPercent: valuation.unrealizedGainPercent,
      ...change,
      weight: null,
    };
  });
  holdings.sort(byValue);

  const overall = emptyAccumulator();
  const perAccount = new Map<string, { name: string; total: Accumulator }>();
  for (const holding of holdings) {
    add(overall, holding, reporting);
    const account = perAccount.get(holding.accountId) ?? {
      name: holding.accountName,
      total: emptyAccumulator(),
    };
    add(account.total, holding, reporting);
    perAccount.set(holding.accountId, account);
  }
  for (const holding of holdings) {
    const value = holding.marketValueConverted?.amountMinor;
    holding.weight = value === undefined ? null : percentOf(value, overall.value);
  }
  const accounts: AccountInvestments[] = [...perAccount]
    .map(([accountId, account]) => ({
      accountId,
      name: account.name,
      ...totalsOf(account.total, currency),
      weight: percentOf(account.total.value, overall.value),
      brokerage: brokerage.get(accountId) ?? null,
    }))
    .sort(
      (a, b) =>
        b.marketValue.amountMinor - a.marketValue.amountMinor ||
        a.name.localeCompare(b.name) ||
        a.accountId.localeCompare(b.accountId),
    );

  return {
    currency,
    asOf: basis.today,
    holdings,
    accounts,
    totals: totalsOf(overall, currency),
    /** The investment-class accounts' balances as cash + holdings, in the reporting currency. */
    brokerage: brokerageTotalsOf([...brokerage.values()], reporting),
    /** Currencies with no rate into the reporting currency (their holdings are left out of the totals). */
    missingCurrencies: reporting.missing(),
  };
}
