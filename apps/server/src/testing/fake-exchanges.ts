import { createHash, createHmac } from 'node:crypto';
import { body, equal, listen, send } from './fake-http';

/**
 * Stand-ins for two exchanges' REST APIs on 127.0.0.1, built from their API references, each checking
 * requests the way the exchange does:
 *
 * - Binance (developers.binance.com): private GETs carry `timestamp` and `signature` = hex
 *   HMAC-SHA256(secret, the query string before `signature`) with the key in `X-MBX-APIKEY`; a bad
 *   signature is HTTP 401 `{ code: -1022 }`, too many requests HTTP 429 `{ code: -1003 }`. Spot
 *   `/api/v3/account`, cross margin `/sapi/v1/margin/account`, USD-M futures `/fapi/v2|v3/account`,
 *   `/api/v3/myTrades` (`symbol` required, `limit` ≤ 1000, ascending by id: `fromId` the trades from that id,
 *   `startTime` and `endTime` at most 24 hours apart and one alone the 24 hours after or before it, neither
 *   the most recent), European Options `/eapi/v1/marginAccount` (`asset: [{ asset, marginBalance,
 *   equity, … }]`, `-2015` for an account without options), deposit and
 *   withdrawal history (`/sapi/v1/capital/deposit/hisrec`, `/sapi/v1/capital/withdraw/history`: the last
 *   90 days when no `startTime` or `endTime` is sent, a missing end 90 days after the start or now, a span
 *   longer than 90 days refused with `-1127`, `offset` and `limit` ≤ 1000 paging within), the key's permissions `/sapi/v1/account/apiRestrictions`, Simple Earn positions
 *   `/sapi/v1/simple-earn/flexible/position` (`rows: [{ asset, totalAmount, productId, … }]`) and
 *   `/sapi/v1/simple-earn/locked/position` (`rows: [{ positionId, asset, amount, … }]`), each paged by
 *   `current` (from 1) and `size` (default 10, at most 100) with the `total` of rows,
 *   and the Funding wallet, a signed POST `/sapi/v1/asset/get-funding-asset` (`[{ asset, free, locked,
 *   freeze, withdrawing, btcValuation }]`); a signed POST's signature covers the query string followed
 *   by the form body ("totalParams").
 * - Kraken (docs.kraken.com): private POSTs of form data with a rising `nonce`, `API-Key` and `API-Sign`
 *   = base64 HMAC-SHA512(base64-decoded secret, URI path + SHA256(nonce + POST data)); errors are HTTP
 *   200 `{ error: ['EAPI:Invalid signature'] }`. `BalanceEx` (staked and earning balances beside the
 *   others under suffixed asset names: `DOT.S`, `XBT.M`, `USDC.F`, `ETH2.S`), `TradesHistory` (newest first, 50 per page,
 *   `ofs`, `start` exclusive in seconds), `DepositStatus`, `WithdrawStatus`, and `WithdrawMethods`, which
 *   needs the "Withdraw Funds" permission.
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests with the exchange's
 * rate-limit error first.
 */

export type FakeExchangeKey = { apiKey: string; secret: string };

type Common = {
  url: string;
  requests: { method: string; path: string }[];
  down: boolean;
  tooManyRequests: number;
  close(): Promise<void>;
};

export type BinanceTrade = {
  symbol: string;
  id: number;
  price: string;
  qty: string;
  quoteQty: string;
  time: number;
  isBuyer: boolean;
  commission?: string;
  commissionAsset?: string;
};

export type FakeBinance = Common & {
  key: FakeExchangeKey;
  /** Asset → amount (decimal strings), per wallet. */
  spot: Record<string, string>;
  margin: Record<string, string> | null;
  futures: Record<string, string> | null;
  /**
   * Simple Earn positions, each `[asset, amount]` (decimal strings); `retired` answers both lists with a
   * bare 404 (an endpoint taken down).
   */
  earn: { flexible: [string, string][]; locked: [string, string][] } | 'retired';
  /** Funding wallet balances, asset → free amount (decimal strings). */
  funding: Record<string, string>;
  /**
   * European Options account, asset → `[marginBalance, equity]` (decimal strings); null when the user
   * never opened one (refused with `-2015`, as the options API answers a key it lets read nothing).
   */
  options: Record<string, [string, string]> | null;
  trades: BinanceTrade[];
  deposits: { id: string; coin: string; amount: string; insertTime: number; status: number }[];
  withdrawals: { id: string; coin: string; amount: string; applyTime: number; status: number }[];
  restrictions: Record<string, boolean>;
  /** The `symbol` of each myTrades request, in order. */
  tradeSymbols: string[];
  /** The `symbol`, `startTime`, `endTime` and `fromId` of each myTrades request, in order. */
  tradeQueries: { symbol: string; startTime: string | null; endTime: string | null; fromId: string | null }[];
};

