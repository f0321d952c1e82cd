import { createHmac } from 'node:crypto';
import { equal, listen, send, readRequest } from './fake-http';

/**
 * A stand-in for Bybit's v5 REST API (bybit-exchange.github.io/docs/v5) on 127.0.0.1, checking
 * requests as Bybit does:
 *
 * - Private GETs carry `X-BAPI-API-KEY`, `X-BAPI-TIMESTAMP` (ms), `X-BAPI-RECV-WINDOW` and `X-BAPI-SIGN`
 *   = hex HMAC-SHA256(secret, timestamp + key + recvWindow + query string). Every answer is
 *   `{ retCode, retMsg, result, retExtInfo, time }`, `retCode` 0 on success; an unknown key is HTTP 401
 *   retCode 10003, a bad signature retCode 10004 ("error sign!"), a timestamp outside the window retCode
 *   10002, too many requests HTTP 403 (an IP over its limit) or retCode 10006; an outage HTTP 503.
 * - `GET /v5/market/instruments-info?category=` (spot served; linear, inverse and option empty) and the
 *   signed `GET /v5/asset/coin/query-info` ccxt loads markets from; `GET /v5/user/query-api` (the key:
 *   `readOnly`, `permissions` by group, `unified`, `uta`) and `GET /v5/account/info`
 *   (`unifiedMarginStatus`), which ccxt reads before a balance.
 * - The Unified Trading account, `GET /v5/account/wallet-balance?accountType=UNIFIED`
 *   (`list[0].coin[]`: `coin`, `walletBalance`, `equity`…), and the Funding account,
 *   `GET /v5/asset/transfer/query-account-coins-balance?accountType=FUND` (`balance[]`: `coin`,
 *   `walletBalance`, `transferBalance`), amounts as decimal strings.
 * - Executions, `GET /v5/execution/list`: `category` required, newest first, `limit` 1–100 (default 50),
 *   `cursor` from the previous page's `nextPageCursor` ("" on the last), and a time window of at most 7
 *   days: the last 7 days without `startTime`/`endTime`, [startTime, startTime + 7 days] with only a
 *   start, a longer span refused with retCode 10001.
 * - `GET /v5/asset/deposit/query-record` (`status` 3 success, `successAt`) and
 *   `GET /v5/asset/withdraw/query-record` (`status` "success", `createTime`): newest first, `limit` ≤ 50,
 *   `cursor`, a window of at most 30 days (the last 30 without bounds).
 * - Earn positions, `GET /v5/earn/position`: `category` required (`FlexibleSaving` or `OnChain`), `coin`
 *   and `productId` optional, not paged; `result.list[]`: `coin`, `productId`, `amount`, `totalPnl`,
 *   `claimableYield`, and for On-chain `id`, `status`, `orderId`, `estimateRedeemTime`… A Flexible Saving
 *   position fully redeemed stays listed with `amount` "0"; a key without the Earn permission is refused
 *   with retCode 10005.
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests with 403 first;
 * `earnFailure` answers the On-chain positions alone with that status (403 as Bybit's front answers, 404
 * bare, 503 as its outage); `earnPermission` false refuses both as a key without the Earn permission.
 */

export type BybitKey = { apiKey: string; secret: string };

export type BybitExecution = {
  symbol: 'BTCUSDT' | 'ETHUSDT';
  execId: string;
  side: 'Buy' | 'Sell';
  execPrice: string;
  execQty: string;
  execTime: number;
};

/** An Earn position: its category, coin and amount (a decimal string). */
export type BybitEarnPosition = {
  category: 'FlexibleSaving' | 'OnChain';
  coin: string;
  amount: string;
};

/** `status`: a deposit's number (3 success, 4 failed), a withdrawal's word ("success", "Reject", "Fail"). */
export type BybitTransfer = {
  id: string;
  coin: string;
  amount: string;
  time: number;
  status?: number | string;
};

