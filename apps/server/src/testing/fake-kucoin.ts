import { createHmac } from 'node:crypto';
import { equal, listen, send, readRequest } from './fake-http';

/**
 * A stand-in for KuCoin's REST API (www.kucoin.com/docs-new) on 127.0.0.1, checking requests as KuCoin
 * does:
 *
 * - Private requests carry `KC-API-KEY`, `KC-API-TIMESTAMP` (ms, refused more than 5 s away),
 *   `KC-API-KEY-VERSION` 2, `KC-API-PASSPHRASE` = base64 HMAC-SHA256(secret, passphrase) (version 2 signs
 *   the passphrase) and `KC-API-SIGN` = base64 HMAC-SHA256(secret, timestamp + method + endpoint with its
 *   query + body). Answers are `{ code, data }` with `code` "200000" on success; a refusal is HTTP 401
 *   with code 400003 (unknown key), 400004 (wrong passphrase), 400002 (timestamp) or 400005 (invalid
 *   signature); too many requests HTTP 429 code 429000; an outage HTTP 503.
 * - Markets: `GET /api/v2/symbols`, `/api/v1/market/allTickers`, `/api/v3/currencies`, the futures list
 *   `/api/v1/contracts/active` (empty), the signed `/api/v3/margin/symbols`, the account mode
 *   `/api/ua/v1/account/mode` (classic) and whether the high-frequency trading account is opened,
 *   `/api/v1/hf/accounts/opened` (`hf`: every account migrated since 2023 answers true).
 * - Balances: `GET /api/v1/accounts?type=main|trade|trade_hf` (`currency`, `balance`, `available`,
 *   `holds`), cross margin `GET /api/v1/margin/account` (`accounts[]`: `currency`, `totalBalance`…).
 * - Fills of the high-frequency account, `GET /api/v1/hf/fills`: `symbol` required, newest first,
 *   `limit` ≤ 100 (default 20), `lastId` for the page after the last one read (the answer's `lastId`),
 *   `startAt`/`endAt` ms spanning at most 7 days (the last 7 without them).
 * - `GET /api/v1/deposits` and `GET /api/v1/withdrawals`: `currentPage`, `pageSize` (≤ 500, default 50),
 *   `startAt`/`endAt`, newest first, `{ currentPage, pageSize, totalNum, totalPage, items }`; `status`
 *   SUCCESS, PROCESSING or FAILURE.
 * - The key's permissions, `GET /api/v1/user/api-key` (`permission`: "General,Spot,Withdrawal…").
 * - KuCoin Earn's holdings, `GET /api/v1/earn/hold-assets`: `currency`, `productId`, `productCategory`
 *   optional filters, `currentPage` (default 1), `pageSize` 10–500 (default 15), `{ totalNum, items,
 *   currentPage, pageSize, totalPage }`, each item `orderId`, `productId`, `productCategory`,
 *   `productType`, `currency`, `incomeCurrency`, `returnRate`, `holdAmount`, `redeemedAmount`,
 *   `redeemingAmount`, `lockStartTime`, `lockEndTime`, `purchaseTime`, `redeemPeriod`, `status`
 *   (LOCKED or REDEEMING), `earlyRedeemSupported`.
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests with 429 first;
 * `earnFailure` answers the Earn holdings' pages after the first with that status (403 and 404 bare, 503
 * as KuCoin's outage).
 */

export type KucoinKey = { apiKey: string; secret: string; password: string };

export type KucoinFill = {
  symbol: 'BTC-USDT' | 'ETH-USDT' | 'ETH-BTC';
  id: number;
  side: 'buy' | 'sell';
  price: string;
  size: string;
  createdAt: number;
};

export type KucoinTransfer = {
  id: string;
  currency: string;
  amount: string;
  createdAt: number;
  status?: string;
};

/** A KuCoin Earn holding: its currency, product category and amount held (a decimal string). */
export type KucoinEarnHolding = {
  currency: string;
  productCategory: 'DEMAND' | 'ACTIVITY' | 'STAKING' | 'KCS_STAKING' | 'ETH2';
  holdAmount: string;
};

export type FakeKucoin = {
  url: string;
  key: KucoinKey;
  requests: { method: string; path: string; query: Record<string, string> }[];
  down: boolean;
  tooManyRequests: number;
  now: () => number;
  /** The high-frequency trading account is opened (trading balances are `trade_hf`). */
  hf: boolean;
  main: Record<string, string>;
  trade: Record<string, string>;
  margin: Record<string, string>;
  fills: KucoinFill[];
  deposits: KucoinTransfer[];
  withdrawals: KucoinTransfer[];
  permission: string;
  earn: KucoinEarnHolding[];
  earnFailure: 403 | 404 | 503 | undefined;
  close(): Promise<void>;
};

const DAY = 86_400_000;
const SPOT = [
  ['BTC-USDT', 'BTC', 'USDT'],
  ['ETH-USDT', 'ETH', 'USDT'],
  ['ETH-BTC', 'ETH', 'BTC'],
] as const;