export type KrakenTrade = {
  txid: string;
  pair: 'XXBTZUSD' | 'XETHZUSD';
  time: number;
  type: 'buy' | 'sell';
  price: string;
  vol: string;
  cost: string;
  fee: string;
};

export type FakeKraken = Common & {
  key: FakeExchangeKey;
  /** Kraken asset names (XXBT, ZUSD) → balance. */
  balances: Record<string, string>;
  trades: KrakenTrade[];
  deposits: { refid: string; asset: string; amount: string; time: number; method: string }[];
  withdrawals: { refid: string; asset: string; amount: string; time: number; method: string }[];
  canWithdraw: boolean;
  /** The `ofs` and `start` of each TradesHistory request. */
  tradePages: { ofs: number; start: string | null }[];
};

const BINANCE_SYMBOLS = [
  ['BTCUSDT', 'BTC', 'USDT'],
  ['ETHUSDT', 'ETH', 'USDT'],
  ['ETHBTC', 'ETH', 'BTC'],
  ['SOLUSDT', 'SOL', 'USDT'],
  ['LINKUSDT', 'LINK', 'USDT'],
  ['LINKBTC', 'LINK', 'BTC'],
  ['DOGEUSDT', 'DOGE', 'USDT'],
  ['SOLETH', 'SOL', 'ETH'],
] as const;

const NINETY_DAYS_MS = 90 * 86_400_000;

/**
 * The rows of a Binance deposit or withdrawal history request: `startTime`…`endTime` (the last 90 days
 * when neither is sent; 90 days from the one sent), at most 90 days apart, `offset` rows skipped, at
 * most `limit` (default and maximum 1000); undefined when the span is refused.
 */
function binanceHistory<T>(items: T[], time: (item: T) => number, params: URLSearchParams) {
  const startParam = params.get('startTime');
  const endParam = params.get('endTime');
  const now = Date.now();
  const end = endParam
    ? Number(endParam)
    : startParam
      ? Math.min(Number(startParam) + NINETY_DAYS_MS, now)
      : now;
  const start = startParam ? Number(startParam) : end - NINETY_DAYS_MS;
  if (end - start > NINETY_DAYS_MS) return undefined;
  const offset = Number(params.get('offset') ?? 0);
  const limit = Math.min(Number(params.get('limit') ?? 1000), 1000);
  return items
    .filter((item) => time(item) >= start && time(item) <= end)
    .sort((a, b) => time(b) - time(a))
    .slice(offset, offset + limit);
}

const TOO_LONG = { code: -1127, msg: 'More than 90 days between startTime and endTime.' };

const DAY_MS = 86_400_000;

/**
 * The trades a `/api/v3/myTrades` request answers, as Binance documents and answers it: `fromId` gives
 * trades with that id or a later one (not with `startTime` or `endTime`: -1128); `startTime` and
 * `endTime` at most 24 hours apart (-1127), and one alone the 24 hours after or before it; with
 * neither, the most recent trades. Ascending by id, at most `limit` (default 500, at most 1000).
 */
function binanceMyTrades(trades: BinanceTrade[], params: URLSearchParams) {
  const startParam = params.get('startTime');
  const endParam = params.get('endTime');
  const fromId = params.get('fromId');
  const limit = Math.min(Number(params.get('limit') ?? 500), 1000);
  const sorted = [...trades].sort((a, b) => a.id - b.id);
  if (fromId !== null) {
    if (startParam !== null || endParam !== null)
      return { error: { code: -1128, msg: 'Combination of optional parameters invalid.' } };
    return { rows: sorted.filter((trade) => trade.id >= Number(fromId)).slice(0, limit) };
  }
  if (startParam === null && endParam === null) return { rows: sorted.slice(-limit) };
  const start = startParam !== null ? Number(startParam) : Number(endParam) - DAY_MS;
  const end = endParam !== null ? Number(endParam) : Number(startParam) + DAY_MS;
  if (end - start > DAY_MS)
    return { error: { code: -1127, msg: 'More than 24 hours between startTime and endTime.' } };
  return { rows: sorted.filter((trade) => trade.time >= start && trade.time <= end).slice(0, limit) };
}

