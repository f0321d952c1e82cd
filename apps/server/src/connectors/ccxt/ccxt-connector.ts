import type { Exchange } from 'ccxt';
import {
  addQuantities,
  cryptoAssetBySymbol,
  currencyExponent,
  decimalFromJsonNumber,
  isCurrencyCode,
  type CryptoAsset,
} from '@lodestar/domain';
import { productMinor } from '../../use-cases/holdings/decimal';
import { CRYPTO_QUOTE_CURRENCY } from '../../prices/crypto-prices';
import {
  ProviderError,
  type Connector,
  type ConnectorAccount,
  type ConnectorContext,
  type ConnectorHolding,
  type ConnectorTransaction,
} from '../types';
import { createExchange, exchangeCall, toProviderError } from './client';
import {
  EXCHANGES,
  STAKED_ALIASES,
  type ExchangeInfo,
  type MarketBalance,
  type WindowPaging,
} from './exchanges';
import {
  CCXT_PROVIDER,
  parseCredentials,
  parseCursor,
  parseExchangeSettings,
  type ExchangeCursor,
  type ExchangeSettings,
} from './settings';

/**
 * Centralised exchanges through ccxt (docs/crypto.md, ADR 032): one connection per exchange key, one
 * account per market type with a balance (`exchange_spot`, `exchange_margin`, `exchange_futures`,
 * `exchange_options` for Binance European Options, and `staking` for what is staked or earning: Binance
 * Simple Earn, OKX, Bybit and KuCoin Earn, Kraken's suffixed balances) valued in US dollars from its
 * holdings, one holding per asset. Trades are investment trades and deposits and
 * withdrawals transfers, all on the spot account. Everything is read before anything is written: an
 * exchange that fails part-way (after ccxt's pacing and the engine's retries) leaves balances, holdings
 * and history as they were.
 */

/** Quote assets besides the ones held whose markets are read on exchanges that need a market named. */
const COMMON_QUOTES = ['USDT', 'USDC', 'FDUSD', 'USD', 'EUR', 'BTC'];
/** Trades asked for per request where the exchange lets us choose. */
const TRADE_PAGE = 1000;
/**
 * Quote assets whose markets are read, besides the assets the account had, on exchanges that read the
 * markets of every asset the account had (Binance, Gemini): only those the exchange lists are asked for.
 */
const HISTORY_QUOTES = ['USDT', 'USDC', 'BUSD', 'FDUSD', 'BTC', 'ETH', 'BNB', 'EUR', 'USD'];
/** How far before the last time transfers were read up to the next windowed reading starts again. */
const TRANSFER_LOOKBACK_MS = 7 * 86_400_000;
/** How far before the last time a market's trades were read up to the next windowed reading starts. */
const TRADE_LOOKBACK_MS = 86_400_000;
/** Transactions handed to the engine per batch. */
const BATCH = 1000;
/** Guards against an exchange that keeps answering the same page. */
const MAX_PAGES = 10_000;

type Balance = { asset: string; quantity: string };
type MarketRead = { market: MarketBalance; balances: Balance[] };

type Reading = {
  accounts: ConnectorAccount[];
  holdings: ConnectorHolding[];
  transactions: ConnectorTransaction[];
  cursor: ExchangeCursor;
};

const readings = new WeakMap<ConnectorContext, Promise<Reading>>();

/** A ccxt amount (a JS number parsed from the exchange's decimal text) as a decimal string. */
function decimal(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return decimalFromJsonNumber(value);
}

function isPositive(value: string): boolean {
  return /[1-9]/.test(value);
}

function accountExternalId(settings: ExchangeSettings, market: MarketBalance): string {
  return `${settings.exchange}:${market.ccxtType}`;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);

/** Adds one position's decimal amount to its asset's total, exactly (the exchange's code made ccxt's). */
function addPosition(
  totals: Record<string, string>,
  exchange: Exchange,
  code: unknown,
  amount: unknown,
): void {
  const asset = typeof code === 'string' && code !== '' ? exchange.safeCurrencyCode(code) : undefined;
  const quantity = decimal(amount);
  if (!asset || !quantity) return;
  totals[asset] = totals[asset] ? addQuantities(totals[asset], quantity) : quantity;
}

/**
 * One of ccxt's implicit signed endpoint methods (named after the exchange's path), bound to the
 * exchange; a ccxt that lacks it fails the reading with a message naming what is missing.
 */
function signedCall(exchange: Exchange, name: string): (params: object) => Promise<unknown> {
  const method = (exchange as unknown as Record<string, unknown>)[name];
  if (typeof method !== 'function')
    throw new Error(`This ccxt version has no ${name} for ${exchange.id}; the reading is not supported.`);
  return (params) => (method as (params: object) => Promise<unknown>).call(exchange, params);
}

/** Binance Simple Earn positions asked for per page (the endpoints' maximum). */
const EARN_PAGE = 100;

/**
 * Binance Simple Earn's flexible (`totalAmount`) and locked (`amount`) positions, page by page
 * (`current` from 1, `size` ≤ 100, `total` rows in all), summed exactly per asset, in the shape of
 * ccxt's balance (`total` per asset).
 */
async function readBinanceSimpleEarn(exchange: Exchange): Promise<Record<string, unknown>> {
  const totals: Record<string, string> = {};
  const lists = [
    ['sapiGetSimpleEarnFlexiblePosition', 'totalAmount'],
    ['sapiGetSimpleEarnLockedPosition', 'amount'],
  ] as const;
  for (const [name, field] of lists) {
    const call = signedCall(exchange, name);
    let seen = 0;
    for (let current = 1; current <= MAX_PAGES; current += 1) {
      const page = record(await call({ current, size: EARN_PAGE }));
      const rows = list(page.rows);
      for (const row of rows) addPosition(totals, exchange, row.asset, row[field]);
      seen += rows.length;
      if (rows.length < EARN_PAGE || seen >= Number(page.total ?? 0)) break;
    }
  }
  return { total: totals };
}

