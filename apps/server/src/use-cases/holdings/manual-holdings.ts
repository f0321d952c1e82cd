import {
  accountHistoryStart,
  balanceOnOrBefore,
  balanceUpdateDates,
  type Database,
  deleteManualHolding,
  deleteManualLot,
  deleteManualTrades,
  type Executor,
  findHoldingWithSecurity,
  findManualLot,
  hasManualHoldings,
  holdingOfSecurity,
  holdingsValueOn,
  insertBalanceUpdate,
  insertManualHolding,
  insertManualLot,
  listSecurityLots,
  lockAccount,
  lotsOfHolding,
  MANUAL_SECURITY_PROVIDER,
  newestHoldingDate,
  recomputeBalanceSnapshots,
  revalueHoldersOf,
  settleManualHolding,
  shiftBalanceUpdates,
  updateAccount,
  updateManualLot,
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
 * ADR 069, ADR 077: each buy is a lot of the holding). Each write is one database transaction: the
 * security, the holding and its lots, each lot's buy as an investment trade, the entered balances moved so the account's cash stays what it was, its daily balances valued
 * again from the purchase date (recomputeBalanceSnapshots, ADR 065) and today's balance — or nothing.
 */

export const MANUAL_HOLDING_MESSAGES = {
  connected: 'This account is kept up to date by its connection',
  notInvestment: 'Holdings can only be added to an investment or brokerage account',
  future: 'The date cannot be in the future',
  severalLots: 'This holding was bought more than once: change one of its buys instead',
  notManual: 'This holding comes from an import or a connection; only holdings added by hand can be changed',
  tooLarge: 'Quantity × price is too large',
  noAccount: 'No such account',
  noHolding: 'No such holding',
  noLot: 'No such buy',
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
  /** The sum of its lots. */
  quantity: string;
  /**
   * The buy price per unit: as entered for one lot, the average cost over several (the holding's current
   * price is on GET /investments/holdings).
   */
  price: { amount: string; currency: string };
  /** The day of its first lot. */
  date: string;
  costBasis: { amountMinor: number; currency: string };
  /** How many buys (lots) make it up. */
  lots: number;
};

