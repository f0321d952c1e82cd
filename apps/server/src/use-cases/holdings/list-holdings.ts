import { listUserHoldings, type Database, type UserHoldingRow } from '@lodestar/db';
import {
  assetClassOf,
  currencyExponent,
  DECIMALS,
  fromMajor,
  HOLDING_TYPE_LABELS,
  HOLDING_TYPES,
  type HoldingType,
  isAccountType,
  money,
  type Money,
} from '@lodestar/domain';
import { hasFraction, normalizeDecimal, percentOf, productMinor } from './decimal';
import { reportingFor } from '../../fx/reporting';
import { todaysReporting, type Reporting } from './reporting';

/** GET /investments/holdings (docs/analytics-api.md). */

export { HOLDING_TYPE_LABELS, HOLDING_TYPES, type HoldingType };

/** Security types as providers spell them (Plaid, the demo bank, exchanges) → our holding types. */
const TYPE_ALIASES: Record<string, HoldingType> = {
  equity: 'equity',
  stock: 'equity',
  etf: 'etf',
  mutual_fund: 'mutual_fund',
  fund: 'mutual_fund',
  fixed_income: 'fixed_income',
  bond: 'fixed_income',
  cash: 'cash',
  money_market: 'cash',
  crypto: 'crypto',
  cryptocurrency: 'crypto',
  derivative: 'derivative',
  option: 'derivative',
  future: 'derivative',
};

/**
 * The holding type of a security type as stored ('mutual fund', 'fixed income', 'money_market', …);
 * anything unknown is 'other', except that a position held in a crypto account counts as crypto.
 */
export function holdingTypeOf(securityType: string, accountType: string): HoldingType {
  const key = securityType
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const known = TYPE_ALIASES[key];
  if (known) return known;
  return isAccountType(accountType) && assetClassOf(accountType) === 'crypto' ? 'crypto' : 'other';
}

export type HoldingsQuery = { page: number; limit: number; type: HoldingType | 'all' };

/**
 * What a holding is worth, the one valuation behind both `GET /investments/holdings` and
 * `GET /investments`: its price (the newest close on or before today, else its own price), its buy price
 * when it was added by hand, its value native and in the reporting currency, and its gain. A holding
 * valued at its buy price (added by hand, no close known) has no gain that is known rather than zero.
 */
export type HoldingValuation = {
  quantity: string;
  price: { amount: string; currency: string };
  priceAsOf: string;
  buyPrice: { amount: string; currency: string; buys: number } | null;
  valuedAtBuyPrice: boolean;
  native: Money;
  converted: Money | null;
  costBasis: Money | null;
  unrealizedGain: Money | null;
  unrealizedGainPercent: number | null;
};

/** Which holding, in which account, of what: what both holdings endpoints say before its figures. */
export type HeldSecurity = {
  id: string;
  accountId: string;
  accountName: string;
  symbol: string | null;
  name: string;
  type: HoldingType;
};

export type HoldingView = HeldSecurity & { quantityDecimals: number } & HoldingValuation;

export function valuationOf(row: UserHoldingRow, reporting: Reporting): HoldingValuation {
  const valueMinor = productMinor(row.quantity, row.price, currencyExponent(row.currency));
  const converted = reporting.convert(valueMinor, row.currency);
  const costBasis = row.costBasis === null ? null : fromMajor(normalizeDecimal(row.costBasis), row.currency);
  const gainMinor = costBasis === null || row.valuedAtBuyPrice ? null : valueMinor - costBasis.amountMinor;
  return {
    quantity: normalizeDecimal(row.quantity),
    price: { amount: normalizeDecimal(row.price), currency: row.currency },
    priceAsOf: row.priceAsOf,
    buyPrice:
      row.buyPrice === null
        ? null
        : { amount: normalizeDecimal(row.buyPrice), currency: row.currency, buys: row.buys ?? 1 },
    valuedAtBuyPrice: row.valuedAtBuyPrice,
    native: money(valueMinor, row.currency),
    converted: converted === null ? null : money(converted, reporting.currency),
    costBasis,
    unrealizedGain: gainMinor === null ? null : money(gainMinor, row.currency),
    unrealizedGainPercent:
      gainMinor === null || costBasis === null ? null : percentOf(gainMinor, costBasis.amountMinor),
  };
}