/**
 * OKX Earn: Simple Earn's balances (`GET /api/v5/finance/savings/balance`, `data[]`: `ccy`, `amt`, what is
 * lent plus what waits to be) and the active On-chain Earn orders
 * (`GET /api/v5/finance/staking-defi/orders-active`, `data[].investData[]`: `ccy`, `amt`), neither paged,
 * summed exactly per asset. Either failing fails the reading: a part would understate the account.
 */
async function readOkxEarn(exchange: Exchange): Promise<Record<string, unknown>> {
  const totals: Record<string, string> = {};
  const savings = record(await signedCall(exchange, 'privateGetFinanceSavingsBalance')({}));
  for (const row of list(savings.data)) addPosition(totals, exchange, row.ccy, row.amt);
  const orders = record(await signedCall(exchange, 'privateGetFinanceStakingDefiOrdersActive')({}));
  for (const order of list(orders.data))
    for (const invested of list(order.investData)) addPosition(totals, exchange, invested.ccy, invested.amt);
  return { total: totals };
}

/**
 * Bybit Earn's positions, `GET /v5/earn/position` once per category (`FlexibleSaving`, `OnChain`; not
 * paged): `result.list[]`, `coin` and `amount` (a fully redeemed Flexible Saving position stays listed at
 * 0), summed exactly per asset.
 */
async function readBybitEarn(exchange: Exchange): Promise<Record<string, unknown>> {
  const totals: Record<string, string> = {};
  const position = signedCall(exchange, 'privateGetV5EarnPosition');
  for (const category of ['FlexibleSaving', 'OnChain']) {
    const answer = record(await position({ category }));
    for (const row of list(record(answer.result).list)) addPosition(totals, exchange, row.coin, row.amount);
  }
  return { total: totals };
}

/** KuCoin Earn holdings asked for per page (the endpoint's maximum). */
const KUCOIN_EARN_PAGE = 500;

/**
 * KuCoin Earn's holdings, `GET /api/v1/earn/hold-assets` page by page (`currentPage` from 1, `pageSize`
 * 10–500; `data.totalPage` pages in all): `data.items[]`, `currency` and `holdAmount`, summed exactly per
 * asset.
 */
async function readKucoinEarn(exchange: Exchange): Promise<Record<string, unknown>> {
  const totals: Record<string, string> = {};
  const holdAssets = signedCall(exchange, 'earnGetEarnHoldAssets');
  for (let currentPage = 1; currentPage <= MAX_PAGES; currentPage += 1) {
    const answer = record(await holdAssets({ currentPage, pageSize: KUCOIN_EARN_PAGE }));
    const data = record(answer.data);
    const items = list(data.items);
    for (const item of items) addPosition(totals, exchange, item.currency, item.holdAmount);
    if (items.length < KUCOIN_EARN_PAGE || currentPage >= Number(data.totalPage ?? 0)) break;
  }
  return { total: totals };
}

/**
 * Binance's European Options account (`/eapi/v1/marginAccount`): per asset its `equity`, the balance
 * plus the options held at their mark price (what the account is worth), in the shape of ccxt's
 * balance. ccxt's fetchBalance has no options branch (asked for `option`, it reads the spot account).
 */
async function readBinanceOptions(exchange: Exchange): Promise<Record<string, unknown>> {
  const answer = record(await signedCall(exchange, 'eapiPrivateGetMarginAccount')({}));
  const totals: Record<string, string> = {};
  for (const row of list(answer.asset)) addPosition(totals, exchange, row.asset, row.equity);
  return { total: totals };
}

/** The readers of the accounts `fetchBalance` has no type for, each answering in its shape (`total`). */
const POSITION_READERS: Record<
  NonNullable<MarketBalance['positions']>,
  (exchange: Exchange) => Promise<Record<string, unknown>>
> = {
  'binance-simple-earn': readBinanceSimpleEarn,
  'binance-options': readBinanceOptions,
  'coinbase-wallets': async (exchange) => ({ total: await readCoinbaseWallets(exchange) }),
  'okx-earn': readOkxEarn,
  'bybit-earn': readBybitEarn,
  'kucoin-earn': readKucoinEarn,
};

async function readBalances(exchange: Exchange, info: ExchangeInfo): Promise<MarketRead[]> {
  const reads: MarketRead[] = [];
  for (const market of info.balances) {
    if (market.fromSpot) continue;
    let balance: Record<string, unknown>;
    try {
      balance = market.positions
        ? await POSITION_READERS[market.positions](exchange)
        : ((await exchange.fetchBalance({
            ...market.ccxtParams,
            type: market.ccxtType,
          })) as unknown as Record<string, unknown>);
    } catch (error) {
      const failure = toProviderError(info.id, error);
      // A market type the account has not opened, or the key may not read (Binance margin, futures),
      // answers with a refusal (Binance's -2015, which ccxt files under rate limits): that account is
      // left out of this reading, as it was. An outage fails the whole reading.
      if (market.optional && failure.kind !== 'unavailable' && failure.kind !== 'timeout') continue;
      if (market.bestEffort && failure.kind !== 'needs_reauth') continue;
      throw failure;
    }
    const totals = (balance.total ?? {}) as Record<string, unknown>;
    const balances = Object.entries(totals).flatMap(([asset, value]) => {
      const quantity = decimal(value);
      return quantity && isPositive(quantity) ? [{ asset, quantity }] : [];
    });
    reads.push({ market, balances });
  }
  // Staked and earning balances the spot answer lists beside the others (Kraken's DOT.S): their own
  // account, one holding per asset (DOT.S and DOT.F together are the DOT staked).
  const spot = reads.find((read) => read.market === info.balances[0]);
  for (const market of info.balances) {
    if (!market.fromSpot || !spot) continue;
    const pattern = market.fromSpot;
    const staked = new Map<string, string>();
    spot.balances = spot.balances.filter(({ asset, quantity }) => {
      const match = pattern.exec(asset);
      const base = match?.slice(1).find(Boolean);
      if (!base) return true;
      const symbol = STAKED_ALIASES[base] ?? base;
      const before = staked.get(symbol);
      staked.set(symbol, before ? addQuantities(before, quantity) : quantity);
      return false;
    });
    // Read even when nothing is staked: an account staked before comes to zero (onlyIfKnown below).
    reads.push({ market, balances: [...staked].map(([asset, quantity]) => ({ asset, quantity })) });
  }
  return reads;
}