function binanceSymbol([symbol, base, quote]: readonly [string, string, string]) {
  return {
    symbol,
    status: 'TRADING',
    baseAsset: base,
    baseAssetPrecision: 8,
    quoteAsset: quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ['LIMIT', 'MARKET'],
    icebergAllowed: true,
    ocoAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.01', maxPrice: '1000000.00', tickSize: '0.01' },
      { filterType: 'LOT_SIZE', minQty: '0.00001', maxQty: '9000.00', stepSize: '0.00001' },
    ],
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
  };
}

export async function startFakeBinance(key: FakeExchangeKey): Promise<FakeBinance> {
  const state = {
    requests: [] as FakeBinance['requests'],
    down: false,
    tooManyRequests: 0,
  };
  const fake = {} as FakeBinance;
  const served = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    fake.requests.push({ method: request.method ?? 'GET', path });
    const form = await body(request);
    if (fake.down) return send(response, 503, { code: -1008, msg: 'Service unavailable' });
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return send(response, 429, { code: -1003, msg: 'Too many requests; please use the websocket.' });
    }
    const publicPaths: Record<string, unknown> = {
      '/api/v3/exchangeInfo': {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [],
        symbols: BINANCE_SYMBOLS.map(binanceSymbol),
      },
      '/fapi/v1/exchangeInfo': { timezone: 'UTC', serverTime: Date.now(), assets: [], symbols: [] },
      '/dapi/v1/exchangeInfo': { timezone: 'UTC', serverTime: Date.now(), symbols: [] },
      '/api/v3/time': { serverTime: Date.now() },
    };
    if (path in publicPaths) return send(response, 200, publicPaths[path]);

    // Signed endpoints: the key in X-MBX-APIKEY, the HMAC of the parameters before `signature` (the query
    // string, then a POST's form body).
    const query = url.search.slice(1) + (request.method === 'POST' ? form : '');
    const at = query.lastIndexOf('&signature=');
    const signed = at >= 0 ? query.slice(0, at) : '';
    const signature = at >= 0 ? query.slice(at + '&signature='.length) : '';
    if (request.headers['x-mbx-apikey'] !== fake.key.apiKey)
      return send(response, 401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
    const expected = createHmac('sha256', fake.key.secret).update(signed).digest('hex');
    if (!signature || !equal(signature, expected) || !new URLSearchParams(signed).get('timestamp'))
      return send(response, 401, { code: -1022, msg: 'Signature for this request is not valid.' });

    const params = new URLSearchParams(query);
    if (request.method === 'POST' && path !== '/sapi/v1/asset/get-funding-asset')
      return send(response, 404, { code: -5000, msg: `No such endpoint POST ${path}` });
    switch (path) {
      case '/sapi/v1/asset/get-funding-asset':
        if (request.method !== 'POST')
          return send(response, 404, { code: -5000, msg: `No such endpoint GET ${path}` });
        return send(
          response,
          200,
          Object.entries(fake.funding).map(([asset, free]) => ({
            asset,
            free,
            locked: '0',
            freeze: '0',
            withdrawing: '0',
            btcValuation: '0',
          })),
        );
      case '/sapi/v1/account/apiRestrictions':
        return send(response, 200, {
          ipRestrict: false,
          createTime: 1_700_000_000_000,
          enableReading: true,
          ...fake.restrictions,
        });
      case '/sapi/v1/capital/config/getall':
      case '/sapi/v1/margin/allPairs':
      case '/sapi/v1/margin/isolated/allPairs':
        return send(response, 200, []);
      case '/api/v3/account':
        return send(response, 200, {
          makerCommission: 10,
          takerCommission: 10,
          canTrade: true,
          canWithdraw: true,
          canDeposit: true,
          updateTime: Date.now(),
          accountType: 'SPOT',
          balances: Object.entries(fake.spot).map(([asset, free]) => ({ asset, free, locked: '0.00000000' })),
          permissions: ['SPOT'],
        });
      case '/sapi/v1/margin/account':
        if (!fake.margin) return send(response, 400, { code: -3003, msg: 'Margin account does not exist.' });
        return send(response, 200, {
          borrowEnabled: true,
          marginLevel: '999',
          totalAssetOfBtc: '0',
          totalLiabilityOfBtc: '0',
          totalNetAssetOfBtc: '0',
          tradeEnabled: true,
          transferEnabled: true,
          userAssets: Object.entries(fake.margin).map(([asset, free]) => ({
            asset,
            borrowed: '0',
            free,
            interest: '0',
            locked: '0',
            netAsset: free,
          })),
        });
      case '/fapi/v2/account':
      case '/fapi/v3/account':
        // A key without futures access (or no futures wallet) is refused as Binance refuses it.
        if (!fake.futures)
          return send(response, 401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
        return send(response, 200, {
          totalWalletBalance: '0',
          assets: Object.entries(fake.futures).map(([asset, walletBalance]) => ({
            asset,
            walletBalance,
            unrealizedProfit: '0',
            marginBalance: walletBalance,
            maintMargin: '0',
            initialMargin: '0',
            positionInitialMargin: '0',
            openOrderInitialMargin: '0',
            crossWalletBalance: walletBalance,
            crossUnPnl: '0',
            availableBalance: walletBalance,
            maxWithdrawAmount: walletBalance,
            updateTime: Date.now(),
          })),
          positions: [],
        });
      case '/eapi/v1/marginAccount':
        if (!fake.options)
          return send(response, 401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
        return send(response, 200, {
          asset: Object.entries(fake.options).map(([asset, [marginBalance, equity]]) => ({
            asset,
            marginBalance,
            equity,
            available: marginBalance,
            initialMargin: '0',
            maintMargin: '0',
            unrealizedPNL: '0',
            adjustedEquity: equity,
          })),
          greek: [{ underlying: 'BTCUSDT', delta: '0', gamma: '0', theta: '0', vega: '0' }],
          time: Date.now(),
          canTrade: true,
          canDeposit: true,
          canWithdraw: true,
          reduceOnly: false,
        });
      case '/sapi/v1/simple-earn/flexible/position':
      case '/sapi/v1/simple-earn/locked/position': {
        if (fake.earn === 'retired') {
          response.writeHead(404, { 'content-type': 'text/html' });
          response.end('<html><body>Not Found</body></html>');
          return;
        }
        const flexible = path.includes('flexible');
        const all = flexible ? fake.earn.flexible : fake.earn.locked;
        const size = Math.min(Number(params.get('size') ?? 10), 100);
        const current = Math.max(Number(params.get('current') ?? 1), 1);
        const page = all.slice((current - 1) * size, current * size);
        const rows = page.map(([asset, amount], index) =>
          flexible
            ? {
                totalAmount: amount,
                latestAnnualPercentageRate: '0.02599895',
                yesterdayAirdropPercentageRate: '0',
                asset,
                canRedeem: true,
                collateralAmount: '0',
                productId: `${asset}001`,
                yesterdayRealTimeRewards: '0.0001',
                cumulativeBonusRewards: '0',
                cumulativeRealTimeRewards: '0.0001',
                cumulativeTotalRewards: '0.0001',
                autoSubscribe: true,
              }
            : {
                positionId: (current - 1) * size + index + 1,
                projectId: `${asset}*90`,
                asset,
                amount,
                purchaseTime: '1646182276000',
                duration: '90',
                accrualDays: '4',
                rewardAsset: asset,
                APY: '0.05',
                rewardAmt: '0.01',
                nextPay: '0.001',
                nextPayDate: '1646697600000',
                payPeriod: '1',
                rewardsEndDate: '1651449600000',
                deliverDate: '1651536000000',
                redeemPeriod: '1',
                redeemingAmt: '0',
                canRedeemEarly: true,
                autoSubscribe: true,
                type: 'NORMAL',
                status: 'HOLDING',
              },
        );
        return send(response, 200, { rows, total: all.length });
      }
      case '/api/v3/myTrades': {
        const symbol = params.get('symbol');
        if (!symbol)
          return send(response, 400, { code: -1102, msg: "Mandatory parameter 'symbol' was not sent." });
        fake.tradeSymbols.push(symbol);
        fake.tradeQueries.push({
          symbol,
          startTime: params.get('startTime'),
          endTime: params.get('endTime'),
          fromId: params.get('fromId'),
        });
        const answer = binanceMyTrades(
          fake.trades.filter((trade) => trade.symbol === symbol),
          params,
        );
        if (answer.error) return send(response, 400, answer.error);
        const rows = answer.rows.map((trade) => ({
          symbol: trade.symbol,
          id: trade.id,
          orderId: trade.id + 100_000,
          orderListId: -1,
          price: trade.price,
          qty: trade.qty,
          quoteQty: trade.quoteQty,
          commission: trade.commission ?? '0',
          commissionAsset: trade.commissionAsset ?? 'BNB',
          time: trade.time,
          isBuyer: trade.isBuyer,
          isMaker: false,
          isBestMatch: true,
        }));
        return send(response, 200, rows);
      }
      case '/sapi/v1/capital/deposit/hisrec': {
        const rows = binanceHistory(fake.deposits, (item) => item.insertTime, params);
        if (!rows) return send(response, 400, TOO_LONG);
        return send(
          response,
          200,
          rows.map((item) => ({
            id: item.id,
            amount: item.amount,
            coin: item.coin,
            network: item.coin,
            status: item.status,
            address: 'deposit-address',
            addressTag: '',
            txId: `tx-${item.id}`,
            insertTime: item.insertTime,
            transferType: 0,
            confirmTimes: '1/1',
            unlockConfirm: 0,
            walletType: 0,
          })),
        );
      }
      case '/sapi/v1/capital/withdraw/history': {
        const rows = binanceHistory(fake.withdrawals, (item) => item.applyTime, params);
        if (!rows) return send(response, 400, TOO_LONG);
        const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
        return send(
          response,
          200,
          rows.map((item) => ({
            id: item.id,
            amount: item.amount,
            transactionFee: '0',
            coin: item.coin,
            status: item.status,
            address: 'withdrawal-address',
            txId: `tx-${item.id}`,
            applyTime: stamp(item.applyTime),
            network: item.coin,
            transferType: 0,
            completeTime: stamp(item.applyTime),
          })),
        );
      }
      default:
        return send(response, 404, { code: -5000, msg: `No such endpoint ${path}` });
    }
  });
  Object.assign(fake, state, {
    url: served.url,
    close: served.close,
    key,
    spot: {},
    margin: null,
    futures: null,
    funding: {},
    options: null,
    earn: { flexible: [], locked: [] },
    trades: [],
    deposits: [],
    withdrawals: [],
    tradeSymbols: [],
    tradeQueries: [],
    restrictions: {
      enableWithdrawals: false,
      enableInternalTransfer: false,
      enableMargin: false,
      enableFutures: false,
      permitsUniversalTransfer: false,
      enableVanillaOptions: false,
      enableSpotAndMarginTrading: false,
    },
  });
  return fake;
}