export type FakeBybit = {
  url: string;
  key: BybitKey;
  requests: { method: string; path: string; query: Record<string, string> }[];
  down: boolean;
  tooManyRequests: number;
  /** The clock the default windows are counted from. */
  now: () => number;
  unified: Record<string, string>;
  fund: Record<string, string>;
  executions: BybitExecution[];
  deposits: BybitTransfer[];
  withdrawals: BybitTransfer[];
  /** 1: a read-only key; 0 with the permissions it has, by group. */
  readOnly: 0 | 1;
  permissions: Record<string, string[]>;
  earn: BybitEarnPosition[];
  earnFailure: 403 | 404 | 503 | undefined;
  /** The key has the Earn permission (else `/v5/earn/position` answers retCode 10005). */
  earnPermission: boolean;
  close(): Promise<void>;
};

const DAY = 86_400_000;
const SPOT = [
  ['BTCUSDT', 'BTC', 'USDT'],
  ['ETHUSDT', 'ETH', 'USDT'],
] as const;

export async function startFakeBybit(key: BybitKey): Promise<FakeBybit> {
  const fake = {} as FakeBybit;
  const served = await listen(async (request, response) => {
    const { url, path, method, query } = await readRequest(request);
    fake.requests.push({ method, path, query });
    const answer = (status: number, retCode: number, retMsg: string, result: unknown = {}) =>
      send(response, status, { retCode, retMsg, result, retExtInfo: {}, time: Date.now() });
    if (fake.down) return answer(503, 10016, 'Service Unavailable');
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      response.writeHead(403, { 'content-type': 'text/plain' });
      response.end('403 Forbidden: access too frequent');
      return;
    }
    const ok = (result: unknown) => answer(200, 0, 'OK', result);

    if (path === '/v5/market/instruments-info') {
      const category = query.category;
      if (!category) return answer(200, 10001, 'params error: category is required');
      const list =
        category !== 'spot'
          ? []
          : SPOT.map(([symbol, baseCoin, quoteCoin]) => ({
              symbol,
              baseCoin,
              quoteCoin,
              innovation: '0',
              status: 'Trading',
              marginTrading: 'both',
              stTag: '0',
              lotSizeFilter: {
                basePrecision: '0.000001',
                quotePrecision: '0.00000001',
                minOrderQty: '0.000048',
                maxOrderQty: '71.73956243',
                minOrderAmt: '1',
                maxOrderAmt: '2000000',
              },
              priceFilter: { tickSize: '0.01' },
              riskParameters: { priceLimitRatioX: '0.01', priceLimitRatioY: '0.02' },
            }));
      return ok({ category, list, nextPageCursor: '' });
    }
    if (path.startsWith('/v5/market/')) return answer(404, 10001, 'Not found');

    // Signed requests: the key, a timestamp within the receive window, and the HMAC of what was sent.
    const header = (name: string) => String(request.headers[name] ?? '');
    if (header('x-bapi-api-key') !== fake.key.apiKey) return answer(401, 10003, 'API key is invalid.');
    const timestamp = Number(header('x-bapi-timestamp'));
    const recvWindow = header('x-bapi-recv-window') || '5000';
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > Number(recvWindow))
      return answer(200, 10002, 'invalid request, please check your server timestamp or recv_window param');
    const expected = createHmac('sha256', fake.key.secret)
      .update(header('x-bapi-timestamp') + fake.key.apiKey + recvWindow + url.search.slice(1))
      .digest('hex');
    if (!equal(header('x-bapi-sign'), expected)) return answer(200, 10004, 'error sign! origin_string[...]');

    /** The window a history request covers, or a refusal when it spans more than `maxDays`. */
    const window = (maxDays: number) => {
      const start = query.startTime === undefined ? undefined : Number(query.startTime);
      const end = query.endTime === undefined ? undefined : Number(query.endTime);
      const from = start ?? (end ?? fake.now()) - maxDays * DAY;
      const to = end ?? (start === undefined ? fake.now() : start + maxDays * DAY);
      return to - from > maxDays * DAY || to < from ? undefined : { from, to };
    };
    /** One page of newest-first rows, by `cursor` (the offset, as Bybit's cursor is opaque). */
    const page = <T>(rows: T[], maxLimit: number, defaultLimit: number) => {
      const limit = Number(query.limit ?? defaultLimit);
      const offset = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) : 0;
      if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit || !Number.isInteger(offset))
        return undefined;
      const list = rows.slice(offset, offset + limit);
      const more = offset + limit < rows.length;
      return {
        list,
        nextPageCursor: more ? Buffer.from(String(offset + limit)).toString('base64url') : '',
      };
    };

    switch (path) {
      case '/v5/asset/coin/query-info':
        return ok({
          rows: ['BTC', 'ETH', 'USDT'].map((coin) => ({
            name: coin,
            coin,
            remainAmount: '150',
            chains: [
              {
                chainType: coin,
                confirmation: '6',
                withdrawFee: '0.0005',
                depositMin: '0.0005',
                withdrawMin: '0.001',
                chain: coin,
                chainDeposit: '1',
                chainWithdraw: '1',
                minAccuracy: '8',
                withdrawPercentageFee: '0',
              },
            ],
          })),
        });
      case '/v5/user/query-api':
        return ok({
          id: '13770661',
          note: 'lodestar',
          apiKey: fake.key.apiKey,
          readOnly: fake.readOnly,
          secret: '',
          permissions: fake.permissions,
          ips: ['*'],
          type: 1,
          deadlineDay: 83,
          expiredAt: '2027-05-15T03:21:05Z',
          createdAt: '2026-10-16T02:24:40Z',
          unified: 0,
          uta: 1,
          userID: 24600000,
          inviterID: 0,
          vipLevel: 'No VIP',
          mktMakerLevel: '0',
          affiliateID: 0,
          rsaPublicKey: '',
          isMaster: true,
        });
      case '/v5/account/info':
        return ok({
          marginMode: 'REGULAR_MARGIN',
          updatedTime: '1697078946000',
          unifiedMarginStatus: 5,
          dcpStatus: 'OFF',
          timeWindow: 10,
          smpGroup: 0,
          isMasterTrader: false,
          spotHedgingStatus: 'OFF',
        });
      case '/v5/account/wallet-balance':
        if (query.accountType !== 'UNIFIED') return answer(200, 10001, 'accountType only support UNIFIED.');
        return ok({
          list: [
            {
              accountType: 'UNIFIED',
              totalEquity: '0',
              totalWalletBalance: '0',
              coin: Object.entries(fake.unified).map(([coin, walletBalance]) => ({
                coin,
                equity: walletBalance,
                walletBalance,
                usdValue: '0',
                locked: '0',
                borrowAmount: '',
                accruedInterest: '0',
                totalOrderIM: '0',
                totalPositionIM: '0',
                unrealisedPnl: '0',
                cumRealisedPnl: '0',
                availableToWithdraw: '',
              })),
            },
          ],
        });
      case '/v5/asset/transfer/query-account-coins-balance':
        if (query.accountType !== 'FUND') return answer(200, 10001, 'params error: accountType');
        return ok({
          accountType: 'FUND',
          memberId: '24600000',
          balance: Object.entries(fake.fund).map(([coin, walletBalance]) => ({
            coin,
            walletBalance,
            transferBalance: walletBalance,
            bonus: '0',
          })),
        });
      case '/v5/execution/list': {
        if (!query.category) return answer(200, 10001, 'params error: category is required');
        const span = window(7);
        if (!span) return answer(200, 10001, 'params error: The time range cannot exceed 7 days');
        const rows = fake.executions
          .filter(
            (item) =>
              query.category === 'spot' &&
              (query.symbol === undefined || item.symbol === query.symbol) &&
              item.execTime >= span.from &&
              item.execTime <= span.to,
          )
          .sort((a, b) => b.execTime - a.execTime);
        const result = page(rows, 100, 50);
        if (!result) return answer(200, 10001, 'params error: limit');
        return ok({
          category: query.category,
          nextPageCursor: result.nextPageCursor,
          list: result.list.map((item) => ({
            symbol: item.symbol,
            orderId: `o-${item.execId}`,
            orderLinkId: '',
            side: item.side,
            orderPrice: item.execPrice,
            orderQty: item.execQty,
            leavesQty: '0',
            createType: 'CreateByUser',
            orderType: 'Limit',
            stopOrderType: '',
            execFee: '0.0001',
            execFeeV2: '',
            execId: item.execId,
            execPrice: item.execPrice,
            execQty: item.execQty,
            execType: 'Trade',
            execValue: String(Number(item.execPrice) * Number(item.execQty)),
            execTime: String(item.execTime),
            feeCurrency: item.side === 'Buy' ? item.symbol.slice(0, 3) : 'USDT',
            isMaker: false,
            feeRate: '0.001',
            tradeIv: '',
            markIv: '',
            markPrice: '',
            indexPrice: '',
            underlyingPrice: '',
            blockTradeId: '',
            closedSize: '',
            seq: 4_688_002_127,
          })),
        });
      }
      case '/v5/asset/deposit/query-record':
      case '/v5/asset/withdraw/query-record': {
        const deposit = path.includes('deposit');
        const span = window(30);
        if (!span) return answer(200, 10001, 'params error: The time range cannot exceed 30 days');
        const rows = (deposit ? fake.deposits : fake.withdrawals)
          .filter((item) => item.time >= span.from && item.time <= span.to)
          .sort((a, b) => b.time - a.time);
        const result = page(rows, 50, 50);
        if (!result) return answer(200, 10001, 'params error: limit');
        const items = result.list.map((item) =>
          deposit
            ? {
                id: item.id,
                coin: item.coin,
                chain: item.coin,
                amount: item.amount,
                txID: `tx-${item.id}`,
                status: item.status ?? 3,
                toAddress: `${item.coin.toLowerCase()}-address`,
                tag: '',
                depositFee: '',
                successAt: String(item.time),
                confirmations: '10000',
                txIndex: '0',
                blockHash: '',
                batchReleaseLimit: '-1',
                depositType: '0',
              }
            : {
                withdrawId: item.id,
                coin: item.coin,
                chain: item.coin,
                amount: item.amount,
                txID: `tx-${item.id}`,
                status: item.status ?? 'success',
                toAddress: `${item.coin.toLowerCase()}-address`,
                tag: '',
                withdrawFee: '1',
                createTime: String(item.time),
                updateTime: String(item.time),
                withdrawType: 0,
              },
        );
        return ok({ rows: items, nextPageCursor: result.nextPageCursor });
      }
      case '/v5/earn/position': {
        const category = query.category;
        if (category !== 'FlexibleSaving' && category !== 'OnChain')
          return answer(200, 10001, 'params error: category');
        if (!fake.earnPermission)
          return answer(200, 10005, 'Permission denied, please check your API key permissions.');
        if (category === 'OnChain' && fake.earnFailure === 503)
          return answer(503, 10016, 'Service Unavailable');
        if (category === 'OnChain' && fake.earnFailure) {
          response.writeHead(fake.earnFailure, { 'content-type': 'text/plain' });
          response.end(fake.earnFailure === 403 ? '403 Forbidden' : '404 Not Found');
          return;
        }
        const list = fake.earn
          .filter(
            (position) =>
              position.category === category && (query.coin === undefined || position.coin === query.coin),
          )
          .map((position, index) => ({
            coin: position.coin,
            productId: String(400 + index),
            amount: position.amount,
            totalPnl: '',
            claimableYield: category === 'FlexibleSaving' ? '0.0001' : '',
            id: category === 'OnChain' ? String(9_000 + index) : '',
            status: category === 'OnChain' ? 'Active' : '',
            orderId: category === 'OnChain' ? `e-${index}` : '',
            estimateRedeemTime: '',
            estimateStakeTime: '',
            estimateInterestCalculationTime: '',
            settlementTime: '',
          }));
        return ok({ list });
      }
      default:
        return answer(404, 10001, 'Not found');
    }
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    key,
    requests: [],
    down: false,
    tooManyRequests: 0,
    now: () => Date.now(),
    unified: {},
    fund: {},
    executions: [],
    deposits: [],
    withdrawals: [],
    readOnly: 1,
    permissions: {
      ContractTrade: [],
      Spot: [],
      Wallet: [],
      Options: [],
      Derivatives: [],
      CopyTrading: [],
      BlockTrade: [],
      Exchange: [],
      NFT: [],
      Affiliate: [],
    },
    earn: [],
    earnFailure: undefined,
    earnPermission: true,
  });
  return fake;
}