type Trade = {
  id?: string;
  symbol?: string;
  timestamp?: number;
  side?: string;
  amount?: number;
  price?: number;
  cost?: number;
  fee?: { cost?: number; currency?: string };
  info?: Record<string, unknown>;
};

/** The smaller of two decimal integer ids (exchanges' ids outgrow a JS number). */
function olderId(a: string | undefined, b: string): string {
  if (a === undefined) return b;
  return a.length !== b.length ? (a.length < b.length ? a : b) : a < b ? a : b;
}

/**
 * Everything from `since` (or as far back as the exchange keeps) to now, window after window, each page
 * by page through the cursor the previous page left; `key` tells items apart.
 */
async function readWindows<T extends { info?: Record<string, unknown> }>(
  paging: WindowPaging,
  since: number | undefined,
  fetchPage: (start: number, end: number, params: Record<string, string>) => Promise<T[]>,
  key: (item: T) => string,
  until?: number,
): Promise<T[]> {
  const all = new Map<string, T>();
  const now = until ?? Date.now();
  const first = since ?? paging.historyStart ?? now - paging.historyMs;
  for (let start = first; start <= now; start += paging.windowMs) {
    let cursor: string | undefined;
    let read = 0;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const items = await fetchPage(
        start,
        start + paging.windowMs - 1,
        cursor ? { [paging.cursorParam]: cursor } : {},
      );
      let fresh = 0;
      for (const item of items) {
        if (!all.has(key(item))) fresh += 1;
        all.set(key(item), item);
      }
      read += items.length;
      const values = items.map((item) => item.info?.[paging.cursorField]);
      const next = paging.cursorIsOffset
        ? String(read)
        : paging.cursorIsOldestId
          ? values
              .flatMap((value) =>
                (typeof value === 'number' && Number.isSafeInteger(value)) ||
                (typeof value === 'string' && /^\d+$/.test(value))
                  ? [String(value)]
                  : [],
              )
              .reduce<string | undefined>((oldest, id) => olderId(oldest, id), undefined)
          : values.find((value): value is string => typeof value === 'string' && value !== '');
      if (!next || fresh === 0 || items.length < paging.pageSize) break;
      cursor = next;
    }
  }
  return [...all.values()];
}

const tradeKey = (trade: Trade) => `${trade.symbol ?? ''}\u0000${trade.id ?? ''}`;

/** The larger of two decimal integer ids. */
function newerId(a: string | undefined, b: string): string {
  return a === undefined || olderId(a, b) === a ? b : a;
}

/**
 * Every trade of one market from the trade id after `afterId` (from the first when undefined), page
 * after page, each from the id after the newest read.
 */
async function readTradesFromId(
  exchange: Exchange,
  info: ExchangeInfo,
  paging: { fromIdParam: string; pageSize: number },
  symbol: string | undefined,
  afterId: string | undefined,
): Promise<Trade[]> {
  const all = new Map<string, Trade>();
  let from = afterId === undefined ? '0' : String(BigInt(afterId) + 1n);
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const trades = (await exchangeCall(info.id, () =>
      exchange.fetchMyTrades(symbol, undefined, paging.pageSize, {
        ...info.tradeParams,
        [paging.fromIdParam]: from,
      }),
    )) as Trade[];
    let fresh = 0;
    let newest: string | undefined;
    for (const trade of trades) {
      if (!all.has(tradeKey(trade))) fresh += 1;
      all.set(tradeKey(trade), trade);
      if (trade.id !== undefined && /^\d+$/.test(trade.id)) newest = newerId(newest, trade.id);
    }
    if (fresh === 0 || trades.length < paging.pageSize || newest === undefined) break;
    from = String(BigInt(newest) + 1n);
  }
  return [...all.values()];
}

/**
 * Every trade of one market (or of all, when `symbol` is undefined) after `since` (where trades are
 * read by id: after the trade id `afterId`).
 */
async function readTrades(
  exchange: Exchange,
  info: ExchangeInfo,
  symbol: string | undefined,
  since: number | undefined,
  afterId?: string,
): Promise<Trade[]> {
  const paging = info.tradePaging;
  const params = info.tradeParams ?? {};
  if (typeof paging === 'object' && 'fromIdParam' in paging)
    return readTradesFromId(exchange, info, paging, symbol, afterId);
  if (typeof paging === 'object' && 'windowMs' in paging)
    return readWindows(
      paging,
      since,
      (start, end, page) =>
        exchangeCall(info.id, () =>
          exchange.fetchMyTrades(symbol, start, paging.pageSize, { ...params, until: end, ...page }),
        ) as Promise<Trade[]>,
      tradeKey,
    );
  if (typeof paging === 'object' && 'userTransactions' in paging) {
    const rows = await readUserTransactions(exchange, info, paging.pageSize, since);
    return exchange.parseTrades(
      rows.filter((row) => String(row.type) === '2'),
      undefined,
      since,
    ) as unknown as Trade[];
  }
  const all = new Map<string, Trade>();
  const fromStart = typeof paging === 'object' && 'fromStart' in paging ? paging : undefined;
  let from = fromStart ? (since ?? 0) : since;
  let offset = 0;
  let oldest: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const trades = (await exchangeCall(info.id, () =>
      paging === 'since' || 'fromStart' in paging
        ? exchange.fetchMyTrades(
            symbol,
            from,
            fromStart?.pageSize ?? TRADE_PAGE,
            fromStart?.startParam ? { ...params, [fromStart.startParam]: from } : params,
          )
        : 'offsetParam' in paging
          ? exchange.fetchMyTrades(symbol, since, undefined, { ...params, [paging.offsetParam]: offset })
          : exchange.fetchMyTrades(
              symbol,
              since,
              undefined,
              oldest === undefined ? params : { ...params, [paging.olderThanParam]: oldest },
            ),
    )) as Trade[];
    let fresh = 0;
    for (const trade of trades) {
      const key = tradeKey(trade);
      if (!all.has(key)) fresh += 1;
      all.set(key, trade);
    }
    if (trades.length === 0 || fresh === 0) break;
    if (paging === 'since' || 'fromStart' in paging) {
      if (trades.length < (fromStart?.pageSize ?? TRADE_PAGE)) break;
      const newest = Math.max(...trades.map((trade) => trade.timestamp ?? 0));
      from = newest + 1;
    } else if ('offsetParam' in paging) {
      offset += trades.length;
    } else {
      if (trades.length < paging.pageSize) break;
      for (const trade of trades) {
        const id = trade.info?.[paging.idField];
        if (typeof id === 'string' && /^\d+$/.test(id)) oldest = olderId(oldest, id);
      }
      if (oldest === undefined) break;
    }
  }
  return [...all.values()];
}