function viewOf(row: UserHoldingRow, reporting: Reporting): HoldingView {
  const type = holdingTypeOf(row.securityType, row.accountType);
  const valuation = valuationOf(row, reporting);
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    symbol: row.ticker,
    name: row.name,
    type,
    ...valuation,
    quantityDecimals:
      type === 'crypto'
        ? DECIMALS.crypto
        : hasFraction(valuation.quantity)
          ? DECIMALS.fractional
          : DECIMALS.regular,
  };
}

/** Largest converted value first; figures that cannot be converted after them, by native value; then id. */
function byValue(a: HoldingView, b: HoldingView): number {
  const left = a.converted?.amountMinor ?? null;
  const right = b.converted?.amountMinor ?? null;
  if (left !== right) {
    if (left === null) return 1;
    if (right === null) return -1;
    return right - left;
  }
  if (a.native.amountMinor !== b.native.amountMinor) return b.native.amountMinor - a.native.amountMinor;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * One page of the user's holdings (visible accounts only) with totals and allocation over all of them,
 * in the reporting currency. Totals count the holdings whose value converts; cost basis and unrealized
 * gain count those whose gain is known as well (a cost basis, and a price other than the buy price).
 */
export async function listHoldings(db: Database, userId: string, now: Date, query: HoldingsQuery) {
  const basis = await reportingFor(db, userId, now);
  const rows = await listUserHoldings(db, userId, basis.today);
  const reporting = await todaysReporting(
    db,
    userId,
    basis,
    rows.map((row) => row.currency),
  );
  const all = rows.map((row) => viewOf(row, reporting)).sort(byValue);

  let valueMinor = 0;
  let costMinor = 0;
  let gainMinor = 0;
  const byType = new Map<HoldingType, number>();
  const byAccount = new Map<string, { name: string; amount: number }>();
  for (const item of all) {
    const value = item.converted?.amountMinor;
    if (value === undefined) continue;
    valueMinor += value;
    byType.set(item.type, (byType.get(item.type) ?? 0) + value);
    const account = byAccount.get(item.accountId) ?? { name: item.accountName, amount: 0 };
    account.amount += value;
    byAccount.set(item.accountId, account);
    if (item.costBasis === null || item.unrealizedGain === null) continue;
    const cost = reporting.convert(item.costBasis.amountMinor, item.costBasis.currency);
    if (cost === null) continue;
    costMinor += cost;
    gainMinor += value - cost;
  }

  const filtered = query.type === 'all' ? all : all.filter((item) => item.type === query.type);
  const total = filtered.length;
  const totalPages = Math.ceil(total / query.limit);
  const start = (query.page - 1) * query.limit;
  const currency = reporting.currency;
  return {
    currency,
    data: filtered.slice(start, start + query.limit),
    pagination: {
      total,
      page: query.page,
      pageSize: query.limit,
      totalPages,
      hasNext: query.page < totalPages,
    },
    totals: {
      value: money(valueMinor, currency),
      costBasis: money(costMinor, currency),
      unrealizedGain: money(gainMinor, currency),
    },
    allocation: {
      byType: [...byType]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([type, amount]) => ({
          type,
          label: HOLDING_TYPE_LABELS[type],
          amount: money(amount, currency),
          percent: percentOf(amount, valueMinor) ?? 0,
        })),
      byAccount: [...byAccount]
        .sort((a, b) => b[1].amount - a[1].amount || a[0].localeCompare(b[0]))
        .map(([accountId, account]) => ({
          accountId,
          name: account.name,
          amount: money(account.amount, currency),
          percent: percentOf(account.amount, valueMinor) ?? 0,
        })),
    },
  };
}
