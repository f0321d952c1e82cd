/**
 * The centralised exchanges Lodestar reads through ccxt (docs/crypto.md, ADR 032): one code path for
 * all of them, each with the credentials its ccxt class requires (`requiredCredentials`, checked by a
 * test against the installed ccxt, so the form asks for nothing more), the market types whose balances
 * become accounts, and how the key's permissions can be read, where the exchange documents a way.
 */

export const EXCHANGE_IDS = [
  'binance',
  'coinbase',
  'kraken',
  'okx',
  'bybit',
  'kucoin',
  'bitstamp',
  'gemini',
] as const;
export type ExchangeId = (typeof EXCHANGE_IDS)[number];

/** The credential fields a form may ask for, in ccxt's names. */
export type CredentialField = 'apiKey' | 'secret' | 'password' | 'uid';

/** The spec §3 account types exchange balances become. */
export type ExchangeAccountType =
  'exchange_spot' | 'exchange_margin' | 'exchange_futures' | 'exchange_options' | 'staking';

export type MarketBalance = {
  /** What ccxt's fetchBalance is asked for (`params.type`). */
  ccxtType: string;
  /** Further parameters of that fetchBalance (KuCoin's margin: `marginMode`). */
  ccxtParams?: Readonly<Record<string, string>>;
  accountType: ExchangeAccountType;
  /** Shown after the exchange's name ("Binance Spot"). */
  label: string;
  /**
   * Read only when the key may see it: an account type the user has not enabled answers with an
   * error on some exchanges (Binance margin), which then means "no such balance", not a failed sync.
   */
  optional?: boolean;
  /**
   * Read when it answers: any failure (an endpoint the exchange retired, answering 404, or an outage
   * of that endpoint alone) leaves this account as it was instead of failing the sync; the spot
   * balance, read first, still fails it when the exchange is down.
   */
  bestEffort?: boolean;
  /**
   * Not asked for on its own: the balances of the spot answer whose asset matches are this account's,
   * under the asset the pattern's first group names (Kraken lists staked and earning balances beside
   * the others, suffixed: `DOT.S`, `BTC.M`, `USDC.F`, `ETH2.S`).
   */
  fromSpot?: RegExp;
  /**
   * Read from the exchange's own position lists, which `fetchBalance` has no type for, through ccxt's
   * signed calls of those endpoints (`ccxtType` still names the account): Binance Simple Earn's
   * flexible and locked positions; Binance's European Options account (ccxt's fetchBalance has no
   * options branch: asked for `option`, it reads the spot account); Coinbase's wallets, page by page;
   * OKX's Simple Earn (savings) balances and active On-chain Earn orders; Bybit's Flexible Savings and
   * On-chain Earn positions; KuCoin Earn's holdings, page by page.
   */
  positions?:
    | 'binance-simple-earn'
    | 'binance-options'
    | 'coinbase-wallets'
    | 'okx-earn'
    | 'bybit-earn'
    | 'kucoin-earn';
};

/** What an earning balance's base is called when it is not the asset's own symbol (Kraken's ETH2). */
export const STAKED_ALIASES: Readonly<Record<string, string>> = { ETH2: 'ETH' };

/**
 * History an exchange answers only for a bounded span a request (`windowMs`), kept for `historyMs`:
 * read window after window from the last item read (or as far back as kept), each window page by page,
 * `cursorParam` taking the cursor the previous page left in its first item's `cursorField`.
 */
export type WindowPaging = {
  windowMs: number;
  historyMs: number;
  pageSize: number;
  cursorParam: string;
  cursorField: string;
  /**
   * The cursor is the smallest `cursorField` (a numeric id) of the page read, not a value the page
   * hands over (KuCoin's `lastId`).
   */
  cursorIsOldestId?: boolean;
  /**
   * The cursor is how many items of the window were read so far, sent in `cursorParam` (Binance's
   * `offset`); `cursorField` is then unused.
   */
  cursorIsOffset?: boolean;
  /** Where the history starts when nothing was read yet, instead of `historyMs` before now. */
  historyStart?: number;
};

const DAY_MS = 86_400_000;