/**
 * Transfer statuses of money that never moved: ccxt's `failed` and `canceled`, and what it passes on from
 * some exchanges as they name it (Bybit's failed deposit `fail`, a withdrawal it rejected `rejected`).
 */
const NOT_MOVED = new Set(['failed', 'fail', 'canceled', 'cancelled', 'rejected']);

type Transfer = {
  info?: Record<string, unknown>;
  id?: string;
  txid?: string;
  timestamp?: number;
  currency?: string;
  amount?: number;
  status?: string;
  type?: string;
};

async function readTransfers(
  exchange: Exchange,
  info: ExchangeInfo,
  cursor: ExchangeCursor,
): Promise<{ deposits: Transfer[]; withdrawals: Transfer[]; withdrawalsBackTo?: number }> {
  const since = (value: number | undefined) => (value === undefined ? undefined : value + 1);
  const has = exchange.has as Record<string, unknown>;
  const paging = info.transferPaging;
  if (paging && 'perWallet' in paging) return readCoinbaseTransfers(exchange, info, cursor, paging.pageSize);
  if (paging && 'userTransactions' in paging) {
    const known = [cursor.deposits, cursor.withdrawals].filter((value) => value !== undefined);
    const from = known.length ? Math.max(...known) + 1 : undefined;
    const rows = await readUserTransactions(exchange, info, paging.pageSize, from);
    const items = rows
      .filter((row) => String(row.type) === '0' || String(row.type) === '1')
      .map((row) => withCurrencyFromRow(exchange, exchange.parseTransaction(row) as unknown as Transfer))
      .filter((item) => from === undefined || (item.timestamp ?? 0) >= from);
    return {
      deposits: items.filter((item) => item.type === 'deposit'),
      withdrawals: items.filter((item) => item.type === 'withdrawal'),
    };
  }
  if (paging && 'fromStart' in paging && has.fetchDepositsWithdrawals) {
    const known = [cursor.deposits, cursor.withdrawals].filter((value) => value !== undefined);
    let from = known.length ? Math.max(...known) + 1 : 0;
    const all = new Map<string, Transfer>();
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const items = (await exchangeCall(info.id, () =>
        exchange.fetchDepositsWithdrawals(undefined, from, paging.pageSize),
      )) as Transfer[];
      let fresh = 0;
      for (const item of items) {
        const key = `${item.type ?? ''}:${item.id ?? item.txid ?? ''}`;
        if (!all.has(key)) fresh += 1;
        all.set(key, item);
      }
      if (items.length < paging.pageSize || fresh === 0) break;
      from = Math.max(...items.map((item) => item.timestamp ?? 0)) + 1;
    }
    const items = [...all.values()];
    return {
      deposits: items.filter((item) => item.type === 'deposit'),
      withdrawals: items.filter((item) => item.type === 'withdrawal'),
    };
  }
  if (paging && 'olderByTime' in paging && has.fetchDeposits && has.fetchWithdrawals) {
    const read = async (fetch: 'fetchDeposits' | 'fetchWithdrawals', from: number | undefined) => {
      const all = new Map<string, Transfer>();
      let until: number | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const items = (await exchangeCall(info.id, () =>
          exchange[fetch](undefined, since(from), paging.pageSize, until === undefined ? {} : { until }),
        )) as Transfer[];
        let fresh = 0;
        for (const item of items) {
          const key = item.id ?? item.txid ?? '';
          if (!all.has(key)) fresh += 1;
          all.set(key, item);
        }
        const oldest = Math.min(...items.map((item) => item.timestamp ?? Infinity));
        if (items.length < paging.pageSize || fresh === 0 || !Number.isFinite(oldest)) break;
        // Up to and including the oldest time read: others of that same time are on the next page.
        until = oldest + 1;
      }
      return [...all.values()];
    };
    return {
      deposits: await read('fetchDeposits', cursor.deposits),
      withdrawals: await read('fetchWithdrawals', cursor.withdrawals),
    };
  }
  if (paging && 'pageParam' in paging && has.fetchDeposits && has.fetchWithdrawals) {
    const read = async (fetch: 'fetchDeposits' | 'fetchWithdrawals', from: number | undefined) => {
      const all = new Map<string, Transfer>();
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const items = (await exchangeCall(info.id, () =>
          exchange[fetch](undefined, since(from), paging.pageSize, { [paging.pageParam]: page }),
        )) as Transfer[];
        let fresh = 0;
        for (const item of items) {
          const key = item.id ?? item.txid ?? `${item.timestamp}:${item.currency}:${item.amount}`;
          if (!all.has(key)) fresh += 1;
          all.set(key, item);
        }
        if (items.length < paging.pageSize || fresh === 0) break;
      }
      return [...all.values()];
    };
    return {
      deposits: await read('fetchDeposits', cursor.deposits),
      withdrawals: await read('fetchWithdrawals', cursor.withdrawals),
    };
  }
  const windowed = paging && 'windowMs' in paging ? paging : undefined;
  if (windowed && has.fetchDeposits && has.fetchWithdrawals) {
    // From the newest item read, or, when there is none, from a little before the time the previous sync
    // read up to (an item can show a little after its time): the history already read is not walked again.
    const from = (newest: number | undefined) => {
      const known = [
        ...(newest === undefined ? [] : [newest + 1]),
        ...(cursor.transfersTo === undefined ? [] : [cursor.transfersTo - TRANSFER_LOOKBACK_MS]),
      ];
      return known.length ? Math.max(...known) : undefined;
    };
    const read = (fetch: 'fetchDeposits' | 'fetchWithdrawals', start: number | undefined, until?: number) =>
      readWindows<Transfer>(
        windowed,
        start,
        (start, end, page) =>
          exchangeCall(info.id, () =>
            exchange[fetch](undefined, start, windowed.pageSize, { until: end, ...page }),
          ) as Promise<Transfer[]>,
        (item) => item.id ?? item.txid ?? '',
        until,
      );
    const budget = info.withdrawalWindowsPerSync;
    // Binance: a connection synced before its history was walked (no `transfersTo`) reads every deposit
    // window once (ids make the rewrite harmless), as a new one does.
    const deposits = await read(
      'fetchDeposits',
      budget && cursor.transfersTo === undefined ? undefined : from(cursor.deposits),
    );
    if (!budget) return { deposits, withdrawals: await read('fetchWithdrawals', from(cursor.withdrawals)) };
    // Withdrawal history the exchange lets an account read only a few windows a minute (Binance): the
    // windows since the previous sync, then as many older ones as the budget leaves, newest first, going
    // further back at each sync (`withdrawalsBackTo`) until the history's start.
    const now = Date.now();
    const recent =
      cursor.transfersTo === undefined ? [] : await read('fetchWithdrawals', from(cursor.withdrawals));
    const backTo = cursor.withdrawalsBackTo ?? now;
    const floor = windowed.historyStart ?? now - windowed.historyMs;
    const left = Math.max(1, budget - (cursor.transfersTo === undefined ? 0 : 1));
    if (backTo <= floor) return { deposits, withdrawals: recent, withdrawalsBackTo: floor };
    const start = Math.max(floor, backTo - left * windowed.windowMs);
    const older = await read('fetchWithdrawals', start, backTo - 1);
    return { deposits, withdrawals: [...recent, ...older], withdrawalsBackTo: start };
  }
  if (has.fetchDeposits && has.fetchWithdrawals) {
    const deposits = (await exchangeCall(info.id, () =>
      exchange.fetchDeposits(undefined, since(cursor.deposits)),
    )) as Transfer[];
    const withdrawals = (await exchangeCall(info.id, () =>
      exchange.fetchWithdrawals(undefined, since(cursor.withdrawals)),
    )) as Transfer[];
    return { deposits, withdrawals };
  }
  if (has.fetchDepositsWithdrawals) {
    const from = Math.min(cursor.deposits ?? 0, cursor.withdrawals ?? 0);
    const items = (
      (await exchangeCall(info.id, () =>
        exchange.fetchDepositsWithdrawals(undefined, from ? from + 1 : undefined),
      )) as Transfer[]
    ).map((item) => withCurrencyFromRow(exchange, item));
    return {
      deposits: items.filter((item) => item.type === 'deposit'),
      withdrawals: items.filter((item) => item.type === 'withdrawal'),
    };
  }
  return { deposits: [], withdrawals: [] };
}

