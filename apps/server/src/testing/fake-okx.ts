import { createHmac } from 'node:crypto';
import { equal, listen, send, readRequest } from './fake-http';

/**
 * A stand-in for OKX's v5 REST API (www.okx.com/docs-v5) on 127.0.0.1, checking requests as OKX does:
 *
 * - Private requests carry `OK-ACCESS-KEY`, `OK-ACCESS-PASSPHRASE`, `OK-ACCESS-TIMESTAMP` (ISO 8601 with
 *   milliseconds, refused as expired more than 30 s away from the server's clock) and `OK-ACCESS-SIGN` =
 *   base64 HMAC-SHA256(secret, timestamp + method + request path with its query + body). Every answer is
 *   `{ code, msg, data }` with `code` "0" on success; a refusal is HTTP 401 with code 50111 (unknown key),
 *   50105 (wrong passphrase), 50102 (expired timestamp) or 50113 (invalid signature); too many requests
 *   HTTP 429 code 50011; an outage HTTP 503 code 50001.
 * - `GET /api/v5/public/instruments?instType=` (SPOT served; FUTURES, SWAP and OPTION empty) and the
 *   signed `GET /api/v5/asset/currencies` ccxt loads markets from.
 * - The trading account `GET /api/v5/account/balance` (`data[0].details[]`: `ccy`, `eq`, `cashBal`,
 *   `availBal`, `frozenBal`…) and the funding account `GET /api/v5/asset/balances` (`ccy`, `bal`,
 *   `availBal`, `frozenBal`), every amount a decimal string.
 * - Fills of the last three months, `GET /api/v5/trade/fills-history`: `instType` required, newest first,
 *   at most 100 per page (`limit`, default 100), `after` a `billId` for older fills and `before` one for
 *   newer, `begin`/`end` bounds on `ts` (ms). Fee is negative when charged.
 * - `GET /api/v5/asset/deposit-history` and `GET /api/v5/asset/withdrawal-history`: newest first, at most
 *   100, `after`/`before` bounds on `ts` (ms, exclusive); `state` 2 is success.
 * - The key's permissions, `GET /api/v5/account/config` (`perm`: "read_only", "trade", "withdraw",
 *   comma-separated).
 * - Earn, neither list paged: Simple Earn's balances `GET /api/v5/finance/savings/balance` (`ccy`, `amt`
 *   the amount in savings, `earnings`, `rate`, `loanAmt` lent, `pendingAmt` waiting to be, `redemptAmt`)
 *   and the active On-chain Earn orders `GET /api/v5/finance/staking-defi/orders-active` (`ccy`, `ordId`,
 *   `productId`, `state`, `protocol`, `protocolType`, `term`, `apy`, `investData[]`: `ccy`, `amt`;
 *   `earningData[]`: `ccy`, `earningType`, `earnings`…), each filtered by an optional `ccy`.
 *
 * `down` answers 503 to everything; `tooManyRequests` answers that many requests with 429 first;
 * `earnFailure` answers the On-chain Earn orders alone with that status (403 and 404 bare, as a front
 * refusing or a retired path would; 503 as OKX's outage).
 */

export type OkxKey = { apiKey: string; secret: string; password: string };

export type OkxFill = {
  instId: 'BTC-USDT' | 'ETH-USDT' | 'ETH-BTC';
  tradeId: string;
  billId: string;
  side: 'buy' | 'sell';
  fillPx: string;
  fillSz: string;
  ts: number;
};

export type OkxTransfer = { id: string; ccy: string; amt: string; ts: number; state: string };

/** An active On-chain Earn order: its currency and what was invested, per currency. */
export type OkxEarnOrder = { ccy: string; invest: { ccy: string; amt: string }[] };

export type FakeOkx = {
  url: string;
  key: OkxKey;
  requests: { method: string; path: string; query: Record<string, string> }[];
  down: boolean;
  tooManyRequests: number;
  /** Trading (unified) account, currency → equity. */
  trading: Record<string, string>;
  /** Funding account, currency → balance. */
  funding: Record<string, string>;
  fills: OkxFill[];
  deposits: OkxTransfer[];
  withdrawals: OkxTransfer[];
  /** The key's permissions as `GET /api/v5/account/config` names them. */
  perm: string;
  /** Simple Earn, currency → amount in savings. */
  savings: Record<string, string>;
  earnOrders: OkxEarnOrder[];
  earnFailure: 403 | 404 | 503 | undefined;
  close(): Promise<void>;
};

const SPOT = [
  ['BTC-USDT', 'BTC', 'USDT'],
  ['ETH-USDT', 'ETH', 'USDT'],
  ['ETH-BTC', 'ETH', 'BTC'],
] as const;