export type ManualLotView = {
  id: string;
  holdingId: string;
  quantity: string;
  price: { amount: string; currency: string };
  date: string;
  amount: { amountMinor: number; currency: string };
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

/** The holding as its lots make it up: cost basis Σ each lot's quantity × price, each rounded once. */
async function settledView(
  tx: Executor,
  row: { id: string; userId: string; accountId: string; symbol: string; name: string; currency: string },
): Promise<ManualHoldingView> {
  const settled = await settleManualHolding(tx, { userId: row.userId, holdingId: row.id });
  const { lots } = settled;
  const exponent = currencyExponent(row.currency);
  return {
    id: row.id,
    accountId: row.accountId,
    symbol: row.symbol,
    name: row.name,
    quantity: normalizeDecimal(settled.quantity),
    price: { amount: normalizeDecimal(settled.price), currency: row.currency },
    date: settled.date,
    costBasis: {
      amountMinor: lots.reduce((sum, lot) => sum + productMinor(lot.quantity, lot.price, exponent), 0),
      currency: row.currency,
    },
    lots: lots.length,
  };
}

function lotView(
  lot: { id: string; holdingId: string; quantity: string; price: string; date: string },
  currency: string,
): ManualLotView {
  return {
    id: lot.id,
    holdingId: lot.holdingId,
    quantity: normalizeDecimal(lot.quantity),
    price: { amount: normalizeDecimal(lot.price), currency },
    date: lot.date,
    amount: { amountMinor: productMinor(lot.quantity, lot.price, currencyExponent(currency)), currency },
  };
}

/**
 * Adds a buy: a new holding of the symbol, or another lot of the holding the account already has of it
 * (its quantity, cost basis and average price follow from its lots; the cash stays what it was).
 */
export async function addManualHolding(
  deps: Deps,
  userId: string,
  input: ManualHoldingInput,
): Promise<{ holding: ManualHoldingView; lot: ManualLotView; symbolStatus: SymbolStatus }> {
  const today = await todayFor(deps.db, userId, deps.now());
  if (input.date > today) throw futureDate();
  // Checked before asking the market-data provider, so a refused request costs no provider call.
  const owned = await manualInvestmentAccount(deps.db, userId, input.accountId);
  const amount = amountOf(input.quantity, input.price, owned.currency);
  const found = await lookUp(deps.market, input.symbol, owned.currency, today);
  const written = await deps.db.transaction(async (tx) => {
    const account = await manualInvestmentAccount(tx, userId, input.accountId);
    const securityId = await upsertManualSecurity(tx, {
      symbol: input.symbol,
      name: found.name,
      type: found.type,
      currency: account.currency,
    });
    const held = await holdingOfSecurity(tx, { userId, accountId: account.id, securityId });
    let id = held?.id ?? '';
    let lotId = '';
    await keepingCash(tx, account, { from: input.date, today }, async () => {
      const position = { quantity: input.quantity, price: input.price, date: input.date };
      if (!held) {
        id = await insertManualHolding(tx, {
          userId,
          accountId: account.id,
          securityId,
          currency: account.currency,
          ...position,
        });
      }
      // A holding's first lot takes the holding's id, as the lots of holdings from before lots did.
      lotId = await insertManualLot(tx, { userId, holdingId: id, ...(!held && { id }), ...position });
      await settleManualHolding(tx, { userId, holdingId: id });
      await upsertManualTrade(tx, {
        userId,
        accountId: account.id,
        lotId,
        date: input.date,
        amountMinor: -amount,
        currency: account.currency,
        name: `Buy ${input.symbol}`,
      });
      await storeQuote(tx, { securityId, accountId: account.id, today }, found.quoted);
    });
    const holding = await settledView(tx, {
      id,
      userId,
      accountId: account.id,
      symbol: input.symbol,
      name: found.name,
      currency: account.currency,
    });
    const lot = lotView({ id: lotId, holdingId: id, ...input }, account.currency);
    return { holding, lot };
  });
  return { ...written, symbolStatus: found.status };
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

type LotChanges = { quantity?: string; price?: string; date?: string };

/**
 * Changes one lot of a holding added by hand (`price` is its buy price) and the holding with it. The
 * symbol's quote is fetched again, as when it was added, so the holding is valued at today's price when
 * the provider quotes it in the account's currency.
 */
async function changeLot(
  deps: Deps,
  userId: string,
  target: { holdingId: string } | { lotId: string },
  changes: LotChanges,
): Promise<{ holding: ManualHoldingView; lot: ManualLotView; symbolStatus: SymbolStatus }> {
  const today = await todayFor(deps.db, userId, deps.now());
  if (changes.date !== undefined && changes.date > today) throw futureDate();
  // Checked before asking the market-data provider, so a refused request costs no provider call.
  const current = await deps.db.transaction((tx) => ownedManualLot(tx, userId, target));
  const found = await lookUp(deps.market, symbolOf(current.holding), current.account.currency, today);
  const written = await deps.db.transaction(async (tx) => {
    const { holding, account, lot } = await ownedManualLot(tx, userId, target);
    const next = {
      quantity: changes.quantity ?? lot.quantity,
      price: changes.price ?? lot.price,
      date: changes.date ?? lot.date,
    };
    const amount = amountOf(next.quantity, next.price, account.currency);
    const symbol = symbolOf(holding);
    const from = next.date < lot.date ? next.date : lot.date;
    await keepingCash(tx, account, { from, today }, async () => {
      await updateManualLot(tx, { userId, lotId: lot.id }, next);
      await settleManualHolding(tx, { userId, holdingId: holding.id });
      await upsertManualTrade(tx, {
        userId,
        accountId: account.id,
        lotId: lot.id,
        date: next.date,
        amountMinor: -amount,
        currency: account.currency,
        name: `Buy ${symbol}`,
      });
      await storeQuote(tx, { securityId: holding.securityId, accountId: account.id, today }, found.quoted);
    });
    return {
      holding: await settledView(tx, {
        id: holding.id,
        userId,
        accountId: account.id,
        symbol,
        name: holding.name,
        currency: holding.currency,
      }),
      lot: lotView({ id: lot.id, holdingId: holding.id, ...next }, holding.currency),
    };
  });
  return { ...written, symbolStatus: found.status };
}

function symbolOf(holding: { ticker: string | null; name: string }): string {
  return (holding.ticker ?? holding.name).toUpperCase();
}

/**
 * The lot a change names, with its holding and locked account: a lot by its id, or a holding's only lot
 * (a holding bought more than once is a 409: its buys are changed one by one). 404 / 409 otherwise.
 */
async function ownedManualLot(
  tx: Executor,
  userId: string,
  target: { holdingId: string } | { lotId: string },
) {
  if ('lotId' in target) {
    const lot = await findManualLot(tx, userId, target.lotId);
    if (!lot) throw AppError.notFound(MANUAL_HOLDING_MESSAGES.noLot);
    const owned = await ownedManualHolding(tx, userId, lot.holdingId);
    return { ...owned, lot };
  }
  const owned = await ownedManualHolding(tx, userId, target.holdingId);
  const lots = await lotsOfHolding(tx, { userId, holdingId: target.holdingId });
  if (lots.length > 1) throw new AppError('CONFLICT', MANUAL_HOLDING_MESSAGES.severalLots);
  // Every manual holding has lots (ADR 077: restores and migration 0036 make a holding without any its one).
  const [lot] = lots;
  if (!lot) throw AppError.notFound(MANUAL_HOLDING_MESSAGES.noLot);
  return { ...owned, lot: { ...lot, holdingId: target.holdingId } };
}

/** Changes a holding added by hand that was bought once (its one lot). */
export async function changeManualHolding(
  deps: Deps,
  userId: string,
  holdingId: string,
  changes: LotChanges,
): Promise<{ holding: ManualHoldingView; symbolStatus: SymbolStatus }> {
  const { holding, symbolStatus } = await changeLot(deps, userId, { holdingId }, changes);
  return { holding, symbolStatus };
}

/** Changes one buy (lot) of a holding added by hand. */
export async function changeManualLot(deps: Deps, userId: string, lotId: string, changes: LotChanges) {
  return changeLot(deps, userId, { lotId }, changes);
}

/** Removes a holding added by hand with every lot and buy. */
export async function removeManualHolding(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  holdingId: string,
): Promise<{ id: string }> {
  const today = await todayFor(deps.db, userId, deps.now());
  await deps.db.transaction(async (tx) => {
    const { holding, account } = await ownedManualHolding(tx, userId, holdingId);
    const lots = await lotsOfHolding(tx, { userId, holdingId });
    const from = lots.reduce((min, lot) => (lot.date < min ? lot.date : min), holding.asOf);
    await keepingCash(tx, account, { from, today }, async () => {
      await deleteManualTrades(tx, {
        userId,
        accountId: account.id,
        lotIds: [holdingId, ...lots.map((lot) => lot.id)],
      });
      await deleteManualHolding(tx, { userId, holdingId });
    });
  });
  return { id: holdingId };
}

/**
 * Removes one buy (lot) of a holding added by hand; removing its last removes the holding. Answers
 * whether the holding is gone.
 */
export async function removeManualLot(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  lotId: string,
): Promise<{ id: string; holdingId: string; holdingRemoved: boolean }> {
  const today = await todayFor(deps.db, userId, deps.now());
  return deps.db.transaction(async (tx) => {
    const { holding, account, lot } = await ownedManualLot(tx, userId, { lotId });
    let holdingRemoved = false;
    await keepingCash(tx, account, { from: lot.date, today }, async () => {
      await deleteManualTrades(tx, { userId, accountId: account.id, lotIds: [lot.id] });
      await deleteManualLot(tx, { userId, lotId: lot.id });
      if ((await lotsOfHolding(tx, { userId, holdingId: holding.id })).length === 0) {
        await deleteManualHolding(tx, { userId, holdingId: holding.id });
        holdingRemoved = true;
      } else {
        await settleManualHolding(tx, { userId, holdingId: holding.id });
      }
    });
    return { id: lot.id, holdingId: holding.id, holdingRemoved };
  });
}

/** The user's buys of a symbol with units (the lots of their manual holdings), newest first. */
export async function securityTransactions(db: Executor, userId: string, symbol: string) {
  const rows = await listSecurityLots(db, userId, symbol);
  return {
    symbol,
    transactions: rows.map((row) => ({
      id: row.transactionId,
      lotId: row.lotId,
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
