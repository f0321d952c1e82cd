import {
  accountHistoryStart,
  balanceOnOrBefore,
  balanceUpdateDates,
  type Database,
  deleteManualHolding,
  deleteManualTrade,
  type Executor,
  findHoldingWithSecurity,
  hasManualHoldings,
  holdingOfSecurity,
  holdingsValueOn,
  insertBalanceUpdate,
  insertManualHolding,
  listSecurityLots,
  lockAccount,
  MANUAL_SECURITY_PROVIDER,
  newestHoldingDate,
  recomputeBalanceSnapshots,
  revalueHoldersOf,
  shiftBalanceUpdates,
  updateAccount,
  updateManualHolding,
  upsertManualSecurity,
  upsertManualTrade,
  upsertSecurityPrices,
} from '@lodestar/db';
import { assetClassOf, currencyExponent, isAccountType } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import type { MarketData } from '../../market-data/service';
import { MarketDataError } from '../../market-data/types';
import { todayFor } from '../accounts/today';
import { normalizeDecimal, productMinor } from './decimal';

/**
 * Holdings the user adds by hand on a manual investment account (docs/domain.md "Manual holdings",
 * ADR 069). Each write is one database transaction: the security, the holding, its buy as an investment
 * trade, the entered balances moved so the account's cash stays what it was, its daily balances valued
 * again from the purchase date (recomputeBalanceSnapshots, ADR 065) and today's balance — or nothing.
 */

export const MANUAL_HOLDING_MESSAGES = {
  connected: 'This account is kept up to date by its connection',
  notInvestment: 'Holdings can only be added to an investment or brokerage account',
  future: 'The date cannot be in the future',
  duplicate: (symbol: string) => `This account already holds ${symbol}: edit that holding instead`,
  notManual: 'This holding comes from an import or a connection; only holdings added by hand can be changed',
  tooLarge: 'Quantity × price is too large',
  noAccount: 'No such account',
  noHolding: 'No such holding',
} as const;

/**
 * What the market-data provider said about the symbol: `known` (its name and type are filled, its quote
 * is stored as the security's close on the quote's day and values the holding, as its daily closes do
 * later), `other_currency` (known, but quoted in another currency than the account's: the buy price
 * values it), `unknown` (the provider has no such symbol: the buy price values it) or `unavailable` (the
 * provider could not be asked: the buy price values it until a close is known).
 */
export const SYMBOL_STATUSES = ['known', 'other_currency', 'unknown', 'unavailable'] as const;
export type SymbolStatus = (typeof SYMBOL_STATUSES)[number];

const SECURITY_TYPES: Record<string, string> = {
  equity: 'equity',
  etf: 'etf',
  mutual_fund: 'mutual_fund',
  bond: 'bond',
};

export type ManualHoldingInput = {
  accountId: string;
  symbol: string;
  quantity: string;
  price: string;
  date: string;
};

export type ManualHoldingView = {
  id: string;
  accountId: string;
  symbol: string;
  name: string;
  quantity: string;
  /** The buy price per unit, as entered (the holding's current price is on GET /investments/holdings). */
  price: { amount: string; currency: string };
  date: string;
  costBasis: { amountMinor: number; currency: string };
};

type Deps = { db: Database; market: MarketData; now: () => Date };

/** A quote in the account's currency: its price (a decimal string) and its trading day. */
type QuotedPrice = { close: string; date: string };

type LookedUp = { status: SymbolStatus; name: string; type: string; quoted: QuotedPrice | null };

/** The quote's price as a close on its trading day (the UTC date of its price time, never after today). */
function quotedPrice(price: string, priceTime: string, today: string): QuotedPrice | null {
  let close: string;
  try {
    close = normalizeDecimal(price);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return null;
  }
  if (close.startsWith('-') || !/^\d{4}-\d{2}-\d{2}/.test(priceTime)) return null;
  const day = priceTime.slice(0, 10);
  return { close, date: day > today ? today : day };
}