/** Coinbase wallet transaction types that are money moved in or out (the sign tells which). */
const COINBASE_TRANSFER_TYPES = new Set([
  'send',
  'fiat_deposit',
  'fiat_withdrawal',
  'exchange_deposit',
  'exchange_withdrawal',
]);
/** Coinbase wallets asked for per page (the v2 lists' maximum). */
const COINBASE_WALLET_PAGE = 100;

type V2Page = { data?: Record<string, unknown>[]; pagination?: { next_starting_after?: string | null } };

/** Every Coinbase wallet (`GET /v2/accounts`), page by page through `starting_after`. */
async function listCoinbaseWallets(exchange: Exchange): Promise<Record<string, unknown>[]> {
  const call = signedCall(exchange, 'v2PrivateGetAccounts');
  const wallets: Record<string, unknown>[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = (await call({
      limit: COINBASE_WALLET_PAGE,
      ...(after ? { starting_after: after } : {}),
    })) as V2Page;
    wallets.push(...(answer.data ?? []));
    after = answer.pagination?.next_starting_after ?? undefined;
    if (!after || !answer.data?.length) break;
  }
  return wallets;
}

/** Each Coinbase wallet's balance (crypto and fiat wallets), summed exactly per asset. */
async function readCoinbaseWallets(exchange: Exchange): Promise<Record<string, string>> {
  const totals: Record<string, string> = {};
  for (const wallet of await listCoinbaseWallets(exchange)) {
    if (wallet.type !== 'wallet' && wallet.type !== 'fiat') continue;
    const balance = record(wallet.balance);
    addPosition(totals, exchange, balance.currency, balance.amount);
  }
  return totals;
}

/**
 * Coinbase's deposits and withdrawals: every wallet ever used (emptied ones too: a withdrawal may have
 * emptied it), its transactions page by page, newest first, down to the last one read before. The wallet's own signed amount is what moved (a send's network
 * amount is unsigned and after the network fee, so ccxt reads every send as a deposit).
 */
async function readCoinbaseTransfers(
  exchange: Exchange,
  info: ExchangeInfo,
  cursor: ExchangeCursor,
  pageSize: number,
): Promise<{ deposits: Transfer[]; withdrawals: Transfer[] }> {
  const transactionsOf = signedCall(exchange, 'v2PrivateGetAccountsAccountIdTransactions');
  const list = <T>(read: () => Promise<T>) => exchangeCall(info.id, read);
  const known = [cursor.deposits, cursor.withdrawals].filter((value) => value !== undefined);
  const since = known.length ? Math.max(...known) : undefined;
  const wallets: string[] = [];
  for (const wallet of await list(() => listCoinbaseWallets(exchange))) {
    const balance = decimal(record(wallet.balance).amount);
    // A wallet never used (Coinbase lists one for many assets) has no creation time and no transactions.
    const used = typeof wallet.created_at === 'string' && wallet.created_at !== '';
    if (typeof wallet.id === 'string' && ((balance && isPositive(balance)) || used)) wallets.push(wallet.id);
  }
  const deposits: Transfer[] = [];
  const withdrawals: Transfer[] = [];
  for (const wallet of wallets) {
    let from: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = (await list(() =>
        transactionsOf({
          account_id: wallet,
          limit: pageSize,
          ...(from ? { starting_after: from } : {}),
        }),
      )) as V2Page;
      let older = false;
      for (const item of answer.data ?? []) {
        const timestamp = Date.parse(String(item.created_at ?? ''));
        if (since !== undefined && timestamp <= since) older = true;
        const amount = record(item.amount);
        const signed = typeof amount.amount === 'string' ? amount.amount : '';
        if (older || !COINBASE_TRANSFER_TYPES.has(String(item.type)) || !/^-?\d/.test(signed)) continue;
        const transfer: Transfer = {
          info: item,
          id: String(item.id),
          timestamp,
          currency: exchange.safeCurrencyCode(String(amount.currency ?? '')),
          amount: Number(signed.replace(/^-/, '')),
          status: item.status === 'completed' ? 'ok' : String(item.status ?? ''),
        };
        (signed.startsWith('-') ? withdrawals : deposits).push(transfer);
      }
      from = answer.pagination?.next_starting_after ?? undefined;
      if (!from || older) break;
    }
  }
  return { deposits, withdrawals };
}