export type ExchangeInfo = {
  id: ExchangeId;
  name: string;
  credentials: readonly CredentialField[];
  /** What the exchange calls the third credential, when it has one. */
  passwordLabel?: string;
  balances: readonly MarketBalance[];
  /** Trades can be read without naming a market (otherwise per market of the assets held). */
  tradesWithoutSymbol: boolean;
  /**
   * Trades are read per market of every asset the account is known to have had, not only of those held
   * now: held, deposited or withdrawn (the whole transfer history), traded, or seen by an earlier sync
   * (kept in the cursor). A coin bought and sold, or withdrawn, before the exchange was connected still
   * has its trades read.
   */
  tradeMarketsFromHistory?: boolean;
  /**
   * Windowed withdrawal history read at most this many windows a sync, the newest first, further back
   * at each sync (the exchange weighs each request so that only a few fit in a minute).
   */
  withdrawalWindowsPerSync?: number;
  /**
   * How trade pages follow each other: `since` (oldest first: the next page starts after the newest
   * trade read), an offset parameter (newest first, a fixed page size: Kraken's `ofs`), an id
   * parameter asking for what is older than the oldest trade read (newest first, at most `pageSize`
   * a page: OKX's `after` a `billId`), or time windows read one after another, each page by page
   * through the cursor the previous page gave (Bybit).
   */
  tradePaging:
    | 'since'
    /**
     * Ascending by trade id, `pageSize` a page, each page from the id after the newest read, sent in
     * `fromIdParam` (the first from 0); the last id read is kept in the cursor, so the next sync asks
     * for what follows it (Binance's `fromId`: its time parameters answer 24 hours at most).
     */
    | { fromIdParam: string; pageSize: number }
    /**
     * Oldest first from the very first (Gemini: without a start it answers the most recent only),
     * `pageSize` a page, each page from the newest time read plus one, as Gemini documents the walk.
     */
    | {
        fromStart: true;
        pageSize: number;
        /**
         * The start sent in milliseconds in this parameter: ccxt sends Gemini's in whole seconds, so a
         * page would start again at the second of the newest trade read and, once ccxt drops what is
         * older than asked for, look shorter than a full page.
         */
        startParam?: string;
      }
    | { offsetParam: string }
    | { olderThanParam: string; idField: string; pageSize: number }
    /**
     * Bitstamp's `user_transactions`: trades, deposits and withdrawals in one list, newest first,
     * `pageSize` a page by `offset`, read as Bitstamp answers it (ccxt leaves out the rows that are not
     * trades, so a page of deposits looked like the end) and parsed by ccxt.
     */
    | { userTransactions: true; pageSize: number }
    | WindowPaging;
  /** Parameters every trade request carries (the market type, where ccxt's default is another). */
  tradeParams?: Readonly<Record<string, string>>;
  /**
   * Deposits and withdrawals in time windows, or newest first in pages of `pageSize` each asking for
   * what is older than the oldest read (ccxt's `until`: OKX's `after`); else one request each from the
   * last one read.
   */
  transferPaging?:
    | WindowPaging
    | { olderByTime: true; pageSize: number }
    /**
     * Coinbase: each wallet's own transaction list (`/v2/accounts/:id/transactions`, newest first,
     * `pageSize` a page, `starting_after` the last id read), of which the sends (received positive,
     * sent negative) and fiat deposits and withdrawals are transfers; trades are listed there too.
     */
    | { perWallet: true; pageSize: number }
    /** Deposits and withdrawals in one list, walked like `fromStart` trades (Gemini's transfers). */
    | { fromStart: true; pageSize: number }
    /**
     * Deposits and withdrawals each newest first from the last one read, `pageSize` a page, the pages
     * numbered from 1 in `pageParam` (KuCoin's `currentPage`).
     */
    | { pageParam: string; pageSize: number }
    | { userTransactions: true; pageSize: number };
  /** Where a user makes a read-only key. */
  keyHelp: string;
};

const SPOT: MarketBalance = { ccxtType: 'spot', accountType: 'exchange_spot', label: 'Spot' };