async function lookUp(
  market: MarketData,
  symbol: string,
  currency: string,
  today: string,
): Promise<LookedUp> {
  try {
    const { quotes, unknown } = await market.quotes([symbol]);
    const quote = quotes[0];
    if (quote) {
      const known = quote.currency.toUpperCase() === currency.toUpperCase();
      return {
        status: known ? 'known' : 'other_currency',
        name: quote.name ?? symbol,
        type: SECURITY_TYPES[quote.type] ?? 'other',
        quoted: known ? quotedPrice(quote.price, quote.priceTime, today) : null,
      };
    }
    const status: SymbolStatus = unknown.includes(symbol) ? 'unknown' : 'unavailable';
    return { status, name: symbol, type: 'other', quoted: null };
  } catch (error) {
    if (!(error instanceof MarketDataError)) throw error;
    return { status: 'unavailable', name: symbol, type: 'other', quoted: null };
  }
}

/**
 * The quote a write fetched, stored as the security's close on its day (the table the daily-closes job
 * writes, which later replaces it with the day's real close), so the holding is valued at today's price
 * rather than its buy price. Other accounts holding the security are valued again from that day; the
 * caller's own account is valued with its write.
 */
async function storeQuote(
  tx: Executor,
  scope: { securityId: string; accountId: string; today: string },
  quoted: QuotedPrice | null,
): Promise<void> {
  if (!quoted) return;
  const changed = await upsertSecurityPrices(tx, [
    { securityId: scope.securityId, date: quoted.date, close: quoted.close },
  ]);
  await revalueHoldersOf(tx, changed, scope.today, { accountId: scope.accountId });
}

function futureDate(): AppError {
  return AppError.validation([{ field: 'date', message: MANUAL_HOLDING_MESSAGES.future, code: 'custom' }]);
}

function amountOf(quantity: string, price: string, currency: string): number {
  try {
    return productMinor(quantity, price, currencyExponent(currency));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw AppError.validation([
      { field: 'quantity', message: MANUAL_HOLDING_MESSAGES.tooLarge, code: 'custom' },
    ]);
  }
}

/** The user's manual investment account, locked; the clear 404 / 409 / 400 otherwise. */
async function manualInvestmentAccount(tx: Executor, userId: string, accountId: string) {
  const account = await lockAccount(tx, userId, accountId);
  if (!account) throw AppError.notFound(MANUAL_HOLDING_MESSAGES.noAccount);
  if (account.connectionId !== null) throw new AppError('CONFLICT', MANUAL_HOLDING_MESSAGES.connected);
  if (!isAccountType(account.type) || assetClassOf(account.type) !== 'investment') {
    throw AppError.validation([
      { field: 'accountId', message: MANUAL_HOLDING_MESSAGES.notInvestment, code: 'custom' },
    ]);
  }
  return account;
}

/**
 * Runs `write` (which changes the account's manual holdings) keeping the account's cash. While an account
 * has holdings added by hand its entered balances state its cash (recomputeBalanceSnapshots); before the
 * first and after the last they state its whole balance, so those two writes turn each entered balance
 * from the one into the other with the holdings' value on its day. Then the daily balances from `from`
 * on are valued again (from the account's first day when trades start or stop counting as cash), and
 * today's becomes the account's balance.
 */