/**
 * Bitstamp's `user_transactions` rows from the newest down to `since` (or all), `pageSize` a page by
 * `offset`, as Bitstamp answers them.
 */
async function readUserTransactions(
  exchange: Exchange,
  info: ExchangeInfo,
  pageSize: number,
  since: number | undefined,
): Promise<Record<string, unknown>[]> {
  await exchangeCall(info.id, () => exchange.loadMarkets());
  const call = signedCall(exchange, 'privatePostUserTransactions');
  const rows: Record<string, unknown>[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await exchangeCall(info.id, () => call({ offset: page * pageSize, limit: pageSize }));
    const list = Array.isArray(answer) ? (answer as Record<string, unknown>[]) : [];
    rows.push(...list);
    const oldest = Math.min(...list.map((row) => exchange.parse8601(String(row.datetime ?? '')) ?? 0));
    if (list.length < pageSize || (since !== undefined && oldest < since)) break;
  }
  return rows;
}

/**
 * A transfer ccxt gave no currency: the one currency with a non-zero amount in its row. ccxt reads
 * Bitstamp's user transactions (a signed amount per currency, `btc`, `usd`…) as whole numbers when it
 * looks for the currency, so a deposit or withdrawal of less than one unit had none and was dropped.
 */
function withCurrencyFromRow(exchange: Exchange, item: Transfer): Transfer {
  if (item.currency || !item.info) return item;
  const found = Object.entries(item.info).find(
    ([key, value]) =>
      !key.includes('_') &&
      !['fee', 'id', 'type', 'datetime', 'status', 'price', 'order_id'].includes(key) &&
      typeof value === 'string' &&
      /^-?\d+(\.\d+)?$/.test(value) &&
      /[1-9]/.test(value),
  );
  if (!found) return item;
  const [id, amount] = found as [string, string];
  return { ...item, currency: exchange.safeCurrencyCode(id), amount: Number(amount.replace(/^-/, '')) };
}

/**
 * Markets to read trades of, on exchanges that need one named: those of the assets `held` (on exchanges
 * that read the markets of every asset the account had, all those it is known to have had) against
 * those assets or common quotes, and every market read before (they keep their cursor).
 */
async function tradeSymbols(
  exchange: Exchange,
  info: ExchangeInfo,
  held: Set<string>,
  cursor: ExchangeCursor,
) {
  const markets = await exchangeCall(info.id, () => exchange.loadMarkets());
  const quotes = new Set([...held, ...(info.tradeMarketsFromHistory ? HISTORY_QUOTES : COMMON_QUOTES)]);
  const symbols = new Set(Object.keys(cursor.trades).filter((symbol) => symbol !== '*' && symbol in markets));
  for (const market of Object.values(markets)) {
    if (!market || market.spot !== true) continue;
    if (held.has(market.base) && quotes.has(market.quote)) symbols.add(market.symbol);
  }
  return [...symbols].sort();
}

function dateOf(timestamp: number | undefined, today: string): string {
  return timestamp ? new Date(timestamp).toISOString().slice(0, 10) : today;
}

function stablecoinPeg(symbol: string): string | undefined {
  return cryptoAssetBySymbol(symbol)?.peg;
}

/**
 * An amount of `asset` as money: itself when it is a currency, its peg for a stablecoin, else its US
 * dollar value at today's price (0 when never priced: the name still says the quantity).
 */
function moneyOf(asset: string, quantity: string, usdPrice: (asset: string) => string | undefined) {
  if (isCurrencyCode(asset))
    return { currency: asset, amountMinor: productMinor(quantity, '1', currencyExponent(asset)) };
  const peg = stablecoinPeg(asset);
  if (peg) return { currency: peg, amountMinor: productMinor(quantity, '1', currencyExponent(peg)) };
  const price = usdPrice(asset) ?? '0';
  return {
    currency: CRYPTO_QUOTE_CURRENCY,
    amountMinor: productMinor(quantity, price, currencyExponent(CRYPTO_QUOTE_CURRENCY)),
  };
}

function show(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const trimmed = fraction.slice(0, 8).replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : whole;
}