const KRAKEN_ASSETS: Record<string, { altname: string; decimals: number }> = {
  XXBT: { altname: 'XBT', decimals: 10 },
  XETH: { altname: 'ETH', decimals: 10 },
  ZUSD: { altname: 'USD', decimals: 4 },
  ZEUR: { altname: 'EUR', decimals: 4 },
  DOT: { altname: 'DOT', decimals: 10 },
  'DOT.S': { altname: 'DOT.S', decimals: 10 },
  'XBT.M': { altname: 'XBT.M', decimals: 10 },
  'ETH2.S': { altname: 'ETH2.S', decimals: 10 },
  ETH2: { altname: 'ETH2', decimals: 10 },
  USDC: { altname: 'USDC', decimals: 8 },
  'USDC.F': { altname: 'USDC.F', decimals: 8 },
};

const KRAKEN_PAIRS: Record<string, { altname: string; wsname: string; base: string; quote: string }> = {
  XXBTZUSD: { altname: 'XBTUSD', wsname: 'XBT/USD', base: 'XXBT', quote: 'ZUSD' },
  XETHZUSD: { altname: 'ETHUSD', wsname: 'ETH/USD', base: 'XETH', quote: 'ZUSD' },
};

/** Kraken answers 50 trades per TradesHistory page. */
const KRAKEN_PAGE = 50;