export const EXCHANGES: Record<ExchangeId, ExchangeInfo> = {
  binance: {
    id: 'binance',
    name: 'Binance',
    credentials: ['apiKey', 'secret'],
    balances: [
      SPOT,
      // Binance Pay, P2P and gift-card money lands here, apart from Spot.
      { ccxtType: 'funding', accountType: 'exchange_spot', label: 'Funding', optional: true },
      { ccxtType: 'margin', accountType: 'exchange_margin', label: 'Margin', optional: true },
      { ccxtType: 'future', accountType: 'exchange_futures', label: 'USD-M Futures', optional: true },
      // European Options (`/eapi/v1/marginAccount`), worth its equity: the balance plus the options held
      // at mark. An account without options is refused; never a failed sync.
      {
        ccxtType: 'option',
        accountType: 'exchange_options',
        label: 'Options',
        optional: true,
        bestEffort: true,
        positions: 'binance-options',
      },
      // Simple Earn, flexible and locked (Binance retired the savings endpoints `fetchBalance`'s
      // 'savings' type reads); the account keeps the id it had as savings.
      {
        ccxtType: 'savings',
        accountType: 'staking',
        label: 'Earn',
        optional: true,
        bestEffort: true,
        positions: 'binance-simple-earn',
      },
    ],
    tradesWithoutSymbol: false,
    tradeMarketsFromHistory: true,
    // `/api/v3/myTrades` answers at most 24 hours by time (`startTime` alone: the 24 hours after it, so a
    // day without trades looked like the end); by `fromId` it answers the trades from that id on.
    tradePaging: { fromIdParam: 'fromId', pageSize: 1000 },
    // Deposit and withdrawal history: at most 90 days a request (the last 90 when none is named), 1,000
    // a page by `offset`; walked from Binance's launch on the first sync, so that a coin deposited or
    // withdrawn long ago is known and its markets' trades are read.
    transferPaging: {
      windowMs: 90 * DAY_MS,
      historyMs: 0,
      historyStart: Date.UTC(2017, 6, 1),
      pageSize: 1000,
      cursorParam: 'offset',
      cursorField: '',
      cursorIsOffset: true,
    },
    // A withdrawal-history request weighs 18,000 of the 180,000 a minute Binance allows an account: at
    // most 9 a sync (about two years), older withdrawals at the next syncs.
    withdrawalWindowsPerSync: 9,
    keyHelp: 'API Management → Create API → leave only “Enable Reading” ticked',
  },
  coinbase: {
    id: 'coinbase',
    name: 'Coinbase Advanced',
    credentials: ['apiKey', 'secret'],
    // Every wallet, 100 a page (ccxt's fetchBalance reads one page: a user's first 100 wallets).
    balances: [{ ...SPOT, positions: 'coinbase-wallets' }],
    tradesWithoutSymbol: true,
    // Fills (`/api/v3/brokerage/orders/historical/fills`) come newest first, page after page through the
    // `cursor` each page gives (ccxt leaves it in the first fill's info); one window covers all history.
    tradePaging: {
      windowMs: 20 * 365 * DAY_MS,
      historyMs: 20 * 365 * DAY_MS,
      pageSize: 250,
      cursorParam: 'cursor',
      cursorField: 'cursor',
    },
    // ccxt reads deposits and withdrawals only of a wallet named, one page of them: read wallet by wallet.
    transferPaging: { perWallet: true, pageSize: 100 },
    keyHelp: 'Developer Platform → API keys → Secret API key with only the “View” permission',
  },
  kraken: {
    id: 'kraken',
    name: 'Kraken',
    credentials: ['apiKey', 'secret'],
    balances: [
      SPOT,
      // BalanceEx's suffixed assets: .S staked, .M opt-in rewards, .F auto-earn, .B yield-bearing,
      // .P parachain; ETH2 is staked ether.
      {
        ccxtType: 'staked',
        accountType: 'staking',
        label: 'Staking',
        fromSpot: /^(.+)\.(?:S|M|F|B|P)$|^(ETH2)$/,
      },
    ],
    tradesWithoutSymbol: true,
    tradePaging: { offsetParam: 'ofs' },
    keyHelp: 'Settings → API → Create key with only the “Query” permissions ticked',
  },
  okx: {
    id: 'okx',
    name: 'OKX',
    credentials: ['apiKey', 'secret', 'password'],
    passwordLabel: 'Passphrase',
    balances: [
      { ccxtType: 'trading', accountType: 'exchange_spot', label: 'Trading' },
      { ccxtType: 'funding', accountType: 'exchange_spot', label: 'Funding', optional: true },
      // Simple Earn (savings) and On-chain Earn, which the trading and funding balances leave out.
      {
        ccxtType: 'earn',
        accountType: 'staking',
        label: 'Earn',
        optional: true,
        bestEffort: true,
        positions: 'okx-earn',
      },
    ],
    tradesWithoutSymbol: true,
    // Fills of the last three months (`/api/v5/trade/fills-history`), newest first, 100 a page.
    tradePaging: { olderThanParam: 'after', idField: 'billId', pageSize: 100 },
    // Deposit and withdrawal history: newest first, 100 a page.
    transferPaging: { olderByTime: true, pageSize: 100 },
    keyHelp: 'Profile → API keys → Create API key with only the “Read” permission',
  },
  bybit: {
    id: 'bybit',
    name: 'Bybit',
    credentials: ['apiKey', 'secret'],
    balances: [
      { ccxtType: 'unified', accountType: 'exchange_spot', label: 'Unified Trading' },
      { ccxtType: 'fund', accountType: 'exchange_spot', label: 'Funding', optional: true },
      // Bybit Earn's Flexible Savings and On-chain Earn (read when the key has the Earn permission).
      {
        ccxtType: 'earn',
        accountType: 'staking',
        label: 'Earn',
        optional: true,
        bestEffort: true,
        positions: 'bybit-earn',
      },
    ],
    tradesWithoutSymbol: true,
    // `/v5/execution/list`: 7 days a request, 100 a page, two years kept; spot (ccxt's default is linear).
    tradePaging: {
      windowMs: 7 * DAY_MS,
      historyMs: 730 * DAY_MS,
      pageSize: 100,
      cursorParam: 'cursor',
      cursorField: 'nextPageCursor',
    },
    tradeParams: { type: 'spot' },
    // Deposit and withdrawal records: 30 days a request, 50 a page.
    transferPaging: {
      windowMs: 30 * DAY_MS,
      historyMs: 730 * DAY_MS,
      pageSize: 50,
      cursorParam: 'cursor',
      cursorField: 'nextPageCursor',
    },
    keyHelp: 'API → Create New Key → System-generated, “Read-Only” permissions',
  },
  kucoin: {
    id: 'kucoin',
    name: 'KuCoin',
    credentials: ['apiKey', 'secret', 'password'],
    passwordLabel: 'Passphrase',
    balances: [
      { ccxtType: 'trade', accountType: 'exchange_spot', label: 'Trading' },
      { ccxtType: 'main', accountType: 'exchange_spot', label: 'Funding', optional: true },
      // Cross margin; without marginMode ccxt reads an account moved to high-frequency trading (all
      // since 2023) as the trading account.
      {
        ccxtType: 'margin',
        ccxtParams: { marginMode: 'cross' },
        accountType: 'exchange_margin',
        label: 'Margin',
        optional: true,
      },
      // KuCoin Earn: savings, staking, promotions and ETH staking held.
      {
        ccxtType: 'earn',
        accountType: 'staking',
        label: 'Earn',
        optional: true,
        bestEffort: true,
        positions: 'kucoin-earn',
      },
    ],
    // High-frequency accounts' fills (`/api/v1/hf/fills`) need a `symbol` (the classic `/api/v1/fills`,
    // where it is optional, lists no high-frequency fill, and ccxt refuses a high-frequency call without
    // one): read per market of every asset the account had, 7 days a request, 100 a page, each page after
    // the smallest id read (`lastId`).
    tradesWithoutSymbol: false,
    tradeMarketsFromHistory: true,
    tradePaging: {
      windowMs: 7 * DAY_MS,
      historyMs: 365 * DAY_MS,
      pageSize: 100,
      cursorParam: 'lastId',
      cursorField: 'id',
      cursorIsOldestId: true,
    },
    // Deposit and withdrawal lists: 500 a page (KuCoin's maximum; 50 when none is named), by
    // `currentPage`, so that every coin moved in or out is known, not only those of the newest page.
    transferPaging: { pageParam: 'currentPage', pageSize: 500 },
    keyHelp: 'API Management → Create API with only the “General” permission',
  },
  bitstamp: {
    id: 'bitstamp',
    name: 'Bitstamp',
    credentials: ['apiKey', 'secret'],
    balances: [SPOT],
    tradesWithoutSymbol: true,
    // `user_transactions`: newest first, trades beside deposits and withdrawals, at most 1,000 a page by
    // `offset` (ccxt asks for no page size: 100; and leaves the offset to us).
    tradePaging: { userTransactions: true, pageSize: 1000 },
    transferPaging: { userTransactions: true, pageSize: 1000 },
    keyHelp: 'Settings → API access → New API key with only “Account balance” and “User transactions”',
  },
  gemini: {
    id: 'gemini',
    name: 'Gemini',
    credentials: ['apiKey', 'secret'],
    balances: [SPOT],
    tradesWithoutSymbol: false,
    // `/v1/mytrades` needs a `symbol`; the transfers are read from the first, so every coin moved in or
    // out is known.
    tradeMarketsFromHistory: true,
    // `/v1/mytrades`: 500 a page; `/v1/transfers`: 50 a page.
    tradePaging: { fromStart: true, pageSize: 500, startParam: 'timestamp' },
    transferPaging: { fromStart: true, pageSize: 50 },
    keyHelp: 'Settings → API → Create API key with the “Auditor” role',
  },
};

export function isExchangeId(value: unknown): value is ExchangeId {
  return typeof value === 'string' && (EXCHANGE_IDS as readonly string[]).includes(value);
}

/** The advice every connect form and refusal carries. */
export const READ_ONLY_ADVICE =
  'Create a read-only API key for Lodestar: it only reads balances and history, and never needs to trade or withdraw.';