async function keepingCash(
  tx: Executor,
  account: NonNullable<Awaited<ReturnType<typeof lockAccount>>>,
  window: { from: string; today: string },
  write: () => Promise<void>,
): Promise<void> {
  const scope = { userId: account.userId, accountId: account.id, currency: account.currency };
  let anchors = await balanceUpdateDates(tx, scope.userId, scope.accountId);
  if (anchors.length === 0) {
    // No entered balance: the stored balance on the day it was set becomes the entered one.
    const day = (account.balanceAsOf ?? account.createdAt).toISOString().slice(0, 10);
    await insertBalanceUpdate(tx, { ...scope, date: day, balanceMinor: account.currentBalanceMinor });
    anchors = [day];
  }
  const hadManual = await hasManualHoldings(tx, scope.userId, scope.accountId);
  const hadHoldings = (await newestHoldingDate(tx, scope)) !== undefined;
  const before = await holdingsValueOn(tx, scope, anchors);
  await write();
  const hasManual = await hasManualHoldings(tx, scope.userId, scope.accountId);
  const hasHoldings = (await newestHoldingDate(tx, scope)) !== undefined;
  if (hadManual !== hasManual) {
    const after = hasManual ? before : await holdingsValueOn(tx, scope, anchors);
    const sign = hasManual ? -1 : 1;
    await shiftBalanceUpdates(tx, scope, new Map(anchors.map((day) => [day, sign * (after.get(day) ?? 0)])));
  }
  const start =
    hadHoldings === hasHoldings && hadManual === hasManual
      ? undefined
      : await accountHistoryStart(tx, scope.userId, scope.accountId);
  await recomputeBalanceSnapshots(tx, {
    userId: scope.userId,
    accountId: scope.accountId,
    from: start !== undefined && start < window.from ? start : window.from,
    today: window.today,
  });
  const today = await balanceOnOrBefore(tx, scope.userId, scope.accountId, window.today);
  if (today !== undefined)
    await updateAccount(tx, scope.userId, scope.accountId, { currentBalanceMinor: today });
}

function view(
  row: { id: string; accountId: string; symbol: string; name: string; currency: string } & {
    quantity: string;
    price: string;
    date: string;
  },
): ManualHoldingView {
  return {
    id: row.id,
    accountId: row.accountId,
    symbol: row.symbol,
    name: row.name,
    quantity: normalizeDecimal(row.quantity),
    price: { amount: normalizeDecimal(row.price), currency: row.currency },
    date: row.date,
    costBasis: {
      amountMinor: productMinor(row.quantity, row.price, currencyExponent(row.currency)),
      currency: row.currency,
    },
  };
}

export async function addManualHolding(
  deps: Deps,
  userId: string,
  input: ManualHoldingInput,
): Promise<{ holding: ManualHoldingView; symbolStatus: SymbolStatus }> {
  const today = await todayFor(deps.db, userId, deps.now());
  if (input.date > today) throw futureDate();
  // Checked before asking the market-data provider, so a refused request costs no provider call.
  const owned = await manualInvestmentAccount(deps.db, userId, input.accountId);
  const amount = amountOf(input.quantity, input.price, owned.currency);
  const found = await lookUp(deps.market, input.symbol, owned.currency, today);
  const holding = await deps.db.transaction(async (tx) => {
    const account = await manualInvestmentAccount(tx, userId, input.accountId);
    const securityId = await upsertManualSecurity(tx, {
      symbol: input.symbol,
      name: found.name,
      type: found.type,
      currency: account.currency,
    });
    if (await holdingOfSecurity(tx, { userId, accountId: account.id, securityId })) {
      throw new AppError('CONFLICT', MANUAL_HOLDING_MESSAGES.duplicate(input.symbol));
    }
    let id = '';
    await keepingCash(tx, account, { from: input.date, today }, async () => {
      id = await insertManualHolding(tx, {
        userId,
        accountId: account.id,
        securityId,
        currency: account.currency,
        quantity: input.quantity,
        price: input.price,
        date: input.date,
      });
      await upsertManualTrade(tx, {
        userId,
        accountId: account.id,
        holdingId: id,
        date: input.date,
        amountMinor: -amount,
        currency: account.currency,
        name: `Buy ${input.symbol}`,
      });
      await storeQuote(tx, { securityId, accountId: account.id, today }, found.quoted);
    });
    return view({
      id,
      accountId: account.id,
      symbol: input.symbol,
      name: found.name,
      currency: account.currency,
      quantity: input.quantity,
      price: input.price,
      date: input.date,
    });
  });
  return { holding, symbolStatus: found.status };
}