export async function startFakeKraken(key: FakeExchangeKey): Promise<FakeKraken> {
  const fake = {} as FakeKraken;
  let lastNonce = 0n;
  const served = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    fake.requests.push({ method: request.method ?? 'GET', path });
    const text = await body(request);
    if (fake.down) return send(response, 503, { error: ['EService:Unavailable'] });
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return send(response, 200, { error: ['EAPI:Rate limit exceeded'] });
    }
    const ok = (result: unknown) => send(response, 200, { error: [], result });
    if (path === '/0/public/Assets')
      return ok(
        Object.fromEntries(
          Object.entries(KRAKEN_ASSETS).map(([name, asset]) => [
            name,
            { aclass: 'currency', ...asset, display_decimals: 5, status: 'enabled' },
          ]),
        ),
      );
    if (path === '/0/public/AssetPairs')
      return ok(
        Object.fromEntries(
          Object.entries(KRAKEN_PAIRS).map(([name, pair]) => [
            name,
            {
              ...pair,
              aclass_base: 'currency',
              aclass_quote: 'currency',
              lot: 'unit',
              cost_decimals: 5,
              pair_decimals: 1,
              lot_decimals: 8,
              lot_multiplier: 1,
              leverage_buy: [],
              leverage_sell: [],
              fees: [[0, 0.26]],
              fees_maker: [[0, 0.16]],
              fee_volume_currency: 'ZUSD',
              margin_call: 80,
              margin_stop: 40,
              ordermin: '0.0001',
              costmin: '0.5',
              tick_size: '0.1',
              status: 'online',
            },
          ]),
        ),
      );
    if (!path.startsWith('/0/private/')) return send(response, 404, { error: ['EGeneral:Unknown method'] });

    // API-Sign: HMAC-SHA512 over the path and SHA256(nonce + POST data), keyed with the decoded secret.
    const form = new URLSearchParams(text);
    const nonce = form.get('nonce') ?? '';
    if (request.headers['api-key'] !== fake.key.apiKey)
      return send(response, 200, { error: ['EAPI:Invalid key'] });
    const digest = createHash('sha256')
      .update(nonce + text)
      .digest();
    const expected = createHmac('sha512', Buffer.from(fake.key.secret, 'base64'))
      .update(Buffer.concat([Buffer.from(path), digest]))
      .digest('base64');
    const signature = String(request.headers['api-sign'] ?? '');
    if (!nonce || !equal(signature, expected))
      return send(response, 200, { error: ['EAPI:Invalid signature'] });
    if (!/^\d+$/.test(nonce) || BigInt(nonce) <= lastNonce)
      return send(response, 200, { error: ['EAPI:Invalid nonce'] });
    lastNonce = BigInt(nonce);

    const assetName = (asset: string) => KRAKEN_ASSETS[asset]?.altname ?? asset;
    switch (path) {
      case '/0/private/BalanceEx':
        return ok(
          Object.fromEntries(
            Object.entries(fake.balances).map(([asset, balance]) => [
              asset,
              { balance, hold_trade: '0.0000' },
            ]),
          ),
        );
      case '/0/private/TradesHistory': {
        const ofs = Number(form.get('ofs') ?? 0);
        const start = form.get('start');
        fake.tradePages.push({ ofs, start });
        const matching = fake.trades
          .filter((trade) => start === null || trade.time > Number(start))
          .sort((a, b) => b.time - a.time);
        const page = matching.slice(ofs, ofs + KRAKEN_PAGE);
        return ok({
          count: matching.length,
          trades: Object.fromEntries(
            page.map((trade) => [
              trade.txid,
              {
                ordertxid: `O${trade.txid}`,
                postxid: `P${trade.txid}`,
                pair: trade.pair,
                time: trade.time,
                type: trade.type,
                ordertype: 'limit',
                price: trade.price,
                cost: trade.cost,
                fee: trade.fee,
                vol: trade.vol,
                margin: '0.00000',
                misc: '',
                trade_id: 1,
                maker: false,
              },
            ]),
          ),
        });
      }
      case '/0/private/DepositStatus':
      case '/0/private/WithdrawStatus': {
        const items = path.endsWith('DepositStatus') ? fake.deposits : fake.withdrawals;
        const start = form.get('start');
        return ok(
          items
            .filter((item) => start === null || item.time > Number(start))
            .map((item) => ({
              method: item.method,
              aclass: 'currency',
              asset: item.asset,
              refid: item.refid,
              txid: `tx-${item.refid}`,
              info: assetName(item.asset),
              amount: item.amount,
              fee: '0.0000',
              time: item.time,
              status: 'Success',
            })),
        );
      }
      case '/0/private/WithdrawMethods':
        if (!fake.canWithdraw) return send(response, 200, { error: ['EGeneral:Permission denied'] });
        return ok([{ asset: 'XXBT', method: 'Bitcoin', network: 'Bitcoin', minimum: '0.0004' }]);
      default:
        return send(response, 200, { error: ['EGeneral:Unknown method'] });
    }
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    requests: [],
    down: false,
    tooManyRequests: 0,
    key,
    balances: {},
    trades: [],
    deposits: [],
    withdrawals: [],
    canWithdraw: false,
    tradePages: [],
  });
  return fake;
}