async function read(context: ConnectorContext): Promise<Reading> {
  const settings = parseExchangeSettings(context.settings);
  const credentials = parseCredentials(context.secret);
  if (!settings || !credentials)
    throw new ProviderError(
      'needs_reauth',
      'This exchange’s API key is missing. Connect the exchange again.',
    );
  const services = context.crypto;
  if (!services) throw new ProviderError('unavailable', 'Exchange syncing is not set up on this server.');
  const info = EXCHANGES[settings.exchange];
  const exchange = createExchange(settings.exchange, credentials, {
    outbound: context.outbound ?? { allowPrivate: false },
    apiUrls: services.exchanges?.apiUrls ?? {},
    ...(services.exchanges?.rateLimitMs === undefined ? {} : { rateLimitMs: services.exchanges.rateLimitMs }),
  });
  const cursor = exchangeCursorOf(context.cursor);

  const markets = await readBalances(exchange, info);
  const held = new Set(markets.flatMap((read) => read.balances.map((balance) => balance.asset)));

  // Transfers first: on exchanges that read trades per market, the assets moved in or out name markets.
  const transfersFrom = Date.now();
  const { deposits, withdrawals, withdrawalsBackTo } = await readTransfers(exchange, info, cursor);

  // The assets the account is known to have had (Binance, Gemini): held now, deposited or withdrawn,
  // traded in a market read before, or seen by an earlier sync. Their markets are read, so a coin bought
  // and sold, or withdrawn, before the exchange was connected has its trades; the markets of assets the
  // account never had are not asked for (Binance weighs each trade request 20).
  const candidates = new Set<string>(held);
  if (info.tradeMarketsFromHistory) {
    for (const asset of cursor.assets ?? []) candidates.add(asset);
    for (const item of [...deposits, ...withdrawals]) if (item.currency) candidates.add(item.currency);
    for (const symbol of Object.keys(cursor.trades))
      for (const part of symbol.split(/[/:]/)) if (part && part !== '*') candidates.add(part);
  }

  const trades: Trade[] = [];
  const nextTrades = { ...cursor.trades };
  const symbols = info.tradesWithoutSymbol
    ? [undefined]
    : await tradeSymbols(exchange, info, candidates, cursor);
  // Trades read by id (Binance): each market from the id after the newest read, kept in the cursor.
  const byId = typeof info.tradePaging === 'object' && 'fromIdParam' in info.tradePaging;
  const nextTradeIds = { ...cursor.tradeIds };
  // Trades read per market in time windows (KuCoin): each market from a little before the time the
  // previous sync read it up to (or from its newest trade, when later), so a market without trades is not
  // walked over the whole year again at every sync.
  const windowed =
    !info.tradesWithoutSymbol && typeof info.tradePaging === 'object' && 'windowMs' in info.tradePaging;
  const tradesFrom = Date.now();
  const nextTradesTo = windowed ? { ...cursor.tradesTo } : undefined;
  for (const symbol of symbols) {
    const key = symbol ?? '*';
    const since = cursor.trades[key];
    const readTo = windowed ? cursor.tradesTo?.[key] : undefined;
    const starts = [
      ...(since === undefined ? [] : [since + 1]),
      ...(readTo === undefined ? [] : [readTo - TRADE_LOOKBACK_MS]),
    ];
    const read = await readTrades(
      exchange,
      info,
      symbol,
      starts.length ? Math.max(...starts) : undefined,
      cursor.tradeIds?.[key],
    );
    if (nextTradesTo) nextTradesTo[key] = tradesFrom;
    trades.push(...read);
    const newest = Math.max(since ?? 0, ...read.map((trade) => trade.timestamp ?? 0));
    if (newest > 0) nextTrades[key] = newest;
    if (byId)
      for (const trade of read)
        if (trade.id !== undefined && /^\d+$/.test(trade.id))
          nextTradeIds[key] = newerId(nextTradeIds[key], trade.id);
  }
  for (const trade of trades)
    for (const part of (trade.symbol ?? '').split(/[/:]/)) if (part) candidates.add(part);

  // Prices: every asset held or traded that Lodestar can price.
  const assetsSeen = new Set<string>(held);
  for (const trade of trades)
    for (const part of (trade.symbol ?? '').split(/[/:]/)) if (part) assetsSeen.add(part);
  for (const item of [...deposits, ...withdrawals]) if (item.currency) assetsSeen.add(item.currency);
  const priced = new Map<string, CryptoAsset>();
  for (const asset of assetsSeen) {
    const known = cryptoAssetBySymbol(asset);
    if (known) priced.set(asset, known);
  }
  const prices = await services.prices.prices([...priced.values()], context.today);
  const usdPrice = (asset: string) => {
    const known = priced.get(asset);
    return known ? (prices.get(known.priceId)?.price ?? undefined) : undefined;
  };

  const usdExponent = currencyExponent(CRYPTO_QUOTE_CURRENCY);
  const accounts: ConnectorAccount[] = [];
  const holdings: ConnectorHolding[] = [];
  for (const { market, balances } of markets) {
    const externalId = accountExternalId(settings, market);
    let total = 0;
    for (const { asset, quantity } of balances) {
      const known = priced.get(asset);
      if (known) {
        // An asset never priced is kept at no value (its quantity still shows), never at a made-up price.
        const price = usdPrice(asset) ?? '0';
        total += productMinor(quantity, price, usdExponent);
        holdings.push({
          accountExternalId: externalId,
          security: {
            provider: 'crypto',
            externalId: known.priceId,
            ticker: known.symbol,
            name: known.name,
            type: 'crypto',
            currency: CRYPTO_QUOTE_CURRENCY,
          },
          quantity,
          price,
          asOf: context.today,
        });
      } else if (isCurrencyCode(asset)) {
        // Cash at the exchange: valued in its own currency; US dollars count in the account's total.
        if (asset === CRYPTO_QUOTE_CURRENCY) total += productMinor(quantity, '1', usdExponent);
        holdings.push({
          accountExternalId: externalId,
          security: {
            provider: CCXT_PROVIDER,
            externalId: `fiat:${asset}`,
            ticker: asset,
            name: `${asset} cash`,
            type: 'cash',
            currency: asset,
          },
          quantity,
          price: '1',
          asOf: context.today,
        });
      } else {
        holdings.push({
          accountExternalId: externalId,
          security: {
            provider: CCXT_PROVIDER,
            externalId: `asset:${asset}`,
            ticker: asset,
            name: asset,
            type: 'crypto',
            currency: CRYPTO_QUOTE_CURRENCY,
          },
          quantity,
          price: '0',
          asOf: context.today,
        });
      }
    }
    accounts.push({
      externalId,
      name: `${settings.label} ${market.label}`,
      type: market.accountType,
      subtype: settings.exchange,
      currency: CRYPTO_QUOTE_CURRENCY,
      currentBalanceMinor: total,
      // An empty Earn, Funding, Margin… wallet: no account until something is in it, zero once emptied.
      ...(market !== info.balances[0] && balances.length === 0 ? { onlyIfKnown: true } : {}),
    });
  }
  // The spot account always exists: trades, deposits and withdrawals are written to it.
  const spot = info.balances[0]!;
  const spotId = accountExternalId(settings, spot);
  if (!accounts.some((account) => account.externalId === spotId)) {
    accounts.unshift({
      externalId: spotId,
      name: `${settings.label} ${spot.label}`,
      type: spot.accountType,
      subtype: settings.exchange,
      currency: CRYPTO_QUOTE_CURRENCY,
      currentBalanceMinor: 0,
    });
  }

  const transactions: ConnectorTransaction[] = [];
  for (const trade of trades) {
    const [base, quote] = (trade.symbol ?? '').split(/[/:]/);
    const amount = decimal(trade.amount);
    const cost =
      decimal(trade.cost) ??
      (trade.amount !== undefined && trade.price !== undefined
        ? decimal(trade.amount * trade.price)
        : undefined);
    if (!base || !quote || !amount || !trade.id) continue;
    const value = moneyOf(quote, cost ?? '0', usdPrice);
    const buying = trade.side === 'buy';
    const price = decimal(trade.price);
    transactions.push({
      externalId: `trade:${trade.symbol}:${trade.id}`,
      accountExternalId: spotId,
      date: dateOf(trade.timestamp, context.today),
      amountMinor: buying ? -value.amountMinor : value.amountMinor,
      currency: value.currency,
      name: `${buying ? 'Bought' : 'Sold'} ${show(amount)} ${base}${price ? ` at ${show(price)} ${quote}` : ''}`,
      description: `${info.name} trade ${trade.symbol}`,
      providerCategory: { primary: 'INVESTMENT', detailed: buying ? 'BUY' : 'SELL' },
      status: 'posted',
    });
  }
  const transferRows = (items: Transfer[], direction: 'in' | 'out') =>
    items.flatMap((item): ConnectorTransaction[] => {
      const quantity = decimal(item.amount);
      // KuCoin's deposits have no id of their own: their transaction hash tells them apart.
      const id = item.id ?? item.txid;
      if (!id || !item.currency || !quantity || NOT_MOVED.has(item.status ?? '')) return [];
      const value = moneyOf(item.currency, quantity, usdPrice);
      return [
        {
          externalId: `${direction === 'in' ? 'deposit' : 'withdrawal'}:${id}`,
          accountExternalId: spotId,
          date: dateOf(item.timestamp, context.today),
          amountMinor: direction === 'in' ? value.amountMinor : -value.amountMinor,
          currency: value.currency,
          name: `${direction === 'in' ? 'Deposit' : 'Withdrawal'} ${show(quantity)} ${item.currency}`,
          description: `${info.name} ${direction === 'in' ? 'deposit' : 'withdrawal'}`,
          providerCategory:
            direction === 'in'
              ? { primary: 'TRANSFER_IN', detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER' }
              : { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER' },
          status: item.status === 'pending' ? 'pending' : 'posted',
        },
      ];
    });
  transactions.push(...transferRows(deposits, 'in'), ...transferRows(withdrawals, 'out'));
  const newestOf = (items: Transfer[], previous: number | undefined) => {
    const newest = Math.max(previous ?? 0, ...items.map((item) => item.timestamp ?? 0));
    return newest > 0 ? newest : undefined;
  };
  const nextDeposits = newestOf(deposits, cursor.deposits);
  const nextWithdrawals = newestOf(withdrawals, cursor.withdrawals);
  return {
    accounts,
    holdings,
    transactions,
    cursor: {
      trades: nextTrades,
      ...(Object.keys(nextTradeIds).length ? { tradeIds: nextTradeIds } : {}),
      ...(nextDeposits === undefined ? {} : { deposits: nextDeposits }),
      ...(nextWithdrawals === undefined ? {} : { withdrawals: nextWithdrawals }),
      ...(info.transferPaging && 'windowMs' in info.transferPaging ? { transfersTo: transfersFrom } : {}),
      ...(withdrawalsBackTo === undefined ? {} : { withdrawalsBackTo }),
      ...(info.tradeMarketsFromHistory ? { assets: [...candidates].sort() } : {}),
      ...(nextTradesTo && Object.keys(nextTradesTo).length ? { tradesTo: nextTradesTo } : {}),
    },
  };
}

function reading(context: ConnectorContext): Promise<Reading> {
  let pending = readings.get(context);
  if (!pending) {
    pending = read(context);
    readings.set(context, pending);
    // A failed reading is not kept: the engine's retry reads again.
    pending.catch(() => readings.delete(context));
  }
  return pending;
}

export const ccxtConnector: Connector = {
  provider: CCXT_PROVIDER,
  institution: { externalId: 'ccxt', name: 'Crypto exchange' },
  valuedByHoldings: true,
  pairsTransfersByAmount: true,
  async accounts(context) {
    return (await reading(context)).accounts;
  },
  async sync(context, cursor) {
    const { transactions, cursor: next } = await reading(context);
    // Batches of what was read. Until the last, the saved cursor keeps the one the sync started from,
    // so a sync cut short reads the same again next time (the ids make the rewrite harmless).
    const page = Number(/^page:(\d+):/.exec(cursor ?? '')?.[1] ?? 0);
    const start = page * BATCH;
    const slice = transactions.slice(start, start + BATCH);
    const hasMore = start + BATCH < transactions.length;
    const from = JSON.stringify(exchangeCursorOf(context.cursor));
    return {
      added: slice,
      modified: [],
      removed: [],
      nextCursor: hasMore ? `page:${page + 1}:${from}` : JSON.stringify(next),
      hasMore,
      progress: transactions.length ? Math.min(1, (start + slice.length) / transactions.length) : 1,
    };
  },
  async holdings(context) {
    return { holdings: (await reading(context)).holdings, prices: [] };
  },
};

/** The cursor as the connector reads it, whether mid-pages or final. */
export function exchangeCursorOf(cursor: string | null | undefined): ExchangeCursor {
  const match = /^page:\d+:(.*)$/s.exec(cursor ?? '');
  return parseCursor(match ? match[1] : cursor);
}