/** The user's holding added by hand, with its account locked; 404 / 409 otherwise. */
async function ownedManualHolding(tx: Executor, userId: string, holdingId: string) {
  const holding = await findHoldingWithSecurity(tx, userId, holdingId);
  if (!holding) throw AppError.notFound(MANUAL_HOLDING_MESSAGES.noHolding);
  const account = await lockAccount(tx, userId, holding.accountId);
  if (!account) throw AppError.notFound(MANUAL_HOLDING_MESSAGES.noHolding);
  if (account.connectionId !== null) throw new AppError('CONFLICT', MANUAL_HOLDING_MESSAGES.connected);
  if (holding.provider !== MANUAL_SECURITY_PROVIDER) {
    throw new AppError('CONFLICT', MANUAL_HOLDING_MESSAGES.notManual);
  }
  return { holding, account };
}

/**
 * Changes a holding added by hand: `price` is its buy price. The symbol's quote is fetched again, as when
 * it was added, so the holding is valued at today's price when the provider quotes it in the account's
 * currency.
 */
export async function changeManualHolding(
  deps: Deps,
  userId: string,
  holdingId: string,
  changes: { quantity?: string; price?: string; date?: string },
): Promise<{ holding: ManualHoldingView; symbolStatus: SymbolStatus }> {
  const today = await todayFor(deps.db, userId, deps.now());
  if (changes.date !== undefined && changes.date > today) throw futureDate();
  // Checked before asking the market-data provider, so a refused request costs no provider call.
  const current = await deps.db.transaction((tx) => ownedManualHolding(tx, userId, holdingId));
  const found = await lookUp(
    deps.market,
    (current.holding.ticker ?? current.holding.name).toUpperCase(),
    current.account.currency,
    today,
  );
  const holding = await deps.db.transaction(async (tx) => {
    const { holding, account } = await ownedManualHolding(tx, userId, holdingId);
    const next = {
      quantity: changes.quantity ?? holding.quantity,
      price: changes.price ?? holding.price,
      date: changes.date ?? holding.asOf,
    };
    const amount = amountOf(next.quantity, next.price, account.currency);
    const symbol = (holding.ticker ?? holding.name).toUpperCase();
    const from = next.date < holding.asOf ? next.date : holding.asOf;
    await keepingCash(tx, account, { from, today }, async () => {
      await updateManualHolding(tx, { userId, holdingId }, next);
      await upsertManualTrade(tx, {
        userId,
        accountId: account.id,
        holdingId,
        date: next.date,
        amountMinor: -amount,
        currency: account.currency,
        name: `Buy ${symbol}`,
      });
      await storeQuote(tx, { securityId: holding.securityId, accountId: account.id, today }, found.quoted);
    });
    return view({
      id: holdingId,
      accountId: account.id,
      symbol,
      name: holding.name,
      currency: holding.currency,
      ...next,
    });
  });
  return { holding, symbolStatus: found.status };
}

export async function removeManualHolding(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  holdingId: string,
): Promise<{ id: string }> {
  const today = await todayFor(deps.db, userId, deps.now());
  await deps.db.transaction(async (tx) => {
    const { holding, account } = await ownedManualHolding(tx, userId, holdingId);
    await keepingCash(tx, account, { from: holding.asOf, today }, async () => {
      await deleteManualTrade(tx, { userId, accountId: account.id, holdingId });
      await deleteManualHolding(tx, { userId, holdingId });
    });
  });
  return { id: holdingId };
}

/** The user's buys of a symbol with units (their manual holdings' trades), newest first. */
export async function securityTransactions(db: Executor, userId: string, symbol: string) {
  const rows = await listSecurityLots(db, userId, symbol);
  return {
    symbol,
    transactions: rows.map((row) => ({
      id: row.transactionId,
      holdingId: row.holdingId,
      date: row.date,
      accountId: row.accountId,
      accountName: row.accountName,
      type: 'buy' as const,
      quantity: normalizeDecimal(row.quantity),
      price: { amount: normalizeDecimal(row.price), currency: row.currency },
      amount: { amountMinor: -row.amountMinor, currency: row.currency },
    })),
  };
}