export async function startFakeKucoin(key: KucoinKey): Promise<FakeKucoin> {
  const fake = {} as FakeKucoin;
  const served = await listen(async (request, response) => {
    const { url, path, method, query, text } = await readRequest(request);
    fake.requests.push({ method, path, query });
    const refuse = (status: number, code: string, msg: string) => send(response, status, { code, msg });
    if (fake.down) return refuse(503, '503000', 'Service unavailable');
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return refuse(429, '429000', 'Too Many Requests');
    }
    const ok = (data: unknown) => send(response, 200, { code: '200000', data });

    switch (path) {
      case '/api/v2/symbols':
        return ok(
          SPOT.map(([symbol, baseCurrency, quoteCurrency]) => ({
            symbol,
            name: symbol,
            baseCurrency,
            quoteCurrency,
            feeCurrency: quoteCurrency,
            market: 'USDS',
            baseMinSize: '0.00001',
            quoteMinSize: '0.1',
            baseMaxSize: '10000000000',
            quoteMaxSize: '99999999',
            baseIncrement: '0.00000001',
            quoteIncrement: '0.000001',
            priceIncrement: '0.1',
            priceLimitRate: '0.1',
            minFunds: '0.1',
            isMarginEnabled: true,
            enableTrading: true,
            feeCategory: 1,
            makerFeeCoefficient: '1.00',
            takerFeeCoefficient: '1.00',
            st: false,
          })),
        );
      case '/api/v1/market/allTickers':
        return ok({
          time: Date.now(),
          ticker: SPOT.map(([symbol]) => ({
            symbol,
            symbolName: symbol,
            buy: '1',
            sell: '1',
            last: '1',
            vol: '0',
            volValue: '0',
            takerFeeRate: '0.001',
            makerFeeRate: '0.001',
            takerCoefficient: '1',
            makerCoefficient: '1',
          })),
        });
      case '/api/v3/currencies':
        return ok(
          ['BTC', 'ETH', 'USDT'].map((currency) => ({
            currency,
            name: currency,
            fullName: currency,
            precision: 8,
            confirms: null,
            contractAddress: null,
            isMarginEnabled: true,
            isDebitEnabled: true,
            chains: [],
          })),
        );
      case '/api/v1/contracts/active':
        return ok([]);
      case '/api/v1/timestamp':
        return ok(Date.now());
    }

    // Signed requests: key, passphrase signed with the secret, a fresh timestamp, the HMAC of the request.
    const header = (name: string) => String(request.headers[name] ?? '');
    const sign = (value: string) => createHmac('sha256', fake.key.secret).update(value).digest('base64');
    if (header('kc-api-key') !== fake.key.apiKey) return refuse(401, '400003', 'KC-API-KEY not exists');
    if (header('kc-api-key-version') !== '2' || !equal(header('kc-api-passphrase'), sign(fake.key.password)))
      return refuse(401, '400004', 'Invalid KC-API-PASSPHRASE');
    const timestamp = Number(header('kc-api-timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > 5_000)
      return refuse(401, '400002', 'Invalid KC-API-TIMESTAMP');
    if (!equal(header('kc-api-sign'), sign(header('kc-api-timestamp') + method + path + url.search + text)))
      return refuse(401, '400005', 'Invalid KC-API-SIGN');

    const balances = (type: string, amounts: Record<string, string>) =>
      Object.entries(amounts).map(([currency, balance], index) => ({
        id: `${type}-${index}`,
        currency,
        type,
        balance,
        available: balance,
        holds: '0',
      }));
    switch (path) {
      case '/api/ua/v1/account/mode':
        return ok({ selfAccountMode: 'CLASSIC', subAccountModes: [] });
      case '/api/v1/hf/accounts/opened':
        return ok(fake.hf);
      case '/api/v3/margin/symbols':
        return ok({ timestamp: Date.now(), items: [] });
      case '/api/v1/isolated/symbols':
        return ok([]);
      case '/api/v1/user/api-key':
        return ok({
          remark: 'lodestar',
          apiKey: fake.key.apiKey,
          apiVersion: 3,
          permission: fake.permission,
          ipWhitelist: '',
          createdAt: 1_700_000_000_000,
          uid: 165_111_215,
          isMaster: true,
        });
      case '/api/v1/accounts': {
        const type = query.type;
        const rows =
          type === 'main'
            ? balances('main', fake.main)
            : type === (fake.hf ? 'trade_hf' : 'trade')
              ? balances(type, fake.trade)
              : [];
        return ok(rows);
      }
      case '/api/v1/margin/account':
        return ok({
          debtRatio: '0',
          accounts: Object.entries(fake.margin).map(([currency, totalBalance]) => ({
            currency,
            totalBalance,
            availableBalance: totalBalance,
            holdBalance: '0',
            liability: '0',
            maxBorrowSize: '0',
          })),
        });
      case '/api/v1/hf/fills': {
        if (!query.symbol) return refuse(400, '400100', 'symbol is required');
        const limit = Number(query.limit ?? 20);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return refuse(400, '400100', 'limit must be between 1 and 100');
        const end = query.endAt === undefined ? undefined : Number(query.endAt);
        const start = query.startAt === undefined ? undefined : Number(query.startAt);
        const to = end ?? (start === undefined ? fake.now() : start + 7 * DAY);
        const from = start ?? to - 7 * DAY;
        if (to - from > 7 * DAY) return refuse(400, '400100', 'The query time range cannot exceed 7 days');
        const lastId = query.lastId === undefined ? undefined : Number(query.lastId);
        const items = fake.fills
          .filter(
            (fill) =>
              fill.symbol === query.symbol &&
              fill.createdAt >= from &&
              fill.createdAt <= to &&
              (lastId === undefined || fill.id < lastId),
          )
          .sort((a, b) => b.id - a.id)
          .slice(0, limit)
          .map((fill) => ({
            id: fill.id,
            orderId: `o${fill.id}`,
            counterOrderId: `c${fill.id}`,
            tradeId: fill.id + 10_000,
            symbol: fill.symbol,
            side: fill.side,
            liquidity: 'taker',
            type: 'limit',
            forceTaker: false,
            price: fill.price,
            size: fill.size,
            funds: String(Number(fill.price) * Number(fill.size)),
            fee: '0.01',
            feeRate: '0.001',
            feeCurrency: 'USDT',
            stop: '',
            tradeType: 'TRADE',
            taxRate: '0',
            tax: '0',
            createdAt: fill.createdAt,
          }));
        return ok({ items, lastId: items.at(-1)?.id ?? null });
      }
      case '/api/v1/deposits':
      case '/api/v1/withdrawals': {
        const deposit = path.endsWith('deposits');
        const pageSize = Math.min(Number(query.pageSize ?? 50), 500);
        const currentPage = Math.max(Number(query.currentPage ?? 1), 1);
        const start = query.startAt === undefined ? undefined : Number(query.startAt);
        const end = query.endAt === undefined ? undefined : Number(query.endAt);
        const all = (deposit ? fake.deposits : fake.withdrawals)
          .filter(
            (item) =>
              (start === undefined || item.createdAt >= start) &&
              (end === undefined || item.createdAt <= end),
          )
          .sort((a, b) => b.createdAt - a.createdAt);
        const items = all.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((item) => ({
          ...(deposit ? {} : { id: item.id }),
          currency: item.currency,
          chain: item.currency.toLowerCase(),
          status: item.status ?? 'SUCCESS',
          address: `${item.currency.toLowerCase()}-address`,
          memo: '',
          isInner: false,
          amount: item.amount,
          fee: '0',
          walletTxId: deposit ? `tx-${item.id}` : `tx-${item.id}`,
          createdAt: item.createdAt,
          updatedAt: item.createdAt,
          remark: '',
          arrears: false,
        }));
        return ok({
          currentPage,
          pageSize,
          totalNum: all.length,
          totalPage: Math.ceil(all.length / pageSize),
          items,
        });
      }
      case '/api/v1/earn/hold-assets': {
        const pageSize = Number(query.pageSize ?? 15);
        const currentPage = Number(query.currentPage ?? 1);
        if (!Number.isInteger(pageSize) || pageSize < 10 || pageSize > 500)
          return refuse(400, '400100', 'pageSize must be between 10 and 500');
        if (!Number.isInteger(currentPage) || currentPage < 1)
          return refuse(400, '400100', 'currentPage invalid');
        if (currentPage > 1 && fake.earnFailure === 503) return refuse(503, '503000', 'Service unavailable');
        if (currentPage > 1 && fake.earnFailure) {
          response.writeHead(fake.earnFailure, { 'content-type': 'text/html' });
          response.end(fake.earnFailure === 403 ? '<h1>403 Forbidden</h1>' : '<h1>404 Not Found</h1>');
          return;
        }
        const all = fake.earn.filter(
          (holding) =>
            (query.currency === undefined || holding.currency === query.currency) &&
            (query.productCategory === undefined || holding.productCategory === query.productCategory),
        );
        const items = all
          .slice((currentPage - 1) * pageSize, currentPage * pageSize)
          .map((holding, index) => ({
            orderId: String(2_767_291 + (currentPage - 1) * pageSize + index),
            productId: '2611',
            productCategory: holding.productCategory,
            productType: 'DEMAND',
            currency: holding.currency,
            incomeCurrency: holding.currency,
            returnRate: '0.0166',
            holdAmount: holding.holdAmount,
            redeemedAmount: '0',
            redeemingAmount: '0',
            lockStartTime: 1_701_252_000_000,
            lockEndTime: null,
            purchaseTime: 1_729_257_513_000,
            redeemPeriod: 3,
            status: 'LOCKED',
            earlyRedeemSupported: 0,
          }));
        return ok({
          totalNum: all.length,
          totalPage: Math.ceil(all.length / pageSize),
          currentPage,
          pageSize,
          items,
        });
      }
      default:
        return refuse(404, '404000', `No such endpoint ${method} ${path}`);
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
    hf: true,
    main: {},
    trade: {},
    margin: {},
    fills: [],
    deposits: [],
    withdrawals: [],
    permission: 'General',
    earn: [],
    earnFailure: undefined,
  });
  return fake;
}