/** OKX's most fills, deposits or withdrawals per page. */
const PAGE = 100;

export async function startFakeOkx(key: OkxKey): Promise<FakeOkx> {
  const fake = {} as FakeOkx;
  const served = await listen(async (request, response) => {
    const { url, path, method, query, text } = await readRequest(request);
    fake.requests.push({ method, path, query });
    const answer = (status: number, code: string, msg: string, data: unknown[] = []) =>
      send(response, status, { code, msg, data });
    if (fake.down) return answer(503, '50001', 'Service temporarily unavailable. Try again later');
    if (fake.tooManyRequests > 0) {
      fake.tooManyRequests -= 1;
      return answer(429, '50011', 'Too Many Requests');
    }
    const ok = (data: unknown[]) => answer(200, '0', '', data);

    if (path === '/api/v5/public/instruments') {
      const type = query.instType;
      if (!type) return answer(400, '50014', 'Parameter instType can not be empty');
      if (type !== 'SPOT') return ok([]);
      return ok(
        SPOT.map(([instId, baseCcy, quoteCcy]) => ({
          instType: 'SPOT',
          instId,
          uly: '',
          instFamily: '',
          baseCcy,
          quoteCcy,
          settleCcy: '',
          ctVal: '',
          ctMult: '',
          ctValCcy: '',
          optType: '',
          stk: '',
          listTime: '1606468572000',
          expTime: '',
          lever: '10',
          tickSz: '0.1',
          lotSz: '0.00000001',
          minSz: '0.00001',
          ctType: '',
          alias: '',
          state: 'live',
          maxLmtSz: '9999999999',
          maxMktSz: '1000000',
          ruleType: 'normal',
        })),
      );
    }
    if (path.startsWith('/api/v5/public/')) return answer(404, '50030', 'Illegal request');

    // Signed requests: key, passphrase, a fresh timestamp, and the HMAC of what was sent.
    const header = (name: string) => String(request.headers[name] ?? '');
    if (header('ok-access-key') !== fake.key.apiKey) return answer(401, '50111', 'Invalid OK-ACCESS-KEY');
    if (header('ok-access-passphrase') !== fake.key.password)
      return answer(401, '50105', 'Your APIKey passphrase is incorrect');
    const timestamp = header('ok-access-timestamp');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(timestamp))
      return answer(401, '50112', 'Invalid OK-ACCESS-TIMESTAMP');
    if (Math.abs(Date.parse(timestamp) - Date.now()) > 30_000)
      return answer(401, '50102', 'Timestamp request expired');
    const expected = createHmac('sha256', fake.key.secret)
      .update(timestamp + method + path + url.search + text)
      .digest('base64');
    if (!equal(header('ok-access-sign'), expected)) return answer(401, '50113', 'Invalid Sign');

    switch (path) {
      case '/api/v5/asset/currencies':
        return ok(
          ['BTC', 'ETH', 'USDT'].map((ccy) => ({
            ccy,
            name: ccy,
            chain: `${ccy}-${ccy === 'USDT' ? 'TRC20' : ccy === 'BTC' ? 'Bitcoin' : 'ERC20'}`,
            canDep: true,
            canWd: true,
            canInternal: true,
            minDep: '0.00005',
            minWd: '0.001',
            maxWd: '500',
            wdTickSz: '8',
            minFee: '0.0002',
            maxFee: '0.0004',
            mainNet: true,
          })),
        );
      case '/api/v5/account/balance':
        return ok([
          {
            uTime: String(Date.now()),
            totalEq: '0',
            isoEq: '0',
            adjEq: '',
            details: Object.entries(fake.trading).map(([ccy, eq]) => ({
              ccy,
              eq,
              cashBal: eq,
              availBal: eq,
              availEq: eq,
              frozenBal: '0',
              ordFrozen: '0',
              upl: '0',
              uTime: String(Date.now()),
            })),
          },
        ]);
      case '/api/v5/asset/balances':
        return ok(
          Object.entries(fake.funding).map(([ccy, bal]) => ({ ccy, bal, availBal: bal, frozenBal: '0' })),
        );
      case '/api/v5/account/config':
        return ok([
          {
            uid: '44705892343619584',
            mainUid: '44705892343619584',
            acctLv: '2',
            posMode: 'net_mode',
            autoLoan: false,
            level: 'Lv1',
            perm: fake.perm,
            ip: '',
            label: 'lodestar',
          },
        ]);
      case '/api/v5/trade/fills-history': {
        if (!query.instType) return answer(400, '50014', 'Parameter instType can not be empty');
        const limit = Math.min(Number(query.limit ?? PAGE), PAGE);
        const after = query.after === undefined ? undefined : BigInt(query.after);
        const before = query.before === undefined ? undefined : BigInt(query.before);
        const begin = query.begin === undefined ? undefined : Number(query.begin);
        const end = query.end === undefined ? undefined : Number(query.end);
        const rows = fake.fills
          .filter(
            (fill) =>
              query.instType === 'SPOT' &&
              (query.instId === undefined || fill.instId === query.instId) &&
              (after === undefined || BigInt(fill.billId) < after) &&
              (before === undefined || BigInt(fill.billId) > before) &&
              (begin === undefined || fill.ts >= begin) &&
              (end === undefined || fill.ts <= end),
          )
          .sort((a, b) => (BigInt(b.billId) > BigInt(a.billId) ? 1 : -1))
          .slice(0, limit)
          .map((fill) => ({
            instType: 'SPOT',
            instId: fill.instId,
            tradeId: fill.tradeId,
            ordId: `9${fill.tradeId}`,
            clOrdId: '',
            billId: fill.billId,
            subType: fill.side === 'buy' ? '1' : '2',
            tag: '',
            fillPx: fill.fillPx,
            fillSz: fill.fillSz,
            fillIdxPx: '',
            fillPnl: '0',
            side: fill.side,
            posSide: 'net',
            execType: 'T',
            feeCcy: fill.side === 'buy' ? fill.instId.split('-')[0] : fill.instId.split('-')[1],
            fee: '-0.0001',
            ts: String(fill.ts),
            fillTime: String(fill.ts),
          }));
        return ok(rows);
      }
      case '/api/v5/asset/deposit-history':
      case '/api/v5/asset/withdrawal-history': {
        const deposit = path.endsWith('deposit-history');
        const limit = Math.min(Number(query.limit ?? PAGE), PAGE);
        const after = query.after === undefined ? undefined : Number(query.after);
        const before = query.before === undefined ? undefined : Number(query.before);
        const rows = (deposit ? fake.deposits : fake.withdrawals)
          .filter(
            (item) =>
              (query.ccy === undefined || item.ccy === query.ccy) &&
              (after === undefined || item.ts < after) &&
              (before === undefined || item.ts > before),
          )
          .sort((a, b) => b.ts - a.ts)
          .slice(0, limit)
          .map((item) => ({
            ccy: item.ccy,
            chain: `${item.ccy}-Chain`,
            amt: item.amt,
            from: '',
            to: `${item.ccy.toLowerCase()}-address`,
            txId: `tx-${item.id}`,
            ts: String(item.ts),
            state: item.state,
            ...(deposit
              ? { depId: item.id, actualDepBlkConfirm: '6' }
              : { wdId: item.id, fee: '0.0001', feeCcy: item.ccy, clientId: '' }),
          }));
        return ok(rows);
      }
      case '/api/v5/finance/savings/balance':
        return ok(
          Object.entries(fake.savings)
            .filter(([ccy]) => query.ccy === undefined || ccy === query.ccy)
            .map(([ccy, amt]) => ({
              ccy,
              amt,
              earnings: '0.0001',
              rate: '0.01',
              loanAmt: amt,
              pendingAmt: '0',
              redemptAmt: '',
            })),
        );
      case '/api/v5/finance/staking-defi/orders-active': {
        if (fake.earnFailure === 503)
          return answer(503, '50001', 'Service temporarily unavailable. Try again later');
        if (fake.earnFailure) {
          response.writeHead(fake.earnFailure, { 'content-type': 'text/html' });
          response.end(fake.earnFailure === 403 ? '<h1>403 Forbidden</h1>' : '<h1>404 Not Found</h1>');
          return;
        }
        return ok(
          fake.earnOrders
            .filter((order) => query.ccy === undefined || order.ccy === query.ccy)
            .map((order, index) => ({
              ccy: order.ccy,
              ordId: String(2_000_000 + index),
              productId: String(1_000 + index),
              state: '1',
              protocol: 'Lido',
              protocolType: 'staking',
              term: '0',
              apy: '0.035',
              investData: order.invest.map(({ ccy, amt }) => ({ ccy, amt })),
              earningData: [{ ccy: order.ccy, earningType: '0', earnings: '0.0001' }],
              purchasedTime: '1700000000000',
              estSettlementTime: '',
              cancelRedemptionDeadline: '',
              tag: '',
            })),
        );
      }
      default:
        return answer(404, '50030', 'Illegal request');
    }
  });
  Object.assign(fake, {
    url: served.url,
    close: served.close,
    key,
    requests: [],
    down: false,
    tooManyRequests: 0,
    trading: {},
    funding: {},
    fills: [],
    deposits: [],
    withdrawals: [],
    perm: 'read_only',
    savings: {},
    earnOrders: [],
    earnFailure: undefined,
  });
  return fake;
}
